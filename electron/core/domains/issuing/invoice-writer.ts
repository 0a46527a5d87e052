import type { Database } from 'better-sqlite3';
import { addDays } from '../../time.ts';
import type { ProductPushes } from '../products/index.ts';
import { productIdsOf } from './document-lines.ts';
import { createDocumentRows, type DocumentRows, type HeaderFields, type IssuedInvoice } from './document-rows.ts';
import { createStockMoves, type StockMoves } from './stock-moves.ts';

/**
 * Who an invoice is recorded as made by (invoices.added_by_api). The invoice of a connector
 * order counts as the API's whoever asked for it (the partner's import or staff's
 * orders.issueInvoice): the order came through the API. One staff issues in the back office
 * from another document (a storno, a proforma's invoice) does not.
 */
export type InvoiceOrigin = 'connector-order' | 'back-office';

/** A new invoice: its header (numbered in its series, totals from its lines) and what only an invoice has. */
export interface NewInvoice extends HeaderFields {
  /** Days from its date to its due date: 0 due on its date (a storno). */
  dueInDays: number;
  /** The invoice this one reverses (storno_of_id; migration 024), else null. */
  stornoOf: number | null;
  origin: InvoiceOrigin;
}

/**
 * The one writer of fiscal invoices (INSERT INTO invoices): the row, numbered in its series,
 * and its lines. Runs inside the caller's transaction; what else an invoice links (the order's
 * sales receipt and proforma, a proforma's advances) is the caller's.
 */
export function createInvoiceWriter(db: Database, rows: DocumentRows = createDocumentRows(db), stock: StockMoves = createStockMoves(db)) {
  const insert = db.prepare(
    `INSERT INTO invoices (company_id, series, number, date, due_date, client_id, client_name, client_cui, client_reg_com, workpoint_id,
       currency, exchange_rate, total_without_vat, total_vat, total_with_vat, total_ron, paid_amount, efactura_status, cancelled,
       storno_of_id, mentions, added_by_api, created_ts, last_changed_ts)
     VALUES (@company_id, @series, @number, @date, @due_date, @client_id, @client_name, @client_cui, @client_reg_com, @workpoint_id,
       @currency, @rate, @without, @vat, @with, @ron, 0, 'not_sent', 0, @storno_of_id, @mentions, @added_by_api, @now, @now)`,
  );

  /** Writes the invoice and its lines; no stock moves (an order's invoice follows its sales receipt, which moved it). */
  function write(invoice: NewInvoice): IssuedInvoice {
    const row = {
      ...rows.header(invoice, 'invoice'),
      due_date: addDays(invoice.date, invoice.dueInDays),
      storno_of_id: invoice.stornoOf,
      added_by_api: invoice.origin === 'connector-order' ? 1 : 0,
    };
    const id = Number(insert.run(row).lastInsertRowid);
    rows.writeLines('invoice', invoice.companyId, id, invoice.lines);
    return { id, series: row.series, number: row.number, date: row.date, currency: row.currency, total_with_vat: row.with, total_ron: row.ron };
  }

  /**
   * An invoice without a sales receipt before it (a storno, a proforma's invoice): written as
   * write() does, its product lines taken out of its workpoint's stock (a storno's negative
   * quantities come back), and the product_update of that stock queued.
   */
  function writeTakingStock(invoice: NewInvoice, push: ProductPushes): IssuedInvoice {
    const snapshot = push.capture(invoice.companyId, productIdsOf(invoice.lines));
    const issued = write(invoice);
    if (invoice.workpointId !== null) stock.moveStock(invoice.companyId, invoice.workpointId, invoice.lines, -1, invoice.now);
    push.enqueueChanges(snapshot);
    return issued;
  }

  return { write, writeTakingStock };
}
export type InvoiceWriter = ReturnType<typeof createInvoiceWriter>;
