/**
 * npm run bench -- [--scale 1000] [--duration 10] [--connections 10] [--data DIR]
 *                  [--only lists,exports,writes,start,seed,soak,webhooks,adoption] [--soak SECONDS] [--warmup 1] [--build]
 *
 * Measures the service against two baselines in the same run (the static ceiling: bare node:http
 * answering the service's own bytes; the minimal implementation: bare node:http + better-sqlite3
 * running the same queries without a cache), with the server on one core and the load generator
 * on the other, CPU per answer and RSS from /proc. Prints one table with every ratio and a
 * PASS/BELOW marker against each target of issue 12, and writes the same as JSON under
 * bench-results/. Only ratios within one run are meaningful: timings vary between machines.
 * The data folder (bench-results/data-scale-N unless --data) is the bench's own: writes accumulate.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { benchWebhooks } from '../bench-webhooks.ts';
import { benchAdoption } from './adoption.ts';
import { BenchUsageError, parseBenchArgs, USAGE, type BenchOptions } from './args.ts';
import { benchSeed, benchStart } from './external.ts';
import { pinSelf } from './pinning.ts';
import { procAvailable } from './proc-stats.ts';
import { RESULTS } from './paths.ts';
import { formatTable, type ReportRow } from './report.ts';
import { buildServer, serviceEntry } from './service.ts';
import { withService } from './session.ts';
import { webhookRow } from './webhook-row.ts';

const log = (line: string) => console.error(`[bench] ${line}`);
const round1 = (x: number) => Math.round(x * 10) / 10;

/** A section that throws is reported as such; the others still run. */
async function section(name: string, rows: ReportRow[], run: () => Promise<ReportRow[]>): Promise<void> {
  try {
    rows.push(...(await run()));
  } catch (error) {
    log(`${name} failed: ${(error as Error).stack ?? String(error)}`);
    rows.push({ section: name, name: 'failed', unit: 'req/s', lines: [], checks: [], note: (error as Error).message.split('\n')[0] });
  }
}

async function main(): Promise<void> {
  let options: BenchOptions;
  try {
    options = parseBenchArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof BenchUsageError)) throw error;
    console.error(`error: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  if (!procAvailable()) throw new Error('the bench reads CPU time and RSS from /proc: Linux only');
  if (options.build) {
    log('building the server when stale (scripts/build.mjs server --if-stale)');
    await buildServer();
  }
  const pinning = pinSelf();
  if (pinning) log(`warning: ${pinning}`);
  mkdirSync(RESULTS, { recursive: true });
  const started = new Date();
  const loadBefore = loadavg()[0]!;
  const tag = String(Math.floor(started.getTime() / 1000) % 1e8);
  const rows: ReportRow[] = [];
  const { only } = options;
  let run: Record<string, unknown> = {};
  if (['lists', 'exports', 'writes', 'soak'].some((s) => only.has(s as never))) run = await withService(options, rows, tag, log, section);
  // After the service stopped: the cold start opens the same folder.
  if (only.has('start')) await section('f) cold start', rows, async () => [await benchStart(options, serviceEntry(options.build), log)]);
  if (only.has('seed')) await section('f) seed', rows, async () => [await benchSeed(options, log)]);
  let webhooks: Record<string, number> | undefined;
  if (only.has('webhooks')) {
    await section('h) webhooks', rows, async () => {
      log('webhook deliveries');
      webhooks = await benchWebhooks(10_000);
      return [webhookRow(webhooks)];
    });
  }

  if (only.has('adoption')) await section('i) adoption', rows, () => benchAdoption(log));

  const table = formatTable(rows);
  const load = { before: round1(loadBefore), after: round1(loadavg()[0]!) };
  const memory = run.service_memory_mb as { final_rss: number; peak_rss: number } | undefined;
  const memoryNote = memory ? `; service RSS at its stop ${memory.final_rss} MB (peak ${memory.peak_rss})` : '';
  console.log(`\nbench ${started.toISOString()}: scale ${options.scale}, ${options.duration} s per run, ${options.connections} connections` +
    `${pinning ? ' (unpinned)' : ', servers on core 1, load on core 0'}; load average ${load.before} -> ${load.after}` +
    `${run.service_entry ? `; service: ${String(run.service_entry)}` : ''}${memoryNote}`);
  console.log('rate: answers/s (rows/s for exports); p50/p99 ms; CPU: server µs per answer (per row); x rate: service/baseline; x CPU: baseline/service\n');
  console.log(table);
  const file = join(RESULTS, `bench-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  const { only: sections, ...flags } = options;
  writeFileSync(
    file,
    JSON.stringify({ started: started.toISOString(), ...flags, sections: [...sections], pinned: !pinning, load_average: load, ...run, rows, webhooks }, null, 2),
  );
  console.log(`\nwritten to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
