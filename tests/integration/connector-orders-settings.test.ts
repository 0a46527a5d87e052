import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectOk, orderableProducts, payment, r2, useOrderDemo, type Body, type Row } from './orders.ts';

// What a connector order creates, per the connector's settings (changed directly in the SQLite
// file): sales receipt or reservation, invoicing party, invoice, proforma, AWB, document dates,
// the repeated-order block, and the notifications in the outbox.

/** Tuesday 2026-11-17 10:00 Europe/Bucharest unless a test moves it. */
const TUESDAY_10 = new Date('2026-11-17T08:00:00Z');
const clock = { t: TUESDAY_10, now() { return this.t; } };

interface Prod { id: number; code: string; price: number; vat: number; pwv: number; weight: number }
let prods: Prod[];
let seq = 0;

const { demo, one, all, count, send } = useOrderDemo(clock);

beforeAll(() => {
  prods = orderableProducts<Omit<Prod, 'pwv'>>(all, {
    column: 'p.weight_kg AS weight',
    join: 'JOIN stock s2 ON s2.product_id = p.id AND s2.workpoint_id = 2',
    where: 's2.quantity >= 5',
    limit: 4,
  });
});

const BASE: Record<string, unknown> = {
  'order_processing.confirmation_method': 'automatic',
  'order_processing.workpoint_id': 1,
  'order_processing.action_on_import': 'create_sale',
  'order_processing.next_day_hour': 16,
  'order_processing.skipped_weekdays': [6, 0],
  'order_processing.cancel_action': 'cancel_documents',
  'order_processing.ignored_statuses': [],
  'order_processing.repeated_order_block_threshold': 0,
  'invoicing.series': 'WEB',
  'invoicing.auto_issue': 'off',
  'invoicing.require_stock': true,
  'invoicing.excluded_payment_methods': [],
  'invoicing.only_if_paid': true,
  'proforma.series': 'PFW',
  'proforma.trigger_payment_methods': [],
  'proforma.trigger_status': 'new',
  'awb.auto_issue': 'off',
  'awb.require_stock': true,
  'awb.latest_issue_hour': 15,
  'awb.skipped_weekdays': [0],
  'awb.default_courier': 'fan',
};

/** The connector's own settings: BASE with `over`, every other value from the account defaults. */
function configure(connectorId: number, over: Record<string, unknown> = {}): void {
  demo.db.prepare('DELETE FROM connector_settings WHERE company_id = 1 AND connector_id = ?').run(connectorId);
  const insert = demo.db.prepare('INSERT INTO connector_settings (company_id, connector_id, grp, key, value) VALUES (1, ?, ?, ?, ?)');
  for (const [name, value] of Object.entries({ ...BASE, ...over })) {
    const [grp, key] = name.split('.') as [string, string];
    insert.run(connectorId, grp, key, JSON.stringify(value));
  }
}

beforeEach(() => {
  clock.t = TUESDAY_10;
  configure(1);
  configure(2);
});

const address = (over: Body = {}) => ({ city: 'Cluj-Napoca', county: 'Cluj', country: 'Romania', street: 'Strada Memorandumului', number: '28', zip: '400001', ...over });
const item = (p: Prod, qty: number) => ({
  type: 'product', code: p.code, item_name: `Produs ${p.code}`, item_quantity: qty, item_price: p.price, item_vat_percent: p.vat,
  item_price_with_vat: p.pwv, line_value_with_vat: r2(qty * p.pwv),
});
function order(over: Body = {}): Body {
  const uid = `S-${++seq}`;
  return {
    order_unique_id: uid,
    order_status: 'processing',
    order_currency_code: 'RON',
    shipping_method: 'courier',
    client: {
      name: 'Maria Ionescu',
      email: 'maria@example.ro',
      client_unique_id: 800000 + seq,
      invoice_address: address(),
      delivery_address: { ...address(), shipping_contact_name: 'Maria Ionescu', shipping_contact_phone: '0733000000' },
    },
    items: [item(prods[0]!, 2)],
    ...over,
  };
}
const paid = (body: Body, method = 'card'): Body => ({
  ...body,
  payments: [payment(`ref-${body.order_unique_id}`, r2(body.items.reduce((s: number, i: Body) => s + i.line_value_with_vat, 0)), { payment_method: method })],
});

