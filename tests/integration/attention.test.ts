import { describe, expect, it } from 'vitest';
import type { AttentionList } from '../../shared/contract/operations-attention.ts';
import { useDemo } from './harness.ts';

/**
 * attention.list (the header's "needs attention" badge): webhook notifications that failed for
 * good, a receiver paused after failures in a row, a storage whose last use failed; nothing for an
 * account where all is well. Each change is announced (data.changed) so the window reads it again.
 */

/** Six closed deliveries of connector 1 (three failed, three delivered), each of its own order. */
function insertDeliveries(db: import('better-sqlite3').Database): void {
  const insert = db.prepare(
    `INSERT INTO webhook_outbox (company_id, connector_id, notification_type, payload, webhook_id, ordering_key, order_unique_id, url,
                                 status, attempt_count, next_attempt_at, created_ts, closed_ts)
     VALUES (1, 1, 'status', '{}', @webhook_id, NULL, @order, 'http://127.0.0.1:9/never', @status, 1, NULL, '2026-10-01 12:00:00', '2026-10-01 12:00:00')`,
  );
  for (let i = 1; i <= 6; i++) insert.run({ webhook_id: `msg_attention_${i}`, order: `ATT-${i}`, status: i <= 3 ? 'failed' : 'delivered' });
}

const demo = useDemo({ prepare: insertDeliveries });
const attention = (companyId = 1) => demo.h.core.invoke('attention.list', { company_id: companyId }) as Promise<AttentionList>;

/** The tables named by data.changed while `run` runs. */
async function announced(run: () => Promise<unknown>): Promise<string[]> {
  const tables: string[] = [];
  const off = demo.h.core.events.on('data.changed', (payload) => tables.push(...payload.tables));
  try {
    await run();
  } finally {
    off();
  }
  return tables;
}

describe('attention.list', () => {
  it('is empty for an account where all is well, and 404 for one that does not exist', async () => {
    const created = await demo.h.core.invoke('accounts.create', { seed: 'empty', name: 'Quiet account' });
    expect(await attention(created.company_id)).toEqual({ count: 0, items: [] });
    await expect(attention(9999)).rejects.toMatchObject({ status: 404 });
  });

  it('counts the failed deliveries of the account (an indexed count)', async () => {
    const failed = demo.db.prepare("SELECT count(*) FROM webhook_outbox WHERE company_id = 1 AND status = 'failed'").pluck().get() as number;
    expect(failed).toBe(3);
    const list = await attention();
    expect(list.items).toContainEqual({ kind: 'failed_deliveries', count: failed });
    expect(list.count).toBe(list.items.length);
    const plan = (demo.db.prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM webhook_outbox WHERE company_id = 1 AND status = 'failed'").all() as Array<{ detail: string }>).map((r) => r.detail).join('\n');
    expect(plan).toMatch(/USING COVERING INDEX webhook_outbox_company_status/);
  });

  it('lists a receiver paused after failures in a row (announced as receiver_health)', async () => {
    await demo.h.core.invoke('connectors.update', { company_id: 1, connector_id: 1, order_event_notification_url: 'http://127.0.0.1:1/refused' });
    // Closed deliveries of distinct orders (a retry of a closed one goes to the connector's current URL).
    const rows = demo.db
      .prepare("SELECT id FROM webhook_outbox WHERE company_id = 1 AND connector_id = 1 AND webhook_id LIKE 'msg_attention_%' ORDER BY id")
      .pluck()
      .all() as number[];
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const tables = await announced(async () => {
      for (const id of rows.slice(0, 5)) await demo.h.core.invoke('webhooks.retry', { company_id: 1, delivery_id: id });
    });
    expect(tables).toContain('receiver_health');
    const connector = demo.db.prepare('SELECT name FROM connectors WHERE id = 1').pluck().get() as string;
    expect((await attention()).items).toContainEqual({ kind: 'paused_receiver', connector_id: 1, connector_name: connector, url: 'http://127.0.0.1:1/refused' });
    // Another account does not see it.
    expect((await attention(2).catch(() => ({ items: [] as AttentionList['items'] }))).items.some((item) => item.kind === 'paused_receiver')).toBe(false);
  });

  it('lists a storage that could not be reached, until a setting or a use that works', async () => {
    await demo.h.core.invoke('storage.update', { company_id: 1, ftp: { host: '127.0.0.1', port: 1, user: 'nobody', password: 'x' } });
    const tables = await announced(async () => {
      expect((await demo.h.core.invoke('storage.test', { company_id: 1 })).ok).toBe(false);
    });
    expect(tables).toContain('storage_health');
    const item = (await attention()).items.find((i) => i.kind === 'storage_unreachable');
    expect(item).toMatchObject({ kind: 'storage_unreachable', message: expect.stringContaining('127.0.0.1:1'), since: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });

    await demo.h.core.invoke('storage.update', { company_id: 1, embedded: true });
    expect((await attention()).items.some((i) => i.kind === 'storage_unreachable')).toBe(false);
    expect((await demo.h.core.invoke('storage.test', { company_id: 1 })).ok).toBe(true);
    expect((await attention()).items.some((i) => i.kind === 'storage_unreachable')).toBe(false);
  });
});
