import { beforeAll, describe, expect, it } from 'vitest';
import { OrderInvoiceIssued, OrderStatusChanged } from '../../shared/domain/staff-actions.ts';
import { withFailingTrigger, writeSql } from './harness.ts';
import { r2, type Row } from './orders.ts';
import { expectRefused } from './requests.ts';
import { expectDone, TODAY, typesOf, useStaffDemo, type Prod } from './staff.ts';

// Staff actions on connector orders through the control API: the order status (status_sync
// mapping, inactive connector) and the fiscal invoice (its notification, a non-RON total in RON,
// the sales receipt made for an order that has none, the follow-ups, nothing written on failure).
// AWBs and publishing: staff-actions-awb-products.test.ts.

const staff = useStaffDemo();
const { demo, one, control, orderPath, outboxAfter, lastOutboxId, state } = staff;
const value = staff.count;
let prod: Prod;

beforeAll(() => {
  [prod] = staff.products(1) as [Prod];
});

const status = (connectorId: number, uid: string, body: unknown) => control('POST', orderPath(connectorId, uid, 'status'), body);
const invoice = (connectorId: number, uid: string, body: unknown = {}) => control('POST', orderPath(connectorId, uid, 'invoice'), body);
const orderRow = (connectorId: number, uid: string) =>
  one('SELECT * FROM connector_orders WHERE connector_id = ? AND order_unique_id = ?', connectorId, uid);

describe('orders.setStatus', () => {
  it('stores the status and queues the status notification with exactly the spec fields', async () => {
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 1));
    const after = lastOutboxId();
    const data = expectDone(await status(1, uid, { status_text: 'packed' }), OrderStatusChanged);
    const order = orderRow(1, uid);
    expect(data).toMatchObject({
      SERVICE_order_id: order.id, connector_id: 1, order_unique_id: uid, status_text: 'packed', status_sync_event: null,
      order_status: 'packed', changed: true, last_changed_ts: `${TODAY} 10:00:00`, notices: [],
    });
    expect(order).toMatchObject({ order_status: 'packed', last_changed_ts: `${TODAY} 10:00:00` });
    const rows = outboxAfter(after);
    expect(rows.map((r) => [r.connector_id, r.notification_type, r.order_unique_id])).toEqual([[1, 'status', uid]]);
    expect(rows[0]!.body).toEqual({ notification_type: 'status', order_unique_id: uid, status_text: 'packed' });
    expect(data.notification).toEqual({ delivery_id: rows[0]!.id, webhook_id: expect.stringMatching(/^msg_/) });
    expect(data.notifications).toEqual([{ ...data.notification, notification_type: 'status' }]);
  });

  it("sends the connector's external status for an event its status_sync map knows; the same status again sends nothing", async () => {
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 1));
    const after = lastOutboxId();
    // Connector 1 of the demo maps delivered -> completed (case aside).
    const data = expectDone(await status(1, uid, { status_text: ' Delivered ' }), OrderStatusChanged);
    expect(data).toMatchObject({ status_text: 'Delivered', status_sync_event: 'delivered', order_status: 'completed', changed: true });
    expect(outboxAfter(after).map((r) => r.body)).toEqual([{ notification_type: 'status', order_unique_id: uid, status_text: 'completed' }]);
    expect(orderRow(1, uid).order_status).toBe('completed');

    const again = expectDone(await status(1, uid, { status_text: 'delivered' }), OrderStatusChanged);
    expect(again).toMatchObject({ order_status: 'completed', changed: false, notification: null, notifications: [] });
    expect(outboxAfter(after)).toHaveLength(1);
  });

  it('an inactive connector gets the status stored and no notification', async () => {
    writeSql(demo.h, 'UPDATE connectors SET active = 1 WHERE id = 3');
    const uid = await staff.placeOrder(3, staff.orderBody(prod, 1));
    writeSql(demo.h, 'UPDATE connectors SET active = 0 WHERE id = 3');
    const after = lastOutboxId();
    const data = expectDone(await status(3, uid, { status_text: 'packed' }), OrderStatusChanged);
    expect(data).toMatchObject({ order_status: 'packed', changed: true, notification: null, notifications: [] });
    expect(orderRow(3, uid).order_status).toBe('packed');
    expect(outboxAfter(after)).toEqual([]);
  });

  it('refuses unknown orders and connectors (404) and a blank or missing status_text (400), writing nothing', async () => {
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 1));
    const before = state();
    expectRefused(await status(1, 'NO-SUCH-ORDER', { status_text: 'packed' }), 404, /order_unique_id: order 'NO-SUCH-ORDER' does not exist on connector 1/);
    expectRefused(await status(99, uid, { status_text: 'packed' }), 404, /connector 99 does not exist/);
    expectRefused(await status(4, uid, { status_text: 'packed' }), 404, /connector 4 is deleted/);
    expectRefused(await status(2, uid, { status_text: 'packed' }), 404, /order_unique_id/);
    expectRefused(await status(1, uid, { status_text: '  ' }), 400, /status_text: must not be blank/);
    expectRefused(await status(1, uid, {}), 400, /status_text: required field is missing/);
    expectRefused(await status(1, uid, { status_text: 'x'.repeat(65) }), 400, /status_text/);
    expectRefused(await status(1, uid, { status_text: 'packed', colour: 'red' }), 400, /colour: unknown field/);
    expect(state()).toEqual(before);
  });
});

