import { beforeAll, describe, expect, it } from 'vitest';
import { payment, r2, type Row } from './orders.ts';
import { restSend } from './requests.ts';
import { useStaffDemo, type Prod } from './staff.ts';

/*
 * The ledger's rules on connector orders (docs/data-model.md "What is paid"), read back through
 * REST as a partner reads them: a payment registered while the order had no sales receipt is
 * allocated to the receipt made later (by staff's invoice), and a cancelled receipt keeps no
 * payment (it is released, unallocated, the client's credit).
 */

const staff = useStaffDemo();
const { demo, one, control, orderPath } = staff;
const rest = restSend(demo);
let prod: Prod;

beforeAll(() => {
  [prod] = staff.products(1) as [Prod];
});

async function data<T>(path: string): Promise<T> {
  const answer = await rest<T>('GET', path);
  expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
  return answer.body.data;
}
const orderId = (connectorId: number, uid: string) =>
  one<Row>('SELECT id FROM connector_orders WHERE connector_id = ? AND order_unique_id = ?', connectorId, uid).id as number;
const paymentOf = (uid: string, connectorId: number) =>
  one<Row>('SELECT payment_id FROM connector_order_payments WHERE order_id = ?', orderId(connectorId, uid)).payment_id as number;

describe('payments of connector orders', () => {
  it('an order paid by card with stock reserved only: the receipt staff makes with the invoice takes the card payment', async () => {
    staff.setting(1, 'order_processing', 'action_on_import', 'reserve_stock');
    const body = staff.orderBody(prod, 2);
    const total = r2(2 * prod.pwv);
    body.payments = [payment(`CARD-${body.order_unique_id}`, total, { payment_date: '2026-11-17 09:00:00' })];
    const uid = await staff.placeOrder(1, body);
    demo.db.prepare("DELETE FROM connector_settings WHERE connector_id = 1 AND grp = 'order_processing' AND key = 'action_on_import'").run();
    const paymentId = paymentOf(uid, 1);
    expect((await data<Row[]>(`/payments/list/id:${paymentId}/`))[0]).toMatchObject({ allocation_status: 'not_allocated', bv_id: null });

    const issued = await control('POST', orderPath(1, uid, 'invoice'), {});
    expect(issued.status, JSON.stringify(issued.body.messages)).toBe(200);
    const { bv_id: bvId, bocp_id: invoiceId } = issued.body.data as { bv_id: number; bocp_id: number };

    const [sale] = await data<Row[]>(`/sales/list/id:${bvId}/include:transactions/`);
    expect(sale).toMatchObject({ paid_amount: total, transactions: [expect.objectContaining({ incasare_id: paymentId, amount: total })] });
    expect((await data<{ sale: Row }>(`/sales/${bvId}/payment/`)).sale).toMatchObject({ open_amount: 0 });
    expect((await data<Row[]>(`/payments/list/id:${paymentId}/`))[0]).toMatchObject({ allocation_status: 'fully_allocated', bv_id: bvId });
    expect((await data<Row[]>(`/invoices/list/id:${invoiceId}/`))[0]).toMatchObject({ rest: 0, last_payment_date: '2026-11-17' });
  });

  it('a paid dropship order cancelled: its cancelled receipt keeps no payment; the payment stays, unallocated', async () => {
    staff.setting(2, 'invoicing', 'auto_issue', 'off');
    const body = staff.orderBody(prod, 1);
    body.payments = [payment(`PAY-${body.order_unique_id}`, prod.pwv)];
    const uid = await staff.placeOrder(2, body);
    const saleId = one<Row>('SELECT id FROM sales WHERE connector_order_id = ?', orderId(2, uid)).id as number;
    expect((await data<Row[]>(`/sales/list/id:${saleId}/`))[0]).toMatchObject({ paid_amount: prod.pwv });

    const cancelled = await rest('PUT', `/connector/2/order/${encodeURIComponent(uid)}/`, { ...body, order_cancelled: 1, order_status: 'cancelled' });
    expect(cancelled.status, JSON.stringify(cancelled.body.messages)).toBe(200);

    const [sale] = await data<Row[]>(`/sales/list/id:${saleId}/include:transactions/`);
    expect(sale).toMatchObject({ document_cancelled: 1, paid_amount: 0, transactions: [] });
    const paymentId = paymentOf(uid, 2);
    expect((await data<Row[]>(`/payments/list/id:${paymentId}/include:allocations/`))[0]).toMatchObject({
      document_cancelled: 0,
      allocated_amount: 0,
      allocation_status: 'not_allocated',
      allocations: [],
      bv_id: saleId,
    });
    // As the REST API refuses a payment on a cancelled sale.
    const refused = await rest('POST', `/sales/${saleId}/payment/`, { amount: 1, payment_type: 'cash' });
    expect(refused.status).toBe(400);
  });
});

