import { beforeAll, describe, expect, it } from 'vitest';
import { OrderAwbGenerated, ProductPublished, ProductUnpublished } from '../../shared/domain/staff-actions.ts';
import { PRODUCT_PUSH_FIELDS } from '../../shared/domain/products.ts';
import type { Row } from './orders.ts';
import { expectRefused } from './requests.ts';
import { expectDone, TODAY, typesOf, useStaffDemo, type Prod } from './staff.ts';

// Staff actions through the control API: a courier AWB for a connector order (courier rules,
// the awb notification, the follow-up invoice, one live AWB per order) and publishing a product
// to a connector (product_published with the full product, product_unpublished with cod_produs).

const staff = useStaffDemo();
const { one, control, orderPath, outboxAfter, lastOutboxId, state } = staff;
const value = staff.count;
let prod: Prod;

beforeAll(() => {
  [prod] = staff.products(1) as [Prod];
});

const awb = (connectorId: number, uid: string, body: unknown) => control('POST', orderPath(connectorId, uid, 'awb'), body);

describe('orders.generateAwb', () => {
  it('generates the AWB staff chose, queues the awb notification with every spec field, then the invoice on_awb', async () => {
    // Connector 2 (dropship): invoicing.auto_issue on_awb, only_if_paid off; the account's status_sync map (awb_issued -> shipped).
    const uid = await staff.placeOrder(2, staff.orderBody(prod, 2, { cod_amount: 50, cod_currency: 'RON' }));
    const order = one<Row>('SELECT * FROM connector_orders WHERE connector_id = 2 AND order_unique_id = ?', uid);
    const sale = one<Row>('SELECT id, invoice_id FROM sales WHERE connector_order_id = ? AND cancelled = 0', order.id);
    expect(sale.invoice_id).toBeNull();
    const after = lastOutboxId();

    const chosen = { awb_type: 'innoship', awb_subtype: 'innoship_dpd', awb_packet_count: 2, weight: 1.5, shipping_payer: 'recipient' };
    const data = expectDone(await awb(2, uid, chosen), OrderAwbGenerated);
    const row = one<Row>('SELECT * FROM awbs WHERE id = ?', data.awb_id);
    expect(row).toMatchObject({
      connector_order_id: order.id, sale_id: sale.id, awb_type: 'innoship', awb_subtype: 'innoship_dpd', packet_count: 2, weight_kg: 1.5,
      service_type: 'standard', shipping_payer: 'recipient', cod_amount: 50, cod_currency: 'RON', declared_value: order.total_with_vat,
      delivery_country: 'Romania', delivery_country_code: 'RO', source: 'staff', date: TODAY, cancelled: 0,
    });
    expect(row.awb_nr).toMatch(/^8\d{13}$/); // a DPD-shaped number

    const rows = outboxAfter(after);
    expect(rows.map((r) => [r.connector_id, r.notification_type])).toEqual([[2, 'awb'], [2, 'invoice'], [2, 'status']]);
    expect(rows[2]!.body).toEqual({ notification_type: 'status', order_unique_id: uid, status_text: 'shipped' });
    const body = rows[0]!.body;
    expect(body).toEqual({
      notification_type: 'awb', order_unique_id: uid, awb_number: row.awb_nr, awb_packet_count: 2, weight: 1.5, awb_service_type: 'standard',
      shipping_payer: 'recipient', cash_on_delivery: 50, cash_on_delivery_currency: 'RON', delivery_country: 'Romania',
      delivery_country_code: 'RO', declared_value: order.total_with_vat, awb_type: 'innoship', awb_subtype: 'innoship_dpd',
      awb_url_pdf: body.awb_url_pdf,
    });
    expect(typesOf(body)).toMatchObject({
      awb_number: 'string', awb_packet_count: 'number', weight: 'number', cash_on_delivery: 'number', declared_value: 'number', awb_url_pdf: 'string',
    });
    expect(Number.isInteger(body.awb_packet_count)).toBe(true);
    const invoiced = one<Row>('SELECT invoice_id FROM sales WHERE id = ?', sale.id).invoice_id;
    expect(invoiced).not.toBeNull();
    expect(rows[1]!.body).toMatchObject({ order_unique_id: uid, invoice_number: String(value('SELECT number FROM invoices WHERE id = ?', invoiced)) });
    expect(data).toMatchObject({
      awb_id: row.id, awb_nr: row.awb_nr, SERVICE_order_id: order.id, connector_id: 2, order_unique_id: uid,
      notification: { delivery_id: rows[0]!.id, webhook_id: expect.stringMatching(/^msg_/) },
    });
    expect(data.notifications.map((n: Row) => n.notification_type)).toEqual(['awb', 'invoice', 'status']);

    // One live AWB per order.
    const before = state();
    expectRefused(await awb(2, uid, { awb_type: 'fan' }), 400, new RegExp(`already has AWB ${row.awb_nr} \\(innoship, awb_id ${row.id}\\)`));
    expect(state()).toEqual(before);
  });

  it('applies the awb_issued status mapping of connector 1 and the parcel defaults', async () => {
    staff.setting(1, 'invoicing', 'auto_issue', 'off');
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 1));
    const after = lastOutboxId();
    const data = expectDone(await awb(1, uid, { awb_type: 'cargus' }), OrderAwbGenerated);
    expect(data).toMatchObject({ awb_type: 'cargus', awb_subtype: '', packet_count: 1, service_type: 'standard', shipping_payer: 'sender' });
    expect(data.weight_kg).toBeGreaterThanOrEqual(0.5);
    expect(outboxAfter(after).map((r) => [r.notification_type, r.body.status_text ?? null])).toEqual([['awb', null], ['status', 'completed']]);
  });

  it('refuses an unknown courier, broker rules, a cancelled order and unknown orders, writing nothing', async () => {
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 1));
    const cancelled = value<string>('SELECT order_unique_id FROM connector_orders WHERE connector_id = 1 AND cancelled = 1 ORDER BY id LIMIT 1');
    const before = state();
    expectRefused(await awb(1, uid, { awb_type: 'zbor' }), 400, /awb_type: unknown courier code 'zbor'/);
    expectRefused(await awb(1, uid, { awb_type: 'innoship' }), 400, /awb_subtype: required when awb_type is the broker 'innoship'/);
    expectRefused(await awb(1, uid, { awb_type: 'innoship', awb_subtype: 'europarcel_dpd' }), 400, /awb_subtype: 'europarcel_dpd' is not a sub-courier/);
    expectRefused(await awb(1, uid, { awb_type: 'innoship_fan' }), 400, /awb_type: 'innoship_fan' is a sub-courier of the broker 'innoship'/);
    expectRefused(await awb(1, uid, { awb_type: 'fan', awb_subtype: 'innoship_fan' }), 400, /awb_subtype: must be empty/);
    expectRefused(await awb(1, uid, {}), 400, /awb_type: required field is missing/);
    expectRefused(await awb(1, uid, { awb_type: 'fan', awb_packet_count: 0 }), 400, /awb_packet_count/);
    expectRefused(await awb(1, uid, { awb_type: 'fan', weight: -1 }), 400, /weight/);
    expectRefused(await awb(1, cancelled, { awb_type: 'fan' }), 400, /is cancelled/);
    expectRefused(await awb(1, 'NO-SUCH-ORDER', { awb_type: 'fan' }), 404, /order_unique_id/);
    expect(state()).toEqual(before);
  });
});

