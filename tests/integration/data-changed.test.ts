import { describe, expect, it } from 'vitest';
import type { CoreEvents } from '../../shared/contract/events.ts';
import { useDemo } from './harness.ts';

/**
 * data.changed names the tables a write changed, measured from its statements (triggers included,
 * sorted), and, where the writer knows them from its own answer, the rows (`records`): operations
 * of the map and REST writes. A read, a refused write and a write that changed nothing announce
 * nothing. Every write against what each screen reads: data-changed-every-write.test.ts.
 */

const demo = useDemo({ writable: true });

type Changed = CoreEvents['data.changed'];

/** The delivery dispatcher's own announcements (attempts under way in the background), not the writes'. */
const fromDispatcher = (event: Changed) => !event.records && event.tables.every((t) => t === 'webhook_outbox' || t === 'webhook_attempts');

/** The data.changed events the writes made while `run` runs. */
async function changesOf(run: () => Promise<unknown>): Promise<Changed[]> {
  const seen: Changed[] = [];
  const stop = demo.h.core.events.on('data.changed', (event) => {
    if (!fromDispatcher(event)) seen.push(event);
  });
  try {
    await run();
  } finally {
    stop();
  }
  return seen;
}

const value = <T>(sql: string, ...params: unknown[]) => demo.db.prepare(sql).pluck().get(...params) as T;
const json = { 'content-type': 'application/json' };

describe('data.changed records', () => {
  it('an operation names the rows its answer names', async () => {
    const order = demo.db
      .prepare("SELECT id, connector_id, order_unique_id FROM connector_orders WHERE company_id = 1 AND cancelled = 0 ORDER BY id LIMIT 1")
      .get() as { id: number; connector_id: number; order_unique_id: string };
    let deliveries: number[] = [];
    const events = await changesOf(async () => {
      const output = await demo.h.core.invoke('orders.setStatus', {
        company_id: 1,
        connector_id: order.connector_id,
        order_unique_id: order.order_unique_id,
        status_text: 'packed-for-test',
      });
      deliveries = output.notifications.map((n) => n.delivery_id);
    });
    expect(events).toEqual([
      {
        company_id: 1,
        tables: ['connector_orders', 'webhook_outbox'],
        records: { connector_orders: [order.id], webhook_outbox: deliveries },
      },
    ]);

    const created = await changesOf(() => demo.h.core.invoke('apiUsers.create', { company_id: 1, username: 'records-test' }));
    const userId = value<number>("SELECT id FROM api_users WHERE username = 'records-test'");
    // The trigger of migration 021 moves the authentication generation with every API user change.
    expect(created).toEqual([{ company_id: 1, tables: ['api_users', 'auth_generation'], records: { api_users: [userId] } }]);
  });

  it('an operation that reads announces nothing', async () => {
    expect(await changesOf(() => demo.h.core.invoke('lists.sales', { company_id: 1, limit: 1 }))).toEqual([]);
    expect(await changesOf(() => demo.h.core.invoke('search.global', { company_id: 1, q: '1' }))).toEqual([]);
  });

  it('a REST write names its tables and the rows of its answer', async () => {
    const product = value<number>('SELECT id FROM products WHERE company_id = 1 AND deleted = 0 ORDER BY id LIMIT 1');
    const patched = await changesOf(async () => {
      const answer = await demo.h.rest('PATCH', `/1/product/${product}/`, demo.user, {
        headers: json,
        body: JSON.stringify({ product_description: 'changed for data.changed' }),
      });
      expect(answer.status).toBe(200);
    });
    // No connector publishes the product: no delivery was queued, so webhook_outbox is not named.
    expect(value<number>('SELECT count(*) FROM connector_products WHERE product_id = ?', product)).toBe(0);
    expect(patched).toEqual([{ company_id: 1, tables: ['products'], records: { products: [product] } }]);

    // A sale with an invoice and something left to pay: the payment is allocated to it.
    const sale = value<number>(
      "SELECT id FROM sales WHERE company_id = 1 AND cancelled = 0 AND invoice_id IS NOT NULL AND paid_amount < total_with_vat - 5 AND currency = 'RON' ORDER BY id LIMIT 1",
    );
    let payment = 0;
    const paid = await changesOf(async () => {
      const answer = await demo.h.rest<{ incasare_id: number }>('POST', `/1/sales/${sale}/payment/`, demo.user, {
        headers: json,
        body: JSON.stringify({ amount: 1, payment_type: 'cash' }),
      });
      expect(answer.status).toBe(200);
      payment = answer.body.data.incasare_id;
    });
    // The sale's paid amount reaches its invoice, and the invoice's proforma, by the triggers of
    // migration 023: the proforma's table is named as the trigger may write it.
    expect(paid).toEqual([
      {
        company_id: 1,
        tables: ['invoices', 'payment_allocations', 'payments', 'proformas', 'sales'],
        records: { payments: [payment], sales: [sale] },
      },
    ]);
  });

  it('a REST read, a refused write and a write that changed nothing announce nothing', async () => {
    const product = value<number>('SELECT id FROM products WHERE company_id = 1 AND deleted = 0 ORDER BY id LIMIT 1');
    expect(await changesOf(() => demo.h.rest('GET', '/1/sales/list/', demo.user))).toEqual([]);
    const refused = await changesOf(async () => {
      const answer = await demo.h.rest('PATCH', `/1/product/${product}/`, demo.user, { headers: json, body: JSON.stringify({ pret_vanzare: -1 }) });
      expect(answer.status).toBe(400);
    });
    expect(refused).toEqual([]);
    const unchanged = await changesOf(async () => {
      const answer = await demo.h.rest('PATCH', `/1/product/${product}/`, demo.user, { headers: json, body: '{}' });
      expect(answer.status).toBe(200);
    });
    expect(unchanged).toEqual([]);
  });
});
