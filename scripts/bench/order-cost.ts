/**
 * tsx scripts/bench/order-cost.ts DATA_DIR [ORDERS] [--statements]
 *
 * The CPU of connector order imports in the process, without HTTP and without the dispatcher:
 * ORDERS full orders (the bench's payload) through the grouped write path, 10 at a time, after a
 * warm-up; prints CPU µs per order and, with --statements, the statements that cost most (time and
 * count per order). Writes to DATA_DIR: use a copy of a data folder.
 */
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { createCore } from '../../electron/core/create-core.ts';
import { readDataset } from './dataset.ts';
import { orderBody } from './requests.ts';
import { DB_FILE } from './paths.ts';

const [dataDir, countArg, flag] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: tsx scripts/bench/order-cost.ts DATA_DIR [ORDERS] [--statements]');
const count = Number(countArg ?? 2000);
const dataset = readDataset(join(dataDir, DB_FILE));

const costs = new Map<string, { ns: bigint; calls: number }>();
let counting = false;
if (flag === '--statements') {
  const statementProto = Object.getPrototypeOf(new BetterSqlite3(':memory:').prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown> & { source: string };
  for (const method of ['run', 'get', 'all', 'iterate'] as const) {
    const original = statementProto[method]!;
    statementProto[method] = function (this: { source: string }, ...args: unknown[]) {
      if (!counting) return original.apply(this, args);
      // CPU time, not wall time: a loaded machine deschedules the process mid-statement.
      const started = process.cpuUsage();
      try {
        return original.apply(this, args);
      } finally {
        const used = process.cpuUsage(started);
        const key = this.source.replace(/\s+/g, ' ').slice(0, 160);
        const c = costs.get(key) ?? { ns: 0n, calls: 0 };
        c.ns += BigInt((used.user + used.system) * 1000);
        c.calls++;
        costs.set(key, c);
      }
    };
  }
}

const core = createCore({ dataDir });
const tag = `oc${Date.now() % 1e7}`;
let n = 0;
async function orders(how: number): Promise<void> {
  for (let done = 0; done < how; done += 10) {
    await Promise.all(
      Array.from({ length: 10 }, () => {
        const i = n++;
        const uid = `B${tag}-${i}`;
        return core.rest.connectors
          .importOrderGrouped({ companyId: 1, connectorId: 1, pathOrderId: uid, method: 'POST', body: orderBody(uid, 9e8 + i, dataset.orderable), baseUrl: 'http://127.0.0.1:1' })
          .then((outcome) => {
            if (outcome.status !== 200) throw new Error(JSON.stringify(outcome));
          });
      }),
    );
  }
}
await orders(200);
counting = true;
const cpu = process.cpuUsage();
const wall = performance.now();
await orders(count);
const used = process.cpuUsage(cpu);
const ms = performance.now() - wall;
console.log(`${count} orders: ${Math.round((used.user + used.system) / count)} µs CPU per order (user ${Math.round(used.user / count)}, system ${Math.round(used.system / count)}), ${Math.round((count / ms) * 1000)} orders/s in the process`);
if (flag === '--statements') {
  let total = 0n;
  let calls = 0;
  for (const c of costs.values()) {
    total += c.ns;
    calls += c.calls;
  }
  console.log(`statements: ${(calls / count).toFixed(1)} per order, ${Number(total / BigInt(count)) / 1000} µs per order`);
  for (const [sql, c] of [...costs].sort((a, b) => Number(b[1].ns - a[1].ns)).slice(0, 45)) {
    console.log(`${(Number(c.ns / BigInt(count)) / 1000).toFixed(1).padStart(7)} µs ${(c.calls / count).toFixed(2).padStart(5)}x  ${sql}`);
  }
}
await core.close();
