import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, startReceiver } from './receiver.ts';

const ROOT = join(import.meta.dirname, '../..');
const TOKEN = 'restart-test-token';
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The headless service in its own process (so it can be killed like a crash). */
async function serve(data: string) {
  const home = mkdtempSync(join(tmpdir(), 'erpwb-restart-home-'));
  dirs.push(home);
  // node itself with tsx's loader (not the tsx wrapper, whose child would outlive a SIGKILL).
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/cli/serve.ts', '--data', data, '--port', '0', '--admin-token', TOKEN], {
    cwd: ROOT,
    env: { ...process.env, XDG_CONFIG_HOME: home },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const match = await eventually(() => /Control API: (http:\/\/127\.0\.0\.1:\d+)\/_sandbox\//.exec(output), 90_000, `serve to start; output:\n${output}`);
  const url = match[1]!;
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}/_sandbox${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return (await response.json()) as { data: unknown };
  };
  return { child, exited, control };
}

describe('a crash loses no notification', () => {
  it('kill -9 with deliveries pending and under way: after a restart all are delivered, none twice after a 200', async () => {
    const data = mkdtempSync(join(tmpdir(), 'erpwb-restart-'));
    dirs.push(data);
    // Up first for three notifications, then hanging (attempts under way at the crash).
    const receiver = await startReceiver((_r, i) => (i < 3 ? 200 : 'hang'));
    try {
      const first = await serve(data);
      await first.control('PATCH', '/settings', { webhook_timeout_ms: 60_000, webhook_max_in_flight_per_connector: 4 });
      await first.control('PATCH', '/accounts/1/connectors/1', { order_event_notification_url: receiver.url });
      const db = new BetterSqlite3(join(data, 'erp-workbench.sqlite'));
      const insert = db.prepare(
        `INSERT INTO webhook_outbox (company_id, connector_id, notification_type, payload, webhook_id, ordering_key, order_unique_id, url, status, next_attempt_at, created_ts)
         VALUES (1, 1, 'status', ?, ?, ?, ?, ?, 'pending', ?, '2026-11-23 10:00:00')`,
      );
      const orders = Array.from({ length: 10 }, (_, i) => `CRASH-${i}`);
      db.transaction(() => {
        for (const order of orders) {
          insert.run(JSON.stringify({ order_unique_id: order, notification_type: 'status', status_text: 'packed' }), `msg_${order}`, `order:${order}`, order, receiver.url, Date.now());
        }
      })();
      await first.control('PATCH', '/accounts/1/connectors/1', { active: true }); // wakes the dispatcher
      await receiver.waitFor(7, 20_000); // 3 answered, 4 hanging (the connector's cap)
      await eventually(() => db.prepare("SELECT count(*) FROM webhook_outbox WHERE status = 'delivered'").pluck().get() === 3, 10_000, 'three delivered');
      first.child.kill('SIGKILL');
      await first.exited;
      // The 4 under way (the connector's cap) and the 3 not yet sent stay pending.
      expect(db.prepare("SELECT count(*) FROM webhook_outbox WHERE status = 'pending'").pluck().get()).toBe(7);

      receiver.answer(() => 200); // the receiver is back
      const deliveredBefore = new Set(receiver.received.slice(0, 3).map((r) => r.json['order_unique_id']));
      const second = await serve(data);
      try {
        await eventually(() => db.prepare("SELECT count(*) FROM webhook_outbox WHERE status = 'delivered'").pluck().get() === 10, 20_000, 'all delivered');
        const times = (order: string) => receiver.received.filter((r) => r.json['order_unique_id'] === order).length;
        for (const order of orders) {
          if (deliveredBefore.has(order)) expect(times(order), order).toBe(1);
          else expect(times(order), order).toBeGreaterThanOrEqual(1);
        }
      } finally {
        db.close();
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      await receiver.close();
    }
  }, 120_000);
});

describe('a paused receiver stays paused across a restart', () => {
  it('the pause is kept: after a restart the dispatcher probes one at a time and the overview and attention list still show it, until it answers', async () => {
    const data = mkdtempSync(join(tmpdir(), 'erpwb-restart-'));
    dirs.push(data);
    const receiver = await startReceiver(() => 503);
    let db: BetterSqlite3.Database | undefined;
    const paused = async (control: Awaited<ReturnType<typeof serve>>['control']) => {
      const attention = (await control('GET', '/accounts/1/attention')).data as { items: Array<{ kind: string; connector_id?: number }> };
      const overview = (await control('GET', '/accounts/1/dashboard')).data as { notifications: { paused_connector_ids: number[] } };
      return {
        attention: attention.items.filter((item) => item.kind === 'paused_receiver').map((item) => item.connector_id),
        overview: overview.notifications.paused_connector_ids,
      };
    };
    const insertDue = (orders: string[]) => {
      const insert = db!.prepare(
        `INSERT INTO webhook_outbox (company_id, connector_id, notification_type, payload, webhook_id, ordering_key, order_unique_id, url, status, next_attempt_at, created_ts)
         VALUES (1, 1, 'status', ?, ?, ?, ?, ?, 'pending', ?, '2026-11-23 10:00:00')`,
      );
      db!.transaction(() => {
        for (const order of orders) {
          insert.run(JSON.stringify({ order_unique_id: order, notification_type: 'status', status_text: 'packed' }), `msg_${order}`, `order:${order}`, order, receiver.url, Date.now());
        }
      })();
    };
    const count = (sql: string) => db!.prepare(sql).pluck().get();
    try {
      // 1. A receiver answering 503: five failures in a row pause it (each delivery tried once, then due in an hour).
      const first = await serve(data);
      db = new BetterSqlite3(join(data, 'erp-workbench.sqlite'));
      await first.control('PATCH', '/settings', { webhook_timeout_ms: 60_000, webhook_max_in_flight_per_connector: 4, webhook_retry_schedule_s: [3600] });
      await first.control('PATCH', '/accounts/1/connectors/1', { order_event_notification_url: receiver.url, webhook_secret: null });
      insertDue(Array.from({ length: 6 }, (_, i) => `PAUSE-${i}`));
      await first.control('PATCH', '/accounts/1/connectors/1', { active: true }); // wakes the dispatcher
      await eventually(async () => (await paused(first.control)).attention.includes(1), 20_000, 'the receiver paused');
      expect(db.prepare('SELECT connector_id, company_id FROM receiver_health').all()).toEqual([{ connector_id: 1, company_id: 1 }]);
      first.child.kill('SIGTERM');
      await first.exited;

      // 2. Restarted on the same folder, the receiver now hanging: still paused for the overview
      //    and the attention list, and the dispatcher sends one probe, not its cap of 4.
      receiver.answer(() => 'hang');
      const before = receiver.received.length;
      insertDue(Array.from({ length: 6 }, (_, i) => `AFTER-${i}`));
      const second = await serve(data);
      expect(await paused(second.control)).toEqual({ attention: [1], overview: [1] });
      await receiver.waitFor(before + 1, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(receiver.received.length - before).toBe(1);
      expect(await paused(second.control)).toEqual({ attention: [1], overview: [1] });
      second.child.kill('SIGTERM');
      await second.exited;

      // 3. The receiver is back: the probe is answered, the pause is forgotten (memory and store), the rest goes out.
      receiver.answer(() => 200);
      const third = await serve(data);
      try {
        await eventually(() => count("SELECT count(*) FROM webhook_outbox WHERE order_unique_id LIKE 'AFTER-%' AND status = 'delivered'") === 6, 30_000, 'the later deliveries delivered');
        expect(await paused(third.control)).toEqual({ attention: [], overview: [] });
        expect(count('SELECT count(*) FROM receiver_health')).toBe(0);
      } finally {
        third.child.kill('SIGTERM');
        await third.exited;
      }
    } finally {
      db?.close();
      await receiver.close();
    }
  }, 180_000);
});