const orderRow = (uid: string, connectorId = 1) => one('SELECT * FROM connector_orders WHERE connector_id = ? AND order_unique_id = ?', connectorId, uid);
const saleOf = (orderId: number) => one('SELECT * FROM sales WHERE connector_order_id = ? AND cancelled = 0', orderId);
const stockOf = (productId: number, workpointId = 1) => one('SELECT quantity, reserved FROM stock WHERE product_id = ? AND workpoint_id = ?', productId, workpointId);
const outbox = (type: string, uid: string) =>
  all("SELECT connector_id, payload FROM webhook_outbox WHERE notification_type = ? AND json_extract(payload, '$.order_unique_id') = ? ORDER BY id", type, uid).map(
    (r) => ({ connector_id: r.connector_id as number, ...(JSON.parse(r.payload) as Row) }),
  );
const TABLES = ['connector_orders', 'connector_order_items', 'connector_order_payments', 'connector_order_imports', 'sales', 'invoices', 'proformas', 'payments', 'awbs', 'webhook_outbox', 'contacts'];
const state = () => ({
  counts: TABLES.map((t) => count(`SELECT count(*) FROM ${t}`)),
  stock: one('SELECT total(quantity) AS q, total(reserved) AS r FROM stock'),
  orders: all('SELECT id, last_changed_ts, received_payload FROM connector_orders ORDER BY id'),
});

describe('who is invoiced', () => {
  it('an eCommerce connector invoices the order\'s client; a dropship connector its dropshipper contact', async () => {
    const settings = { 'invoicing.auto_issue': 'on_import', 'invoicing.only_if_paid': false };
    configure(1, settings);
    configure(2, settings);
    const shop = order();
    expectOk(await send('POST', shop.order_unique_id, shop, 1));
    const o1 = orderRow(shop.order_unique_id, 1);
    const s1 = saleOf(o1.id);
    expect(s1.client_id).toBe(o1.client_id);
    expect(one('SELECT client_id, client_name FROM invoices WHERE id = ?', s1.invoice_id)).toEqual({ client_id: o1.client_id, client_name: 'Maria Ionescu' });

    // The request cannot say which kind of connector it is: the connectors table does.
    const drop: Body = { ...order(), connector_type: 'ecommerce' };
    const data = expectOk(await send('POST', drop.order_unique_id, drop, 2));
    expect(data.notices).toContain('connector_type: unknown field, ignored');
    const o2 = orderRow(drop.order_unique_id, 2);
    const dropshipper = one('SELECT c.id, c.name, c.cui FROM connectors k JOIN contacts c ON c.id = k.dropshipper_contact_id WHERE k.id = 2');
    const s2 = saleOf(o2.id);
    expect(one('SELECT name FROM contacts WHERE id = ?', o2.client_id)).toEqual({ name: 'Maria Ionescu' });
    expect([s2.client_id, s2.client_name, s2.client_cui]).toEqual([dropshipper.id, dropshipper.name, dropshipper.cui]);
    expect(one('SELECT client_id, due_date FROM invoices WHERE id = ?', s2.invoice_id)).toEqual({ client_id: dropshipper.id, due_date: '2026-12-17' });
    expect(s2.mentions).toBe(`Comanda dropshipping ${drop.order_unique_id}`);
    expect(outbox('invoice', drop.order_unique_id).map((n) => n.connector_id)).toEqual([2]);
  });
});

