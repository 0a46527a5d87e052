import type { Database } from 'better-sqlite3';
import { createAwbData } from './awb-data.ts';
import { invoiceFileName, createInvoiceData } from './invoice-data.ts';
import { invoiceHtml } from './invoice-html.ts';
import type { DocumentFormat, DocumentKind, DocumentRef } from './links.ts';
import { createParties } from './parties.ts';
import { safeFileName } from './format.ts';

/** What a document link answers. */
export interface DocumentPage {
  contentType: 'text/html; charset=utf-8' | 'application/pdf';
  body: string | Buffer;
  /** For Content-Disposition: [A-Za-z0-9._-] only, so it needs no quoting rules. */
  fileName: string;
}

// pdfkit, fontkit and bwip-js take a quarter of a second to load: they are loaded on the first
// PDF or label asked for, not at every start of the service.
let renderers: Promise<{
  invoicePdf: typeof import('./invoice-pdf.ts').invoicePdf;
  awbPdf: typeof import('./awb-pdf.ts').awbPdf;
  awbHtml: typeof import('./awb-html.ts').awbHtml;
}> | undefined;
const loadRenderers = () =>
  (renderers ??= Promise.all([import('./invoice-pdf.ts'), import('./awb-pdf.ts'), import('./awb-html.ts')]).then(([i, a, h]) => ({
    invoicePdf: i.invoicePdf,
    awbPdf: a.awbPdf,
    awbHtml: h.awbHtml,
  })));

/**
 * The documents behind the credential-free links (documents/links.ts): an invoice or proforma
 * as an HTML page or a PDF, an AWB as a label (PDF, or HTML). A key that does not verify for the
 * kind, or that names a document the account does not have (any more), opens nothing: the caller
 * answers the same 404 for every such case, so a link tells nothing about other documents.
 */
export function createDocuments(db: Database, links: { resolve(kind: DocumentKind, key: string): DocumentRef | undefined }) {
  const parties = createParties(db);
  const invoices = createInvoiceData(db, parties);
  const awbs = createAwbData(db, parties);

  return {
    async page(kind: DocumentKind, key: string, format: DocumentFormat): Promise<DocumentPage | undefined> {
      const ref = links.resolve(kind, key);
      if (!ref) return undefined;
      // Read now, synchronously: the page shows one consistent state of the document.
      if (ref.kind === 'awb') {
        const doc = awbs.read(ref.companyId, ref.id);
        if (!doc) return undefined;
        const r = await loadRenderers();
        const fileName = safeFileName(`AWB-${doc.awbNr}`);
        return format === 'pdf'
          ? { contentType: 'application/pdf', body: await r.awbPdf(doc), fileName: `${fileName}.pdf` }
          : { contentType: 'text/html; charset=utf-8', body: r.awbHtml(doc), fileName: `${fileName}.html` };
      }
      const doc = invoices.read(ref.kind, ref.companyId, ref.id);
      if (!doc) return undefined;
      const fileName = safeFileName(invoiceFileName(doc));
      if (format === 'html') return { contentType: 'text/html; charset=utf-8', body: invoiceHtml(doc), fileName: `${fileName}.html` };
      const r = await loadRenderers();
      return { contentType: 'application/pdf', body: await r.invoicePdf(doc), fileName: `${fileName}.pdf` };
    },
  };
}
export type Documents = ReturnType<typeof createDocuments>;