/** The EUR rate of the day (or the latest before it), as stored. */
const eurRate = (date: string) => value<number>("SELECT rate FROM exchange_rates WHERE currency = 'EUR' AND date <= ? ORDER BY date DESC LIMIT 1", date);

describe('orders.issueInvoice', () => {
  it('issues the invoice of an order that waited (no sales receipt yet): EUR total in RON, the follow-ups, in one answer', async () => {
    // Connector 1 ignores 'pending' orders: the import made no document.
    const body = staff.orderBody(prod, 2, { order_status: 'pending', order_currency_code: 'EUR' });
    const uid = await staff.placeOrder(1, body);
    const order = orderRow(1, uid);
    expect(value('SELECT count(*) FROM sales WHERE connector_order_id = ?', order.id)).toBe(0);
    const stockBefore = one<Row>('SELECT quantity FROM stock WHERE product_id = ? AND workpoint_id = 1', prod.id).quantity;
    const after = lastOutboxId();

    const data = expectDone(await invoice(1, uid), OrderInvoiceIssued);
    const inv = one<Row>('SELECT * FROM invoices WHERE id = ?', data.bocp_id);
    const sale = one<Row>('SELECT * FROM sales WHERE connector_order_id = ? AND cancelled = 0', order.id);
    expect(sale).toMatchObject({ series: 'BVW', date: TODAY, currency: 'EUR', invoice_id: inv.id, total_with_vat: order.total_with_vat });
    expect(one<Row>('SELECT quantity FROM stock WHERE product_id = ? AND workpoint_id = 1', prod.id).quantity).toBe(stockBefore - 2);
    expect(inv).toMatchObject({ date: TODAY, currency: 'EUR', total_with_vat: order.total_with_vat, series: 'WEB' });
    expect(inv.total_ron).toBe(r2(inv.total_with_vat * eurRate(TODAY)));

    const link = (format: 'html' | 'pdf') => demo.h.core.rest.links.url(demo.h.url, { kind: 'invoice', companyId: 1, id: inv.id }, format);
    const rows = outboxAfter(after);
    const notification = rows.find((r) => r.notification_type === 'invoice')!;
    expect(notification.body).toEqual({
      notification_type: 'invoice',
      order_unique_id: uid,
      invoice_number: String(inv.number),
      invoice_date: TODAY,
      invoice_series: 'WEB',
      invoice_total: inv.total_with_vat,
      invoice_currency: 'EUR',
      invoice_total_RON: inv.total_ron,
      invoice_url_html: link('html'),
      invoice_url_pdf: link('pdf'),
    });
    expect(typesOf(notification.body)).toEqual({
      notification_type: 'string', order_unique_id: 'string', invoice_number: 'string', invoice_date: 'string', invoice_series: 'string',
      invoice_total: 'number', invoice_currency: 'string', invoice_total_RON: 'number', invoice_url_html: 'string', invoice_url_pdf: 'string',
    });

    // Connector 1: awb.auto_issue on_invoice; status_sync invoice_issued -> processing, awb_issued -> completed.
    const ofOrder = rows.filter((r) => r.order_unique_id === uid);
    expect(ofOrder.map((r) => r.notification_type)).toEqual(['invoice', 'awb', 'status', 'status']);
    expect(ofOrder.slice(2).map((r) => r.body.status_text)).toEqual(['processing', 'completed']);
    expect(rows.filter((r) => r.order_unique_id === null).map((r) => [r.notification_type, r.body.cod_produs])).toContainEqual(['product_update', prod.code]);
    expect(orderRow(1, uid)).toMatchObject({ order_status: 'completed', last_changed_ts: `${TODAY} 10:00:00` });

    expect(data).toMatchObject({
      bocp_id: inv.id, doc_series: 'WEB', doc_nr: inv.number, total_ron: inv.total_ron, SERVICE_order_id: order.id, connector_id: 1,
      order_unique_id: uid, bv_id: sale.id, sale_created: true, invoice_url_html: link('html'), invoice_url_pdf: link('pdf'),
      notification: { delivery_id: notification.id, webhook_id: expect.stringMatching(/^msg_/) },
    });
    expect(data.notifications.map((n: Row) => n.delivery_id)).toEqual(rows.map((r) => r.id));
  });

  it('a reserved order: the reservation gives way to the receipt, the stock leaves, product_update follows', async () => {
    staff.setting(1, 'order_processing', 'action_on_import', 'reserve_stock');
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 3));
    demo.db.prepare("DELETE FROM connector_settings WHERE connector_id = 1 AND grp = 'order_processing' AND key = 'action_on_import'").run();
    const stock = () => one<Row>('SELECT quantity, reserved FROM stock WHERE product_id = ? AND workpoint_id = 1', prod.id);
    const before = stock();
    expect(orderRow(1, uid).reserved_workpoint_id).toBe(1);
    const after = lastOutboxId();

    const data = expectDone(await invoice(1, uid), OrderInvoiceIssued);
    expect(data.sale_created).toBe(true);
    expect(stock()).toEqual({ quantity: before.quantity - 3, reserved: before.reserved - 3 });
    expect(orderRow(1, uid).reserved_workpoint_id).toBeNull();
    const update = outboxAfter(after).find((r) => r.notification_type === 'product_update' && r.connector_id === 1 && r.body.cod_produs === prod.code);
    expect(update?.body).toMatchObject({ stoc_global: expect.any(Number), stock_reserved: expect.any(Number) });
  });

  it('invoices the receipt an import made, on the date asked; refuses a second invoice naming the first', async () => {
    staff.setting(2, 'invoicing', 'auto_issue', 'off');
    const uid = await staff.placeOrder(2, staff.orderBody(prod, 1));
    const sale = one<Row>('SELECT id, date FROM sales WHERE connector_order_id = ?', orderRow(2, uid).id);
    expectRefused(await invoice(2, uid, { date: '2026-11-18' }), 400, /date: 2026-11-18 is after 2026-11-17/);
    expectRefused(await invoice(2, uid, { date: '2026-11-16' }), 400, /date: 2026-11-16 is before the date of the order's sales receipt/);
    expectRefused(await invoice(2, uid, { date: '2026-02-30' }), 400, /date/);
    const data = expectDone(await invoice(2, uid, { date: TODAY, series: 'STAFF' }), OrderInvoiceIssued);
    expect(data).toMatchObject({ bv_id: sale.id, sale_created: false, doc_series: 'STAFF', doc_date: TODAY, currency: 'RON' });
    expect(data.total_ron).toBe(data.document_value_with_vat);

    const before = state();
    expectRefused(await invoice(2, uid), 400, new RegExp(`already invoiced: invoice STAFF ${data.doc_nr} \\(invoice_id ${data.bocp_id}\\)`));
    expect(state()).toEqual(before);
  });

  it('refuses a cancelled order, unknown orders and connectors', async () => {
    const cancelled = value<string>("SELECT order_unique_id FROM connector_orders WHERE connector_id = 1 AND cancelled = 1 ORDER BY id LIMIT 1");
    const before = state();
    expectRefused(await invoice(1, cancelled), 400, /order_unique_id: order '.+' is cancelled/);
    expectRefused(await invoice(1, 'NO-SUCH-ORDER'), 404, /order_unique_id/);
    expectRefused(await invoice(4, cancelled), 404, /connector 4 is deleted/);
    expectRefused(await invoice(1, cancelled, { series: 'A B' }), 400, /series/);
    expect(state()).toEqual(before);
  });

  it('writes nothing when a step fails: receipt, stock, invoice, AWB and notifications roll back together', async () => {
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 1, { order_status: 'pending' }));
    const before = state();
    await withFailingTrigger(demo.h, 'refuse_status', "BEFORE INSERT ON webhook_outbox WHEN NEW.notification_type = 'status'", async () => {
      const answer = await invoice(1, uid);
      expect(answer.status).toBe(500);
    });
    expect(state()).toEqual(before);
    expectDone(await invoice(1, uid), OrderInvoiceIssued);
  });
});