describe('order_processing.action_on_import', () => {
  it('reserve_stock reserves the product lines (no sales receipt); replaced items and cancellation move the reservation', async () => {
    configure(1, { 'order_processing.action_on_import': 'reserve_stock' });
    const [a, b] = [prods[0]!, prods[1]!];
    const body = paid(order({ items: [item(a, 2), item(a, 1)] }));
    const [sa, sb] = [stockOf(a.id), stockOf(b.id)];
    const data = expectOk(await send('POST', body.order_unique_id, body));
    expect(data.import_summary).toMatchObject({ payments_registered: 1 });
    const o = orderRow(body.order_unique_id);
    expect(o.reserved_workpoint_id).toBe(1);
    expect(count('SELECT count(*) FROM sales WHERE connector_order_id = ?', o.id)).toBe(0);
    expect(stockOf(a.id)).toEqual({ quantity: sa.quantity, reserved: sa.reserved + 3 });
    // The confirmed payment is registered without a sales receipt to allocate it to.
    const erp = one('SELECT p.allocation_status, p.allocated_amount FROM connector_order_payments c JOIN payments p ON p.id = c.payment_id WHERE c.order_id = ?', o.id);
    expect(erp).toEqual({ allocation_status: 'not_allocated', allocated_amount: 0 });

    expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, items: [item(b, 4)] }));
    expect([stockOf(a.id).reserved, stockOf(b.id).reserved]).toEqual([sa.reserved, sb.reserved + 4]);
    expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, order_cancelled: 1 }));
    expect(stockOf(b.id)).toEqual(sb);
    expect(orderRow(body.order_unique_id).reserved_workpoint_id).toBeNull();
  });

  it('none stores only the order: no sales receipt, reservation, ERP payment or notification', async () => {
    configure(1, { 'order_processing.action_on_import': 'none', 'awb.auto_issue': 'on_import', 'proforma.trigger_payment_methods': ['card'], 'proforma.trigger_status': '' });
    const body = paid(order());
    const before = { stock: stockOf(prods[0]!.id), payments: count('SELECT count(*) FROM payments'), outbox: count('SELECT count(*) FROM webhook_outbox') };
    const data = expectOk(await send('POST', body.order_unique_id, body));
    expect(data.import_summary).toMatchObject({ payments_registered: 0, payments_received: 1 });
    const o = orderRow(body.order_unique_id);
    expect(o.paid_amount).toBe(body.payments[0].payment_amount);
    expect({ stock: stockOf(prods[0]!.id), payments: count('SELECT count(*) FROM payments'), outbox: count('SELECT count(*) FROM webhook_outbox') }).toEqual(before);
    expect(count('SELECT count(*) FROM sales WHERE connector_order_id = ?', o.id)).toBe(0);
    expect(o.proforma_id).toBeNull();
  });

  it('order_processing.workpoint_id: the sales receipt and its stock are of that workpoint', async () => {
    configure(1, { 'order_processing.workpoint_id': 2 });
    const p = prods[2]!;
    const [w1, w2] = [stockOf(p.id, 1), stockOf(p.id, 2)];
    const body = order({ items: [item(p, 1)] });
    expectOk(await send('POST', body.order_unique_id, body));
    expect(saleOf(orderRow(body.order_unique_id).id).workpoint_id).toBe(2);
    expect([stockOf(p.id, 1).quantity, stockOf(p.id, 2).quantity]).toEqual([w1.quantity, w2.quantity - 1]);
  });

  it('ignored statuses and manual confirmation create no document until the order is processed', async () => {
    configure(1, { 'order_processing.ignored_statuses': ['Pending', 'on-hold'] });
    const body = paid(order({ order_status: 'pending' }));
    const data = expectOk(await send('POST', body.order_unique_id, body));
    expect(data.notices).toEqual(["order_status: 'pending' is in order_processing.ignored_statuses: no document is created while it lasts"]);
    expect(data.import_summary.payments_registered).toBe(0);
    const o = orderRow(body.order_unique_id);
    expect(count('SELECT count(*) FROM sales WHERE connector_order_id = ?', o.id)).toBe(0);

    const put = expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, order_status: 'processing' }));
    expect(put.import_summary).toMatchObject({ payments_registered: 1, paid_amount_registered: body.payments[0].payment_amount });
    const sale = saleOf(o.id);
    expect(sale.paid_amount).toBeGreaterThan(0);

    configure(1, { 'order_processing.confirmation_method': 'manual' });
    const manual = order();
    const m = expectOk(await send('POST', manual.order_unique_id, manual));
    expect(m.notices).toEqual(['order_processing.confirmation_method is manual: the order waits for an operator, no document is created']);
    expect(count('SELECT count(*) FROM sales WHERE connector_order_id = ?', orderRow(manual.order_unique_id).id)).toBe(0);
  });
});

