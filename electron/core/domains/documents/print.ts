import type { Database } from 'better-sqlite3';
import { notFound } from '../../../../shared/contract/errors.ts';
import { createAwbData, type AwbDocument } from './awb-data.ts';
import { createInvoiceData, type InvoiceDocument } from './invoice-data.ts';
import { createParties } from './parties.ts';
import { newPdf, pdfBytes } from './pdf-base.ts';

export type PrintKind = 'invoice' | 'proforma' | 'awb';

export interface PrintedPdf {
  fileName: string;
  body: Buffer;
  pages: number;
}

const NAMES: Record<PrintKind, { file: string; title: string }> = {
  invoice: { file: 'FACTURI', title: 'Facturi' },
  proforma: { file: 'PROFORME', title: 'Facturi proforme' },
  awb: { file: 'AWB', title: 'Etichete AWB' },
};

// pdfkit and the renderers load at the first print (as for the single PDFs, pages.ts).
let renderers: Promise<{ pdf: typeof import('./invoice-pdf.ts'); awb: typeof import('./awb-pdf.ts') }> | undefined;
const loadRenderers = () => (renderers ??= Promise.all([import('./invoice-pdf.ts'), import('./awb-pdf.ts')]).then(([pdf, awb]) => ({ pdf, awb })));

/**
 * Several documents of one kind as one PDF (a selection of the invoices or AWB list, printed in
 * one go): each drawn by the renderer of its own PDF link onto pages of its own, in the order
 * asked, so the print is what the single PDFs would be, one after the other.
 */
export function createDocumentPrint(db: Database) {
  const parties = createParties(db);
  const invoices = createInvoiceData(db, parties);
  const awbs = createAwbData(db, parties);

  /** Every document read now, before any drawing: the print shows one state of the data. */
  function readAll(kind: PrintKind, companyId: number, ids: readonly number[]): Array<InvoiceDocument | AwbDocument> {
    const docs = ids.map((id) => (kind === 'awb' ? awbs.read(companyId, id) : invoices.read(kind, companyId, id)));
    const missing = ids.filter((_, i) => docs[i] === undefined);
    if (missing.length > 0) {
      const what = kind === 'awb' ? 'AWB' : kind;
      throw notFound(`ids: no ${what} ${missing.join(', ')} in this account`);
    }
    return docs as Array<InvoiceDocument | AwbDocument>;
  }

  return {
    async print(kind: PrintKind, companyId: number, ids: readonly number[]): Promise<PrintedPdf> {
      const docs = readAll(kind, companyId, ids);
      const r = await loadRenderers();
      const page = kind === 'awb' ? r.awb.AWB_PAGE : r.pdf.INVOICE_PAGE;
      const names = NAMES[kind];
      const pdf = newPdf({
        ...page,
        title: `${names.title} (${docs.length})`,
        author: 'ERP Workbench',
        subject: `${names.title}: ${docs.map(label).join(', ')}`.slice(0, 2000),
      });
      docs.forEach((doc, i) => {
        // The document's first page is the one newPdf made, or a fresh one of the same size.
        if (i > 0) pdf.addPage(page);
        if ('awbNr' in doc) r.awb.drawAwb(pdf, doc);
        else r.pdf.drawInvoice(pdf, doc);
      });
      const pages = pdf.bufferedPageRange().count;
      return { fileName: `${names.file}-${docs.length}.pdf`, body: await pdfBytes(pdf), pages };
    },
  };
}

const label = (doc: InvoiceDocument | AwbDocument): string => ('awbNr' in doc ? doc.awbNr : `${doc.series}-${doc.number}`);

export type DocumentPrint = ReturnType<typeof createDocumentPrint>;
