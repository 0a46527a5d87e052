import Type from 'typebox';
import { op, CompanyId, Empty } from './operation-def.ts';
import { DocumentLine } from '../domain/documents.ts';
import { Invoice } from '../domain/invoices.ts';
import { Proforma } from '../domain/proformas.ts';
import { FiscalReceipt } from '../domain/fiscal-receipts.ts';
import { Awb } from '../domain/awb.ts';
import { Contact } from '../domain/contacts.ts';

const Id = (description: string) => Type.Integer({ minimum: 1, description });
const Link = (description: string) => Type.String({ description: `${description}: absolute, credential-free (README "Document pages")` });

/** A sales receipt an invoice was issued for (the invoice detail links to it). */
export const InvoiceSaleLink = Type.Object({
  bv_id: Type.Integer(),
  doc_series: Type.String(),
  doc_nr: Type.Integer(),
});

/**
 * One record of each document screen with what its detail panel shows and the list row lacks:
 * the lines (proformas, fiscal receipts), the links between records (invoice → its sales
 * receipts), the document pages (HTML beside the row's PDF, the AWB label) and a contact's
 * addresses, persons and bank accounts. Each reads the record through the same domain query as
 * its REST list (narrowed to the id), so the detail shows what a partner reads.
 */
export const documentOperations = {
  'invoices.get': op({
    summary: 'One invoice as /invoices/list/ answers it, with its HTML page link and the sales receipts it was issued for',
    input: Type.Object({ company_id: CompanyId, bocp_id: Id('the invoice (bocp_id)') }, { additionalProperties: false }),
    output: Type.Object({
      ...Invoice.properties,
      html_url: Link('the HTML page of the invoice (pdf_invoice_url is its PDF); expires with it'),
      sales: Type.Array(InvoiceSaleLink, { description: 'the sales receipts invoiced by it (sales.invoice_id), oldest first' }),
      payment_bv_id: Type.Union([Type.Integer(), Type.Null()], {
        description:
          'the sales receipt a payment registered from this invoice is allocated to (sales.registerPayment with this bv_id): ' +
          'the oldest of its live receipts with something left to pay, else the oldest live one; null when it has none',
      }),
      reversed_by: Type.Union([Type.Object({ bocp_id: Type.Integer(), doc_series: Type.String(), doc_nr: Type.Integer() }), Type.Null()], {
        description: 'the live storno invoice that reverses it (its storno_of_id is this invoice); null when none (invoices.storno)',
      }),
    }),
    http: { method: 'GET', path: '/accounts/:company_id/invoices/:bocp_id' },
    reads: ['invoices', 'invoice_items', 'payments', 'payment_allocations', 'sales'],
    record: { table: 'invoices', input: 'bocp_id' },
  }),
  'proformas.get': op({
    summary: 'One proforma as /proformas/list/ answers it with include:payment_link, its lines and its PDF link',
    input: Type.Object({ company_id: CompanyId, proforma_id: Id('the proforma (proforma_id)') }, { additionalProperties: false }),
    output: Type.Object({
      ...Proforma.properties,
      pdf_url: Link('the PDF of the proforma (view_link is its HTML page)'),
      items: Type.Array(DocumentLine),
    }),
    http: { method: 'GET', path: '/accounts/:company_id/proformas/:proforma_id' },
    reads: ['proformas', 'proforma_items'],
    record: { table: 'proformas', input: 'proforma_id' },
  }),
  'fiscalReceipts.get': op({
    summary: "One fiscal receipt as /fiscalreceipts/list/ answers it with include:items (its sale's lines)",
    input: Type.Object({ company_id: CompanyId, fiscal_receipt_id: Id('the fiscal receipt') }, { additionalProperties: false }),
    output: FiscalReceipt,
    http: { method: 'GET', path: '/accounts/:company_id/fiscal-receipts/:fiscal_receipt_id' },
    reads: ['fiscal_receipts', 'sales', 'sale_items'],
    record: { table: 'fiscal_receipts', input: 'fiscal_receipt_id' },
  }),
  'awbs.get': op({
    summary: 'One AWB as /awb/list/ answers it, with the links of its A6 label (PDF and HTML)',
    input: Type.Object({ company_id: CompanyId, awb_id: Id('the AWB') }, { additionalProperties: false }),
    output: Type.Object({
      ...Awb.properties,
      label_pdf_url: Link('the A6 label of the AWB as a PDF'),
      label_html_url: Link('the same label as an HTML page'),
    }),
    http: { method: 'GET', path: '/accounts/:company_id/awbs/:awb_id' },
    reads: ['awbs'],
    record: { table: 'awbs', input: 'awb_id' },
  }),
  'awbs.couriers': op({
    summary: 'The courier codes an AWB may have (awb_type), as GET /awb/add/ lists them',
    input: Empty,
    output: Type.Array(
      Type.Object({
        code: Type.String(),
        name: Type.String(),
        is_broker: Type.Integer({ minimum: 0, maximum: 1 }),
        parent_code: Type.Union([Type.String(), Type.Null()], { description: 'the broker of a sub-courier' }),
      }),
    ),
    http: { method: 'GET', path: '/couriers' },
    reads: ['couriers'],
  }),
  'contacts.get': op({
    summary: 'One contact (client or supplier) with its pricelist, addresses, contact persons and bank accounts',
    input: Type.Object({ company_id: CompanyId, contact_id: Id('the contact (bocp_id)') }, { additionalProperties: false }),
    output: Contact,
    http: { method: 'GET', path: '/accounts/:company_id/contacts/:contact_id' },
    reads: ['contacts', 'contact_addresses', 'contact_persons', 'contact_bank_accounts', 'contact_groups', 'pricelists'],
    record: { table: 'contacts', input: 'contact_id' },
  }),
};
