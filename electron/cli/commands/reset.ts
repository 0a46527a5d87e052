import cliProgress from 'cli-progress';
import { Option, type Command } from 'commander';
import { invoke, type Connection } from './client.ts';
import { contextOf, sleep, wholeNumber, type CommandContext } from './context.ts';
import type { ResetStatus } from '../../../shared/contract/operations-reset.ts';

const POLL_MS = 250;

/**
 * Shows a reset's progress (GET /_sandbox/reset) until `finished` says the POST answered: a bar
 * on a terminal, a line per phase elsewhere (CI logs), nothing with --json.
 */
async function showProgress(ctx: CommandContext, conn: Connection, finished: () => boolean): Promise<void> {
  const tty = process.stderr.isTTY && !ctx.json;
  let bar: cliProgress.SingleBar | undefined;
  let lastPhase: string | null = null;
  try {
    while (!finished()) {
      await sleep(POLL_MS);
      const status: ResetStatus | undefined = await invoke(conn, 'service.resetStatus', {}).catch(() => undefined);
      if (!status || status.state === 'idle' || finished()) continue;
      if (tty) {
        bar ??= new cliProgress.SingleBar(
          { stream: process.stderr, format: 'reset {bar} {percentage}% | {value}/{total} | {phase}', hideCursor: true },
          cliProgress.Presets.shades_classic,
        );
        if (!bar.isActive) bar.start(status.total || 1, status.done, { phase: status.phase ?? status.state });
        bar.setTotal(status.total || 1);
        bar.update(status.done, { phase: status.state === 'swapping' ? 'swapping' : (status.phase ?? '') });
      } else if (!ctx.json && status.phase !== lastPhase) {
        lastPhase = status.phase;
        const percent = status.total ? Math.floor((100 * status.done) / status.total) : 0;
        ctx.note(`reset: ${status.state} ${status.phase ?? ''} ${percent}%`);
      }
    }
  } finally {
    bar?.stop();
  }
}

/** reset: POST /_sandbox/reset, answering when the new data is in place, with its progress shown meanwhile. */
export function registerReset(program: Command): void {
  program
    .command('reset')
    .description('Wipe every account and seed again (service settings and secrets are kept); shows the progress until done')
    .addOption(new Option('--seed <kind>', 'what to seed').choices(['demo', 'empty']).default('demo'))
    .option('--scale <n>', 'multiply the demo volume (1-10000)', wholeNumber, 1)
    .action(async (options: { seed: 'demo' | 'empty'; scale: number }, command: Command) => {
      const ctx = contextOf(command);
      const conn = ctx.connection();
      let done = false;
      const reset = invoke(conn, 'service.reset', { seed: options.seed, scale: options.scale }).finally(() => (done = true));
      const [result] = await Promise.all([reset, showProgress(ctx, conn, () => done)]);
      ctx.print(result, () => `reset done: seed ${result.seed}, scale ${result.scale}; accounts: ${result.accounts.map((a) => `${a.company_id} (${a.name})`).join(', ')}`);
    });
}