describe('invoicing', () => {
  it('when_paid: issued when the order is paid, with the spec\'s invoice notification', async () => {
    configure(1, { 'invoicing.auto_issue': 'when_paid', 'invoicing.series': 'WX' });
    const body = order();
    const total = body.items[0].line_value_with_vat;
    body.payments = [payment('OP-9', total, { payment_method: 'bank_transfer', payment_status: 'pending' })];
    expectOk(await send('POST', body.order_unique_id, body));
    const o = orderRow(body.order_unique_id);
    expect(saleOf(o.id).invoice_id).toBeNull();
    expect(outbox('invoice', body.order_unique_id)).toEqual([]);

    expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, payments: [payment('OP-9', total, { payment_method: 'bank_transfer' })] }));
    const sale = saleOf(o.id);
    const invoice = one('SELECT * FROM invoices WHERE id = ?', sale.invoice_id);
    expect(invoice).toMatchObject({
      series: 'WX', number: 1, date: '2026-11-17', due_date: '2026-11-22', client_id: o.client_id, workpoint_id: 1, currency: 'RON',
      total_with_vat: sale.total_with_vat, total_ron: sale.total_with_vat, added_by_api: 1, cancelled: 0,
    });
    expect(all('SELECT code, quantity, value_with_vat FROM invoice_items WHERE invoice_id = ? ORDER BY line_no', invoice.id)).toEqual(
      all('SELECT code, quantity, value_with_vat FROM sale_items WHERE sale_id = ? ORDER BY line_no', sale.id),
    );
    expect(one("SELECT next_number FROM document_series WHERE company_id = 1 AND doc_type = 'invoice' AND series = 'WX'")).toEqual({ next_number: 2 });
    const [notification, ...more] = outbox('invoice', body.order_unique_id);
    expect(more).toEqual([]);
    const link = (format: 'html' | 'pdf') => demo.h.core.rest.links.url(demo.h.url, { kind: 'invoice', companyId: 1, id: invoice.id }, format);
    expect(notification).toEqual({
      connector_id: 1,
      notification_type: 'invoice',
      order_unique_id: body.order_unique_id,
      invoice_number: '1',
      invoice_date: '2026-11-17',
      invoice_series: 'WX',
      invoice_total: invoice.total_with_vat,
      invoice_currency: 'RON',
      invoice_total_RON: invoice.total_ron,
      invoice_url_html: link('html'),
      invoice_url_pdf: link('pdf'),
    });
    // A resend issues nothing more.
    expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, order_status: 'completed' }));
    expect(outbox('invoice', body.order_unique_id)).toHaveLength(1);
    expect(count('SELECT count(*) FROM webhook_outbox WHERE notification_type = ?', 'status')).toBe(0);
  });

  it('on_import with only_if_paid, excluded payment methods and require_stock', async () => {
    configure(1, { 'invoicing.auto_issue': 'on_import', 'invoicing.excluded_payment_methods': ['credit'] });
    const unpaid = order();
    expectOk(await send('POST', unpaid.order_unique_id, unpaid));
    expect(saleOf(orderRow(unpaid.order_unique_id).id).invoice_id).toBeNull();

    const credit = paid(order(), 'credit');
    expectOk(await send('POST', credit.order_unique_id, credit));
    expect(saleOf(orderRow(credit.order_unique_id).id).invoice_id).toBeNull();

    const card = paid(order());
    expectOk(await send('POST', card.order_unique_id, card));
    expect(saleOf(orderRow(card.order_unique_id).id).invoice_id).not.toBeNull();

    const p = prods[3]!;
    demo.db.prepare('UPDATE stock SET quantity = 1, reserved = 0 WHERE product_id = ? AND workpoint_id = 1').run(p.id);
    const short = paid(order({ items: [item(p, 2)] }));
    const data = expectOk(await send('POST', short.order_unique_id, short));
    expect(data.notices).toContain(`invoice not issued: not enough stock at workpoint 1 of ${p.code} (invoicing.require_stock)`);
    expect(saleOf(orderRow(short.order_unique_id).id).invoice_id).toBeNull();
    expect(stockOf(p.id).quantity).toBe(-1);

    configure(1, { 'invoicing.auto_issue': 'on_import', 'invoicing.require_stock': false });
    const anyway = paid(order({ items: [item(p, 1)] }));
    expectOk(await send('POST', anyway.order_unique_id, anyway));
    expect(saleOf(orderRow(anyway.order_unique_id).id).invoice_id).not.toBeNull();
    demo.db.prepare('UPDATE stock SET quantity = 500 WHERE product_id = ? AND workpoint_id = 1').run(p.id);
  });
});

