import { beforeAll, describe, expect, it } from 'vitest';
import { OrderCancelled, OrderDetail } from '../../shared/domain/order-detail.ts';
import { OrderStatusChanged } from '../../shared/domain/staff-actions.ts';
import type { CoreEvents } from '../../shared/contract/events.ts';
import { expectOk, type Row } from './orders.ts';
import { expectRefused } from './requests.ts';
import { expectDone, useStaffDemo, type Prod } from './staff.ts';

// The back office's connector order (orders.get) and its cancellation by staff (orders.cancel),
// through the control API on a real listener and SQLite file: the order as the list shows it with
// its lines, client, last payload and the import's answer, documents and notifications; the
// cancellation as the partner's PUT with order_cancelled = 1 does it.

const staff = useStaffDemo();
const { demo, one, all, control, send } = staff;
let prod: Prod;

beforeAll(() => {
  [prod] = staff.products(1) as [Prod];
});

const getOrder = (id: number) => control('GET', `/accounts/1/orders/${id}`);
const cancel = (connectorId: number, uid: string) => control('POST', staff.orderPath(connectorId, uid, 'cancel'));
const idOf = (connectorId: number, uid: string): number =>
  (one('SELECT id FROM connector_orders WHERE connector_id = ? AND order_unique_id = ?', connectorId, uid) as Row).id as number;

