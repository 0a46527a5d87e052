import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectOk, orderableProducts, payment, r2, useOrderDemo, type Body, type Row } from './orders.ts';
import { bodyInit, restSend } from './requests.ts';

// POST / PUT /connector/{connector_id}/order/{order_id}/: the request rules, create / update /
// idempotency, PUT, cancellation, clients. The automatic steps per settings are in
// connector-orders-settings.test.ts.

/** Tuesday 2026-11-17 10:00 Europe/Bucharest. */
const clock = { t: new Date('2026-11-17T08:00:00Z'), now() { return this.t; } };

interface Prod { id: number; code: string; price: number; vat: number; pwv: number; unit: string }
let prods: Prod[];
let seq = 0;

const { demo, one, all, count, send } = useOrderDemo(clock);
const rest = restSend<Row>(demo);

beforeAll(() => {
  prods = orderableProducts<Omit<Prod, 'pwv'>>(all, { column: 'p.unitate_masura AS unit', where: 's.reserved = 0', limit: 6 });
  // A plain baseline: no automatic step besides the sales receipt (the settings test covers them).
  // The demo's connector 1 reserves stock on import; these tests follow the sales receipt.
  setting(1, 'order_processing', 'action_on_import', 'create_sale');
  setting(1, 'invoicing', 'auto_issue', 'off');
  setting(1, 'awb', 'auto_issue', 'off');
  setting(1, 'proforma', 'trigger_payment_methods', []);
  setting(1, 'order_processing', 'ignored_statuses', []);
  setting(1, 'order_processing', 'repeated_order_block_threshold', 0);
});

function setting(connectorId: number, grp: string, key: string, value: unknown): void {
  demo.db.prepare('INSERT OR REPLACE INTO connector_settings (company_id, connector_id, grp, key, value) VALUES (1, ?, ?, ?, ?)').run(
    connectorId, grp, key, JSON.stringify(value),
  );
}

const address = (over: Body = {}) => ({ city: 'Cluj-Napoca', county: 'Cluj', country: 'Romania', street: 'Strada Memorandumului', number: '28', zip: '', ...over });
const client = (over: Body = {}) => ({
  name: 'Ion Popescu',
  representative: '',
  email: 'ion@example.ro',
  phone: '0722000000',
  vat_id: '',
  registration_number: '',
  client_unique_id: 900000 + ++seq,
  invoice_address: address(),
  delivery_address: { ...address(), shipping_contact_name: 'Ion Popescu', shipping_contact_phone: '0722000000' },
  ...over,
});
const item = (p: Prod, qty: number, over: Body = {}) => ({
  type: 'product',
  code: p.code,
  ean: '',
  item_name: `Produs ${p.code}`,
  item_quantity: qty,
  item_price: p.price,
  item_vat_percent: p.vat,
  item_price_with_vat: p.pwv,
  line_value_with_vat: r2(qty * p.pwv),
  ...over,
});
const shippingLine = () => ({ type: 'service', code: 'SHIPPING', item_name: 'Transport curier', item_quantity: 1, item_price: 16.8, item_vat_percent: 19, item_price_with_vat: 19.99, line_value_with_vat: 19.99 });
const newUid = () => `T-${++seq}`;
function order(uid: string, over: Body = {}): Body {
  return {
    order_unique_id: uid,
    order_reference: `#${uid}`,
    order_date: '2026-11-17',
    order_status: 'processing',
    order_cancelled: 0,
    order_currency_code: 'RON',
    shipping_method: 'courier',
    cod_amount: 0,
    cod_currency: '',
    client: client(),
    items: [item(prods[0]!, 2), shippingLine()],
    ...over,
  };
}
const totalOf = (body: Body) => r2(body.items.reduce((s: number, i: Body) => s + i.line_value_with_vat, 0));

const orderRow = (uid: string, connectorId = 1) => one('SELECT * FROM connector_orders WHERE connector_id = ? AND order_unique_id = ?', connectorId, uid);
const stockOf = (productId: number, workpointId = 1) =>
  one('SELECT quantity, reserved FROM stock WHERE product_id = ? AND workpoint_id = ?', productId, workpointId) ?? { quantity: 0, reserved: 0 };
const salesOf = (orderId: number) => all('SELECT * FROM sales WHERE connector_order_id = ? ORDER BY id', orderId);

const TABLES = [
  'connector_orders', 'connector_order_items', 'connector_order_payments', 'connector_clients', 'connector_order_imports', 'contacts',
  'contact_addresses', 'sales', 'sale_items', 'invoices', 'invoice_items', 'proformas', 'proforma_items', 'payments',
  'payment_allocations', 'awbs', 'webhook_outbox',
];
/** Everything an order may touch: row counts, stock, last changes, numbering. */
function state() {
  return {
    counts: Object.fromEntries(TABLES.map((t) => [t, count(`SELECT count(*) FROM ${t}`)])),
    stock: one('SELECT total(quantity) AS q, total(reserved) AS r FROM stock'),
    changed: one(
      `SELECT (SELECT max(last_changed_ts) FROM connector_orders) AS orders, (SELECT max(last_changed_ts) FROM sales) AS sales,
              (SELECT max(last_changed_ts) FROM products) AS products, (SELECT max(lastupdated) FROM contacts) AS contacts,
              (SELECT group_concat(last_changed_ts || received_payload) FROM connector_orders WHERE connector_id = 1) AS orderRows`,
    ),
    series: all('SELECT * FROM document_series ORDER BY doc_type, series'),
  };
}

/** A refused request: 400 in the envelope with data {SERVICE_order_id, BOCP_order_id, notices, errors, received_payload}, and nothing changed. */
async function expectRefused(method: 'POST' | 'PUT', uid: string, body: unknown, pattern: RegExp, connectorId = 1): Promise<Row> {
  const before = state();
  const answer = await send(method, uid, body, connectorId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.is_error).toBe(true);
  expect(Object.keys(answer.body.data)).toEqual(['SERVICE_order_id', 'BOCP_order_id', 'notices', 'errors', 'received_payload']);
  expect(answer.body.data.BOCP_order_id).toBe(answer.body.data.SERVICE_order_id);
  expect(answer.body.data.received_payload).toEqual(body);
  expect(answer.body.messages).toEqual(answer.body.data.errors);
  expect(answer.body.data.errors.some((e: string) => pattern.test(e)), JSON.stringify(answer.body.data.errors)).toBe(true);
  expect(state()).toEqual(before);
  return answer.body.data;
}