describe('proforma', () => {
  it('issued for the trigger payment methods and status, once; cancelled with the order', async () => {
    configure(1, { 'proforma.trigger_payment_methods': ['bank_transfer'], 'proforma.trigger_status': 'new', 'proforma.series': 'PFW' });
    const body = order({ order_status: 'New' });
    body.payments = [payment('OP-1', body.items[0].line_value_with_vat, { payment_method: 'bank_transfer', payment_status: 'pending' })];
    const next = one("SELECT next_number FROM document_series WHERE company_id = 1 AND doc_type = 'proforma' AND series = 'PFW'").next_number;
    expectOk(await send('POST', body.order_unique_id, body));
    const o = orderRow(body.order_unique_id);
    const proforma = one('SELECT * FROM proformas WHERE id = ?', o.proforma_id);
    expect(proforma).toMatchObject({ series: 'PFW', number: next, date: '2026-11-17', due_date: '2026-11-24', client_id: o.client_id, cancelled: 0, added_by_api: 1, total_with_vat: saleOf(o.id).total_with_vat });
    expect(count('SELECT count(*) FROM proforma_items WHERE proforma_id = ?', proforma.id)).toBe(1);
    expectOk(await send('POST', body.order_unique_id, body));
    expect(orderRow(body.order_unique_id).proforma_id).toBe(proforma.id);
    expect(count('SELECT count(*) FROM proformas WHERE series = ? AND number >= ?', 'PFW', next)).toBe(1);

    const card = paid(order({ order_status: 'new' }));
    expectOk(await send('POST', card.order_unique_id, card));
    const other = order({ order_status: 'processing' });
    other.payments = [payment('OP-2', 1, { payment_method: 'bank_transfer', payment_status: 'pending' })];
    expectOk(await send('POST', other.order_unique_id, other));
    expect([orderRow(card.order_unique_id).proforma_id, orderRow(other.order_unique_id).proforma_id]).toEqual([null, null]);

    expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, order_cancelled: 1 }));
    expect(one('SELECT cancelled FROM proformas WHERE id = ?', proforma.id)).toEqual({ cancelled: 1 });
  });
});