/** The order's row of the screen list (lists.connectorOrders finds it by its id on the connector). */
async function listRow(connectorId: number, uid: string): Promise<Row> {
  const answer = await control('GET', `/accounts/1/lists/connector-orders?connector_id=${connectorId}&q=${encodeURIComponent(uid)}`);
  const rows = (answer.body.data as { rows: Row[] }).rows;
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('orders.get', () => {
  it('answers the list row, lines, client, the payload received and what its import answered', async () => {
    const body = staff.orderBody(prod, 2, { order_mentions: 'Sunați înainte', surprise_field: 'x' });
    const answer = expectOk(await send('POST', body.order_unique_id, body));
    const id = answer.SERVICE_order_id as number;
    const data = expectDone(await getOrder(id), OrderDetail);

    const { sales_receipts, invoices, awbs, ...row } = await listRow(1, body.order_unique_id);
    expect(data).toMatchObject({ ...row, sales_receipts, invoices, awbs, connector_name: 'Magazin online Demo Retail' });
    expect(data.received_payload).toEqual(body);
    expect(data.import_summary).toEqual(answer.import_summary);
    expect(data.notices).toEqual(answer.notices);
    expect(data.notices.join('\n')).toMatch(/surprise_field/);
    expect(data.imports).toEqual([{ method: 'POST', mode: 'create', ts: '2026-11-17 10:00:00' }]);
    expect(data.lines).toEqual([
      expect.objectContaining({ line_no: 1, type: 'product', code: prod.code, item_quantity: 2, item_price_with_vat: prod.pwv, product_id: prod.id }),
    ]);
    expect(data.client).toMatchObject({ name: 'Ana Pop', email: 'ana@example.ro' });
    expect(data.client.delivery_address).toMatchObject({ city: 'Cluj-Napoca', county: 'Cluj', street: 'Strada Memorandumului', number: '28' });
    // Connector 1 sends bank transfers a proforma; this card-less order without payments has none.
    expect(data.proforma).toBeNull();
    expect(data.notifications).toEqual([]);
  });

  it('lists the notifications of the order (the status delivery a staff action queued) and the proforma', async () => {
    const body = staff.orderBody(prod, 1, { payments: [{ payment_method: 'bank_transfer', payment_status: 'pending', payment_amount: prod.pwv, payment_currency: 'RON', payment_reference: 'BT-1', payment_date: '2026-11-17 09:00:00' }] });
    await staff.placeOrder(1, body);
    const id = idOf(1, body.order_unique_id);
    const status = expectDone(await control('POST', staff.orderPath(1, body.order_unique_id, 'status'), { status_text: 'packed' }), OrderStatusChanged);
    const data = expectDone(await getOrder(id), OrderDetail);
    expect(data.order_status).toBe('packed');
    expect(data.notifications.map((n: Row) => [n.id, n.notification_type, n.order_unique_id])).toEqual([
      [status.notification.delivery_id, 'status', body.order_unique_id],
    ]);
    expect(data.notifications[0].payload).toEqual({ notification_type: 'status', order_unique_id: body.order_unique_id, status_text: 'packed' });
    const proforma = one('SELECT proforma_id FROM connector_orders WHERE id = ?', id) as Row;
    expect(proforma.proforma_id).not.toBeNull();
    expect(data.proforma).toMatchObject({ proforma_id: proforma.proforma_id, doc_series: 'PFW', document_cancelled: 0 });
  });

  it('shows a seeded order without an import answer (none was kept) and refuses unknown orders and accounts', async () => {
    const seeded = one('SELECT id, received_payload FROM connector_orders WHERE company_id = 1 AND id NOT IN (SELECT order_id FROM connector_order_imports) ORDER BY id LIMIT 1') as Row;
    const data = expectDone(await getOrder(seeded.id as number), OrderDetail);
    expect(data).toMatchObject({ SERVICE_order_id: seeded.id, import_summary: null, notices: null, imports: [] });
    expect(data.received_payload).toEqual(JSON.parse(String(seeded.received_payload)));
    expect(data.lines.length).toBeGreaterThan(0);

    expectRefused(await getOrder(999999), 404, /SERVICE_order_id: order 999999 does not exist in account 1/);
    expectRefused(await control('GET', `/accounts/77/orders/${seeded.id}`), 404, /77/);
    expectRefused(await control('GET', '/accounts/1/orders/abc'), 400, /SERVICE_order_id/);
  });
});

describe('orders.cancel', () => {
  it('cancels as the PUT with order_cancelled = 1 does: reservation released, the answer kept, the change announced', async () => {
    // Connector 1 reserves the stock of an order at import.
    const body = staff.orderBody(prod, 3);
    await staff.placeOrder(1, body);
    const id = idOf(1, body.order_unique_id);
    const reserved = () => (one('SELECT reserved FROM stock WHERE product_id = ? AND workpoint_id = 1', prod.id) as Row).reserved as number;
    const reservedBefore = reserved();
    expect((one('SELECT reserved_workpoint_id FROM connector_orders WHERE id = ?', id) as Row).reserved_workpoint_id).toBe(1);

    const changed: CoreEvents['data.changed'][] = [];
    const off = demo.h.core.events.on('data.changed', (event) => changed.push(event));
    const after = staff.lastOutboxId();
    const data = expectDone(await cancel(1, body.order_unique_id), OrderCancelled);
    off();

    expect(data).toMatchObject({ SERVICE_order_id: id, connector_id: 1, order_unique_id: body.order_unique_id, order_cancelled: 1, already_cancelled: false });
    expect(data.import_summary).toMatchObject({ mode: 'update', bocp_order_id: id, items_received: 0 });
    expect(reserved()).toBe(reservedBefore - 3);
    expect((one('SELECT reserved_workpoint_id FROM connector_orders WHERE id = ?', id) as Row).reserved_workpoint_id).toBeNull();
    // Its notifications are exactly the outbox rows it added.
    expect(data.notifications.map((n: Row) => n.delivery_id)).toEqual(staff.outboxAfter(after).map((r) => r.id));

    const detail = expectDone(await getOrder(id), OrderDetail);
    expect(detail.received_payload).toEqual({ order_unique_id: body.order_unique_id, order_cancelled: 1 });
    expect(detail.import_summary).toEqual(data.import_summary);
    expect(detail.notices).toEqual(data.notices);
    expect(detail.imports.map((i: Row) => `${i.method} ${i.mode}`)).toEqual(['PUT update', 'POST create']);

    const event = changed.find((e) => e.tables.includes('connector_orders'));
    expect(event).toMatchObject({ company_id: 1, records: { connector_orders: [id] } });
    expect(event!.tables).toEqual(expect.arrayContaining(['connector_orders', 'stock', 'webhook_outbox']));

    // Again: the order stays cancelled, nothing follows.
    const again = expectDone(await cancel(1, body.order_unique_id), OrderCancelled);
    expect(again).toMatchObject({ order_cancelled: 1, already_cancelled: true });
    expect(reserved()).toBe(reservedBefore - 3);
  });

  it('ends the same as the partner\'s PUT: the cancelled sales receipt of a connector that cancels documents', async () => {
    // Connector 1 makes a sales receipt at import when told to; the account cancels documents with the order.
    staff.setting(1, 'order_processing', 'action_on_import', 'create_sale');
    try {
      const [a, b] = [staff.orderBody(prod, 1), staff.orderBody(prod, 1)];
      await staff.placeOrder(1, a);
      await staff.placeOrder(1, b);
      expectDone(await cancel(1, a.order_unique_id), OrderCancelled);
      expectOk(await send('PUT', b.order_unique_id, { order_unique_id: b.order_unique_id, order_cancelled: 1 }));
      const state = (uid: string) =>
        all('SELECT s.cancelled FROM sales s JOIN connector_orders o ON o.id = s.connector_order_id WHERE o.order_unique_id = ?', uid);
      expect(state(a.order_unique_id)).toEqual([{ cancelled: 1 }]);
      expect(state(b.order_unique_id)).toEqual(state(a.order_unique_id));
      const [da, db] = await Promise.all([getOrder(idOf(1, a.order_unique_id)), getOrder(idOf(1, b.order_unique_id))]);
      expect(expectDone(da, OrderDetail).sales_receipts[0].document_cancelled).toBe(1);
      expect(expectDone(db, OrderDetail).notices).toEqual(expectDone(da, OrderDetail).notices);
    } finally {
      staff.setting(1, 'order_processing', 'action_on_import', 'reserve_stock');
    }
  });

  it('refuses unknown orders and connectors, a deleted connector and unknown fields, writing nothing', async () => {
    const body = staff.orderBody(prod, 1);
    await staff.placeOrder(1, body);
    const before = staff.state();
    expectRefused(await cancel(1, 'NO-SUCH-ORDER'), 404, /order_unique_id: order 'NO-SUCH-ORDER' does not exist on connector 1/);
    expectRefused(await cancel(99, body.order_unique_id), 404, /connector 99 does not exist/);
    expectRefused(await cancel(4, body.order_unique_id), 404, /connector 4 is deleted/);
    expectRefused(await cancel(2, body.order_unique_id), 404, /order_unique_id/);
    expectRefused(await control('POST', staff.orderPath(1, body.order_unique_id, 'cancel'), { reason: 'x' }), 400, /reason: unknown field/);
    expect(staff.state()).toEqual(before);
  });
});
