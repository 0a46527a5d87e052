import { describe, expect, it } from 'vitest';
import { round2 } from './fixtures.ts';
import { queries, useDemo } from './harness.ts';
import { restSend } from './requests.ts';
import { fmtMoney } from '../../electron/core/domains/documents/format.ts';

/*
 * One truth for what is paid (docs/data-model.md "What is paid"): the allocations of live
 * payments to a sales receipt, from which the receipt's paid and open amounts and its invoice's
 * rest, paid state, last_payment_date and last_changed_ts follow. Each case reads the invoice
 * back the way a partner does: GET /invoices/list/id:<id>/.
 */

type Row = Record<string, unknown>;
interface InvoiceRow {
  bocp_id: number;
  doc_date: string;
  document_value_with_vat: number;
  rest: number;
  paid_amount: number;
  last_payment_date: string;
  last_changed_ts: string;
}
interface PaymentRow {
  incasare_id: number;
  allocated_amount: number;
  allocation_status: string;
  document_cancelled: number;
  source: string;
  allocations?: Array<{ doc_type: string; doc_id: number; amount: number }>;
}

const demo = useDemo();
const { all } = queries(demo);
const send = restSend(demo);

async function ok<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await send<T>(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body.messages)}`).toBe(method === 'POST' ? 200 : 200);
  return answer.body.data;
}

const invoice = async (id: number) => (await ok<InvoiceRow[]>('GET', `/invoices/list/id:${id}/`))[0]!;
const payment = async (id: number) => (await ok<PaymentRow[]>('GET', `/payments/list/id:${id}/include:allocations/`))[0]!;
const openOf = async (bvId: number) =>
  (await ok<{ sale: { paid_amount: number; open_amount: number } }>('GET', `/sales/${bvId}/payment/`)).sale;
const pay = (bvId: number, amount: number, date?: string) =>
  ok<{ incasare_id: number }>('POST', `/sales/${bvId}/payment/`, { amount, payment_type: 'bank_transfer', ...(date && { date }) });

/** Unpaid RON sales receipts of the demo, each the only receipt of its live invoice, one per test. */
const used = new Set<number>();
function unpaidInvoicedSale(): { bvId: number; invoiceId: number; total: number; date: string } {
  const rows = all<Row>(
    `SELECT s.id, s.invoice_id, s.total_with_vat, i.date FROM sales s JOIN invoices i ON i.id = s.invoice_id
      WHERE s.company_id = 1 AND s.cancelled = 0 AND i.cancelled = 0 AND s.currency = 'RON' AND s.paid_amount = 0
        AND s.total_with_vat > 100 AND (SELECT count(*) FROM sales o WHERE o.invoice_id = i.id) = 1
        AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.sale_id = s.id)
      ORDER BY s.id`,
  );
  const row = rows.find((r) => !used.has(r.id as number));
  if (!row) throw new Error('no unpaid invoiced sale left in the demo');
  used.add(row.id as number);
  return { bvId: row.id as number, invoiceId: row.invoice_id as number, total: row.total_with_vat as number, date: row.date as string };
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('what an invoice shows is what pays its sales receipt', () => {
  it('in the demo from the start: every invoice with sales receipts has rest = total less what pays them', async () => {
    const expected = new Map(
      all<{ id: number; total: number; paid: number }>(
        `SELECT i.id, i.total_with_vat AS total, (SELECT round(sum(s.paid_amount), 2) FROM sales s WHERE s.invoice_id = i.id AND s.cancelled = 0) AS paid
           FROM invoices i WHERE i.company_id = 1 AND EXISTS (SELECT 1 FROM sales s WHERE s.invoice_id = i.id)`,
      ).map((r) => [r.id, Math.max(0, round2(r.total - (r.paid ?? 0)))]),
    );
    expect(expected.size).toBeGreaterThan(50);
    let checked = 0;
    for (let page = 1; ; page++) {
      const rows = await ok<InvoiceRow[]>('GET', `/invoices/list/page:${page}/`);
      if (rows.length === 0) break;
      for (const row of rows) {
        const rest = expected.get(row.bocp_id);
        if (rest === undefined) continue;
        expect(row.rest, `invoice ${row.bocp_id}`).toBeCloseTo(rest, 2);
        checked++;
      }
    }
    expect(checked).toBe(expected.size);
    // A paid receipt has a paid invoice and the other way round (the demo had such pairs: sale 1 / invoice 1).
    const mismatched = all(
      `SELECT s.id FROM sales s JOIN invoices i ON i.id = s.invoice_id
        WHERE s.cancelled = 0 AND i.cancelled = 0 AND (SELECT count(*) FROM sales o WHERE o.invoice_id = i.id) = 1
          AND (round(s.total_with_vat - s.paid_amount, 2) <= 0) <> (round(i.total_with_vat - i.paid_amount, 2) <= 0)`,
    );
    expect(mismatched).toEqual([]);
  });

  it('a partial payment on the receipt: the invoice shows the rest, the payment day, and a new modifiedafter stamp', async () => {
    const s = unpaidInvoicedSale();
    const before = await invoice(s.invoiceId);
    expect(before).toMatchObject({ rest: s.total, last_payment_date: '' });
    const part = round2(s.total * 0.4);
    const day = addDays(s.date, 2);
    await pay(s.bvId, part, day);
    const after = await invoice(s.invoiceId);
    expect(after.rest).toBeCloseTo(round2(s.total - part), 2);
    expect(after.paid_amount).toBeCloseTo(part, 2);
    expect(after.last_payment_date).toBe(day);
    // A partner syncing with modifiedafter sees the change.
    expect(after.last_changed_ts > before.last_changed_ts).toBe(true);
    const stamp = encodeURIComponent(before.last_changed_ts);
    const changed = await ok<InvoiceRow[]>('GET', `/invoices/list/id:${s.invoiceId}/modifiedafter:${stamp}/`);
    expect(changed.map((r) => r.bocp_id)).toEqual([s.invoiceId]);
    expect(await openOf(s.bvId)).toMatchObject({ paid_amount: part, open_amount: round2(s.total - part) });
    // The invoice's page prints the same figures.
    const { html_url } = await demo.h.core.invoke('invoices.get', { company_id: 1, bocp_id: s.invoiceId });
    const page = (await (await fetch(html_url)).text()).replace(/&nbsp;|\u00a0/g, ' ');
    expect(page).toContain(`Rest de plată</td><td class="n">${fmtMoney(round2(s.total - part))} RON`);
    expect(page).toContain(`Achitat</td><td class="n">${fmtMoney(part)} RON`);
  });

  it('several payments: paid when they cover it; last_payment_date is the latest payment day, not the last registered', async () => {
    const s = unpaidInvoicedSale();
    const first = round2(s.total / 3);
    await pay(s.bvId, first, addDays(s.date, 5));
    await pay(s.bvId, first, addDays(s.date, 1));
    expect((await invoice(s.invoiceId)).last_payment_date).toBe(addDays(s.date, 5));
    await pay(s.bvId, round2(s.total - 2 * first), addDays(s.date, 3));
    const paid = await invoice(s.invoiceId);
    expect(paid).toMatchObject({ rest: 0, last_payment_date: addDays(s.date, 5) });
    expect(paid.paid_amount).toBeCloseTo(s.total, 2);
    expect(await openOf(s.bvId)).toMatchObject({ open_amount: 0 });
  });

  it('an overpayment pays the invoice to 0, never below; a later payment stays unallocated and leaves the invoice as it was', async () => {
    const s = unpaidInvoicedSale();
    const over = await pay(s.bvId, round2(s.total + 50), addDays(s.date, 1));
    expect(await payment(over.incasare_id)).toMatchObject({ allocated_amount: s.total, allocation_status: 'some_allocated' });
    const paid = await invoice(s.invoiceId);
    expect(paid).toMatchObject({ rest: 0, last_payment_date: addDays(s.date, 1) });
    const extra = await pay(s.bvId, 125, addDays(s.date, 9));
    expect(await payment(extra.incasare_id)).toMatchObject({ allocated_amount: 0, allocation_status: 'not_allocated', allocations: [] });
    const still = await invoice(s.invoiceId);
    expect(still).toMatchObject({ rest: 0, last_payment_date: addDays(s.date, 1), paid_amount: paid.paid_amount });
  });

  it('a printed fiscal receipt recreates the payments: the invoice follows the new ones', async () => {
    const s = unpaidInvoicedSale();
    const partial = await pay(s.bvId, 10, addDays(s.date, 4));
    expect((await invoice(s.invoiceId)).last_payment_date).toBe(addDays(s.date, 4));
    // The receipt of an invoiced sale carries the invoice's date.
    const receipt = await ok<{ receipts: Array<{ deleted_incasare_ids: number[] }> }>('POST', '/payments/fiscalreceipt/', {
      receipts: [{ pos_receipt_id: 9_100_000 + s.bvId, bv_id: s.bvId, status_id: 3, bf_date: s.date, paid_card: round2(s.total - 20) }],
    });
    expect(receipt.receipts[0]!.deleted_incasare_ids).toContain(partial.incasare_id);
    const after = await invoice(s.invoiceId);
    expect(after.rest).toBeCloseTo(20, 2);
    expect(after.last_payment_date).toBe(s.date);
  });

  it('a payment cancelled by staff gives the figures back; it stays listed, cancelled, with no allocation', async () => {
    const s = unpaidInvoicedSale();
    const early = await pay(s.bvId, 30, addDays(s.date, 1));
    const late = await pay(s.bvId, round2(s.total - 30), addDays(s.date, 6));
    expect((await invoice(s.invoiceId)).rest).toBe(0);
    const before = await invoice(s.invoiceId);

    const cancelled = await demo.h.control<{ incasare_id: number; documents: unknown[] }>('POST', `/accounts/1/payments/${late.incasare_id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toEqual({ incasare_id: late.incasare_id, document_cancelled: 1, documents: [{ doc_type: 'sale', doc_id: s.bvId }] });

    const after = await invoice(s.invoiceId);
    expect(after.rest).toBeCloseTo(round2(s.total - 30), 2);
    expect(after.last_payment_date).toBe(addDays(s.date, 1));
    expect(after.last_changed_ts >= before.last_changed_ts).toBe(true);
    expect(await payment(late.incasare_id)).toMatchObject({ document_cancelled: 1, allocated_amount: 0, allocation_status: 'not_allocated', allocations: [] });
    expect(await openOf(s.bvId)).toMatchObject({ paid_amount: 30, open_amount: round2(s.total - 30) });

    // Twice is a conflict, an unknown payment a 404; neither changes anything.
    expect((await demo.h.control('POST', `/accounts/1/payments/${late.incasare_id}/cancel`)).status).toBe(409);
    expect((await demo.h.control('POST', '/accounts/1/payments/999999999/cancel')).status).toBe(404);
    expect((await invoice(s.invoiceId)).rest).toBeCloseTo(round2(s.total - 30), 2);

    // The other payment, cancelled too: nothing paid, no payment day.
    await demo.h.control('POST', `/accounts/1/payments/${early.incasare_id}/cancel`);
    expect(await invoice(s.invoiceId)).toMatchObject({ rest: s.total, paid_amount: 0, last_payment_date: '' });
  });

  it('a payment from the window is staff\'s; the invoice detail names the receipt it goes to', async () => {
    const s = unpaidInvoicedSale();
    const detail = await demo.h.core.invoke('invoices.get', { company_id: 1, bocp_id: s.invoiceId });
    expect(detail.payment_bv_id).toBe(s.bvId);
    const paid = await demo.h.core.invoke('sales.registerPayment', { company_id: 1, bv_id: s.bvId, amount: s.total, payment_type: 'cash' });
    expect(await payment(paid.incasare_id)).toMatchObject({ source: 'staff' });
    expect((await invoice(s.invoiceId)).rest).toBe(0);
  });
});