describe('POST creates an order', () => {
  it("answers the spec's data and stores the order, its client, items, payments and sales receipt", async () => {
    const uid = newUid();
    const body = order(uid);
    const total = totalOf(body);
    body.payments = [payment('ch_first', total)];
    const p = prods[0]!;
    const stockBefore = stockOf(p.id);
    const next = one("SELECT next_number FROM document_series WHERE company_id = 1 AND doc_type = 'sale' AND series = 'BVW'").next_number;
    const data = expectOk(await send('POST', uid, body));

    expect(Object.keys(data)).toEqual(['SERVICE_order_id', 'BOCP_order_id', 'notices', 'errors', 'received_payload', 'import_summary']);
    expect(data.BOCP_order_id).toBe(data.SERVICE_order_id);
    expect(data.errors).toEqual([]);
    expect(data.notices).toEqual([]);
    expect(data.received_payload).toEqual(body);
    expect(data.import_summary).toEqual({
      mode: 'create',
      bocp_order_id: data.SERVICE_order_id,
      items_received: 2,
      items_imported: 2,
      payments_received: 1,
      payments_registered: 1,
      payments_skipped_pending: 0,
      paid_amount_registered: total,
      payment_method_applied: 'card',
      item_field_aliases_used: [],
    });

    const o = orderRow(uid);
    expect(o).toMatchObject({
      id: data.SERVICE_order_id, company_id: 1, order_reference: `#${uid}`, order_date: '2026-11-17', order_status: 'processing',
      cancelled: 0, currency: 'RON', shipping_method: 'courier', cod_amount: 0, cod_currency: '', total_with_vat: total,
      paid_amount: total, created_ts: '2026-11-17 10:00:00', last_changed_ts: '2026-11-17 10:00:00', client_unique_id: body.client.client_unique_id,
    });
    expect(JSON.parse(o.received_payload)).toEqual(body);
    expect(all('SELECT line_no, type, code, item_quantity, product_id FROM connector_order_items WHERE order_id = ? ORDER BY line_no', o.id)).toEqual([
      { line_no: 1, type: 'product', code: p.code, item_quantity: 2, product_id: p.id },
      { line_no: 2, type: 'service', code: 'SHIPPING', item_quantity: 1, product_id: null },
    ]);

    // The client: a new contact with both addresses, the zip resolved from city and county.
    const contact = one('SELECT * FROM contacts WHERE id = ?', o.client_id);
    expect(contact).toMatchObject({ name: 'Ion Popescu', is_client: 1, is_company: 0, email: 'ion@example.ro', lastupdated: '2026-11-17 10:00:00' });
    expect(one('SELECT contact_id FROM connector_clients WHERE connector_id = 1 AND client_unique_id = ?', body.client.client_unique_id)).toEqual({ contact_id: contact.id });
    expect(o.invoice_address_id).toBe(o.delivery_address_id);
    expect(one('SELECT kind, city, zip, is_default, shipping_contact_name FROM contact_addresses WHERE id = ?', o.invoice_address_id)).toEqual({
      kind: 'both', city: 'Cluj-Napoca', zip: '400001', is_default: 1, shipping_contact_name: 'Ion Popescu',
    });

    // The sales receipt: BVW, the order's client, VAT per line, stock out of the workpoint.
    const [sale, ...others] = salesOf(o.id);
    expect(others).toEqual([]);
    expect(sale).toMatchObject({
      series: 'BVW', number: next, date: '2026-11-17', client_id: contact.id, client_name: 'Ion Popescu', workpoint_id: 1, currency: 'RON',
      exchange_rate: 1, cancelled: 0, added_by_api: 1, invoice_id: null, paid_amount: sale!.total_with_vat,
    });
    const lines = all('SELECT line_no, product_id, code, quantity, unit_price, vat_rate, value_without_vat, vat_value, value_with_vat FROM sale_items WHERE sale_id = ? ORDER BY line_no', sale!.id);
    const without = r2(2 * p.price);
    expect(lines[0]).toEqual({ line_no: 1, product_id: p.id, code: p.code, quantity: 2, unit_price: p.price, vat_rate: p.vat, value_without_vat: without, vat_value: r2((without * p.vat) / 100), value_with_vat: r2(without + r2((without * p.vat) / 100)) });
    expect(lines[1]).toMatchObject({ product_id: null, code: 'SHIPPING', quantity: 1, unit_price: 16.8, value_with_vat: 19.99 });
    expect(sale!.total_with_vat).toBe(r2(lines[0]!.value_with_vat + lines[1]!.value_with_vat));
    expect(stockOf(p.id)).toEqual({ quantity: stockBefore.quantity - 2, reserved: stockBefore.reserved });
    expect(one("SELECT next_number FROM document_series WHERE company_id = 1 AND doc_type = 'sale' AND series = 'BVW'").next_number).toBe(next + 1);

    // The payment: registered once, allocated to the sales receipt.
    const stored = one('SELECT * FROM connector_order_payments WHERE order_id = ?', o.id);
    expect(stored).toMatchObject({ payment_reference: 'ch_first', payment_status: 'confirmed', payment_amount: total, payment_date: '2026-11-17 09:30:00' });
    const erp = one('SELECT * FROM payments WHERE id = ?', stored.payment_id);
    expect(erp).toMatchObject({ source: 'connector_order', payment_type: 'card', amount: total, date: '2026-11-17', client_id: contact.id, added_by_api: 1 });
    expect(erp.allocation_status).toBe(total <= sale!.total_with_vat ? 'fully_allocated' : 'some_allocated');
    expect(all('SELECT doc_type, doc_id FROM payment_allocations WHERE payment_id = ?', erp.id)).toEqual([{ doc_type: 'sale', doc_id: sale!.id }]);

    // A product notification for the stock change; no status notification for the import.
    const pushes = all("SELECT connector_id, payload FROM webhook_outbox WHERE notification_type = 'product_update' AND json_extract(payload, '$.cod_produs') = ?", p.code);
    expect(pushes.map((r) => r.connector_id)).toContain(1);
    expect(count("SELECT count(*) FROM webhook_outbox WHERE notification_type = 'status'")).toBe(0);

    // The order list shows it with its sales receipt.
    const list = await rest<Row[]>('GET', `/connector/1/order/list/id:${o.id}/`);
    expect(list.body.data[0]).toMatchObject({ SERVICE_order_id: o.id, order_unique_id: uid, sales_receipts: [{ bv_id: sale!.id }] });
  });

  it('the same order three times: mode update, each payment reference recorded once', async () => {
    const uid = newUid();
    const body = order(uid);
    const total = totalOf(body);
    const half = r2(total / 2);
    body.payments = [payment('ch_a', half)];
    const p = prods[0]!;
    const stockBefore = stockOf(p.id);

    const first = expectOk(await send('POST', uid, body)).import_summary;
    expect(first).toMatchObject({ mode: 'create', payments_received: 1, payments_registered: 1, paid_amount_registered: half });
    const o = orderRow(uid);
    const erpOf = () => all('SELECT p.amount FROM connector_order_payments c JOIN payments p ON p.id = c.payment_id WHERE c.order_id = ? ORDER BY c.id', o.id);

    const second = expectOk(await send('POST', uid, body));
    expect(second.SERVICE_order_id).toBe(o.id);
    expect(second.import_summary).toMatchObject({ mode: 'update', bocp_order_id: o.id, payments_received: 1, payments_registered: 0, paid_amount_registered: 0, items_received: 2, items_imported: 2 });
    expect(count('SELECT count(*) FROM connector_order_payments WHERE order_id = ?', o.id)).toBe(1);
    expect(erpOf()).toEqual([{ amount: half }]);
    expect(salesOf(o.id)).toHaveLength(1);
    expect(stockOf(p.id).quantity).toBe(stockBefore.quantity - 2);

    body.payments = [payment('ch_a', half), payment('ch_b', r2(total - half))];
    const third = expectOk(await send('POST', uid, body)).import_summary;
    expect(third).toMatchObject({ mode: 'update', payments_received: 2, payments_registered: 1, paid_amount_registered: r2(total - half), payments_skipped_pending: 0 });
    expect(erpOf()).toEqual([{ amount: half }, { amount: r2(total - half) }]);
    expect(orderRow(uid).paid_amount).toBe(total);
    expect(salesOf(o.id)[0]!.paid_amount).toBe(Math.min(total, salesOf(o.id)[0]!.total_with_vat));
    expect(salesOf(o.id)).toHaveLength(1);
    expect(stockOf(p.id).quantity).toBe(stockBefore.quantity - 2);
    expect(count("SELECT count(*) FROM connector_order_imports WHERE order_id = ? AND method = 'POST'", o.id)).toBe(3);
  });

  it('pending payments are skipped until confirmed; refunded ones are stored, not registered', async () => {
    const uid = newUid();
    const body = order(uid);
    const total = totalOf(body);
    body.payments = [payment('OP-1', total, { payment_method: 'bank_transfer', payment_status: 'pending' })];
    const first = expectOk(await send('POST', uid, body)).import_summary;
    expect(first).toMatchObject({ payments_registered: 0, payments_skipped_pending: 1, paid_amount_registered: 0, payment_method_applied: 'bank_transfer' });
    const o = orderRow(uid);
    expect(o.paid_amount).toBe(0);
    expect(one('SELECT payment_id, payment_status FROM connector_order_payments WHERE order_id = ?', o.id)).toEqual({ payment_id: null, payment_status: 'pending' });

    // Confirmed later (PUT, same reference): registered then, once.
    const put = expectOk(await send('PUT', uid, { order_unique_id: uid, payments: [payment('OP-1', total, { payment_method: 'bank_transfer' })] }));
    expect(put.import_summary).toMatchObject({ mode: 'update', payments_registered: 1, payments_skipped_pending: 0, paid_amount_registered: total, items_received: 0, items_imported: 0 });
    const registered = one('SELECT payment_id, payment_status FROM connector_order_payments WHERE order_id = ?', o.id);
    expect(registered.payment_status).toBe('confirmed');
    expect(one('SELECT payment_type, source FROM payments WHERE id = ?', registered.payment_id)).toEqual({ payment_type: 'bank_transfer', source: 'connector_order' });
    expect(orderRow(uid).paid_amount).toBe(total);

    // A refunded payment: stored with the order, not registered.
    const refunded = expectOk(await send('PUT', uid, { order_unique_id: uid, payments: [payment('RF-1', 10, { payment_status: 'refunded' })] }));
    expect(refunded.import_summary).toMatchObject({ payments_registered: 0 });
    expect(refunded.notices).toContain('payments[0]: refunded; stored with the order, not registered');
    expect(one("SELECT payment_id, payment_status FROM connector_order_payments WHERE order_id = ? AND payment_reference = 'RF-1'", o.id)).toEqual({ payment_id: null, payment_status: 'refunded' });

    // A registered payment reported refunded: marked, the ERP payment stays; paid_amount counts confirmed ones only.
    const back = expectOk(await send('PUT', uid, { order_unique_id: uid, payments: [payment('OP-1', total, { payment_method: 'bank_transfer', payment_status: 'refunded' })] }));
    expect(back.notices.join('\n')).toMatch(/'OP-1' was registered \(incasare_id \d+\); it is marked refunded/);
    expect(one('SELECT count(*) AS n FROM payments WHERE id = ?', registered.payment_id)).toEqual({ n: 1 });
    expect(orderRow(uid).paid_amount).toBe(0);
  });

  it("a demo order resent with its own received_payload changes nothing but the order's last payload", async () => {
    const demo = one(
      `SELECT o.id, o.order_unique_id, o.received_payload FROM connector_orders o JOIN sales s ON s.connector_order_id = o.id
        WHERE o.connector_id = 1 AND o.cancelled = 0 AND s.invoice_id IS NOT NULL
          AND EXISTS (SELECT 1 FROM connector_order_payments c WHERE c.order_id = o.id AND c.payment_status = 'confirmed')
        ORDER BY o.id LIMIT 1`,
    );
    const payload = JSON.parse(demo.received_payload) as Body;
    const before = state();
    const items = all('SELECT * FROM connector_order_items WHERE order_id = ? ORDER BY id', demo.id);
    const data = expectOk(await send('POST', demo.order_unique_id, payload));
    expect(data.SERVICE_order_id).toBe(demo.id);
    expect(data.import_summary).toMatchObject({ mode: 'update', payments_registered: 0, paid_amount_registered: 0, items_received: payload.items.length, items_imported: payload.items.length });
    const after = state();
    expect({ ...after.counts, connector_order_imports: 0 }).toEqual({ ...before.counts, connector_order_imports: 0 });
    expect(after.counts.connector_order_imports).toBe((before.counts.connector_order_imports ?? 0) + 1);
    expect(after.stock).toEqual(before.stock);
    expect(all('SELECT * FROM connector_order_items WHERE order_id = ? ORDER BY id', demo.id)).toEqual(items);
  });

  it('an order in EUR: the sales receipt in EUR at the BNR rate of its date, the payment allocated', async () => {
    const uid = newUid();
    const body = order(uid, { order_currency_code: 'EUR', items: [{ type: 'product', code: prods[1]!.code, item_name: 'EUR', item_quantity: 1, item_price: 10, item_vat_percent: 19, item_price_with_vat: 11.9, line_value_with_vat: 11.9 }] });
    body.payments = [payment('pp-eur', 11.9, { payment_method: 'paypal', payment_currency: 'EUR' })];
    const data = expectOk(await send('POST', uid, body));
    expect(data.import_summary).toMatchObject({ payments_registered: 1, paid_amount_registered: 11.9, payment_method_applied: 'paypal' });
    const rate = one("SELECT rate FROM exchange_rates WHERE currency = 'EUR' AND date <= '2026-11-17' ORDER BY date DESC LIMIT 1").rate;
    const sale = salesOf(orderRow(uid).id)[0]!;
    expect(sale).toMatchObject({ currency: 'EUR', exchange_rate: rate, total_with_vat: 11.9, total_ron: r2(11.9 * rate), paid_amount: 11.9 });
    expect(one("SELECT p.payment_type, p.currency, p.exchange_rate, p.allocation_status FROM payments p JOIN connector_order_payments c ON c.payment_id = p.id WHERE c.payment_reference = 'pp-eur'")).toEqual({
      payment_type: 'modern_payment', currency: 'EUR', exchange_rate: rate, allocation_status: 'fully_allocated',
    });
  });

  it('a repeated payment reference within one payload is a 400', async () => {
    const uid = newUid();
    const body = order(uid, { payments: [payment('dup', 5), payment('dup', 6)] });
    await expectRefused('POST', uid, body, /^payments\[1\]\.payment_reference: 'dup' is repeated \(payments\[0\]\)/);
  });
});

