import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { probeHealth, UnreachableError, UsageError } from './client.ts';
import { commonOptions, contextOf, sleep } from './context.ts';
import { readFileSync } from 'node:fs';

/** '30', '30s', '500ms', '2m' -> milliseconds (a bare number is seconds, as in `timeout 30`). */
export function duration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!match) throw new InvalidArgumentError(`'${text}' is not a duration (30, 30s, 500ms, 2m)`);
  const value = Number(match[1]);
  const ms = match[2] === 'ms' ? value : match[2] === 'm' ? value * 60_000 : value * 1000;
  if (ms <= 0 || ms > 3_600_000) throw new InvalidArgumentError(`'${text}' is outside 1 ms to 1 hour`);
  return ms;
}

/** Polls the health probe until the service answers, or the timeout (exit 3). */
export async function waitForService(url: string, ca: string | undefined, timeoutMs: number, intervalMs = 200): Promise<{ version: string; waitedMs: number }> {
  const started = performance.now();
  let last: Error | undefined;
  for (;;) {
    const left = timeoutMs - (performance.now() - started);
    try {
      const { version } = await probeHealth(url, ca, Math.max(50, Math.min(2000, left)));
      return { version, waitedMs: Math.round(performance.now() - started) };
    } catch (error) {
      if (!(error instanceof UnreachableError)) throw error;
      last = error;
    }
    if (performance.now() - started + intervalMs > timeoutMs) break;
    await sleep(intervalMs);
  }
  throw new UnreachableError(`not ready after ${Math.round(timeoutMs / 1000)} s: ${last?.message ?? 'no answer'}`);
}

/** wait: until the service answers its health probe (CI: start it in the background, then wait). */
export function registerWait(program: Command): void {
  program
    .command('wait')
    .description('Wait until the service answers GET /_sandbox/health (no token needed); exit 3 at the timeout')
    .option('--timeout <duration>', 'give up after this long: 30, 30s, 500ms, 2m', duration, 30_000)
    .action(async (options: { timeout: number }, command: Command) => {
      const ctx = contextOf(command);
      const given = commonOptions(command);
      const url = (given.url ?? process.env['ERP_WORKBENCH_URL'] ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
      if (!/^https?:\/\/[^/?#]+$/.test(url)) throw new UsageError(`--url: '${url}' is not http(s)://host:port`);
      let ca: string | undefined;
      if (given.ca) {
        try {
          ca = readFileSync(given.ca, 'utf8');
        } catch (error) {
          throw new UsageError(`--ca: cannot read ${given.ca}: ${(error as Error).message}`);
        }
      }
      const ready = await waitForService(url, ca, options.timeout);
      ctx.print({ ready: true, url, version: ready.version, waited_ms: ready.waitedMs }, () => `ready: ERP Workbench ${ready.version} at ${url} (after ${ready.waitedMs} ms)`);
    });
}
