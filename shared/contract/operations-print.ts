import Type from 'typebox';
import { op, CompanyId } from './operation-def.ts';

/** The most documents one print takes: a day's labels of a busy shop, a PDF of some megabytes. */
export const PRINT_MAX_DOCUMENTS = 200;

/** What can be printed together: invoices, proformas or AWB labels (one kind per print). */
export const PrintKind = Type.Union([Type.Literal('invoice'), Type.Literal('proforma'), Type.Literal('awb')], {
  description: 'invoice (ids are bocp_id), proforma (proforma_id) or awb (awb_id): the labels',
});

/**
 * Printing a selection of a list as one PDF (the invoices list, the AWB list): each document
 * drawn by the renderer of its own PDF link, in the order asked. Rules: docs/control-api.md
 * "Printing several documents".
 */
export const printOperations = {
  'documents.printPdf': op({
    summary:
      'One PDF of several invoices, proformas or AWB labels, each on its own pages in the order of ids (at most ' +
      `${PRINT_MAX_DOCUMENTS}). JSON with the file in base64; with Accept: application/pdf the control API answers the file itself. ` +
      '404 naming the ids the account does not have',
    input: Type.Object(
      {
        company_id: CompanyId,
        kind: PrintKind,
        ids: Type.Array(Type.Integer({ minimum: 1 }), {
          minItems: 1,
          maxItems: PRINT_MAX_DOCUMENTS,
          uniqueItems: true,
          description: `the documents, in print order (1 to ${PRINT_MAX_DOCUMENTS}, each once)`,
        }),
      },
      { additionalProperties: false },
    ),
    output: Type.Object({
      file_name: Type.String({ description: 'e.g. FACTURI-3.pdf, AWB-12.pdf' }),
      content_type: Type.Literal('application/pdf'),
      content_base64: Type.String({ contentEncoding: 'base64' }),
      pages: Type.Integer({ description: 'the pages of the PDF: the sum of the documents\' pages' }),
      documents: Type.Integer({ description: 'how many documents it holds' }),
    }),
    http: { method: 'POST', path: '/accounts/:company_id/documents/print', file: true },
    reads: ['invoices', 'invoice_items', 'proformas', 'proforma_items', 'awbs'],
  }),
} as const;
