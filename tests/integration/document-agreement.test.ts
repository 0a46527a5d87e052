import { beforeAll, describe, expect, it } from 'vitest';
import { linesOf, type ItemForLines } from '../../electron/core/domains/connectors/order-lines.ts';
import { totalsOf } from '../../electron/core/domains/issuing/index.ts';
import { expectOk, orderSender, r2, useOrderDemo, type Row } from './orders.ts';
import { restSend } from './requests.ts';

/*
 * Rules that keep an order's documents in agreement with the order and with each other
 * (docs/data-model.md "Rules the documents keep"), read back through REST as a partner reads
 * them. Found by the ledger's random walk (ledger-random-walk.test.ts).
 */

// Tuesday 2026-11-17, 10:00 Europe/Bucharest (before connector 1's next_day_hour, 14); the evening
// test moves it to 17:00, after connector 2's (the account's, 16): a receipt made then carries Wednesday's date.
const MORNING = new Date('2026-11-17T08:00:00Z');
const EVENING = new Date('2026-11-17T15:00:00Z');
let now = MORNING;
const { demo, one, all, send } = useOrderDemo({ now: () => now });
const rest = restSend(demo);
let seq = 0;

interface Prod { id: number; code: string; price: number; vat: number; pwv: number }
let products: Prod[] = [];
beforeAll(() => {
  products = all<Prod>(
    `SELECT p.id, p.cod_produs AS code, p.pret_vanzare AS price, p.cota_tva_vanzare AS vat FROM products p
       JOIN stock s ON s.product_id = p.id AND s.workpoint_id = 1
      WHERE p.company_id = 1 AND p.deleted = 0 AND p.selling_currency = 'RON' AND s.quantity >= 100 AND p.cota_tva_vanzare = 21
      ORDER BY p.id LIMIT 3`,
  ).map((p) => ({ ...p, pwv: r2(p.price * 1.21) }));
});

async function data<T>(path: string): Promise<T> {
  const answer = await rest<T>('GET', path);
  expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
  return answer.body.data;
}
const setting = (connectorId: number, grp: string, key: string, value: unknown) =>
  demo.db.prepare('INSERT OR REPLACE INTO connector_settings (company_id, connector_id, grp, key, value) VALUES (1, ?, ?, ?, ?)')
    .run(connectorId, grp, key, JSON.stringify(value));
const orderRow = (connectorId: number, uid: string) =>
  one<Row>('SELECT * FROM connector_orders WHERE connector_id = ? AND order_unique_id = ?', connectorId, uid);

function body(items: Row[], over: Row = {}): Row {
  const uid = `AGREE-${++seq}`;
  const address = { city: 'Iași', county: 'Iași', country: 'Romania', street: 'Strada Lăpușneanu', number: '7', zip: '700057' };
  return {
    order_unique_id: uid,
    order_status: 'processing',
    order_currency_code: 'RON',
    shipping_method: 'courier',
    client: { name: 'Ștefan Ionescu', email: 'stefan@example.ro', client_unique_id: 810000 + seq, invoice_address: address, delivery_address: address },
    items,
    ...over,
  };
}
const productItem = (p: Prod, qty: number, over: Row = {}) => ({
  type: 'product', code: p.code, item_name: `Produs ${p.code}`, item_quantity: qty, item_price: p.price,
  item_vat_percent: p.vat, item_price_with_vat: p.pwv, line_value_with_vat: r2(qty * p.pwv), ...over,
});

