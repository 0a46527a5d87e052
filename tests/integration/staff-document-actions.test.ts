import { beforeAll, describe, expect, it } from 'vitest';
import { Awb } from '../../shared/domain/awb.ts';
import { OrderAwbGenerated, OrderInvoiceDone, OrderInvoicePreview } from '../../shared/domain/staff-actions.ts';
import type { Row } from './orders.ts';
import { expectRefused, restSend } from './requests.ts';
import { expectDone, useStaffDemo, type Prod } from './staff.ts';

// Staff actions on documents through the control API: awbs.cancel (the REST DELETE /awb/{awb_id}/
// rule, for the AWB and order screens) and orders.invoicePreview (what issuing an order's invoice
// will do, by the connector's settings, agreeing with what orders.issueInvoice then does).

const staff = useStaffDemo();
const { one, control, orderPath, state, demo } = staff;
const rest = restSend<Row>(staff.demo);
let prod: Prod;

beforeAll(() => {
  [prod] = staff.products(1) as [Prod];
});

const generateAwb = (connectorId: number, uid: string, body: unknown) => control('POST', orderPath(connectorId, uid, 'awb'), body);
const cancelAwb = (awbId: number | string, companyId = 1) => control('POST', `/accounts/${companyId}/awbs/${awbId}/cancel`, {});
/** The AWB as REST /awb/list/ answers it. */
async function restAwb(awbId: number): Promise<Row> {
  const answer = await rest('GET', `/awb/list/id:${awbId}/`);
  expect(answer.status).toBe(200);
  const rows = answer.body.data as unknown as Row[];
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('awbs.cancel', () => {
  it("cancels the order's AWB (REST lists it cancelled), after which the order may have a new one", async () => {
    staff.setting(1, 'invoicing', 'auto_issue', 'off');
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 1));
    const first = expectDone(await generateAwb(1, uid, { awb_type: 'cargus' }), OrderAwbGenerated);
    // While it is live, a second AWB is refused.
    expectRefused(await generateAwb(1, uid, { awb_type: 'fan' }), 400, new RegExp(`already has AWB ${first.awb_nr}`));

    const cancelled = expectDone(await cancelAwb(first.awb_id), Awb);
    expect(cancelled).toMatchObject({ awb_id: first.awb_id, awb_nr: first.awb_nr, document_cancelled: 1 });
    // What a partner reads is what the screen was told.
    expect(await restAwb(first.awb_id)).toMatchObject({ awb_id: first.awb_id, document_cancelled: 1 });
    expect(one<Row>('SELECT cancelled FROM awbs WHERE id = ?', first.awb_id).cancelled).toBe(1);

    const second = expectDone(await generateAwb(1, uid, { awb_type: 'fan' }), OrderAwbGenerated);
    expect(second.awb_id).not.toBe(first.awb_id);
    expect(second).toMatchObject({ awb_type: 'fan', document_cancelled: 0, order_unique_id: uid });
    expect(await restAwb(second.awb_id)).toMatchObject({ document_cancelled: 0, connector_order_id: first.SERVICE_order_id });
  });

  it('cancels an AWB attached through REST as DELETE /awb/{awb_id}/ does', async () => {
    const sale = one<Row>("SELECT id FROM sales WHERE company_id = 1 AND cancelled = 0 ORDER BY id DESC LIMIT 1");
    const added = await rest('POST', '/awb/add/', { awbs: [{ sale_id: sale.id, awb_nr: 'STAFF-CANCEL-1', awb_type: 'fan' }] });
    expect(added.status, JSON.stringify(added.body.messages)).toBe(200);
    const awbId = (added.body.data as Row).awb_ids[0] as number;
    expect(expectDone(await cancelAwb(awbId), Awb)).toMatchObject({ awb_id: awbId, document_cancelled: 1 });
    // The tracking number is free again, as after the REST delete.
    const again = await rest('POST', '/awb/add/', { awbs: [{ sale_id: sale.id, awb_nr: 'STAFF-CANCEL-1', awb_type: 'fan' }] });
    expect(again.status, JSON.stringify(again.body.messages)).toBe(200);
  });

  it('refuses an AWB already cancelled (409), an unknown one and one of another account (404), writing nothing', async () => {
    const cancelledId = one<Row>('SELECT id FROM awbs WHERE company_id = 1 AND cancelled = 1 ORDER BY id LIMIT 1').id as number;
    const liveId = one<Row>('SELECT id FROM awbs WHERE company_id = 1 AND cancelled = 0 ORDER BY id LIMIT 1').id as number;
    const before = state();
    expectRefused(await cancelAwb(cancelledId), 409, new RegExp(`awb_id: AWB .* \\(awb_id ${cancelledId}\\) is already cancelled`));
    expectRefused(await cancelAwb(999_999_999), 404, /awb_id: AWB 999999999 does not exist in this account/);
    expectRefused(await cancelAwb(liveId, 999), 404, /account/);
    expectRefused(await cancelAwb('x'), 400, /awb_id/);
    expect(state()).toEqual(before);
    expect(one<Row>('SELECT cancelled FROM awbs WHERE id = ?', liveId).cancelled).toBe(0);
  });
});

