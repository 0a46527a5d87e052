/**
 * i) adoption: how long a team's test suite waits for the workbench.
 *    - startWorkbench() (the package's in-process API, from dist/ as the package ships it) to its
 *      first REST answer, in a fresh process with a new data folder (the demo seeded), as a
 *      runner's globalSetup meets it;
 *    - the baseline of the same run: a fresh Node process answering its first request with bare
 *      node:http (what no service can beat), so the ratio says what the workbench adds;
 *    - the container image from `podman run` to a healthy probe, when podman and the image
 *      archive are there (scripts/image/bench.sh prints it).
 * Timings are reported, never asserted.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lastJsonLine } from './external.ts';
import { runToEnd } from './processes.ts';
import { RESULTS, ROOT } from './paths.ts';
import type { ReportRow } from './report.ts';

const SECTION = 'i) adoption';
const RUNS = 3;

const IN_PROCESS = `
const t0 = performance.now();
const { startWorkbench } = await import('erp-workbench');
const wb = await startWorkbench({ seed: 'demo' });
const started = performance.now() - t0;
const user = await wb.client.createApiUser(1);
const answer = await fetch(wb.restBase(1) + '/sales/list/', { headers: { authorization: user.authorization } });
await answer.arrayBuffer();
const first = performance.now() - t0;
await wb.stop();
console.log(JSON.stringify({ started_ms: Math.round(started), first_answer_ms: Math.round(first), status: answer.status }));
`;

const BARE = `
const t0 = performance.now();
const http = await import('node:http');
const server = http.createServer((_req, res) => res.end('{}'));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const answer = await fetch('http://127.0.0.1:' + server.address().port + '/');
await answer.arrayBuffer();
const first = performance.now() - t0;
server.close();
console.log(JSON.stringify({ first_answer_ms: Math.round(first) }));
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs `script` as an ES module file inside the checkout (so 'erp-workbench' resolves to its build). */
async function timed(name: string, script: string): Promise<Record<string, unknown>> {
  mkdirSync(RESULTS, { recursive: true });
  const file = join(RESULTS, `adoption-${name}.mjs`);
  writeFileSync(file, script);
  try {
    const result = lastJsonLine(await runToEnd(process.execPath, [file]));
    if (!result) throw new Error('the measuring process printed no JSON line');
    return result;
  } finally {
    rmSync(file, { force: true });
  }
}

export async function benchAdoption(log: (line: string) => void): Promise<ReportRow[]> {
  if (!existsSync(join(ROOT, 'dist/server/workbench.js'))) {
    return [{ section: SECTION, name: 'startWorkbench', unit: 'req/s', lines: [], checks: [], note: 'skipped: dist/server/workbench.js is not built (npm run build:server, or --build)' }];
  }
  log('adoption: startWorkbench() to the first REST answer, and the bare node:http baseline');
  const workbench: Array<Record<string, unknown>> = [];
  const bare: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    workbench.push(await timed('workbench', IN_PROCESS));
    bare.push(Number((await timed('bare', BARE)).first_answer_ms));
  }
  const first = median(workbench.map((r) => Number(r.first_answer_ms)));
  const started = median(workbench.map((r) => Number(r.started_ms)));
  const baseline = median(bare);
  const rows: ReportRow[] = [
    {
      section: SECTION,
      name: 'startWorkbench() to the first REST answer',
      unit: 'req/s',
      lines: [],
      checks: [],
      note: `median of ${RUNS} fresh processes: started ${started} ms, first answer ${first} ms (demo seeded into a new folder); bare node:http first answer ${baseline} ms: x${(first / Math.max(1, baseline)).toFixed(1)} the baseline`,
      details: { runs: workbench, baseline_ms: bare },
    },
  ];
  const imageBench = join(ROOT, 'scripts/image/bench.sh');
  if (existsSync(imageBench)) {
    log('adoption: podman run to a healthy probe');
    try {
      const result = lastJsonLine(await runToEnd('bash', [imageBench]));
      rows.push({ section: SECTION, name: 'container: podman run to healthy', unit: 'req/s', lines: [], checks: [], note: result ? JSON.stringify(result) : 'no JSON line', ...(result && { details: result }) });
    } catch (error) {
      rows.push({ section: SECTION, name: 'container: podman run to healthy', unit: 'req/s', lines: [], checks: [], note: `skipped: ${(error as Error).message.split('\n')[0]}` });
    }
  }
  return rows;
}