const publish = (connectorId: number, productId: number | string) =>
  control('POST', `/accounts/1/connectors/${connectorId}/products/${productId}/publish`, {});
const unpublish = (connectorId: number, productId: number | string) =>
  control('POST', `/accounts/1/connectors/${connectorId}/products/${productId}/unpublish`, {});
const published = (connectorId: number, productId: number) =>
  value('SELECT count(*) FROM connector_products WHERE connector_id = ? AND product_id = ?', connectorId, productId);

describe('products.publish / products.unpublish', () => {
  it('publishes with the full current product, republishes, and unpublishes with only cod_produs', async () => {
    const product = one<Row>(
      `SELECT p.id, p.cod_produs FROM products p WHERE p.company_id = 1 AND p.deleted = 0
          AND p.id NOT IN (SELECT product_id FROM connector_products WHERE connector_id = 1) ORDER BY p.id LIMIT 1`,
    );
    const stock = one<Row>('SELECT total(quantity) AS q, total(reserved) AS r FROM stock WHERE product_id = ? AND workpoint_id = 1', product.id);
    const after = lastOutboxId();

    const data = expectDone(await publish(1, product.id), ProductPublished);
    expect(published(1, product.id)).toBe(1);
    const [row, ...more] = outboxAfter(after);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ connector_id: 1, notification_type: 'product_published', order_unique_id: null });
    expect(Object.keys(row!.body)).toEqual(['notification_type', ...PRODUCT_PUSH_FIELDS]);
    expect(row!.body).toMatchObject({ notification_type: 'product_published', cod_produs: product.cod_produs, stoc_global: stock.q, stock_reserved: stock.r, deleted: 0 });
    expect(typesOf(row!.body)).toMatchObject({ stoc_global: 'number', pret_vanzare: 'number', pret_vanzare_cu_tva: 'number', last_changed_ts: 'string' });
    expect(data).toMatchObject({
      connector_id: 1, product_id: product.id, cod_produs: product.cod_produs, published_ts: `${TODAY} 10:00:00`, republished: false,
      notification: { delivery_id: row!.id, webhook_id: expect.stringMatching(/^msg_/) },
    });
    const { notification_type: _type, ...pushed } = row!.body;
    expect(data.product).toEqual(pushed);

    const again = expectDone(await publish(1, product.id), ProductPublished);
    expect(again.republished).toBe(true);
    expect(outboxAfter(row!.id).map((r) => r.notification_type)).toEqual(['product_published']);

    const mark = lastOutboxId();
    const off = expectDone(await unpublish(1, product.id), ProductUnpublished);
    expect(published(1, product.id)).toBe(0);
    const [gone] = outboxAfter(mark);
    expect(gone!.body).toEqual({ notification_type: 'product_unpublished', cod_produs: product.cod_produs });
    expect(off).toMatchObject({ connector_id: 1, product_id: product.id, cod_produs: product.cod_produs, notification: { delivery_id: gone!.id } });

    const before = state();
    expectRefused(await unpublish(1, product.id), 400, new RegExp(`product_id: product ${product.id} is not published to connector 1`));
    expect(state()).toEqual(before);
  });

  it('an inactive connector: the list changes, nothing is sent; deleted products and connectors: 404', async () => {
    const productId = value('SELECT id FROM products WHERE company_id = 1 AND deleted = 0 AND id NOT IN (SELECT product_id FROM connector_products WHERE connector_id = 3) ORDER BY id LIMIT 1');
    const after = lastOutboxId();
    expect(expectDone(await publish(3, productId), ProductPublished)).toMatchObject({ republished: false, notification: null });
    expect(published(3, productId)).toBe(1);
    expect(expectDone(await unpublish(3, productId), ProductUnpublished)).toMatchObject({ notification: null });
    expect(outboxAfter(after)).toEqual([]);

    const deleted = value('SELECT id FROM products WHERE company_id = 1 AND deleted = 1 ORDER BY id LIMIT 1');
    const before = state();
    expectRefused(await publish(1, deleted), 404, new RegExp(`product_id: product ${deleted} does not exist`));
    expectRefused(await unpublish(1, deleted), 404, /does not exist/);
    expectRefused(await publish(1, 99999999), 404, /does not exist/);
    expectRefused(await publish(4, productId), 404, /connector 4 is deleted/);
    expectRefused(await publish(77, productId), 404, /connector 77 does not exist/);
    expectRefused(await publish(1, 'abc'), 400, /product_id/);
    expect(state()).toEqual(before);
  });
});