describe('orders.invoicePreview', () => {
  const preview = (connectorId: number, uid: string, body: Row = {}) => control('POST', orderPath(connectorId, uid, 'invoice/preview'), body);
  const issue = (connectorId: number, uid: string, body: Row = {}) => control('POST', orderPath(connectorId, uid, 'invoice'), body);
  /** What a preview and an issue must agree on: all but the ids and the tracking number a dry run cannot keep. */
  const comparable = (answer: Row) => ({
    doc_series: answer.doc_series,
    doc_nr: answer.doc_nr,
    doc_date: answer.doc_date,
    document_value_with_vat: answer.document_value_with_vat,
    currency: answer.currency,
    sale_created: answer.sale_created,
    notices: answer.notices,
    follow_ups: {
      ...answer.follow_ups,
      awb: answer.follow_ups.awb && { ...answer.follow_ups.awb, awb_id: 'any', awb_nr: 'any' },
    },
  });

  /** Previews the invoice (nothing written), issues it, and answers both. */
  async function previewThenIssue(connectorId: number, uid: string): Promise<{ said: Row; done: Row }> {
    const before = state();
    const said = expectDone(await preview(connectorId, uid), OrderInvoicePreview);
    expect(state()).toEqual(before);
    // A second look says the same (the first left no trace, not even a used number; a tracking number is drawn anew).
    expect(comparable(expectDone(await preview(connectorId, uid), OrderInvoicePreview))).toEqual(comparable(said));
    const done = expectDone(await issue(connectorId, uid), OrderInvoiceDone);
    expect(comparable(said)).toEqual(comparable(done));
    return { said, done };
  }

  const statusSync = (map: Record<string, string>) => staff.setting(1, 'status_sync', 'map', map);

  it('AWB on invoice and a status map: the AWB, both statuses and every notification, before and after', async () => {
    staff.setting(1, 'invoicing', 'auto_issue', 'off');
    staff.setting(1, 'awb', 'auto_issue', 'on_invoice');
    staff.setting(1, 'awb', 'default_courier', 'cargus');
    statusSync({ invoice_issued: 'invoiced', awb_issued: 'shipped' });
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 2, { order_status: 'processing' }));
    const { said, done } = await previewThenIssue(1, uid);
    expect(said.follow_ups).toMatchObject({
      awb: { awb_type: 'cargus' },
      order_status_before: 'processing',
      order_status: 'shipped',
    });
    const told = said.follow_ups.notifications.filter((n: Row) => n.notification_type !== 'product_update');
    expect(told.map((n: Row) => [n.notification_type, n.status_text ?? null])).toEqual([
      ['invoice', null], ['awb', null], ['status', 'invoiced'], ['status', 'shipped'],
    ]);
    expect(told.every((n: Row) => n.sent === true)).toBe(true);
    // What the click did is what REST and the store hold.
    expect(await restAwb(done.follow_ups.awb.awb_id)).toMatchObject({ awb_type: 'cargus', document_cancelled: 0, connector_order_id: done.SERVICE_order_id });
    expect(one<Row>('SELECT order_status FROM connector_orders WHERE id = ?', done.SERVICE_order_id).order_status).toBe('shipped');
  });

  it('no AWB, no status map: the invoice and its notification only; the status stays', async () => {
    staff.setting(1, 'invoicing', 'auto_issue', 'off');
    staff.setting(1, 'awb', 'auto_issue', 'off');
    statusSync({});
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 1, { order_status: 'processing' }));
    const { said } = await previewThenIssue(1, uid);
    expect(said.follow_ups).toMatchObject({ awb: null, order_status_before: 'processing', order_status: 'processing' });
    expect(said.follow_ups.notifications.filter((n: Row) => n.notification_type !== 'product_update').map((n: Row) => n.notification_type)).toEqual(['invoice']);
  });

  it('AWB on invoice but the order is collected in person: no AWB, only the invoice status; a connector without a URL is told nothing', async () => {
    staff.setting(1, 'invoicing', 'auto_issue', 'off');
    staff.setting(1, 'awb', 'auto_issue', 'on_invoice');
    statusSync({ invoice_issued: 'invoiced', awb_issued: 'shipped' });
    demo.db.prepare("UPDATE connectors SET order_event_notification_url = '' WHERE company_id = 1 AND id = 1").run();
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 1, { order_status: 'processing', shipping_method: 'personal_pickup' }));
    const { said } = await previewThenIssue(1, uid);
    expect(said.follow_ups).toMatchObject({ awb: null, order_status: 'invoiced' });
    expect(said.follow_ups.notifications.length).toBeGreaterThan(0);
    expect(said.follow_ups.notifications.every((n: Row) => n.sent === false)).toBe(true);
  });

  it("refuses what the action refuses, writing nothing: an invoiced order, a date out of range", async () => {
    staff.setting(1, 'invoicing', 'auto_issue', 'off');
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 1, { order_status: 'processing' }));
    const before = state();
    expectRefused(await preview(1, uid, { date: '2026-11-18' }), 400, /date: 2026-11-18 is after/);
    expectRefused(await preview(1, 'NO-SUCH-ORDER'), 404, /order_unique_id/);
    expect(state()).toEqual(before);
    const done = expectDone(await issue(1, uid), OrderInvoiceDone);
    expectRefused(await preview(1, uid), 400, new RegExp(`already invoiced: invoice ${done.doc_series} ${done.doc_nr}`));
  });
});