describe('refusals: each names the field, and nothing is stored', () => {
  const cases: Array<[string, (b: Body) => void, RegExp]> = [
    ['order_status missing', (b) => delete b.order_status, /^order_status: required field is missing$/],
    ['client missing', (b) => delete b.client, /^client: required field is missing$/],
    ['client.name blank', (b) => (b.client.name = '  '), /^client\.name: must not be blank$/],
    ['invoice address city missing', (b) => delete b.client.invoice_address.city, /^client\.invoice_address\.city: required field is missing$/],
    ['delivery address street blank', (b) => (b.client.delivery_address.street = ' '), /^client\.delivery_address\.street: must not be blank$/],
    ['delivery address missing', (b) => delete b.client.delivery_address, /^client\.delivery_address: required field is missing$/],
    ['items missing', (b) => delete b.items, /^items: required field is missing$/],
    ['items empty', (b) => (b.items = []), /^items: /],
    ['item quantity missing', (b) => delete b.items[0].item_quantity, /^items\[0\]\.item_quantity: required field is missing$/],
    ['item quantity 0', (b) => (b.items[0].item_quantity = 0), /^items\[0\]\.item_quantity: /],
    ['item type unknown', (b) => (b.items[0].type = 'gift'), /^items\[0\]\.type: must be one of product, discount, service$/],
    ['order_unique_id differs from the path', (b) => (b.order_unique_id = 'OTHER'), /^order_unique_id: 'OTHER' differs from the \{order_id\} path segment/],
    ['currency not of the account', (b) => (b.order_currency_code = 'GBP'), /^order_currency_code: 'GBP' is not a currency of the account \(one of EUR, RON, USD\)$/],
    ['currency not an ISO code', (b) => (b.order_currency_code = 'ron'), /^order_currency_code: must be an ISO 4217 code/],
    ['shipping method', (b) => (b.shipping_method = 'drone'), /^shipping_method: must be one of courier, post, personal_pickup, other$/],
    ['unknown product code', (b) => (b.items[0].code = 'NO-SUCH-CODE'), /^items\[0\]\.code: 'NO-SUCH-CODE' is not a product of the catalogue/],
    ['deleted product', (b) => (b.items[0].code = one('SELECT cod_produs FROM products WHERE company_id = 1 AND deleted = 1 LIMIT 1').cod_produs), /^items\[0\]\.code: product '.*' is deleted$/],
    ['product with a negative price', (b) => Object.assign(b.items[0], { item_price: -1, item_price_with_vat: -1.19, line_value_with_vat: -2.38, item_vat_percent: 19 }), /^items\[0\]\.item_price: a product line takes no negative price/],
    ['discount with a positive price', (b) => b.items.push({ type: 'discount', code: 'DISCOUNT', item_name: 'Cupon', item_quantity: 1, item_price: 5, item_vat_percent: 19, item_price_with_vat: 5.95, line_value_with_vat: 5.95 }), /^items\[2\]\.item_price: a discount line has a negative price/],
    ['discount with another code', (b) => b.items.push({ type: 'discount', code: 'COUPON', item_name: 'Cupon', item_quantity: 1, item_price: -5, item_vat_percent: 19, item_price_with_vat: -5.95, line_value_with_vat: -5.95 }), /^items\[2\]\.code: a discount line has the code DISCOUNT, not 'COUPON'$/],
    ['service with another code', (b) => (b.items[1].code = 'TRANSPORT'), /^items\[1\]\.code: a service line has the code SHIPPING .* or SERVICE .*, not 'TRANSPORT'$/],
    ['line value beyond the tolerance', (b) => (b.items[0].line_value_with_vat = r2(b.items[0].line_value_with_vat + 0.03)), /^items\[0\]\.line_value_with_vat: .* differs from item_quantity x item_price_with_vat = 2 x .* by more than 0\.02/],
    ['price with VAT beyond the tolerance', (b) => (b.items[1].item_price_with_vat = 20.01), /^items\[1\]\.item_price_with_vat: 20\.01 differs from item_price x \(1 \+ item_vat_percent \/ 100\)/],
    ['discount rule values that disagree', (b) => Object.assign(b.items[0], { discounted_price_with_vat: r2(b.items[0].item_price_with_vat - 10), line_discount_value_with_vat: 5 }), /^items\[0\]\.line_discount_value_with_vat: 5 differs from item_quantity x \(item_price_with_vat - discounted_price_with_vat\)/],
    ['payment method', (b) => (b.payments = [payment('x', 1, { payment_method: 'cash' })]), /^payments\[0\]\.payment_method: must be one of bank_transfer, card, paypal, credit$/],
    ['payment status', (b) => (b.payments = [payment('x', 1, { payment_status: 'paid' })]), /^payments\[0\]\.payment_status: must be one of confirmed, pending, refunded$/],
    ['payment date', (b) => (b.payments = [payment('x', 1, { payment_date: '2026-13-01 10:00:00' })]), /^payments\[0\]\.payment_date: '2026-13-01 10:00:00' is not a real date and time$/],
    ['payment date without time', (b) => (b.payments = [payment('x', 1, { payment_date: '2026-11-01' })]), /^payments\[0\]\.payment_date: must be a date-time/],
    ['payment amount 0', (b) => (b.payments = [payment('x', 0)]), /^payments\[0\]\.payment_amount: /],
    ['payment amount with 3 decimals', (b) => (b.payments = [payment('x', 10.005)]), /^payments\[0\]\.payment_amount: must have at most two decimals/],
    ['payment currency not of the account', (b) => (b.payments = [payment('x', 1, { payment_currency: 'GBP' })]), /^payments\[0\]\.payment_currency: 'GBP' is not a currency of the account/],
    ['payment reference missing', (b) => (b.payments = [payment('x', 1, { payment_reference: undefined })]), /^payments\[0\]\.payment_reference: required field is missing$/],
    ['an alias next to its field', (b) => (b.items[0].sku = b.items[0].code), /^items\[0\]\.sku: alias of code, which the item also carries/],
    ['two aliases of one field', (b) => { b.items[0].qty = 2; b.items[0].quantity = 2; delete b.items[0].item_quantity; }, /^items\[0\]\.quantity: alias of item_quantity, like qty in the same item/],
    ['client_unique_id not an integer', (b) => (b.client.client_unique_id = 'abc'), /^client\.client_unique_id: must be integer or null$/],
    ['order_cancelled 2', (b) => (b.order_cancelled = 2), /^order_cancelled: /],
    ['negative cod_amount', (b) => (b.cod_amount = -1), /^cod_amount: /],
    ['cod currency not of the account', (b) => Object.assign(b, { cod_amount: 10, cod_currency: 'HUF' }), /^cod_currency: 'HUF' is not a currency of the account/],
    ['order_date not a calendar date', (b) => (b.order_date = '2026-02-30'), /^order_date: '2026-02-30' is not a calendar date$/],
  ];
  it.each(cases)('%s', async (_name, change, pattern) => {
    const uid = newUid();
    const body = order(uid);
    change(body);
    const data = await expectRefused('POST', uid, body, pattern);
    expect(data.SERVICE_order_id).toBeNull();
  });

  it('a body that is not an object is a 400 naming it; another content type is a 415', async () => {
    const uid = newUid();
    await expectRefused('POST', uid, [1, 2], /^body: must be a JSON object/);
    const before = state();
    const plain = await send('POST', uid, 'order', 1, 'text/plain');
    expect(plain.status).toBe(415);
    expect(plain.body.is_error).toBe(true);
    expect(state()).toEqual(before);
  });

  it('every fatal problem is reported at once', async () => {
    const uid = newUid();
    const body = order(uid, { order_currency_code: 'GBP' });
    body.items[0].code = 'NOPE';
    body.payments = [payment('r', 1), payment('r', 1)];
    const before = state();
    const answer = await send('POST', uid, body);
    expect(answer.status).toBe(400);
    // Shape errors first; the account checks follow once the shape is right.
    expect(answer.body.data.errors).toEqual([expect.stringMatching(/^payments\[1\]\.payment_reference/)]);
    body.payments = [];
    const second = await send('POST', uid, body);
    expect(second.body.data.errors).toEqual([
      expect.stringMatching(/^order_currency_code: 'GBP'/),
      expect.stringMatching(/^items\[0\]\.code: 'NOPE'/),
    ]);
    expect(state()).toEqual(before);
  });
});

