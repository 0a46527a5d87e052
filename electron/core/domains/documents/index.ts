/**
 * The documents domain: credential-free links to invoices, proformas and AWB labels (links.ts:
 * the HMAC keys and URLs) and the pages they open (pages.ts: HTML and PDF renderings read from
 * the store). Other folders enter through this file.
 */
export {
  createDocumentLinks,
  DOCUMENT_FORMATS,
  DOCUMENT_KINDS,
  DOCUMENTS_PREFIX,
  isDocumentFormat,
  isDocumentKind,
  type DocumentFormat,
  type DocumentKind,
  type DocumentLinks,
  type DocumentRef,
} from './links.ts';
export { createDocuments, type DocumentPage, type Documents } from './pages.ts';
export type { InvoiceDocument } from './invoice-data.ts';
export type { AwbDocument } from './awb-data.ts';
export { createDocumentPrint, type DocumentPrint, type PrintKind, type PrintedPdf } from './print.ts';