describe('an order with a line discount', () => {
  it('gets documents that total exactly the order (the discount rounded with VAT: -41.40 stays -41.40)', async () => {
    setting(1, 'order_processing', 'action_on_import', 'create_sale');
    setting(1, 'proforma', 'trigger_payment_methods', ['bank_transfer']);
    setting(1, 'proforma', 'trigger_status', '');
    setting(1, 'invoicing', 'auto_issue', 'when_paid');
    const p = products[0]!;
    const discounted = { discounted_price_with_vat: r2(p.pwv - 41.4), line_discount_value_with_vat: 41.4 };
    const order = body([productItem(p, 1, discounted)], { payment_method: 'bank_transfer', payments: [] });
    const uid = order.order_unique_id as string;
    expectOk(await send('POST', uid, order));
    const total = r2(p.pwv - 41.4);
    const stored = orderRow(1, uid);
    expect(stored.total_with_vat).toBe(total);
    const saleId = one<Row>('SELECT id FROM sales WHERE connector_order_id = ?', stored.id).id as number;
    expect((await data<Row[]>(`/sales/list/id:${saleId}/`))[0]!.document_value_with_vat).toBe(total);
    expect((await data<Row[]>(`/proformas/list/id:${stored.proforma_id}/`))[0]!.total).toBe(total);

    // The transfer of exactly the order's total pays it in full: the invoice is issued, for the same total, nothing left open.
    const transfer = { payment_method: 'bank_transfer', payment_status: 'confirmed', payment_date: '2026-11-17 09:00:00', payment_amount: total, payment_currency: 'RON', payment_reference: `OP-${uid}` };
    expectOk(await send('PUT', uid, { ...order, payments: [transfer] }));
    const invoiceId = one<Row>('SELECT invoice_id FROM sales WHERE id = ?', saleId).invoice_id as number;
    expect((await data<Row[]>(`/invoices/list/id:${invoiceId}/`))[0]).toMatchObject({ document_value_with_vat: total, rest: 0 });
  });

  it('for any price, quantity, VAT rate and discount, the lines total what the customer pays', () => {
    // A seeded walk over the inputs (xorshift): the rule holds line by line, not only for -41.40.
    let x = 0x2545f491;
    const next = () => ((x ^= x << 13), (x ^= x >>> 17), (x ^= x << 5), (x >>> 0) / 2 ** 32);
    for (let n = 0; n < 5000; n++) {
      const vat = [0, 5, 9, 11, 19, 21][Math.floor(next() * 6)]!;
      const quantity = 1 + Math.floor(next() * 9);
      const pwv = r2(0.5 + next() * 2000);
      const discount = next() < 0.5 ? r2(quantity * Math.min(pwv - 0.01, r2(next() * pwv))) : 0;
      const item: ItemForLines = {
        type: 'product', code: 'X', item_name: 'X', item_quantity: quantity, item_price: r2(pwv / (1 + vat / 100)),
        item_vat_percent: vat, line_value_with_vat: r2(quantity * pwv), product_id: null, unit: 'buc', appliedDiscount: discount,
      };
      const totals = totalsOf(linesOf([item]));
      expect(totals.withVat, JSON.stringify(item)).toBe(r2(r2(quantity * pwv) - discount));
      expect(r2(totals.withoutVat + totals.vat)).toBe(totals.withVat);
    }
  });
});

describe('an invoiced order', () => {
  it("links its proforma to the invoice (invoice_id), which then shows the invoice's paid amount", async () => {
    setting(1, 'order_processing', 'action_on_import', 'create_sale');
    setting(1, 'proforma', 'trigger_payment_methods', ['bank_transfer']);
    setting(1, 'proforma', 'trigger_status', '');
    setting(1, 'invoicing', 'auto_issue', 'when_paid');
    const p = products[1]!;
    const order = body([productItem(p, 1)], { payment_method: 'bank_transfer', payments: [] });
    const uid = order.order_unique_id as string;
    expectOk(await send('POST', uid, order));
    const proformaId = orderRow(1, uid).proforma_id as number;
    expect((await data<Row[]>(`/proformas/list/id:${proformaId}/`))[0]).toMatchObject({ invoice_id: null });

    // The transfer arrives: paid, the invoice is issued.
    const paid = { ...order, payments: [{ payment_method: 'bank_transfer', payment_status: 'confirmed', payment_date: '2026-11-17 16:30:00', payment_amount: p.pwv, payment_currency: 'RON', payment_reference: `OP-${uid}` }] };
    expectOk(await send('PUT', uid, paid));
    const invoiceId = one<Row>('SELECT invoice_id FROM sales WHERE connector_order_id = ? AND cancelled = 0', orderRow(1, uid).id).invoice_id as number;
    expect(invoiceId).toBeGreaterThan(0);
    expect((await data<Row[]>(`/proformas/list/id:${proformaId}/`))[0]).toMatchObject({ invoice_id: invoiceId, paid_amount: p.pwv });
  });
});