describe('tolerances, aliases, unknown fields, discounts', () => {
  it('line_value_with_vat within 0.01 per unit of quantity and item_price_with_vat within 0.01 are accepted', async () => {
    const uid = newUid();
    const body = order(uid, { items: [item(prods[1]!, 3), shippingLine()] });
    body.items[0].line_value_with_vat = r2(body.items[0].line_value_with_vat + 0.03);
    body.items[1].item_price_with_vat = 20.0;
    body.items[1].line_value_with_vat = 20.0;
    expectOk(await send('POST', uid, body));
    const refused = order(newUid(), { items: [item(prods[1]!, 3)] });
    refused.items[0].line_value_with_vat = r2(refused.items[0].line_value_with_vat - 0.04);
    await expectRefused('POST', refused.order_unique_id, refused, /^items\[0\]\.line_value_with_vat: .* by more than 0\.03/);
  });

  it('reads item fields under their aliases and reports them; unknown fields and nulls are ignored with notices', async () => {
    const uid = newUid();
    const p = prods[2]!;
    const body = order(uid, {
      channel: 'web',
      items: [
        { type: 'product', sku: p.code, name: 'Produs alias', qty: 2, price: p.price, vat: p.vat, price_with_vat: p.pwv, total: r2(2 * p.pwv), comments: 'cadou', colour: 'red', ean: null },
        { ...shippingLine(), quantity: 1, item_quantity: undefined },
      ],
    });
    body.client.fax = '021';
    body.client.vat_id = null;
    const data = expectOk(await send('POST', uid, JSON.parse(JSON.stringify(body))));
    expect(data.import_summary.item_field_aliases_used).toEqual([
      'sku -> code', 'name -> item_name', 'qty -> item_quantity', 'price -> item_price', 'vat -> item_vat_percent',
      'price_with_vat -> item_price_with_vat', 'total -> line_value_with_vat', 'comments -> item_comments', 'quantity -> item_quantity',
    ]);
    expect(data.import_summary).toMatchObject({ items_received: 2, items_imported: 2 });
    expect(data.notices.filter((n: string) => !n.startsWith("the sales receipt's total"))).toEqual([
      'client.fax: unknown field, ignored',
      'items[0].colour: unknown field, ignored',
      'channel: unknown field, ignored',
    ]);
    const o = orderRow(uid);
    expect(all('SELECT code, item_name, item_quantity, item_price, item_comments, ean FROM connector_order_items WHERE order_id = ? ORDER BY line_no', o.id)[0]).toEqual({
      code: p.code, item_name: 'Produs alias', item_quantity: 2, item_price: p.price, item_comments: 'cadou', ean: '',
    });
  });

  it('a line discount is applied when discounted_price_with_vat is below item_price_with_vat and line_discount_value_with_vat > 0', async () => {
    const uid = newUid();
    const p = prods[3]!;
    const discounted = r2(p.pwv - 1.19);
    const line = item(p, 2, { discounted_price_with_vat: discounted, line_discount_value_with_vat: 2.38 });
    const coupon = { type: 'discount', code: 'DISCOUNT', item_name: 'Cupon DEMO', item_quantity: 1, item_price: -10, item_vat_percent: 19, item_price_with_vat: -11.9, line_value_with_vat: -11.9 };
    const body = order(uid, { items: [line, coupon, item(prods[4]!, 1, { discounted_price_with_vat: r2(prods[4]!.pwv - 1), line_discount_value_with_vat: 0 })] });
    const data = expectOk(await send('POST', uid, body));
    expect(data.notices).toContain('items[2].discounted_price_with_vat: not applied, line_discount_value_with_vat is not greater than 0');
    const o = orderRow(uid);
    expect(o.total_with_vat).toBe(r2(line.line_value_with_vat - 2.38 - 11.9 + r2(prods[4]!.pwv)));
    const lines = all('SELECT code, product_id, quantity, unit_price, vat_rate, value_with_vat FROM sale_items WHERE sale_id = ? ORDER BY line_no', salesOf(o.id)[0]!.id);
    expect(lines.map((l) => l.code)).toEqual([p.code, 'DISCOUNT', 'DISCOUNT', prods[4]!.code]);
    expect(lines[1]).toEqual({ code: 'DISCOUNT', product_id: null, quantity: 1, unit_price: -r2(2.38 / (1 + p.vat / 100)), vat_rate: p.vat, value_with_vat: expect.closeTo(-2.38, 1) });
    expect(Math.abs(lines[1]!.value_with_vat + 2.38)).toBeLessThanOrEqual(0.011);
    expect(lines[2]).toMatchObject({ product_id: null, quantity: 1, unit_price: -10, value_with_vat: -11.9 });
  });
});

