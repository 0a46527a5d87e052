/**
 * Issuing: how the ERP writes a document, whoever asks for it. Connectors (an order's import and
 * the staff actions on orders), invoices (a storno) and proformas (a proforma's invoice) all issue
 * through it, so a rule of a document is written once:
 *
 * - document-lines.ts: the line every document stores, its totals, the quantities that move stock;
 * - document-rows.ts: the three document tables (sales receipt, invoice, proforma), the numbering
 *   of a series (document_series), the lines' statements and the header a new document starts from;
 * - invoice-writer.ts: the one INSERT INTO invoices (due date, storno_of_id, origin as
 *   added_by_api), with or without taking its lines out of stock;
 * - stock-moves.ts: the stock a document moves or reserves at a workpoint;
 * - invoice-notification.ts: the body of the invoice notification.
 *
 * It sits below the domains that issue and imports none of them (only products, for the
 * product_update of the stock an invoice moves).
 */
export { productIdsOf, quantitiesOf, totalsOf, type DocLine } from './document-lines.ts';
export {
  createDocumentRows,
  type ClientBlock,
  type DocHeader,
  type DocKind,
  type DocumentRows,
  type HeaderFields,
  type IssuedInvoice,
  type PartyBlock,
} from './document-rows.ts';
export { createInvoiceWriter, type InvoiceOrigin, type InvoiceWriter, type NewInvoice } from './invoice-writer.ts';
export { createStockMoves, type StockMoves } from './stock-moves.ts';
export { invoiceNotification, type InvoiceNotification } from './invoice-notification.ts';