describe('odd input', () => {
  it('is refused with 400 or 404, never a 500', async () => {
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 1));
    const before = state();
    const calls: Array<[string, unknown]> = [
      [orderPath(1, uid, 'status'), { status_text: 5 }],
      [orderPath(1, uid, 'status'), { status_text: 'a\u0000b' }],
      [orderPath(1, uid, 'status'), [1, 2]],
      [orderPath(1, 'ă'.repeat(65), 'status'), { status_text: 'x' }],
      [orderPath(1, '%', 'status'), { status_text: 'x' }],
      [`/accounts/2/connectors/1/orders/${uid}/status`, { status_text: 'x' }],
      [orderPath(1, uid, 'invoice'), { date: 20261117 }],
      [orderPath(1, uid, 'invoice'), { date: '1900-01-01' }],
      [orderPath(1, uid, 'invoice'), { series: '' }],
      [orderPath(1, uid, 'awb'), { awb_type: 'fan', weight: 'heavy' }],
      [orderPath(1, uid, 'awb'), { awb_type: 'fan', awb_packet_count: 1.5 }],
      [orderPath(1, uid, 'awb'), { awb_type: 'fan', cash_on_delivery: -1 }],
      [orderPath(1, uid, 'awb'), { awb_type: 'fan', awb_service_type: 'overnight' }],
      [orderPath(1, uid, 'awb'), { awb_type: 'x'.repeat(33) }],
      ['/accounts/1/connectors/1/products/0/publish', {}],
      ['/accounts/1/connectors/0/products/1/unpublish', {}],
    ];
    for (const [path, body] of calls) {
      const answer = await control('POST', path, body);
      expect([400, 404], `${path} ${JSON.stringify(body)}: ${JSON.stringify(answer.body.messages)}`).toContain(answer.status);
    }
    expect(state()).toEqual(before);
  });
});