describe('clients', () => {
  it('a returning client is recognised by client_unique_id, then by vat_id, and updated', async () => {
    const first = order(newUid());
    expectOk(await send('POST', first.order_unique_id, first));
    const contactId = orderRow(first.order_unique_id).client_id;

    clock.t = new Date('2026-11-17T08:05:00Z');
    const again = order(newUid(), {
      client: client({ client_unique_id: first.client.client_unique_id, name: 'Ion Popescu-Ionescu', email: 'ion@nou.ro', phone: '', delivery_address: { ...address({ city: 'Brasov', county: 'Brasov', street: 'Strada Lunga' }) } }),
    });
    const data = expectOk(await send('POST', again.order_unique_id, again));
    expect(data.notices).toEqual([]);
    const o = orderRow(again.order_unique_id);
    expect(o.client_id).toBe(contactId);
    expect(one('SELECT name, email, phone, lastupdated FROM contacts WHERE id = ?', contactId)).toEqual({
      name: 'Ion Popescu-Ionescu', email: 'ion@nou.ro', phone: '0722000000', lastupdated: '2026-11-17 10:05:00',
    });
    expect(one('SELECT kind, city, zip FROM contact_addresses WHERE id = ?', o.delivery_address_id)).toEqual({ kind: 'delivery', city: 'Brasov', zip: '500001' });
    expect(o.invoice_address_id).toBe(orderRow(first.order_unique_id).invoice_address_id);
    expect(count('SELECT count(*) FROM contact_addresses WHERE contact_id = ?', contactId)).toBe(2);

    // By vat_id (with or without RO): an existing contact of the account, made a client when it was not.
    const company = one("SELECT id, cui, reg_com, name FROM contacts WHERE company_id = 1 AND deleted = 0 AND is_client = 0 AND cui LIKE 'RO%' LIMIT 1");
    const byVat = order(newUid(), { client: client({ client_unique_id: null, vat_id: company.cui.slice(2), name: company.name, phone: '0211234567' }) });
    expectOk(await send('POST', byVat.order_unique_id, byVat));
    expect(orderRow(byVat.order_unique_id).client_id).toBe(company.id);
    expect(one('SELECT is_client, phone, cui FROM contacts WHERE id = ?', company.id)).toEqual({ is_client: 1, phone: '0211234567', cui: company.cui });

    // Neither: a new contact (a company when it has a trade register number).
    const fresh = order(newUid(), { client: client({ name: 'Firma Noua Web SRL', vat_id: 'RO99999991', registration_number: 'J12/1/2026' }) });
    expectOk(await send('POST', fresh.order_unique_id, fresh));
    expect(one('SELECT is_company, is_client, vat_payer, cui, reg_com FROM contacts WHERE id = ?', orderRow(fresh.order_unique_id).client_id)).toEqual({
      is_company: 1, is_client: 1, vat_payer: 1, cui: 'RO99999991', reg_com: 'J12/1/2026',
    });
  });

  it('zip: Bucharest sectors and diacritics are resolved; an unknown place is a notice, not an error', async () => {
    const body = order(newUid(), {
      client: client({
        invoice_address: address({ city: 'București, Sectorul 2', county: 'Municipiul București', street: 'Soseaua Pantelimon', number: '3' }),
        delivery_address: address({ city: 'Satu Nou', county: 'Cluj', street: 'Strada Mare' }),
      }),
    });
    const data = expectOk(await send('POST', body.order_unique_id, body));
    expect(data.notices).toEqual([
      "client.delivery_address.zip: blank and not found in the postcode table for city 'Satu Nou', county 'Cluj'; left blank",
    ]);
    const o = orderRow(body.order_unique_id);
    expect(one('SELECT zip FROM contact_addresses WHERE id = ?', o.invoice_address_id)).toEqual({ zip: '021591' });
    expect(one('SELECT zip FROM contact_addresses WHERE id = ?', o.delivery_address_id)).toEqual({ zip: '' });
  });
});

