/**
 * f) cold start and seeding, measured by their own scripts (scripts/bench-start.mjs and
 *    scripts/bench-seed.ts, each printing one JSON line with --json); skipped with a note when a
 *    script is absent. Both run on every core: they are not part of the server/load split.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildCoreBundle } from '../build.mjs';
import type { BenchOptions } from './args.ts';
import { allCores, onCores } from './pinning.ts';
import { runToEnd } from './processes.ts';
import { ROOT } from './paths.ts';
import { atMost, type ReportRow } from './report.ts';
import type { ServiceEntry } from './service.ts';

const SECTION = 'f) cold start and seeding';

/** The last line of `output` that parses as a JSON object. */
export function lastJsonLine(output: string): Record<string, unknown> | undefined {
  for (const line of output.trim().split('\n').reverse()) {
    if (!line.trim().startsWith('{')) continue;
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      // a line of the log that happens to start with '{'
    }
  }
  return undefined;
}

const skipped = (name: string, note: string): ReportRow => ({ section: SECTION, name, unit: 'req/s', lines: [], checks: [], note });
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** The service's cold start on the bench's data folder (which the script opens for writing: it is the bench's own). */
export async function benchStart(options: BenchOptions, entry: ServiceEntry, log: (line: string) => void): Promise<ReportRow> {
  const script = join(ROOT, 'scripts/bench-start.mjs');
  const name = `cold start, scale ${options.scale}`;
  if (!existsSync(script)) return skipped(name, 'skipped: scripts/bench-start.mjs does not exist');
  log('cold start');
  // The script spawns the entry itself; a .ts entry runs through tsx there.
  const entryArg = entry.nodeArgs[entry.nodeArgs.length - 1]!;
  const [command, args] = onCores(allCores(), process.execPath, [script, '--data', options.dataDir, '--json', '--entry', entryArg]);
  try {
    const result = lastJsonLine(await runToEnd(command, args));
    if (!result) return skipped(name, 'bench-start.mjs printed no JSON line');
    const first = num(result.health_median_ms);
    const list = num(result.list_median_ms);
    return {
      section: SECTION,
      name,
      unit: 'req/s',
      lines: [],
      checks: [...(first === undefined ? [] : [atMost('first answer ms', first, 1000)])],
      note: `${entry.label}: first answer median ${first ?? '?'} ms (max ${result.health_max_ms ?? '?'}), first sales page median ${list ?? '?'} ms, ${result.runs ?? '?'} runs`,
      details: result,
    };
  } catch (error) {
    return skipped(name, `bench-start.mjs failed: ${(error as Error).message.split('\n')[0]}`);
  }
}

/**
 * Where the seed bench is bundled, under dist/ (its imports resolve from the checkout's
 * node_modules) and removed after the run.
 */
const SEED_BUILD = join(ROOT, 'dist/bench-seed');

/**
 * Seeding a new database at the bench's scale (into a temporary folder the script removes), with
 * the seed compiled as the product runs it: bench-seed.ts bundled by build.mjs's buildCoreBundle,
 * like dist/server and the desktop main (a first start seeds in that code, a reset in its
 * seed-worker.js). Not through tsx: its loader thread and the TypeScript it compiles on load
 * added ~35 MB to the peak RSS here, which no start or reset has.
 */
export async function benchSeed(options: BenchOptions, log: (line: string) => void): Promise<ReportRow> {
  const script = join(ROOT, 'scripts/bench-seed.ts');
  const name = `seed, scale ${options.scale}`;
  if (!existsSync(script)) return skipped(name, 'skipped: scripts/bench-seed.ts does not exist');
  log(`seeding scale ${options.scale} (bench-seed.ts bundled as dist/server is)`);
  // A folder left by a run that was killed goes first; this one goes in the end, whatever happened.
  rmSync(SEED_BUILD, { recursive: true, force: true });
  try {
    await buildCoreBundle('bench-seed', script, SEED_BUILD, 'node20');
  } catch (error) {
    rmSync(SEED_BUILD, { recursive: true, force: true });
    return skipped(name, `bundling bench-seed.ts failed: ${(error as Error).message.split('\n')[0]}`);
  }
  const [command, args] = onCores(allCores(), process.execPath, [join(SEED_BUILD, 'bench-seed.js'), '--scale', String(options.scale), '--json']);
  try {
    const result = lastJsonLine(await runToEnd(command, args));
    if (!result) return skipped(name, 'bench-seed.ts printed no JSON line');
    const seconds = num(result.seconds);
    const rss = num(result.max_rss_mb);
    return {
      section: SECTION,
      name,
      unit: 'req/s',
      lines: [],
      checks: [
        ...(seconds === undefined ? [] : [atMost('s', seconds, 30)]),
        ...(rss === undefined ? [] : [atMost('peak RSS MB', rss, 250)]),
      ],
      note: `${seconds ?? '?'} s, peak RSS ${rss ?? '?'} MB, ${result.sales ?? '?'} sales, ${result.total_rows ?? '?'} rows, ${result.db_mb ?? '?'} MB (targets stated for scale 1000)`,
      details: result,
    };
  } catch (error) {
    return skipped(name, `bench-seed.ts failed: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    rmSync(SEED_BUILD, { recursive: true, force: true });
  }
}