describe('documents made in the evening', () => {
  it("an invoice issued with a staff AWB is never dated before its sales receipt (made after next_day_hour: tomorrow's)", async () => {
    now = EVENING;
    setting(2, 'invoicing', 'auto_issue', 'on_awb');
    setting(2, 'invoicing', 'only_if_paid', false);
    setting(2, 'awb', 'latest_issue_hour', null); // AWBs made until late are dated today
    const p = products[2]!;
    const order = body([productItem(p, 1)]);
    const uid = order.order_unique_id as string;
    expectOk(await send('POST', uid, order, 2));
    const sale = one<Row>('SELECT id, date, invoice_id FROM sales WHERE connector_order_id = ?', orderRow(2, uid).id);
    expect(sale).toMatchObject({ date: '2026-11-18', invoice_id: null });
    const awb = await demo.h.control<Row>('POST', `/accounts/1/connectors/2/orders/${uid}/awb`, { awb_type: 'fan' });
    expect(awb.status, JSON.stringify(awb.body.messages)).toBe(200);
    const invoiceId = one<Row>('SELECT invoice_id FROM sales WHERE id = ?', sale.id).invoice_id as number;
    const [invoice] = await data<Row[]>(`/invoices/list/id:${invoiceId}/`);
    expect(invoice!.doc_date >= '2026-11-18').toBe(true);
    // Nor is the AWB, which ships what the receipt sold (staff's action dates its documents today).
    const [label] = await data<Row[]>(`/awb/list/id:${awb.body.data.awb_id as number}/`);
    expect(label).toMatchObject({ sale_id: sale.id });
    expect(label!.doc_date >= '2026-11-18', label!.doc_date).toBe(true);
    // Nor is an AWB the partner attaches to that receipt this evening (POST /awb/add/ dates it today).
    const added = await rest<Row>('POST', '/awb/add/', { awbs: [{ sale_id: sale.id, awb_type: 'fan', awb_nr: `AGREE-AWB-${seq}` }] });
    expect(added.status, JSON.stringify(added.body.messages)).toBe(200);
    const [attached] = await data<Row[]>(`/awb/list/id:${(added.body.data.awb_ids as number[])[0]}/`);
    expect(attached!.doc_date).toBe('2026-11-18');
    now = MORNING;
  });
});

describe('an AWB made before its order had a sales receipt', () => {
  it("carries the receipt's sale_id once staff's invoice makes the receipt", async () => {
    setting(1, 'order_processing', 'action_on_import', 'reserve_stock');
    const p = products[0]!;
    const order = body([productItem(p, 1)]);
    const uid = order.order_unique_id as string;
    expectOk(await send('POST', uid, order));
    const awb = await demo.h.control<Row>('POST', `/accounts/1/connectors/1/orders/${uid}/awb`, { awb_type: 'fan' });
    expect(awb.status, JSON.stringify(awb.body.messages)).toBe(200);
    const awbId = awb.body.data.awb_id as number;
    expect((await data<Row[]>(`/awb/list/id:${awbId}/`))[0]).toMatchObject({ sale_id: null });

    const invoice = await demo.h.control<Row>('POST', `/accounts/1/connectors/1/orders/${uid}/invoice`, {});
    expect(invoice.status, JSON.stringify(invoice.body.messages)).toBe(200);
    expect((await data<Row[]>(`/awb/list/id:${awbId}/`))[0]).toMatchObject({ sale_id: invoice.body.data.bv_id });
  });
});

