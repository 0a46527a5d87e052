import type { Database } from 'better-sqlite3';
import type { DomainDeps } from '../../domain-deps.ts';
import { createOrderAwbs } from './order-awb.ts';
import { createDocumentWriters, type LiveSale } from './order-document-writers.ts';
import { createDocumentRows, createStockMoves, type IssuedInvoice } from '../issuing/index.ts';
import type { PaymentLedger } from '../payments/index.ts';

/**
 * The ERP documents a connector order creates (sales receipt, invoice, proforma, AWB) and the
 * stock they move, as one object for the import: the reads of the order's documents are here,
 * the rest is composed from order-document-writers.ts (sale, invoice, proforma), issuing's stock
 * moves and reservations, order-awb.ts (AWB) and order-lines.ts (document lines). Every
 * method runs inside the import's transaction; the rules of when each is made are in
 * orders-import.ts and the modules it calls.
 */

export { appliedDiscountOf, linesOf, type ItemForLines } from './order-lines.ts';
export { totalsOf, type DocLine, type IssuedInvoice, type PartyBlock } from '../issuing/index.ts';
export type { LiveSale } from './order-document-writers.ts';

export function createOrderDocuments(db: Database, deps: DomainDeps, ledger: PaymentLedger) {
  const awbs = createOrderAwbs(db, deps);
  const rows = createDocumentRows(db);
  const stock = createStockMoves(db);
  const writers = createDocumentWriters(db, rows, stock);
  const adoptAwbs = db.prepare<[{ sale: number; now: string; company: number; order: number }]>(
    `UPDATE awbs SET sale_id = @sale, last_changed_ts = @now
      WHERE company_id = @company AND cancelled = 0
        AND (connector_order_id = @order OR sale_id IN (SELECT id FROM sales WHERE company_id = @company AND connector_order_id = @order))
        AND (sale_id IS NULL OR sale_id IN (SELECT id FROM sales WHERE company_id = @company AND cancelled = 1))`,
  );
  const liveSale = db.prepare<[number, number], LiveSale>(
    `SELECT id, series, number, date, currency, exchange_rate, total_with_vat, paid_amount, cancelled, invoice_id, workpoint_id,
            client_id, client_name, client_cui, client_reg_com
       FROM sales WHERE company_id = ? AND connector_order_id = ? AND cancelled = 0 ORDER BY id DESC LIMIT 1`,
  );
  const invoiceRow = db.prepare<[number, number], IssuedInvoice & { cancelled: number }>(
    'SELECT id, series, number, date, currency, total_with_vat, total_ron, cancelled FROM invoices WHERE company_id = ? AND id = ?',
  );
  const proformaRow = db.prepare<[number, number], { id: number; series: string; number: number; cancelled: number; invoice_id: number | null }>(
    'SELECT id, series, number, cancelled, invoice_id FROM proformas WHERE company_id = ? AND id = ?',
  );

  return {
    liveSale: (companyId: number, orderId: number): LiveSale | undefined => liveSale.get(companyId, orderId),

    /** The sale's invoice when it has one that is not cancelled. */
    invoiceOf(companyId: number, sale: LiveSale): (IssuedInvoice & { cancelled: number }) | undefined {
      if (sale.invoice_id === null) return undefined;
      const invoice = invoiceRow.get(companyId, sale.invoice_id);
      return invoice && invoice.cancelled === 0 ? invoice : undefined;
    },

    proforma: (companyId: number, proformaId: number | null) => (proformaId === null ? undefined : proformaRow.get(companyId, proformaId)),

    hasLiveAwb: awbs.hasLiveAwb,
    /**
     * The order's sales receipt. What the order has from before it follows it: its payments
     * registered without a receipt (allocated to it up to its total) and its live AWBs made
     * without a receipt or on a receipt since cancelled (their sale_id).
     */
    createSale(h: Parameters<typeof writers.createSale>[0]): number {
      const id = writers.createSale(h);
      ledger.adoptOrderPayments(h.companyId, h.orderId, id, h.now);
      adoptAwbs.run({ sale: id, now: h.now, company: h.companyId, order: h.orderId });
      return id;
    },
    replaceLines: writers.replaceLines,
    cancel: writers.cancel,
    reserve: stock.reserve,
    shortages: stock.shortages,
    issueInvoice: writers.issueInvoice,
    createProforma: writers.createProforma,
    weightOf: stock.weightOf,
    generateAwb: awbs.generateAwb,
  };
}
export type OrderDocuments = ReturnType<typeof createOrderDocuments>;
