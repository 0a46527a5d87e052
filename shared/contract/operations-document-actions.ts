import { op } from './operation-def.ts';
import { Contact } from '../domain/contacts.ts';
import {
  ContactUpdateInput,
  InvoiceStornoDone,
  InvoiceStornoInput,
  ProformaInvoiceDone,
  ProformaInvoiceInput,
} from '../domain/document-actions.ts';

const INVOICE = '/accounts/:company_id/invoices/:bocp_id';
const PROFORMA = '/accounts/:company_id/proformas/:proforma_id';

/**
 * Everyday staff actions of the document and contact screens (issue 29): reverse an invoice,
 * invoice a proforma, edit a contact. Each is one transaction: its documents, stock, links and
 * the notifications it causes commit together or not at all. The previews run the action and
 * roll it back (what the confirm dialog says before the click). Rules: docs/control-api.md
 * "Document actions (control API)"; handlers: electron/core/operations/document-actions.ts.
 */
export const documentActionOperations = {
  'invoices.storno': op({
    summary:
      'Reverse (storno) an invoice: a new invoice in its series (next number) with its lines at negative quantities, storno_of_id = the ' +
      'invoice, mentions "Stornare factura SERIE NR"; product lines go back to stock; an invoice of a connector order sends the invoice ' +
      'notification of the storno. The original stays (not cancelled; its rest becomes 0). 404: no such invoice; 409: already reversed, ' +
      'a storno itself, or cancelled; 400 date: before the invoice, or after today',
    input: InvoiceStornoInput,
    output: InvoiceStornoDone,
    http: { method: 'POST', path: `${INVOICE}/storno` },
  }),
  'invoices.stornoPreview': op({
    summary: 'What invoices.storno would do now (the storno number, date, total, notifications): the action run and rolled back; its refusals are the action\'s',
    input: InvoiceStornoInput,
    output: InvoiceStornoDone,
    http: { method: 'POST', path: `${INVOICE}/storno/preview` },
    reads: ['invoices', 'invoice_items', 'document_series', 'stock'],
    record: { table: 'invoices', input: 'bocp_id' },
  }),
  'proformas.invoice': op({
    summary:
      "Turn a proforma into a fiscal invoice: the proforma's client and lines, an invoice series of the account, date today by default; " +
      'the proforma is linked to it (invoice_id) and its advance payments go to the invoice; product lines leave the stock. A proforma of a ' +
      'connector order is invoiced as orders.issueInvoice does (its sales receipt, the invoice notification). 404: no such proforma; ' +
      '409: cancelled or already invoiced; 400 series / date',
    input: ProformaInvoiceInput,
    output: ProformaInvoiceDone,
    http: { method: 'POST', path: `${PROFORMA}/invoice` },
  }),
  'proformas.invoicePreview': op({
    summary: "What proformas.invoice would do now (series, number, date, total, notifications): the action run and rolled back; its refusals are the action's",
    input: ProformaInvoiceInput,
    output: ProformaInvoiceDone,
    http: { method: 'POST', path: `${PROFORMA}/invoice/preview` },
    reads: ['proformas', 'proforma_items', 'invoices', 'document_series', 'connector_orders', 'stock'],
    record: { table: 'proformas', input: 'proforma_id' },
  }),
  'contacts.update': op({
    summary:
      "Edit a contact: name, fiscal code (CUI/CNP control digit; unique in the account: 409 when another contact has it), trade register " +
      "number, VAT payer, roles, e-mail, phone, addresses (changed by address_id, added without). Moves lastupdated (/contacts/list/ " +
      'modifiedafter finds it). No notification: the spec has none for contacts. Answers the contact with its addresses',
    input: ContactUpdateInput,
    output: Contact,
    http: { method: 'PATCH', path: '/accounts/:company_id/contacts/:contact_id' },
  }),
} as const;
