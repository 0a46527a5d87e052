import type { Database } from 'better-sqlite3';
import type { AllocationStatus } from '../../../../shared/domain/payments.ts';
import { round2 } from '../../money.ts';
import type { ExchangeRates } from '../exchange-rates/index.ts';

/**
 * The payment ledger: registering a payment on a sale with its allocation, cancelling and
 * removing payments, releasing a cancelled document's payments, keeping the documents'
 * paid_amount and the payments' allocated_amount / allocation_status in step. Every function
 * runs inside the caller's transaction.
 *
 * One truth for what is paid (docs/data-model.md "What is paid"): the allocations of live
 * payments. A payment is allocated to the sales receipt it pays; to an invoice only when that
 * invoice has no sales receipt (services, storno). The ledger writes a sale's paid_amount; the
 * store's triggers (migration 023) carry it to the sale's invoice (the sum over its live sales
 * receipts, with last_changed_ts) and from the invoice to the proforma it was issued from.
 *
 * Amounts: a payment is in its own currency; its allocations are in the payment's currency
 * too (as /payments/list/ reports them); a document's paid_amount is in the document's
 * currency: the sum of its allocations, each converted when the currencies differ (see
 * `toDocumentCurrency`).
 */

/** The sale fields a payment needs. */
export interface SaleForPayment {
  id: number;
  date: string;
  currency: string;
  exchange_rate: number;
  total_with_vat: number;
  paid_amount: number;
  cancelled: number;
  client_id: number | null;
  client_name: string;
  client_cui: string;
  client_reg_com: string;
  workpoint_id: number | null;
  invoice_id: number | null;
}

export interface NewSalePayment {
  companyId: number;
  sale: SaleForPayment;
  date: string;
  paymentType: string;
  amount: number;
  currency: string;
  /** RON per unit of `currency` (1 for RON). */
  rate: number;
  bankAccountId: number | null;
  mentions: string;
  /** staff: registered in the window; api: POST /sales/{bv_id}/payment/ or a connector order; fiscal_receipt: a receipt import. */
  source: 'staff' | 'api' | 'fiscal_receipt';
  fiscalReceiptId: number | null;
  addedByApi: 0 | 1;
  /** 'YYYY-MM-DD HH:MM:SS' */
  now: string;
}

export interface RegisteredPayment {
  incasare_id: number;
  allocated_amount: number;
  allocation_status: AllocationStatus;
}

type DocType = 'sale' | 'invoice' | 'proforma';
const DOC_TABLE: Record<DocType, string> = { sale: 'sales', invoice: 'invoices', proforma: 'proformas' };

/** The status a payment's allocated amount gives it (half a ban of tolerance, as the seed). */
export function allocationStatusOf(amount: number, allocated: number): AllocationStatus {
  if (allocated <= 0) return 'not_allocated';
  return allocated >= amount - 0.004 ? 'fully_allocated' : 'some_allocated';
}

