/**
 * npm run bench:webhooks -- [--count 20000]   (also the last part of npm run bench)
 *
 * Webhook deliveries per second from the core's dispatcher to a local receiver answering 200 at
 * once (its own process), against a bare node:http client posting the same bodies to the same
 * receiver with the same concurrency, in the same run; then the same with a dead receiver
 * (connection refused) on connector 2. Prints rates and ratios; only ratios are meaningful.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { createCore, type Core } from '../electron/core/create-core.ts';
import { DEFAULT_SERVICE_SETTINGS } from '../shared/domain/settings.ts';

const ROOT = resolve(import.meta.dirname, '..');

function startReceiver(): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/bench-receiver.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolvePromise({ child, port: Number(match[1]) });
    });
    child.on('exit', (code) => reject(new Error(`receiver exited with ${code}`)));
  });
}

/** A port nothing listens on (connection refused): bound once, then closed. */
async function deadPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

const bodyOf = (i: number) => JSON.stringify({ notification_type: 'status', order_unique_id: `BENCH-${i}`, status_text: 'packed' });

/** Writes `count` due status notifications for a connector straight into the outbox (one transaction). */
function queue(dataDir: string, connectorId: number, count: number, from: number): void {
  const db = new BetterSqlite3(join(dataDir, 'erp-workbench.sqlite'));
  const insert = db.prepare(
    `INSERT INTO webhook_outbox (company_id, connector_id, notification_type, payload, webhook_id, ordering_key, order_unique_id, url, status, next_attempt_at, created_ts)
     SELECT 1, id, 'status', ?, ?, ?, ?, order_event_notification_url, 'pending', ?, '2026-11-23 10:00:00' FROM connectors WHERE id = ?`,
  );
  db.transaction(() => {
    for (let i = from; i < from + count; i++) insert.run(bodyOf(i), `msg_bench_${connectorId}_${i}`, `order:BENCH-${i}`, `BENCH-${i}`, Date.now(), connectorId);
  })();
  db.close();
}

/** Waits until `count` attempts to `connectorId` were recorded; answers the seconds it took. */
function attemptsDone(core: Core, connectorId: number, count: number): Promise<number> {
  const started = performance.now();
  let seen = 0;
  return new Promise((done) => {
    const off = core.events.on('webhook.attempt', (event) => {
      if (event.connector_id !== connectorId || event.outcome !== 'delivered') return;
      if (++seen === count) {
        off();
        done((performance.now() - started) / 1000);
      }
    });
  });
}

/** The bare client: the same bodies, the same concurrency, a keep-alive agent, nothing else. */
async function bareClient(port: number, count: number, concurrency: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const body = bodyOf(next++);
      await new Promise<void>((done, fail) => {
        const request = http.request({ host: '127.0.0.1', port, path: '/hook', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
          response.resume();
          response.on('end', () => (response.statusCode === 200 ? done() : fail(new Error(`status ${response.statusCode}`))));
        });
        request.on('error', fail);
        request.end(body);
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return (performance.now() - started) / 1000;
}

export async function benchWebhooks(count: number, rounds = 3): Promise<Record<string, number>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'erpwb-bench-webhooks-'));
  const receiver = await startReceiver();
  const core = createCore({ dataDir, seed: 'demo', scale: 1 });
  try {
    const concurrency = DEFAULT_SERVICE_SETTINGS.webhook_max_in_flight_per_connector;
    await core.invoke('connectors.update', { company_id: 1, connector_id: 1, order_event_notification_url: `http://127.0.0.1:${receiver.port}/hook` });
    await core.invoke('connectors.update', { company_id: 1, connector_id: 2, order_event_notification_url: `http://127.0.0.1:${await deadPort()}/hook` });

    core.setPublicUrl('http://127.0.0.1:1'); // starts the dispatcher (no listener needed here)
    let next = 0;
    /** The dispatcher delivering `n` rows queued for connector 1 (after `deadFirst` rows for the dead connector 2). */
    const dispatch = async (n: number, deadFirst = 0): Promise<number> => {
      if (deadFirst > 0) queue(dataDir, 2, deadFirst, (next += deadFirst));
      queue(dataDir, 1, n, (next += n));
      const done = attemptsDone(core, 1, n);
      await core.invoke('connectors.update', { company_id: 1, connector_id: 1, active: true }); // wakes the dispatcher
      return done;
    };
    // Warm both up (JIT, sockets), then alternate the three runs and keep each one's median.
    await bareClient(receiver.port, Math.min(2000, count), concurrency);
    await dispatch(Math.min(2000, count));
    const runs = { bare: [] as number[], solo: [] as number[], beside: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      runs.bare.push(await bareClient(receiver.port, count, concurrency));
      runs.solo.push(await dispatch(count));
      runs.beside.push(await dispatch(count, count));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const [bareSeconds, soloSeconds, besideSeconds] = [median(runs.bare), median(runs.solo), median(runs.beside)];
    const rate = (seconds: number) => Math.round(count / seconds);
    const results = {
      deliveries: count,
      bare_client_per_s: rate(bareSeconds),
      dispatcher_per_s: rate(soloSeconds),
      ratio_to_bare_client: Math.round((bareSeconds / soloSeconds) * 100) / 100,
      dispatcher_beside_dead_receiver_per_s: rate(besideSeconds),
      ratio_beside_dead_receiver: Math.round((soloSeconds / besideSeconds) * 100) / 100,
    };
    console.log(`\nwebhook deliveries (${count} per run, median of ${rounds}; ${concurrency} in flight per connector; receiver answering 200 at once)`);
    console.log(`  bare node:http client             ${String(results.bare_client_per_s).padStart(7)} /s`);
    console.log(`  dispatcher                        ${String(results.dispatcher_per_s).padStart(7)} /s   ratio to bare client ${results.ratio_to_bare_client} (target >= 0.5, >= 2000/s)`);
    console.log(`  dispatcher, connector 2 dead      ${String(results.dispatcher_beside_dead_receiver_per_s).padStart(7)} /s   ratio to the above ${results.ratio_beside_dead_receiver} (target >= 0.9)`);
    return results;
  } finally {
    core.close();
    receiver.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { count: { type: 'string', default: '20000' } } });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 100) {
    console.error('--count takes a whole number from 100');
    process.exit(2);
  }
  benchWebhooks(count).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