describe('PUT', () => {
  beforeEach(() => {
    clock.t = new Date('2026-11-17T08:10:00Z');
  });

  it('404 for an unknown order; only order_unique_id is required and must equal the path', async () => {
    const before = state();
    const missing = await send('PUT', 'NO-SUCH-ORDER', { order_unique_id: 'NO-SUCH-ORDER', order_status: 'x' });
    expect(missing.status).toBe(404);
    expect(state()).toEqual(before);
    const body = order(newUid());
    expectOk(await send('POST', body.order_unique_id, body));
    const data = await expectRefused('PUT', body.order_unique_id, { order_status: 'shipped' }, /^order_unique_id: required field is missing$/);
    expect(data.SERVICE_order_id).toBe(orderRow(body.order_unique_id).id);
    await expectRefused('PUT', body.order_unique_id, { order_unique_id: 'X', order_status: 'shipped' }, /^order_unique_id: 'X' differs/);
  });

  it('order_status alone changes the status; order_updated_at becomes last_changed_ts; the payload is the last one', async () => {
    const body = order(newUid());
    expectOk(await send('POST', body.order_unique_id, body));
    const before = orderRow(body.order_unique_id);
    const items = all('SELECT * FROM connector_order_items WHERE order_id = ?', before.id);
    const put = { order_unique_id: body.order_unique_id, order_status: 'shipped', order_updated_at: '2026-11-17T09:05:00+02:00' };
    const data = expectOk(await send('PUT', body.order_unique_id, put));
    expect(data.import_summary).toMatchObject({ mode: 'update', items_received: 0, items_imported: 0, payments_received: 0 });
    const after = orderRow(body.order_unique_id);
    expect(after).toMatchObject({ ...before, order_status: 'shipped', order_updated_at: '2026-11-17 09:05:00', last_changed_ts: '2026-11-17 09:05:00', received_payload: JSON.stringify(put) });
    expect(all('SELECT * FROM connector_order_items WHERE order_id = ?', before.id)).toEqual(items);
    // A time later than now is not taken.
    const later = expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, order_updated_at: '2030-01-01 00:00:00' }));
    expect(later.notices).toEqual(['order_updated_at: 2030-01-01 00:00:00 is later than now (2026-11-17 10:10:00); last_changed_ts is now']);
    expect(orderRow(body.order_unique_id).last_changed_ts).toBe('2026-11-17 10:10:00');
  });

  it('items replace every line: the order lines, the sales receipt lines and the stock follow', async () => {
    const [a, b, c] = [prods[0]!, prods[1]!, prods[2]!];
    const body = order(newUid(), { items: [item(a, 2), item(b, 1)] });
    expectOk(await send('POST', body.order_unique_id, body));
    const o = orderRow(body.order_unique_id);
    const sale = salesOf(o.id)[0]!;
    const [sa, sb, sc] = [stockOf(a.id), stockOf(b.id), stockOf(c.id)];
    const items = [item(b, 3), item(c, 1)];
    const data = expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, items }));
    expect(data.import_summary).toMatchObject({ items_received: 2, items_imported: 2 });
    expect(all('SELECT line_no, code, item_quantity FROM connector_order_items WHERE order_id = ? ORDER BY line_no', o.id)).toEqual([
      { line_no: 1, code: b.code, item_quantity: 3 },
      { line_no: 2, code: c.code, item_quantity: 1 },
    ]);
    expect(all('SELECT code, quantity FROM sale_items WHERE sale_id = ? ORDER BY line_no', sale.id)).toEqual([{ code: b.code, quantity: 3 }, { code: c.code, quantity: 1 }]);
    expect(salesOf(o.id)).toHaveLength(1);
    const newSale = salesOf(o.id)[0]!;
    expect(newSale.total_with_vat).toBe(r2(all('SELECT value_with_vat FROM sale_items WHERE sale_id = ?', sale.id).reduce((s, l) => s + l.value_with_vat, 0)));
    expect(newSale.last_changed_ts).toBe('2026-11-17 10:10:00');
    expect(orderRow(body.order_unique_id).total_with_vat).toBe(r2(items[0]!.line_value_with_vat + items[1]!.line_value_with_vat));
    expect([stockOf(a.id).quantity, stockOf(b.id).quantity, stockOf(c.id).quantity]).toEqual([sa.quantity + 2, sb.quantity - 2, sc.quantity - 1]);
  });

  it('client updates the order\'s client', async () => {
    const body = order(newUid());
    expectOk(await send('POST', body.order_unique_id, body));
    const o = orderRow(body.order_unique_id);
    expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, client: { email: 'nou@example.ro' } }));
    expect(one('SELECT email, name FROM contacts WHERE id = ?', o.client_id)).toEqual({ email: 'nou@example.ro', name: 'Ion Popescu' });
    expect(orderRow(body.order_unique_id).client_id).toBe(o.client_id);
    await expectRefused('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, client: { delivery_address: { city: 'Cluj-Napoca' } } }, /^client\.delivery_address\.county: required field is missing$/);
  });

  it('order_cancelled 1 cancels the order and its sales receipt (stock back); keep_documents keeps them', async () => {
    const p = prods[5]!;
    const body = order(newUid(), { items: [item(p, 4)] });
    const start = stockOf(p.id).quantity;
    expectOk(await send('POST', body.order_unique_id, body));
    const o = orderRow(body.order_unique_id);
    expect(stockOf(p.id).quantity).toBe(start - 4);
    const data = expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, order_cancelled: 1 }));
    expect(data.notices).toEqual([]);
    expect(orderRow(body.order_unique_id).cancelled).toBe(1);
    expect(salesOf(o.id).map((s) => [s.cancelled, s.last_changed_ts])).toEqual([[1, '2026-11-17 10:10:00']]);
    expect(stockOf(p.id).quantity).toBe(start);
    const list = await rest<Row[]>('GET', `/connector/1/order/list/id:${o.id}/skipcancelled:1/`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);

    setting(1, 'order_processing', 'cancel_action', 'keep_documents');
    try {
      const kept = order(newUid(), { items: [item(p, 1)] });
      expectOk(await send('POST', kept.order_unique_id, kept));
      expectOk(await send('PUT', kept.order_unique_id, { order_unique_id: kept.order_unique_id, order_cancelled: 1, order_status: 'cancelled' }));
      const k = orderRow(kept.order_unique_id);
      expect([k.cancelled, k.order_status]).toEqual([1, 'cancelled']);
      expect(salesOf(k.id).map((s) => s.cancelled)).toEqual([0]);
      expect(stockOf(p.id).quantity).toBe(start - 1);
    } finally {
      demo.db.prepare("DELETE FROM connector_settings WHERE connector_id = 1 AND grp = 'order_processing' AND key = 'cancel_action'").run();
    }
  });

  it('an invoiced sales receipt: its lines cannot change (400); cancelling leaves the invoice', async () => {
    setting(1, 'invoicing', 'auto_issue', 'on_import');
    setting(1, 'invoicing', 'only_if_paid', false);
    try {
      const body = order(newUid());
      expectOk(await send('POST', body.order_unique_id, body));
      const o = orderRow(body.order_unique_id);
      const sale = salesOf(o.id)[0]!;
      expect(sale.invoice_id).not.toBeNull();
      await expectRefused('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, items: [item(prods[1]!, 1)] }, /^items: the order's sales receipt BVW \d+ \(bv_id \d+\) is invoiced \(WEB \d+\)/);
      // The same lines again are not a change.
      expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, items: body.items }));
      const data = expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, order_cancelled: 1 }));
      expect(data.notices.join('\n')).toMatch(/^order cancelled: invoice WEB \d+ is a fiscal document and is not cancelled/);
      expect(salesOf(o.id)[0]!.cancelled).toBe(0);
      expect(one('SELECT cancelled FROM invoices WHERE id = ?', sale.invoice_id)).toEqual({ cancelled: 0 });
    } finally {
      setting(1, 'invoicing', 'auto_issue', 'off');
    }
  });
});

