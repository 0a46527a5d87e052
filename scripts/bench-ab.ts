/**
 * npm run bench:ab -- --a DIR_A --b DIR_B [--rounds 4] [--env NAME=VALUE ...] -- [flags of npm run bench]
 *
 * Compares two builds of the server by interleaved runs of `npm run bench`: round after round,
 * A then B, each with BENCH_SERVER_ENTRY=<dir>/serve.js, then the median of each target's rate
 * and CPU per answer for both, and B's ratio to A. On these shared machines the speed of the
 * same build moves by up to 2x from one minute to the next (seen 2026-11-27: 1,920 and 1,000
 * payments/s a few minutes apart); runs side by side in time, many of them, are what a
 * comparison can rest on, never two single runs.
 *
 * A build is a copy of dist/server made before a change (`cp -r dist/server dist/srv-a`): it must
 * stay inside the checkout, where its bundles find node_modules. `--env NAME=VALUE` sets a
 * variable for B's runs only (a switch read by the code under test).
 *
 *   cp -r dist/server dist/srv-a; (change, npm run build:server)
 *   npm run bench:ab -- --a dist/srv-a --b dist/server --rounds 4 -- --only writes --duration 5
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const split = process.argv.indexOf('--');
const own = split === -1 ? process.argv.slice(2) : process.argv.slice(2, split);
const benchArgs = split === -1 ? [] : process.argv.slice(split + 1);
const { values } = parseArgs({
  args: own,
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    rounds: { type: 'string', default: '4' },
    env: { type: 'string', multiple: true, default: [] },
  },
});
if (!values.a || !values.b) {
  console.error('Usage: npm run bench:ab -- --a DIR_A --b DIR_B [--rounds 4] [--env NAME=VALUE ...] -- [flags of npm run bench]');
  process.exit(2);
}
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('--rounds takes a whole number >= 1');
  process.exit(2);
}
const builds = { A: resolve(values.a), B: resolve(values.b) } as const;
for (const [name, dir] of Object.entries(builds)) {
  if (!existsSync(join(dir, 'serve.js'))) {
    console.error(`--${name.toLowerCase()}: no serve.js in ${dir}`);
    process.exit(2);
  }
}
const extraEnv: Record<string, string> = {};
for (const pair of values.env) {
  const at = pair.indexOf('=');
  if (at <= 0) {
    console.error(`--env takes NAME=VALUE (got ${pair})`);
    process.exit(2);
  }
  extraEnv[pair.slice(0, at)] = pair.slice(at + 1);
}

interface Line {
  server: string;
  rate: number;
  cpu_us: number;
}
interface Row {
  name: string;
  lines: Line[];
}

/** One `npm run bench` with that build; the rows of the JSON it wrote. */
function runOnce(build: 'A' | 'B'): Row[] {
  const env = { ...process.env, BENCH_SERVER_ENTRY: join(builds[build], 'serve.js'), ...(build === 'B' ? extraEnv : {}) };
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/bench.ts'), ...benchArgs], { cwd: ROOT, env, encoding: 'utf8' });
  const written = /written to (\S+\.json)/.exec(run.stdout ?? '');
  if (run.status !== 0 || !written) {
    console.error(`[bench:ab] a run of ${build} failed (${run.status ?? run.signal}):\n${run.stderr}`);
    return [];
  }
  return (JSON.parse(readFileSync(written[1]!, 'utf8')) as { rows: Row[] }).rows;
}

const samples = new Map<string, { A: Line[]; B: Line[] }>();
for (let round = 1; round <= rounds; round++) {
  for (const build of ['A', 'B'] as const) {
    console.error(`[bench:ab] round ${round}/${rounds}: ${build}`);
    for (const row of runOnce(build)) {
      const service = row.lines.find((line) => line.server === 'service');
      if (!service) continue;
      const entry = samples.get(row.name) ?? { A: [], B: [] };
      entry[build].push(service);
      samples.set(row.name, entry);
    }
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
console.log(`bench:ab, ${rounds} rounds, A = ${values.a}, B = ${values.b}${values.env.length ? ` (B with ${values.env.join(' ')})` : ''}`);
console.log(`${'target'.padEnd(52)} ${'A rate'.padStart(8)} ${'B rate'.padStart(8)} ${'B/A'.padStart(6)} ${'A CPU µs'.padStart(9)} ${'B CPU µs'.padStart(9)} ${'A/B CPU'.padStart(8)}`);
for (const [name, { A, B }] of samples) {
  if (A.length === 0 || B.length === 0) continue;
  const [rateA, rateB] = [median(A.map((l) => l.rate)), median(B.map((l) => l.rate))];
  const [cpuA, cpuB] = [median(A.map((l) => l.cpu_us)), median(B.map((l) => l.cpu_us))];
  console.log(
    `${name.slice(0, 52).padEnd(52)} ${String(Math.round(rateA)).padStart(8)} ${String(Math.round(rateB)).padStart(8)} ${(rateB / rateA).toFixed(2).padStart(6)} ${String(Math.round(cpuA)).padStart(9)} ${String(Math.round(cpuB)).padStart(9)} ${(cpuA / cpuB).toFixed(2).padStart(8)}`,
  );
}
