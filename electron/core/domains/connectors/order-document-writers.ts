import type { Database } from 'better-sqlite3';
import { round2 } from '../../money.ts';
import { addDays } from '../../time.ts';
import type { SaleForPayment } from '../payments/index.ts';
import { createInvoiceWriter, totalsOf, type DocHeader, type DocLine, type DocumentRows, type IssuedInvoice, type StockMoves } from '../issuing/index.ts';

/**
 * The writers of an order's documents: the sales receipt (series BVW, takes its stock out), new
 * lines for a sale or proforma, cancellation, the fiscal invoice of a sale (issuing's invoice
 * writer) and the proforma. Every method runs inside the import's transaction; when each is made
 * is decided by the import.
 */

/** The order's sales receipt that is not cancelled, as the import reads it back: what a payment needs, and its number. */
export interface LiveSale extends SaleForPayment {
  series: string;
  number: number;
}

export function createDocumentWriters(db: Database, rows: DocumentRows, stock: StockMoves) {
  const { linesOfDoc, deleteLines, setHeader, cancelDoc, writeLines, header } = rows;
  const moveStock = stock.moveStock;
  const invoices = createInvoiceWriter(db, rows, stock);
  const insertSale = db.prepare(
    `INSERT INTO sales (company_id, series, number, date, client_id, client_name, client_cui, client_reg_com, workpoint_id, currency,
       exchange_rate, total_without_vat, total_vat, total_with_vat, total_ron, paid_amount, invoice_id, connector_order_id, cancelled,
       added_by_api, mentions, created_ts, last_changed_ts)
     VALUES (@company_id, @series, @number, @date, @client_id, @client_name, @client_cui, @client_reg_com, @workpoint_id, @currency,
       @rate, @without, @vat, @with, @ron, 0, NULL, @order_id, 0, 1, @mentions, @now, @now)`,
  );
  const insertProforma = db.prepare(
    `INSERT INTO proformas (company_id, series, number, date, due_date, client_id, client_name, client_cui, client_reg_com, workpoint_id,
       currency, exchange_rate, total_without_vat, total_vat, total_with_vat, total_ron, subscription_template_id, payment_link,
       paid_amount, invoice_id, cancelled, mentions, added_by_api, created_ts, last_changed_ts)
     VALUES (@company_id, @series, @number, @date, @due_date, @client_id, @client_name, @client_cui, @client_reg_com, @workpoint_id,
       @currency, @rate, @without, @vat, @with, @ron, NULL, '', 0, NULL, 0, @mentions, 1, @now, @now)`,
  );
  const setSaleInvoice = db.prepare<[number, string, number, number]>(
    'UPDATE sales SET invoice_id = ?, last_changed_ts = ? WHERE company_id = ? AND id = ?',
  );
  // The order's live proforma becomes this invoice's (the store's trigger gives it the invoice's paid amount).
  const setProformaInvoice = db.prepare<[number, string, number, number]>(
    `UPDATE proformas SET invoice_id = ?, last_changed_ts = ?
      WHERE company_id = ? AND cancelled = 0 AND invoice_id IS NULL
        AND id = (SELECT o.proforma_id FROM connector_orders o JOIN sales s ON s.connector_order_id = o.id WHERE s.id = ?)`,
  );

  return {
    /** The sales receipt of an order (series BVW); its lines take stock out of the workpoint. */
    createSale(h: DocHeader & { orderId: number }): number {
      const id = Number(insertSale.run({ ...header(h, 'sale'), order_id: h.orderId }).lastInsertRowid);
      writeLines('sale', h.companyId, id, h.lines);
      moveStock(h.companyId, h.workpointId, h.lines, -1, h.now);
      return id;
    },

    /** New lines (and currency) for a sale or a proforma; a sale gives back the stock of its old lines and takes the new. */
    replaceLines(kind: 'sale' | 'proforma', args: { companyId: number; docId: number; workpointId: number | null; currency: string; rate: number; lines: readonly DocLine[]; now: string }): void {
      const old = linesOfDoc[kind].all(args.companyId, args.docId);
      deleteLines[kind].run(args.companyId, args.docId);
      writeLines(kind, args.companyId, args.docId, args.lines);
      const t = totalsOf(args.lines);
      setHeader[kind].run({
        company_id: args.companyId,
        id: args.docId,
        currency: args.currency,
        rate: args.rate,
        without: t.withoutVat,
        vat: t.vat,
        with: t.withVat,
        ron: round2(t.withVat * args.rate),
        now: args.now,
      });
      if (kind === 'sale' && args.workpointId !== null) {
        moveStock(args.companyId, args.workpointId, old, 1, args.now);
        moveStock(args.companyId, args.workpointId, args.lines, -1, args.now);
      }
    },

    /** Cancels a sale (its stock comes back) or a proforma. */
    cancel(kind: 'sale' | 'proforma', companyId: number, docId: number, workpointId: number | null, now: string): void {
      cancelDoc[kind].run(now, companyId, docId);
      if (kind === 'sale' && workpointId !== null) moveStock(companyId, workpointId, linesOfDoc.sale.all(companyId, docId), 1, now);
    },

    /**
     * The fiscal invoice of a sale (its lines, client block, workpoint and currency); sales.invoice_id links it, and so
     * does the invoice_id of the order's proforma when it has a live one not invoiced yet.
     */
    issueInvoice(companyId: number, sale: LiveSale, args: { series: string; date: string; rate: number; isCompany: boolean; mentions: string; now: string }): IssuedInvoice {
      const invoice = invoices.write({
        companyId,
        series: args.series,
        date: args.date,
        party: { id: sale.client_id, name: sale.client_name, cui: sale.client_cui, reg_com: sale.client_reg_com },
        workpointId: sale.workpoint_id,
        currency: sale.currency,
        rate: args.rate,
        lines: linesOfDoc.sale.all(companyId, sale.id),
        mentions: args.mentions,
        now: args.now,
        // A company pays in 30 days, a person in 5.
        dueInDays: args.isCompany ? 30 : 5,
        stornoOf: null,
        origin: 'connector-order',
      });
      setSaleInvoice.run(invoice.id, args.now, companyId, sale.id);
      setProformaInvoice.run(invoice.id, args.now, companyId, sale.id);
      return invoice;
    },

    /** A proforma for the order (due in 7 days). */
    createProforma(h: DocHeader): number {
      const row = { ...header(h, 'proforma'), due_date: addDays(h.date, 7) };
      const id = Number(insertProforma.run(row).lastInsertRowid);
      writeLines('proforma', h.companyId, id, h.lines);
      return id;
    },

  };
}
export type DocumentWriters = ReturnType<typeof createDocumentWriters>;
