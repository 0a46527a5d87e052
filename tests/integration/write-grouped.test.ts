import { beforeAll, describe, expect, it } from 'vitest';
import { orderableProducts, payment, r2, useOrderDemo, type Body, type Row } from './orders.ts';

// The REST writes with group commit (store/write-batch.ts): the writes that arrive in the same
// turn share one transaction, each keeps its own answer, a refused one writes nothing.

const clock = { t: new Date('2026-11-17T08:00:00Z'), now() { return this.t; } };
const { demo, one, all, count } = useOrderDemo(clock);
const core = () => demo.h.core.rest;

interface Prod { id: number; code: string; price: number; vat: number; pwv: number }
let prods: Prod[];
let seq = 0;

beforeAll(() => {
  prods = orderableProducts<Omit<Prod, 'pwv'>>(all, { column: 'p.id AS pid', where: '1 = 1', limit: 2 });
});

function order(uid: string): Body {
  const items = prods.map((p, i) => ({
    type: 'product', code: p.code, ean: '', item_name: `Produs ${p.code}`, item_quantity: i + 1,
    item_price: p.price, item_vat_percent: p.vat, item_price_with_vat: p.pwv, line_value_with_vat: r2((i + 1) * p.pwv),
  }));
  const total = r2(items.reduce((s, i) => s + i.line_value_with_vat, 0));
  const address = { city: 'Cluj-Napoca', county: 'Cluj', country: 'Romania', street: 'Strada Memorandumului', number: '28', zip: '' };
  return {
    order_unique_id: uid, order_reference: `#${uid}`, order_date: '2026-11-17', order_status: 'processing', order_cancelled: 0,
    order_currency_code: 'RON', shipping_method: 'courier', cod_amount: 0, cod_currency: '',
    client: {
      name: 'Ion Popescu', representative: '', email: 'ion@example.ro', phone: '0722000000', vat_id: '', registration_number: '',
      client_unique_id: 800000 + ++seq,
      invoice_address: address,
      delivery_address: { ...address, shipping_contact_name: 'Ion Popescu', shipping_contact_phone: '0722000000' },
    },
    items,
    payments: [payment(`R-${uid}`, total)],
  };
}
const input = (uid: string, body: unknown) =>
  ({ companyId: 1, connectorId: 1, pathOrderId: uid, method: 'POST' as const, body, baseUrl: 'http://127.0.0.1:1' });
const stored = (uid: string) =>
  one('SELECT * FROM connector_orders WHERE connector_id = 1 AND order_unique_id = ?', uid) as Row | undefined;

describe('connector orders with group commit', () => {
  it('orders of the same turn are answered each as alone; a refused one writes nothing', async () => {
    const [a, b, c] = [`G-${++seq}`, `G-${++seq}`, `G-${++seq}`];
    const outbox = count('SELECT count(*) FROM webhook_outbox');
    const answers = await Promise.all([
      core().connectors.importOrderGrouped(input(a, order(a))),
      core().connectors.importOrderGrouped(input(b, { ...order(b), items: 'not a list' })),
      core().connectors.importOrderGrouped(input(c, order(c))),
    ]);
    expect(answers.map((x) => x.status)).toEqual([200, 400, 200]);
    expect(answers[0]!.data).toMatchObject({ errors: [], import_summary: { mode: 'create', payments_registered: 1 } });
    expect(answers[1]!.data).toMatchObject({ SERVICE_order_id: null, errors: [expect.stringMatching(/items/)] });
    expect(stored(a)).toMatchObject({ id: answers[0]!.data.SERVICE_order_id });
    expect(stored(b)).toBeUndefined();
    expect(stored(c)).toMatchObject({ id: answers[2]!.data.SERVICE_order_id });
    // Each order's stock change notified its product's connectors, in that order's transaction.
    expect(count('SELECT count(*) FROM webhook_outbox')).toBeGreaterThan(outbox);
  });

  it('the same order twice in one turn: the second sees the first (an update, not a second order)', async () => {
    const uid = `G-${++seq}`;
    const [first, second] = await Promise.all([
      core().connectors.importOrderGrouped(input(uid, order(uid))),
      core().connectors.importOrderGrouped(input(uid, order(uid))),
    ]);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ import_summary: { mode: 'create' } });
    expect(second.data.SERVICE_order_id).toBe(first.data.SERVICE_order_id);
    expect(count('SELECT count(*) FROM connector_orders WHERE connector_id = 1 AND order_unique_id = ?', uid)).toBe(1);
  });
});

describe('payments and product writes with group commit', () => {
  it('payments of one turn are each registered; a refused one rejects with the error payOnSale throws', async () => {
    const sale = one("SELECT id FROM sales WHERE company_id = 1 AND cancelled = 0 AND currency = 'RON' ORDER BY id DESC LIMIT 1") as Row;
    const before = count('SELECT count(*) FROM payments WHERE sale_id = ?', sale.id);
    const refusal = (() => {
      try {
        core().payments.payOnSale(1, sale.id, { amount: 1, payment_type: 'no-such-type' });
      } catch (error) {
        return error as Error;
      }
      throw new Error('payOnSale accepted an unknown payment type');
    })();
    const results = await Promise.allSettled([
      core().payments.payOnSaleGrouped(1, sale.id, { amount: 1.5, payment_type: 'card' }),
      core().payments.payOnSaleGrouped(1, sale.id, { amount: 1, payment_type: 'no-such-type' }),
      core().payments.payOnSaleGrouped(1, sale.id, { amount: 2.5, payment_type: 'cash' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: refusal.message });
    expect(count('SELECT count(*) FROM payments WHERE sale_id = ?', sale.id)).toBe(before + 2);
  });

  it('a product PATCH answers the record as GET does; a refused one changes nothing', async () => {
    const id = prods[0]!.id;
    const answer = await core().products.patchGrouped(1, id, { product_website_title: `Titlu ${++seq}` });
    expect(answer).toEqual(core().products.get(1, id));
    await expect(core().products.patchGrouped(1, id, { no_such_field: 1 })).rejects.toThrow(/no_such_field/);
    expect(core().products.get(1, id).product_website_title).toBe(`Titlu ${seq}`);
  });
});