// Stock: reserved is what open orders hold, and each step of an order's life moves it.
interface StockRow { product_id: number; stoc_global: number; stock_reserved: number; stock_available: number }
const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** The quantity of each product the account's open orders hold: not cancelled, reserved and without a sales receipt yet. */
function heldByOpenOrders(): Map<number, number> {
  const held = new Map<number, number>();
  const rows = all<{ product_id: number; quantity: number }>(
    `SELECT i.product_id, total(i.item_quantity) AS quantity FROM connector_order_items i JOIN connector_orders o ON o.id = i.order_id
      WHERE o.company_id = 1 AND o.cancelled = 0 AND o.reserved_workpoint_id IS NOT NULL AND i.product_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM sales s WHERE s.connector_order_id = o.id AND s.cancelled = 0)
      GROUP BY i.product_id`,
  );
  for (const row of rows) held.set(row.product_id, r3(row.quantity));
  return held;
}

/** Every product of /product/list/ (the whole catalogue, page by page) whose stock_reserved open orders do not explain. */
async function unexplainedReservations(): Promise<string[]> {
  const held = heldByOpenOrders();
  const wrong: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await rest<StockRow[]>('GET', `/product/list/cont:all/page:${page}/`);
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
    for (const p of answer.body.data) {
      const explained = held.get(p.product_id) ?? 0;
      if (Math.abs(p.stock_reserved - explained) > 0.0005) wrong.push(`product ${p.product_id}: stock_reserved ${p.stock_reserved}, open orders hold ${explained}`);
      if (Math.abs(p.stock_available - r3(p.stoc_global - p.stock_reserved)) > 0.0005) wrong.push(`product ${p.product_id}: stock_available ${p.stock_available}`);
    }
    if (!(answer.body as { has_more_pages?: boolean }).has_more_pages) return wrong;
  }
}
const stockOf = async (productId: number) => (await data<StockRow[]>(`/product/list/id:${productId}/`))[0]!;

describe('reserved stock', () => {
  it('is what open orders hold: the demo has no reservation no order explains', async () => {
    expect(await unexplainedReservations()).toEqual([]);
  });

  it('an order that reserves holds its quantities; cancelling it releases them', async () => {
    setting(1, 'order_processing', 'action_on_import', 'reserve_stock');
    const p = products[1]!;
    const before = await stockOf(p.id);
    const order = body([productItem(p, 3)]);
    const uid = order.order_unique_id as string;
    expectOk(await send('POST', uid, order));
    expect(await stockOf(p.id)).toMatchObject({ stoc_global: before.stoc_global, stock_reserved: r3(before.stock_reserved + 3), stock_available: r3(before.stock_available - 3) });
    expect(await unexplainedReservations()).toEqual([]);

    expectOk(await send('PUT', uid, { order_unique_id: uid, order_cancelled: 1 }));
    expect(await stockOf(p.id)).toMatchObject({ stoc_global: before.stoc_global, stock_reserved: before.stock_reserved, stock_available: before.stock_available });
  });

  it("an order's sales receipt (staff's invoice of a reserved order) moves its reservation out of the stock", async () => {
    setting(1, 'order_processing', 'action_on_import', 'reserve_stock');
    const p = products[2]!;
    const before = await stockOf(p.id);
    const order = body([productItem(p, 2)]);
    const uid = order.order_unique_id as string;
    expectOk(await send('POST', uid, order));
    expect((await stockOf(p.id)).stock_reserved).toBe(r3(before.stock_reserved + 2));

    const invoice = await demo.h.control<Row>('POST', `/accounts/1/connectors/1/orders/${uid}/invoice`, {});
    expect(invoice.status, JSON.stringify(invoice.body.messages)).toBe(200);
    expect(await stockOf(p.id)).toMatchObject({ stoc_global: r3(before.stoc_global - 2), stock_reserved: before.stock_reserved, stock_available: r3(before.stock_available - 2) });
    expect(await unexplainedReservations()).toEqual([]);
  });
});