describe('awb', () => {
  it('on_import: an AWB with the default courier and the spec\'s awb notification; none for a pickup', async () => {
    configure(1, { 'awb.auto_issue': 'on_import', 'awb.default_courier': 'cargus' });
    const body = order({ cod_amount: 55.5, items: [item(prods[0]!, 2), item(prods[1]!, 1)] });
    expectOk(await send('POST', body.order_unique_id, body));
    const o = orderRow(body.order_unique_id);
    const sale = saleOf(o.id);
    const awb = one('SELECT * FROM awbs WHERE connector_order_id = ?', o.id);
    const weight = Math.max(0.5, Math.round((2 * prods[0]!.weight + prods[1]!.weight) * 1000) / 1000);
    expect(awb).toMatchObject({
      sale_id: sale.id, awb_type: 'cargus', awb_subtype: '', date: '2026-11-17', packet_count: 1, weight_kg: weight, service_type: 'standard',
      shipping_payer: 'sender', cod_amount: 55.5, cod_currency: 'RON', declared_value: o.total_with_vat, delivery_country: 'Romania',
      delivery_country_code: 'RO', client_id: o.client_id, source: 'connector', cancelled: 0,
    });
    expect(awb.awb_nr).toMatch(/^1\d{9}$/);
    expect(outbox('awb', body.order_unique_id)).toEqual([
      {
        connector_id: 1, notification_type: 'awb', order_unique_id: body.order_unique_id, awb_number: awb.awb_nr, awb_packet_count: 1,
        weight, awb_service_type: 'standard', shipping_payer: 'sender', cash_on_delivery: 55.5, cash_on_delivery_currency: 'RON',
        delivery_country: 'Romania', delivery_country_code: 'RO', declared_value: o.total_with_vat, awb_type: 'cargus', awb_subtype: '',
        awb_url_pdf: awb.awb_url,
      },
    ]);
    expectOk(await send('POST', body.order_unique_id, body));
    expect(count('SELECT count(*) FROM awbs WHERE connector_order_id = ?', o.id)).toBe(1);

    const pickup = order({ shipping_method: 'personal_pickup' });
    expectOk(await send('POST', pickup.order_unique_id, pickup));
    expect(count('SELECT count(*) FROM awbs WHERE connector_order_id = ?', orderRow(pickup.order_unique_id).id)).toBe(0);

    const post = order({ shipping_method: 'post' });
    expectOk(await send('POST', post.order_unique_id, post));
    expect(one('SELECT awb_type FROM awbs WHERE connector_order_id = ?', orderRow(post.order_unique_id).id)).toEqual({ awb_type: 'posta_romana' });

    configure(1, { 'awb.auto_issue': 'on_import', 'awb.default_courier': 'innoship' });
    const broker = order();
    expectOk(await send('POST', broker.order_unique_id, broker));
    expect(one('SELECT awb_type, awb_subtype FROM awbs WHERE connector_order_id = ?', orderRow(broker.order_unique_id).id)).toEqual({ awb_type: 'innoship', awb_subtype: 'innoship_fan' });
  });

  it('latest_issue_hour and skipped weekdays date the AWB; require_stock; on_invoice waits for the invoice', async () => {
    configure(1, { 'awb.auto_issue': 'on_import', 'awb.latest_issue_hour': 9 });
    const late = order();
    expectOk(await send('POST', late.order_unique_id, late));
    expect(one('SELECT date FROM awbs WHERE connector_order_id = ?', orderRow(late.order_unique_id).id)).toEqual({ date: '2026-11-18' });
    expect(saleOf(orderRow(late.order_unique_id).id).date).toBe('2026-11-17');

    configure(1, { 'awb.auto_issue': 'on_import', 'awb.skipped_weekdays': [2] });
    const skipped = order();
    expectOk(await send('POST', skipped.order_unique_id, skipped));
    expect(one('SELECT date FROM awbs WHERE connector_order_id = ?', orderRow(skipped.order_unique_id).id)).toEqual({ date: '2026-11-18' });

    configure(1, { 'awb.auto_issue': 'on_import' });
    const p = prods[3]!;
    demo.db.prepare('UPDATE stock SET quantity = 1, reserved = 0 WHERE product_id = ? AND workpoint_id = 1').run(p.id);
    const short = order({ items: [item(p, 3)] });
    const data = expectOk(await send('POST', short.order_unique_id, short));
    expect(data.notices).toContain(`AWB not generated: not enough stock at workpoint 1 of ${p.code} (awb.require_stock)`);
    expect(count('SELECT count(*) FROM awbs WHERE connector_order_id = ?', orderRow(short.order_unique_id).id)).toBe(0);
    demo.db.prepare('UPDATE stock SET quantity = 500 WHERE product_id = ? AND workpoint_id = 1').run(p.id);

    configure(1, { 'awb.auto_issue': 'when_invoiced', 'invoicing.auto_issue': 'when_paid' });
    const unpaid = order();
    expectOk(await send('POST', unpaid.order_unique_id, unpaid));
    const u = orderRow(unpaid.order_unique_id);
    expect(count('SELECT count(*) FROM awbs WHERE connector_order_id = ?', u.id)).toBe(0);
    expectOk(await send('PUT', unpaid.order_unique_id, { order_unique_id: unpaid.order_unique_id, payments: [payment('pay-u', unpaid.items[0].line_value_with_vat)] }));
    expect(saleOf(u.id).invoice_id).not.toBeNull();
    expect(count('SELECT count(*) FROM awbs WHERE connector_order_id = ?', u.id)).toBe(1);
    // The outbox holds the invoice before the AWB, as they happened.
    expect(all("SELECT notification_type FROM webhook_outbox WHERE json_extract(payload, '$.order_unique_id') = ? ORDER BY id", unpaid.order_unique_id).map((r) => r.notification_type)).toEqual(['invoice', 'awb']);
  });
});