describe('connectors', () => {
  it('an inactive connector refuses orders (400); a deleted or unknown one is a 404; a bound key reaches only its connector', async () => {
    const body = order(newUid());
    await expectRefused('POST', body.order_unique_id, body, /^connector 3 is not active: it takes no orders$/, 3);
    for (const id of [4, 99]) {
      const before = state();
      expect((await send('POST', body.order_unique_id, body, id)).status).toBe(404);
      expect(state()).toEqual(before);
    }
    const bound = await demo.h.apiUser({ connector_id: 2 });
    const answer = await demo.h.rest('POST', `/1/connector/1/order/${body.order_unique_id}/`, bound, bodyInit(body));
    expect(answer.status).toBe(401);
  });
});

describe('review fixes', () => {
  it('an order whose discounts exceed its goods is refused: no negative documents', async () => {
    const before = demo.db.prepare('SELECT count(*) FROM connector_orders').pluck().get();
    const answer = await send('POST', 'NEG-1', order('NEG-1', {
      items: [item(prods[0]!, 1), { type: 'discount', code: 'DISCOUNT', item_name: 'Reducere', item_quantity: 1, item_price: -1000, item_vat_percent: 19, item_price_with_vat: -1190, line_value_with_vat: -1190 }],
    }));
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body.data)).toMatch(/must be above 0/);
    expect(demo.db.prepare('SELECT count(*) FROM connector_orders').pluck().get()).toBe(before);
  });

  it('cancelling does not open a way round the fixed lines of kept or invoiced documents', async () => {
    setting(1, 'order_processing', 'cancel_action', 'keep_documents');
    try {
      const uid = newUid();
      expectOk(await send('POST', uid, order(uid)));
      const changed = await send('PUT', uid, { order_unique_id: uid, order_cancelled: 1, items: [item(prods[1]!, 5)] });
      expect(changed.status).toBe(400);
      expect(JSON.stringify(changed.body.data)).toMatch(/cannot change/);
    } finally {
      setting(1, 'order_processing', 'cancel_action', 'cancel_documents');
    }
  });

  it('a PUT with part of the client block when the order\'s contact is gone is a 400, not a 500', async () => {
    const uid = newUid();
    const created = expectOk(await send('POST', uid, order(uid)));
    demo.db.prepare('UPDATE contacts SET deleted = 1 WHERE id = (SELECT client_id FROM connector_orders WHERE id = ?)').run(created.SERVICE_order_id);
    const answer = await send('PUT', uid, { order_unique_id: uid, client: { email: 'new@example.ro' } });
    expect(answer.status).toBe(400);
    expect(answer.body.messages.join(' ')).toMatch(/client\.name/);
  });

  it('a payment reference with spaces around it is refused (a resend must not look new)', async () => {
    const uid = newUid();
    const answer = await send('POST', uid, order(uid, { payments: [payment(' REF-1 ', 10)] }));
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body.data)).toMatch(/payment_reference: must not begin or end with spaces/);
  });

  it('the order list of a deleted connector is a 404', async () => {
    expect((await rest('GET', '/connector/4/order/list/')).status).toBe(404);
  });
});

describe('document totals', () => {
  it('the sales receipt totals exactly what the order totals (lines built from the gross line values)', async () => {
    const uid = newUid();
    // from item_price the receipt would total round2(1115.6 x 1.21) = 1349.88, not what the customer paid
    const line = item(prods[2]!, 10, { item_price: 111.56, item_vat_percent: 21, item_price_with_vat: 134.99, line_value_with_vat: 1349.9 });
    const created = expectOk(await send('POST', uid, order(uid, { items: [line], payments: [payment(`${uid}-P`, 1349.9)] })));
    const sale = demo.db
      .prepare('SELECT total_with_vat, paid_amount FROM sales WHERE connector_order_id = ? AND cancelled = 0')
      .get(created.SERVICE_order_id) as { total_with_vat: number; paid_amount: number };
    expect(sale.total_with_vat).toBe(1349.9);
    expect(sale.paid_amount).toBe(1349.9);
  });
});
