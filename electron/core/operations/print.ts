import type { Database } from 'better-sqlite3';
import type { printOperations } from '../../../shared/contract/operations-print.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import { createDocumentPrint } from '../domains/documents/index.ts';

/** documents.printPdf: a selection of invoices, proformas or AWB labels as one PDF (domains/documents/print.ts). */
export function createPrintHandlers(deps: { db: Database; requireAccount(companyId: number): void }): HandlersOf<keyof typeof printOperations> {
  const printer = createDocumentPrint(deps.db);
  return {
    'documents.printPdf': async ({ company_id, kind, ids }) => {
      deps.requireAccount(company_id);
      const printed = await printer.print(kind, company_id, ids);
      return {
        file_name: printed.fileName,
        content_type: 'application/pdf',
        content_base64: printed.body.toString('base64'),
        pages: printed.pages,
        documents: ids.length,
      };
    },
  };
}
