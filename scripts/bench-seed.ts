/**
 * npx tsx scripts/bench-seed.ts --scale N [--keep DIR] [--json] [--now ISO] [--hash]
 *
 * Seeds a fresh demo database the way createCore does (openDatabase, then seedInto: reference
 * data, the demo generated at the anchor and moved to `now`, ANALYZE, the completion mark) and
 * prints the wall and CPU time, the peak RSS of the process, the time of each step (the seed's
 * progress phases: 'indexes' is the index builds and the commit, 'done' what seedInto does after
 * the demo) and the rows per table.
 * --json prints one line {scale, seconds, max_rss_mb, sales, ...} for the bench.
 * --now fixes the clock (default: the real one), --hash adds a SHA-256 over every row of every
 * table (as tests/unit/seed.test.ts computes it), to check that two seeds give the same data.
 * --keep DIR seeds into DIR (which must not hold a database yet) and leaves it there.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../electron/core/store/database.ts';
import { seedInto } from '../electron/core/store/seed-store.ts';
import { weeksSinceAnchor } from '../electron/core/store/seed/index.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    keep: { type: 'string' },
    json: { type: 'boolean', default: false },
    now: { type: 'string' },
    hash: { type: 'boolean', default: false },
  },
});
const scale = Number(values.scale);
if (!(scale > 0 && Number.isFinite(scale))) {
  console.error('--scale takes a positive number');
  process.exit(2);
}
const now = values.now === undefined ? new Date() : new Date(values.now);
if (Number.isNaN(now.getTime())) {
  console.error('--now takes an ISO date-time, e.g. 2027-03-10T12:00:00Z');
  process.exit(2);
}

const dir = values.keep === undefined ? mkdtempSync(join(tmpdir(), 'erpwb-bench-seed-')) : resolve(values.keep);
const file = join(dir, 'erp-workbench.sqlite');
if (existsSync(file)) {
  console.error(`${file} exists already: the bench seeds from nothing`);
  process.exit(2);
}

/** The seed of createCore's first start (seedInto), with its progress phases timed. */
function seed(db: Database): void {
  lap('reference');
  seedInto(db, { kind: 'demo', scale, now, onProgress: (_done, _total, step) => lap(step) });
  lap('end');
}

/** Wall and CPU seconds per step of the seed (its progress phases, then the steps after it). */
const phases: Array<{ phase: string; seconds: number; cpu_seconds: number; max_rss_mb: number }> = [];
let phase = 'open';
let phaseStarted = performance.now();
let phaseCpu = process.cpuUsage();

/** Closes the current step when the next one begins (progress repeats a phase: only changes count). */
function lap(next: string): void {
  if (next === phase) return;
  const cpu = process.cpuUsage(phaseCpu);
  phases.push({
    phase,
    seconds: (performance.now() - phaseStarted) / 1000,
    cpu_seconds: (cpu.user + cpu.system) / 1e6,
    // the peak so far: a phase's own peak when it is higher than every earlier one
    max_rss_mb: process.resourceUsage().maxRSS / 1024,
  });
  phase = next;
  phaseStarted = performance.now();
  phaseCpu = process.cpuUsage();
}

/** SHA-256 over every row of every table in rowid order, without the migration record and the secrets (hashOf of seed.test.ts). */
function hashOf(db: Database): string {
  const h = createHash('sha256');
  const tables = db
    .prepare<[], string>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('schema_migrations', 'service_secrets') ORDER BY name",
    )
    .pluck()
    .all();
  for (const table of tables) {
    h.update(`#${table}`);
    for (const row of db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).raw().iterate()) h.update(JSON.stringify(row));
  }
  return h.digest('hex');
}

function rowCounts(db: Database): Record<string, number> {
  const tables = db
    .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all();
  const out: Record<string, number> = {};
  for (const table of tables) {
    const n = db.prepare<[], number>(`SELECT count(*) FROM "${table}"`).pluck().get() ?? 0;
    if (n > 0) out[table] = n;
  }
  return out;
}

function sizeMb(path: string): number {
  return existsSync(path) ? statSync(path).size / 1048576 : 0;
}

const started = performance.now();
const cpuStarted = process.cpuUsage();
const db = openDatabase(file);
seed(db);
const seconds = (performance.now() - started) / 1000;
// CPU time of this process (user + system): steadier than wall time on a shared machine.
const cpu = process.cpuUsage(cpuStarted);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
// maxRSS is in kilobytes; read before the counting and hashing below add their own.
const maxRssMb = process.resourceUsage().maxRSS / 1024;
const journal = db.pragma('journal_mode', { simple: true });
const synchronous = db.pragma('synchronous', { simple: true });
const rows = rowCounts(db);
const hash = values.hash ? hashOf(db) : undefined;
const dbMb = sizeMb(file) + sizeMb(`${file}-wal`);
db.close();
if (values.keep === undefined) rmSync(dir, { recursive: true, force: true });

const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;
const result = {
  scale,
  seconds: round(seconds, 2),
  cpu_seconds: round(cpuSeconds, 2),
  max_rss_mb: round(maxRssMb, 1),
  sales: rows.sales ?? 0,
  total_rows: Object.values(rows).reduce((a, b) => a + b, 0),
  db_mb: round(dbMb, 1),
  journal_mode: journal,
  synchronous,
  shift_weeks: weeksSinceAnchor(now),
  ...(hash !== undefined && { sha256: hash }),
  phases: phases.map((p) => ({
    phase: p.phase,
    seconds: round(p.seconds, 2),
    cpu_seconds: round(p.cpu_seconds, 2),
    max_rss_mb: round(p.max_rss_mb, 1),
  })),
  rows,
};
if (values.json) console.log(JSON.stringify(result));
else {
  console.log(`scale ${scale}: ${result.seconds} s (${result.cpu_seconds} s CPU), peak RSS ${result.max_rss_mb} MB, ${result.total_rows} rows, ${result.db_mb} MB on disk`);
  console.log(`journal_mode ${journal}, synchronous ${synchronous}, moved by ${result.shift_weeks} weeks`);
  if (hash !== undefined) console.log(`sha256 ${hash}`);
  for (const p of result.phases) {
    console.log(`  ${p.phase.padEnd(14)} ${String(p.seconds).padStart(7)} s  ${String(p.cpu_seconds).padStart(7)} s CPU  peak RSS so far ${p.max_rss_mb} MB`);
  }
  for (const [table, n] of Object.entries(rows).sort((a, b) => b[1] - a[1])) console.log(`  ${table.padEnd(28)} ${n}`);
}