describe('document dates', () => {
  it('an import at or after next_day_hour, or on a skipped weekday, dates its documents the next working day', async () => {
    configure(1, { 'order_processing.next_day_hour': 15, 'invoicing.auto_issue': 'on_import', 'invoicing.only_if_paid': false });
    const dates = async (at: string) => {
      clock.t = new Date(at);
      const body = order();
      expectOk(await send('POST', body.order_unique_id, body));
      const sale = saleOf(orderRow(body.order_unique_id).id);
      return [sale.date, one('SELECT date FROM invoices WHERE id = ?', sale.invoice_id).date, orderRow(body.order_unique_id).order_date];
    };
    expect(await dates('2026-11-17T12:59:59Z')).toEqual(['2026-11-17', '2026-11-17', '2026-11-17']); // Tuesday 14:59:59
    expect(await dates('2026-11-17T13:00:00Z')).toEqual(['2026-11-18', '2026-11-18', '2026-11-17']); // Tuesday 15:00
    expect(await dates('2026-11-20T15:00:00Z')).toEqual(['2026-11-23', '2026-11-23', '2026-11-20']); // Friday 17:00 -> Monday
    expect(await dates('2026-11-21T08:00:00Z')).toEqual(['2026-11-23', '2026-11-23', '2026-11-21']); // Saturday 10:00 -> Monday
  });
});

describe('order_processing.repeated_order_block_threshold', () => {
  it('the N-th POST of the same order within an hour is refused (400, data.errors); PUT is not counted', async () => {
    configure(1, { 'order_processing.repeated_order_block_threshold': 3 });
    const body = order();
    expectOk(await send('POST', body.order_unique_id, body));
    clock.t = new Date(TUESDAY_10.getTime() + 10 * 60_000);
    expectOk(await send('POST', body.order_unique_id, body));
    expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, order_status: 'packed' }));
    const before = state();
    const blocked = await send('POST', body.order_unique_id, body);
    expect(blocked.status).toBe(400);
    const id = orderRow(body.order_unique_id).id;
    expect(blocked.body.data).toMatchObject({ SERVICE_order_id: id, BOCP_order_id: id, received_payload: body });
    expect(blocked.body.data.errors).toEqual([
      `order_unique_id: order '${body.order_unique_id}' already exists and was imported 2 time(s) in the last hour; import number 3 within an hour is blocked (order_processing.repeated_order_block_threshold = 3); send changes with PUT`,
    ]);
    // Clients of the real service resend as PUT when the refusal says "exist" (any case).
    expect(blocked.body.messages.join(' ')).toMatch(/exist/i);
    expect(state()).toEqual(before);
    // An hour after the first import, the window holds one POST.
    clock.t = new Date(TUESDAY_10.getTime() + 60 * 60_000 + 1000);
    expectOk(await send('POST', body.order_unique_id, body));
  });
});
