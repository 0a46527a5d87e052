// The dispatcher reads only the heads of the ordering chains (migration 019): `waits` marks a
// pending delivery behind an earlier pending one of the same connector and key, kept on every path
// that adds, closes or removes a delivery, and the due query's plan never reads a waiting row.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../electron/core/store/database.ts';
import { createOutbox } from '../../electron/core/webhooks/outbox.ts';
import { createDeliveryStore } from '../../electron/core/webhooks/delivery-store.ts';

describe('webhook ordering chains: only heads are due', () => {
  let dir: string;
  let db: Database;
  const clock = { now: () => new Date(1_700_000_000_000) };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'erpwb-chains-'));
    db = openDatabase(join(dir, 'store.sqlite'));
    db.exec(`INSERT INTO accounts (company_id, name, rest_enabled, created_ts) VALUES (1, 'A', 1, 'x');
             INSERT INTO connectors (id, company_id, type, name, created_ts, last_changed_ts, order_event_notification_url)
             VALUES (1, 1, 'ecommerce', 'shop', 'x', 'x', 'http://127.0.0.1:9/in'), (2, 1, 'ecommerce', 'other', 'x', 'x', 'http://127.0.0.1:9/in');`);
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => db.exec('DELETE FROM webhook_outbox'));

  const enqueue = (connectorId: number, product: string) =>
    createOutbox(db, clock).enqueue({ companyId: 1, connectorId, type: 'product_update', payload: { cod_produs: product } })!;
  const waits = () =>
    Object.fromEntries(
      db.prepare<[], { id: number; waits: number }>("SELECT id, waits FROM webhook_outbox WHERE status = 'pending' ORDER BY id").all().map((r) => [r.id, r.waits]),
    );
  const dueIds = () => createDeliveryStore(db).due(1, clock.now().getTime(), [], 100).map((r) => r.id);

  it('a delivery behind an open one of its key waits; other keys and connectors do not', () => {
    const a = enqueue(1, 'P1');
    const b = enqueue(1, 'P1');
    const c = enqueue(1, 'P2');
    const d = enqueue(2, 'P1');
    expect(waits()).toEqual({ [a]: 0, [b]: 1, [c]: 0, [d]: 0 });
    expect(dueIds()).toEqual([a, c]);
  });

  it('closing the head (delivered, failed, cancelled) hands over to the next of its key', () => {
    const ids = [enqueue(1, 'P1'), enqueue(1, 'P1'), enqueue(1, 'P1'), enqueue(1, 'P1')];
    db.prepare("UPDATE webhook_outbox SET status = 'delivered' WHERE id = ?").run(ids[0]);
    expect(dueIds()).toEqual([ids[1]]);
    // A waiting one cancelled: the head stays the head.
    db.prepare("UPDATE webhook_outbox SET status = 'cancelled' WHERE id = ?").run(ids[2]);
    expect(dueIds()).toEqual([ids[1]]);
    db.prepare("UPDATE webhook_outbox SET status = 'failed' WHERE id = ?").run(ids[1]);
    expect(dueIds()).toEqual([ids[3]]);
  });

  it('a deleted head hands over too; a retried head that stays pending keeps the chain', () => {
    const ids = [enqueue(1, 'P1'), enqueue(1, 'P1')];
    db.prepare("UPDATE webhook_outbox SET attempt_count = 1, next_attempt_at = next_attempt_at + 60000 WHERE id = ?").run(ids[0]);
    expect(dueIds()).toEqual([]);
    expect(createDeliveryStore(db).nextDueAfter(clock.now().getTime())).toBe(clock.now().getTime() + 60_000);
    db.prepare('DELETE FROM webhook_outbox WHERE id = ?').run(ids[0]);
    expect(dueIds()).toEqual([ids[1]]);
  });

  it('a row inserted by other code than the outbox is marked by the trigger', () => {
    const a = enqueue(1, 'P9');
    db.prepare(
      `INSERT INTO webhook_outbox (company_id, connector_id, notification_type, payload, webhook_id, ordering_key, url, status, next_attempt_at, created_ts)
       VALUES (1, 1, 'product_update', '{}', 'msg_direct', 'product:P9', 'http://127.0.0.1:9/in', 'pending', 0, 'x')`,
    ).run();
    expect(Object.values(waits())).toEqual([0, 1]);
    expect(dueIds()).toEqual([a]);
  });

  it('the due query reads the index of chain heads, nothing else', () => {
    const plan = db
      .prepare<[], { detail: string }>(
        `EXPLAIN QUERY PLAN SELECT o.id FROM webhook_outbox o INDEXED BY webhook_outbox_due_heads
          WHERE o.connector_id = 1 AND o.status = 'pending' AND o.waits = 0 AND o.next_attempt_at <= 0 ORDER BY o.next_attempt_at, o.id`,
      )
      .all()
      .map((r) => r.detail);
    expect(plan.join('\n')).toMatch(/USING (COVERING )?INDEX webhook_outbox_due_heads \(connector_id=\? AND next_attempt_at<\?\)/);
    expect(plan.join('\n')).not.toContain('TEMP B-TREE');
  });
});