describe('an order whose lines change after it was paid', () => {
  it('a receipt keeps no more than its new total: the excess goes back to the payment, unallocated, with a notice', async () => {
    staff.setting(1, 'invoicing', 'auto_issue', 'off');
    const body = staff.orderBody(prod, 3);
    const total = r2(3 * prod.pwv);
    body.payments = [payment(`PAID-${body.order_unique_id}`, total)];
    const uid = await staff.placeOrder(1, body);
    const saleId = one<Row>('SELECT id FROM sales WHERE connector_order_id = ? AND cancelled = 0', orderId(1, uid)).id as number;
    expect((await data<Row[]>(`/sales/list/id:${saleId}/`))[0]).toMatchObject({ paid_amount: total });

    const fewer = staff.orderBody(prod, 1, { order_unique_id: uid, client: body.client, payments: body.payments });
    const put = await rest<Row>('PUT', `/connector/1/order/${encodeURIComponent(uid)}/`, fewer);
    expect(put.status, JSON.stringify(put.body.messages)).toBe(200);
    expect(JSON.stringify(put.body.data.notices)).toMatch(/stays on its payments, unallocated/);

    const [sale] = await data<Row[]>(`/sales/list/id:${saleId}/`);
    expect(sale).toMatchObject({ document_value_with_vat: prod.pwv, paid_amount: prod.pwv });
    const paymentId = paymentOf(uid, 1);
    expect((await data<Row[]>(`/payments/list/id:${paymentId}/include:allocations/`))[0]).toMatchObject({
      allocated_amount: prod.pwv,
      allocation_status: 'some_allocated',
      allocations: [expect.objectContaining({ doc_type: 'sale', doc_id: saleId, amount: prod.pwv })],
    });
    expect((await data<{ sale: Row }>(`/sales/${saleId}/payment/`)).sale).toMatchObject({ open_amount: 0 });
  });
});

describe('an order cancelled and made active again', () => {
  it("its payment pays the new receipt and names it (bv_id), not the cancelled one", async () => {
    staff.setting(2, 'invoicing', 'auto_issue', 'off');
    const body = staff.orderBody(prod, 1);
    body.payments = [payment(`AGAIN-${body.order_unique_id}`, prod.pwv)];
    const uid = await staff.placeOrder(2, body);
    const path = `/connector/2/order/${encodeURIComponent(uid)}/`;
    const first = one<Row>('SELECT id FROM sales WHERE connector_order_id = ? AND cancelled = 0', orderId(2, uid)).id as number;
    expect((await rest('PUT', path, { ...body, order_cancelled: 1, order_status: 'cancelled' })).status).toBe(200);
    const again = await rest<Row>('PUT', path, { ...body, order_cancelled: 0, order_status: 'processing' });
    expect(again.status, JSON.stringify(again.body.messages)).toBe(200);
    const second = one<Row | undefined>('SELECT id FROM sales WHERE connector_order_id = ? AND cancelled = 0', orderId(2, uid))?.id as number;
    expect(second).toBeGreaterThan(first);
    const paymentId = paymentOf(uid, 2);
    expect((await data<Row[]>(`/payments/list/id:${paymentId}/include:allocations/`))[0]).toMatchObject({
      bv_id: second,
      allocation_status: 'fully_allocated',
      allocations: [expect.objectContaining({ doc_type: 'sale', doc_id: second })],
    });
    expect((await data<Row[]>(`/sales/list/id:${second}/`))[0]).toMatchObject({ paid_amount: prod.pwv });
    expect((await data<Row[]>(`/sales/list/id:${first}/`))[0]).toMatchObject({ document_cancelled: 1, paid_amount: 0 });
  });
});