export function createPaymentLedger(db: Database, rates: ExchangeRates) {
  const saleRow = db.prepare<[number, number], SaleForPayment>(
    `SELECT id, date, currency, exchange_rate, total_with_vat, paid_amount, cancelled, client_id, client_name, client_cui,
            client_reg_com, workpoint_id, invoice_id
       FROM sales WHERE company_id = ? AND id = ?`,
  );
  const insertPayment = db.prepare(
    `INSERT INTO payments (company_id, series, number, date, payment_type, client_id, client_name, client_cui, client_reg_com,
       workpoint_id, amount, currency, exchange_rate, amount_ron, bank_account_id, mentions, source, fiscal_receipt_id,
       allocated_amount, allocation_status, cancelled, added_by_api, created_ts, last_changed_ts, sale_id)
     VALUES (@company_id, '', NULL, @date, @payment_type, @client_id, @client_name, @client_cui, @client_reg_com,
       @workpoint_id, @amount, @currency, @exchange_rate, @amount_ron, @bank_account_id, @mentions, @source, @fiscal_receipt_id,
       @allocated_amount, @allocation_status, 0, @added_by_api, @now, @now, @sale_id)`,
  );
  const insertAllocation = db.prepare<[number, number, string, number, number]>(
    'INSERT INTO payment_allocations (company_id, payment_id, doc_type, doc_id, amount) VALUES (?, ?, ?, ?, ?)',
  );
  const docAllocations = db.prepare<[number, string, number], { amount: number; currency: string; exchange_rate: number; date: string }>(
    `SELECT a.amount, p.currency, p.exchange_rate, p.date
       FROM payment_allocations a JOIN payments p ON p.id = a.payment_id AND p.company_id = a.company_id
      WHERE a.company_id = ? AND a.doc_type = ? AND a.doc_id = ? AND p.cancelled = 0
      ORDER BY a.id`,
  );
  const docCurrency = Object.fromEntries(
    (Object.keys(DOC_TABLE) as DocType[]).map((type) => [
      type,
      db.prepare<[number, number], { currency: string; exchange_rate: number }>(
        `SELECT currency, exchange_rate FROM ${DOC_TABLE[type]} WHERE company_id = ? AND id = ?`,
      ),
    ]),
  ) as Record<DocType, ReturnType<typeof db.prepare<[number, number], { currency: string; exchange_rate: number }>>>;
  const updatePaid = Object.fromEntries(
    (Object.keys(DOC_TABLE) as DocType[]).map((type) => [
      type,
      db.prepare<[number, string, number, number]>(
        `UPDATE ${DOC_TABLE[type]} SET paid_amount = ?, last_changed_ts = ? WHERE company_id = ? AND id = ?`,
      ),
    ]),
  ) as Record<DocType, ReturnType<typeof db.prepare<[number, string, number, number]>>>;
  const allocatedDocs = db.prepare<[number, string], { doc_type: DocType; doc_id: number }>(
    `SELECT DISTINCT doc_type, doc_id FROM payment_allocations
      WHERE company_id = ? AND payment_id IN (SELECT value FROM json_each(?)) ORDER BY doc_type, doc_id`,
  );
  const deleteAllocations = db.prepare<[number, string]>(
    'DELETE FROM payment_allocations WHERE company_id = ? AND payment_id IN (SELECT value FROM json_each(?))',
  );
  const deletePaymentRows = db.prepare<[number, string]>(
    'DELETE FROM payments WHERE company_id = ? AND id IN (SELECT value FROM json_each(?))',
  );
  const salePayments = db
    .prepare<[number, number, number, number, number], number>(
      `SELECT id FROM payments p
        WHERE p.company_id = ? AND (
              p.sale_id = ?
           OR p.id IN (SELECT a.payment_id FROM payment_allocations a
                        WHERE a.company_id = p.company_id AND a.doc_type = 'sale' AND a.doc_id = ?)
           OR p.fiscal_receipt_id IN (SELECT fr.id FROM fiscal_receipts fr WHERE fr.company_id = ? AND fr.sale_id = ?))
        ORDER BY p.id`,
    )
    .pluck();
  const paymentAllocated = db.prepare<[number, number], { amount: number; cancelled: number; allocated: number }>(
    `SELECT p.amount, p.cancelled, COALESCE((SELECT round(sum(a.amount), 2) FROM payment_allocations a
                                              WHERE a.company_id = p.company_id AND a.payment_id = p.id), 0) AS allocated
       FROM payments p WHERE p.company_id = ? AND p.id = ?`,
  );
  const setPaymentAllocation = db.prepare<[number, string, string, number, number]>(
    'UPDATE payments SET allocated_amount = ?, allocation_status = ?, last_changed_ts = ? WHERE company_id = ? AND id = ?',
  );
  const cancelPaymentRow = db.prepare<[string, number, number]>(
    'UPDATE payments SET cancelled = 1, last_changed_ts = ? WHERE company_id = ? AND id = ?',
  );
  const orderPaymentsOpen = db.prepare<[number, number], { id: number; amount: number; allocated_amount: number; currency: string; exchange_rate: number; date: string }>(
    `SELECT p.id, p.amount, p.allocated_amount, p.currency, p.exchange_rate, p.date
       FROM connector_order_payments cop JOIN payments p ON p.id = cop.payment_id AND p.company_id = cop.company_id
      WHERE cop.company_id = ? AND cop.order_id = ? AND p.cancelled = 0 AND p.allocated_amount < p.amount - 0.004
      ORDER BY p.id`,
  );
  // A payment belongs to the receipt it pays; one that named a receipt since cancelled follows it to the new one.
  const linkPaymentSale = db.prepare<[number, number, number]>(
    `UPDATE payments SET sale_id = ?
      WHERE company_id = ? AND id = ?
        AND (sale_id IS NULL OR EXISTS (SELECT 1 FROM sales s WHERE s.id = payments.sale_id AND s.cancelled = 1))`,
  );
  const saleAllocationsNewestFirst = db.prepare<[number, number], { id: number; payment_id: number; amount: number; currency: string; exchange_rate: number; date: string }>(
    `SELECT a.id, a.payment_id, a.amount, p.currency, p.exchange_rate, p.date
       FROM payment_allocations a JOIN payments p ON p.id = a.payment_id AND p.company_id = a.company_id
      WHERE a.company_id = ? AND a.doc_type = 'sale' AND a.doc_id = ? ORDER BY p.date DESC, p.id DESC`,
  );
  const deleteAllocation = db.prepare<[number, number]>('DELETE FROM payment_allocations WHERE company_id = ? AND id = ?');
  const setAllocationAmount = db.prepare<[number, number, number]>('UPDATE payment_allocations SET amount = ? WHERE company_id = ? AND id = ?');
  const docPayments = db
    .prepare<[number, string, number], number>(
      'SELECT DISTINCT payment_id FROM payment_allocations WHERE company_id = ? AND doc_type = ? AND doc_id = ? ORDER BY payment_id',
    )
    .pluck();
  const deleteDocAllocations = db.prepare<[number, string, number]>(
    'DELETE FROM payment_allocations WHERE company_id = ? AND doc_type = ? AND doc_id = ?',
  );
  const receiptPayments = db
    .prepare<[number, number], number>('SELECT id FROM payments WHERE company_id = ? AND fiscal_receipt_id = ? ORDER BY id')
    .pluck();

  /**
   * An amount of a payment (currency, rate, date) in a document's currency: as is when they
   * agree; else through RON: amount x payment rate / the document currency's rate on the
   * payment date (the stored BNR rate, or the document's own rate when none is stored),
   * rounded to the cent.
   */
  function toDocumentCurrency(
    amount: number,
    payment: { currency: string; exchange_rate: number; date: string },
    doc: { currency: string; exchange_rate: number },
  ): number {
    if (payment.currency === doc.currency) return amount;
    const docRate = rates.rateOn(doc.currency, payment.date) ?? doc.exchange_rate;
    return round2((amount * payment.exchange_rate) / docRate);
  }

  /** What the sale still has open (sale currency): its total less what its allocations pay. */
  function openAmountOf(_companyId: number, sale: SaleForPayment): number {
    return Math.max(0, round2(sale.total_with_vat - sale.paid_amount));
  }

  /** paid_amount of a document recomputed from its allocations (non-cancelled payments). */
  /**
   * How much of `amount` (payment currency) the sale takes: all of it when it fits in what the
   * sale has open, else what is open (converted back when the currencies differ, lowered a cent
   * when rounding would take the sale above its total); nothing on a cancelled sale.
   */
  function allocatable(amount: number, payment: { currency: string; exchange_rate: number; date: string }, sale: SaleForPayment, companyId: number): number {
    const open = sale.cancelled ? 0 : openAmountOf(companyId, sale);
    let allocated = 0;
    if (open > 0) {
      if (toDocumentCurrency(amount, payment, sale) <= open) allocated = amount;
      else if (payment.currency === sale.currency) allocated = open;
      else {
        const saleRate = rates.rateOn(sale.currency, payment.date) ?? sale.exchange_rate;
        allocated = Math.min(amount, round2((open * saleRate) / payment.exchange_rate));
        if (toDocumentCurrency(allocated, payment, sale) > open) allocated = round2(allocated - 0.01);
      }
    }
    return allocated < 0.01 ? 0 : allocated;
  }

  function refreshPaid(companyId: number, type: DocType, docId: number, now: string): void {
    const doc = docCurrency[type].get(companyId, docId);
    if (!doc) return;
    let paid = 0;
    for (const a of docAllocations.all(companyId, type, docId)) paid = round2(paid + toDocumentCurrency(a.amount, a, doc));
    updatePaid[type].run(paid, now, companyId, docId);
  }

  /** A payment's allocated_amount and allocation_status recomputed from its allocations. */
  function refreshPayment(companyId: number, paymentId: number, now: string): void {
    const row = paymentAllocated.get(companyId, paymentId);
    if (!row) return;
    const allocated = row.cancelled ? 0 : row.allocated;
    setPaymentAllocation.run(allocated, allocationStatusOf(row.amount, allocated), now, companyId, paymentId);
  }

  return {
    sale(companyId: number, saleId: number): SaleForPayment | undefined {
      return saleRow.get(companyId, saleId);
    },

    openAmountOf,

    /**
     * Inserts a payment linked to the sale (`sale_id`, bv_id) and allocates it to the sale, up
     * to what the sale still has open (total_with_vat - paid_amount, sale currency; nothing on a
     * cancelled sale); the rest
     * stays unallocated on the payment (an overpayment: still the sale's, so a printed fiscal
     * receipt of the sale deletes it with the others). Updates the sale's paid_amount and
     * last_changed_ts.
     */
    payOnSale(p: NewSalePayment): RegisteredPayment {
      const { sale } = p;
      const allocated = allocatable(p.amount, { currency: p.currency, exchange_rate: p.rate, date: p.date }, sale, p.companyId);
      const status = allocationStatusOf(p.amount, allocated);
      const id = Number(
        insertPayment.run({
          company_id: p.companyId,
          date: p.date,
          payment_type: p.paymentType,
          client_id: sale.client_id,
          client_name: sale.client_name,
          client_cui: sale.client_cui,
          client_reg_com: sale.client_reg_com,
          workpoint_id: sale.workpoint_id,
          amount: p.amount,
          currency: p.currency,
          exchange_rate: p.rate,
          amount_ron: round2(p.amount * p.rate),
          bank_account_id: p.bankAccountId,
          mentions: p.mentions,
          source: p.source,
          fiscal_receipt_id: p.fiscalReceiptId,
          allocated_amount: allocated,
          allocation_status: status,
          added_by_api: p.addedByApi,
          now: p.now,
          // A connector order without a sales receipt pays a stand-in sale of id 0: no sale to link.
          sale_id: sale.id > 0 ? sale.id : null,
        }).lastInsertRowid,
      );
      if (allocated > 0) {
        insertAllocation.run(p.companyId, id, 'sale', sale.id, allocated);
        refreshPaid(p.companyId, 'sale', sale.id, p.now);
      }
      return { incasare_id: id, allocated_amount: allocated, allocation_status: status };
    },

    /**
     * The payments of a sale: linked to it (`sale_id`, every payment registered on it), allocated
     * to it, or created from one of its fiscal receipts.
     */
    paymentsOfSale(companyId: number, sale: SaleForPayment): number[] {
      return salePayments.all(companyId, sale.id, sale.id, companyId, sale.id);
    },

    /**
     * A connector order's new sales receipt takes the order's registered payments that are not
     * (fully) allocated yet: those registered while the order had no receipt (stock reserved
     * only), e.g. a card payment of an order staff invoices later. Each is allocated up to what
     * the receipt has open, oldest first, and linked to it (bv_id).
     */
    adoptOrderPayments(companyId: number, orderId: number, saleId: number, now: string): void {
      for (const p of orderPaymentsOpen.all(companyId, orderId)) {
        const sale = saleRow.get(companyId, saleId);
        if (!sale) return;
        const remaining = round2(p.amount - p.allocated_amount);
        const allocated = allocatable(remaining, p, sale, companyId);
        linkPaymentSale.run(saleId, companyId, p.id);
        if (allocated <= 0) continue;
        insertAllocation.run(companyId, p.id, 'sale', saleId, allocated);
        refreshPaid(companyId, 'sale', saleId, now);
        refreshPayment(companyId, p.id, now);
      }
    },

    /**
     * A receipt whose total went below what is paid on it (a partner's PUT with fewer lines)
     * keeps no more than its total: the newest allocations give back the excess, which stays on
     * those payments, unallocated (the client's credit). Answers the amount given back (sale
     * currency), 0 when nothing was above the total.
     */
    fitToTotal(companyId: number, saleId: number, now: string): number {
      const sale = saleRow.get(companyId, saleId);
      if (!sale) return 0;
      const excess = round2(sale.paid_amount - sale.total_with_vat);
      if (excess < 0.01) return 0;
      let left = excess;
      const touched: number[] = [];
      for (const a of saleAllocationsNewestFirst.all(companyId, saleId)) {
        if (left < 0.01) break;
        const inSale = toDocumentCurrency(a.amount, a, sale);
        touched.push(a.payment_id);
        if (inSale <= left + 0.001) {
          deleteAllocation.run(companyId, a.id);
          left = round2(left - inSale);
        } else {
          const keep = a.currency === sale.currency ? round2(a.amount - left) : round2((a.amount * (inSale - left)) / inSale);
          setAllocationAmount.run(keep, companyId, a.id);
          left = 0;
        }
      }
      refreshPaid(companyId, 'sale', saleId, now);
      for (const id of touched) refreshPayment(companyId, id, now);
      return excess;
    },

    /**
     * Cancels a payment (staff): it stays, cancelled, with no allocation; every document it paid
     * gets its paid_amount back (the triggers carry a sale's to its invoice and proforma). Answers
     * the documents it had paid. The caller checks that the payment exists and is live.
     */
    cancelPayment(companyId: number, paymentId: number, now: string): Array<{ doc_type: DocType; doc_id: number }> {
      const json = JSON.stringify([paymentId]);
      const docs = allocatedDocs.all(companyId, json);
      cancelPaymentRow.run(now, companyId, paymentId);
      deleteAllocations.run(companyId, json);
      for (const doc of docs) refreshPaid(companyId, doc.doc_type, doc.doc_id, now);
      refreshPayment(companyId, paymentId, now);
      return docs;
    },

    /**
     * A cancelled document carries no allocation: the payments allocated to it are released
     * (they stay, unallocated or less allocated: the client's credit, to refund or to allocate
     * elsewhere), its paid_amount goes to 0. The payments released.
     */
    releaseDocument(companyId: number, type: DocType, docId: number, now: string): number[] {
      const released = docPayments.all(companyId, type, docId);
      if (released.length === 0) return released;
      deleteDocAllocations.run(companyId, type, docId);
      refreshPaid(companyId, type, docId, now);
      for (const id of released) refreshPayment(companyId, id, now);
      return released;
    },

    /** The payments created from a fiscal receipt. */
    paymentsOfReceipt(companyId: number, receiptId: number): number[] {
      return receiptPayments.all(companyId, receiptId);
    },

    /**
     * First half of deleting payments: their allocations go, and every document they were
     * allocated to gets its paid_amount recomputed (and last_changed_ts). The payment rows stay
     * until `removePayments`, so payments inserted in between never take a deleted id.
     */
    detachPayments(companyId: number, ids: readonly number[], now: string): void {
      if (ids.length === 0) return;
      const json = JSON.stringify(ids);
      const docs = allocatedDocs.all(companyId, json);
      deleteAllocations.run(companyId, json);
      for (const doc of docs) refreshPaid(companyId, doc.doc_type, doc.doc_id, now);
    },

    /** Second half: the payment rows (their allocations are gone already). */
    removePayments(companyId: number, ids: readonly number[]): void {
      if (ids.length === 0) return;
      const json = JSON.stringify(ids);
      deleteAllocations.run(companyId, json);
      deletePaymentRows.run(companyId, json);
    },
  };
}
export type PaymentLedger = ReturnType<typeof createPaymentLedger>;
