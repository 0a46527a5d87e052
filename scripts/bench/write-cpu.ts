/**
 * tsx scripts/bench/write-cpu.ts SERVE_JS DATA_DIR [COUNT] [orders|payments|patches]
 *
 * Server CPU per write, end to end and load-independent enough to compare two builds on a busy
 * machine: starts SERVE_JS on DATA_DIR (a copy: it writes), sends COUNT writes with 10 connections
 * after a warm-up (full connector orders, the bench's default; or the bench's payment POSTs or
 * price PATCHes), waits until every notification they queued has been delivered, and divides the
 * server's CPU time (/proc, user + system) by COUNT.
 * BENCH_SERVICE_NODE_ARGS adds node options (--cpu-prof ...).
 */
import http from 'node:http';
import { join } from 'node:path';
import { readDataset } from './dataset.ts';
import { DB_FILE } from './paths.ts';
import { cpuSeconds } from './proc-stats.ts';
import { startReady } from './processes.ts';
import { orderBody } from './requests.ts';
import { ADMIN_TOKEN, createApiUser } from './service.ts';

const [serveJs, dataDir, countArg, kindArg = 'orders'] = process.argv.slice(2);
if (!serveJs || !dataDir || !['orders', 'payments', 'patches'].includes(kindArg)) {
  throw new Error('usage: tsx scripts/bench/write-cpu.ts SERVE_JS DATA_DIR [COUNT] [orders|payments|patches]');
}
const count = Number(countArg ?? 1000);
const dataset = readDataset(join(dataDir, DB_FILE));
const extra = process.env['BENCH_SERVICE_NODE_ARGS']?.split(' ').filter(Boolean) ?? [];
const server = await startReady(process.execPath, [...extra, serveJs, '--data', dataDir, '--host', '127.0.0.1', '--port', '0', '--admin-token', ADMIN_TOKEN], /Control API: (http:\/\/[^/\s]+)\/_sandbox\//);
const base = server.match[1]!;
const shop = await createApiUser(base, `oc-${Date.now()}`, 1);
const reader = await createApiUser(base, `ow-${Date.now()}`);
const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
const tag = `C${Date.now() % 1e8}`;
let n = 0;

const REST = `${base}/app/rest/v1/1`;
/** The i-th write of the kind: the same requests as the bench's (requests.ts). */
function writeOf(i: number): { method: string; url: string; body: string } {
  if (kindArg === 'payments') {
    return { method: 'POST', url: `${REST}/sales/${dataset.payable[i % dataset.payable.length]}/payment/`, body: JSON.stringify({ amount: 1, payment_type: 'cash', mentions: 'bench' }) };
  }
  if (kindArg === 'patches') {
    const price = (1000 + ((i * 7919) % 99_000)) / 100;
    return { method: 'PATCH', url: `${REST}/product/${dataset.patchable[i % dataset.patchable.length]}/`, body: JSON.stringify({ pret_vanzare: price, selling_currency_txt: 'RON' }) };
  }
  const uid = `${tag}-${i}`;
  return { method: 'POST', url: `${REST}/connector/1/order/${uid}/`, body: JSON.stringify(orderBody(uid, 8e8 + (Date.now() % 1e7) * 10 + i, dataset.orderable)) };
}

function post(): Promise<void> {
  const { method, url, body } = writeOf(n++);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method,
      agent,
      headers: { authorization: (kindArg === 'orders' ? shop : reader).authorization, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`${method} ${url}: ${response.statusCode}`))));
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function writes(how: number): Promise<void> {
  let left = how;
  await Promise.all(Array.from({ length: 10 }, async () => {
    while (left-- > 0) await post();
  }));
}

async function drained(): Promise<void> {
  for (;;) {
    const answer = await fetch(`${base}/_sandbox/accounts/1/webhooks?status=pending&connector_id=1&limit=1`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    const { data } = (await answer.json()) as { data: unknown[] };
    if (data.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// A refused write stops the run: the server is stopped all the same (no stray process on the data folder).
try {
  await writes(200);
  await drained();
  const cpu0 = cpuSeconds(server.pid);
  const wall0 = performance.now();
  await writes(count);
  const wallWrites = performance.now() - wall0;
  await drained();
  const cpu1 = cpuSeconds(server.pid);
  console.log(JSON.stringify({ kind: kindArg, count, cpu_us_each: Math.round(((cpu1 - cpu0) * 1e6) / count), per_s: Math.round((count / wallWrites) * 1000), drained_after_s: Math.round(performance.now() - wall0) / 1000 }));
} finally {
  await server.stop();
}
