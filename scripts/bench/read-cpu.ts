/**
 * tsx scripts/bench/read-cpu.ts SERVE_JS DATA_DIR [COUNT] [minid|modifiedafter|pages]
 *
 * Server CPU per uncached list read, the read-side twin of write-cpu.ts: starts SERVE_JS on
 * DATA_DIR, sends COUNT GETs of the sales list with 4 connections after a warm-up, each URL
 * new to the answer cache (minid at every id in turn, a modifiedafter second never asked before,
 * or page N of the list for a caller that has not read it), and divides the server's CPU time
 * (/proc, user + system) by COUNT. CPU time rather than wall time: on a busy machine it moves far
 * less than rates do, so alternating runs of two builds can be compared.
 */
import http from 'node:http';
import { join } from 'node:path';
import { readDataset } from './dataset.ts';
import { DB_FILE } from './paths.ts';
import { cpuSeconds } from './proc-stats.ts';
import { startReady } from './processes.ts';
import { shuffledCycle } from './requests.ts';
import { ADMIN_TOKEN, createApiUser } from './service.ts';

const KINDS = ['minid', 'modifiedafter', 'pages'] as const;
const [serveJs, dataDir, countArg, kindArg = 'minid'] = process.argv.slice(2);
if (!serveJs || !dataDir || !(KINDS as readonly string[]).includes(kindArg)) {
  throw new Error(`usage: tsx scripts/bench/read-cpu.ts SERVE_JS DATA_DIR [COUNT] [${KINDS.join('|')}]`);
}
const count = Number(countArg ?? 1000);
const dataset = readDataset(join(dataDir, DB_FILE));
const server = await startReady(process.execPath, [serveJs, '--data', dataDir, '--host', '127.0.0.1', '--port', '0', '--admin-token', ADMIN_TOKEN], /Control API: (http:\/\/[^/\s]+)\/_sandbox\//);
const base = server.match[1]!;
const REST = `${base}/app/rest/v1/1`;
// Enough callers that every page read is new to the answer cache for its caller.
const callers = await Promise.all(Array.from({ length: Math.ceil((count + 200) / dataset.sales.pages) + 1 }, (_, i) => createApiUser(base, `rc-${Date.now()}-${i}`)));
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const minIds = shuffledCycle(dataset.sales.maxId - dataset.sales.minId + 1, 7);
const [changedFrom, changedTo] = dataset.changedRange;
const start = Date.parse(`${changedFrom.replace(' ', 'T')}Z`);
const span = Date.parse(`${changedTo.replace(' ', 'T')}Z`) - start;
let n = 0;

/** The i-th read: a URL the answer cache has not seen for that caller. */
function readOf(i: number): { path: string; caller: number } {
  if (kindArg === 'pages') return { path: `/sales/list/page:${(i % dataset.sales.pages) + 1}/`, caller: Math.floor(i / dataset.sales.pages) };
  if (kindArg === 'modifiedafter') {
    const at = new Date(start + ((i * 7919) % 1_000_003) / 1_000_003 * span + i).toISOString().slice(0, 19).replace('T', ' ');
    return { path: `/sales/list/modifiedafter:${encodeURIComponent(at)}/skipcancelled:1/`, caller: i % callers.length };
  }
  return { path: `/sales/list/minid:${dataset.sales.minId + minIds()}/`, caller: i % callers.length };
}

function get(): Promise<void> {
  const { path, caller } = readOf(n++);
  return new Promise((resolve, reject) => {
    const request = http.request(`${REST}${path}`, { agent, headers: { authorization: callers[caller]!.authorization } });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`GET ${path}: ${response.statusCode}`))));
    });
    request.on('error', reject);
    request.end();
  });
}

async function reads(how: number): Promise<void> {
  let left = how;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (left-- > 0) await get();
  }));
}

try {
  await reads(200);
  const cpu0 = cpuSeconds(server.pid);
  const wall0 = performance.now();
  await reads(count);
  const wall = performance.now() - wall0;
  const cpu1 = cpuSeconds(server.pid);
  console.log(JSON.stringify({ kind: kindArg, count, cpu_us_each: Math.round(((cpu1 - cpu0) * 1e6) / count), per_s: Math.round((count / wall) * 1000) }));
} finally {
  await server.stop();
}
