import Type, { type Static } from 'typebox';
import { ClientBlock, DocumentLine, LIST_PAGE_SIZE } from './documents.ts';

/** A line of an invoice as /invoices/list/ answers it (always: the real service's invoice rows carry their lines). */
export const InvoiceListLine = DocumentLine;
export type InvoiceListLine = DocumentLine;

/**
 * A fiscal invoice (factura) as /invoices/list/ answers it. The spec names no invoice field:
 * the keys clients of the real service read are the names (real-service.md), ours fill the rest
 * (docs/data-model.md). Flags are 0/1 integers.
 */
export const Invoice = Type.Object({
  bocp_id: Type.Integer({ description: 'real service: the invoice id (id:<bocp_id> returns it)' }),
  doc_series: Type.String({ description: 'real service' }),
  doc_nr: Type.Integer({ description: 'real service: the number within the series' }),
  doc_date: Type.String({ format: 'date', description: 'real service: invoice date (the date filters act on it)' }),
  doc_due_date: Type.String({ description: "real service: payment due date, YYYY-MM-DD ('' when none)" }),
  last_payment_date: Type.String({ description: "real service: date of the latest live payment allocated to the invoice or its sales receipts ('' when none)" }),
  document_value_with_vat: Type.Number({ description: 'real service: total with VAT, invoice currency' }),
  rest: Type.Number({ description: 'real service: left to pay (0: paid): max(0, document_value_with_vat - paid_amount)' }),
  currency: Type.String({ description: 'real service: ISO 4217' }),
  document_cancelled: Type.Integer({ minimum: 0, maximum: 1, description: 'real service: 1 when cancelled' }),
  pdf_invoice_url: Type.String({
    description: 'real service: absolute credential-free link to the invoice PDF; it expires as the real one does: valid until 00:00 UTC of the day after the next (24 to 48 hours), then 410',
  }),
  record_ts: Type.String({ description: 'real service: when the invoice was recorded, YYYY-MM-DD HH:MM:SS Europe/Bucharest' }),
  bocp_contact_id: Type.Union([Type.Integer(), Type.Null()], { description: "real service: the client's contact id" }),
  client_name: Type.String({ description: 'real service' }),
  client_email: Type.String({ description: "real service (ours: the contact's e-mail)" }),
  client_phone1: Type.String({ description: "real service (ours: the contact's phone)" }),
  client_phone2: Type.String({ description: "real service (ours: the delivery address's contact phone when it differs, else '')" }),
  client_vat_id: Type.String({ description: 'real service: CUI/CIF (with or without RO) or CNP, copied at issue' }),
  client_address: Type.String({ description: 'real service: billing street address' }),
  client_city: Type.String({ description: 'real service' }),
  client_county: Type.String({ description: 'real service' }),
  client_postcode: Type.String({ description: 'real service' }),
  client_country: Type.String({ description: 'real service' }),
  client_shipping_adress: Type.String({ description: 'real service (sic, one d): delivery street address' }),
  client_shipping_city: Type.String({ description: 'real service' }),
  client_shipping_county: Type.String({ description: 'real service' }),
  client_shipping_postcode: Type.String({ description: 'real service' }),
  client_shipping_country: Type.String({ description: 'real service' }),
  client_id: ClientBlock.client_id,
  client_cui: ClientBlock.client_cui,
  client_reg_com: ClientBlock.client_reg_com,
  workpoint_id: Type.Union([Type.Integer(), Type.Null()], { description: 'pl_id: the workpoint that issued it' }),
  exchange_rate: Type.Number({ description: 'RON per unit of currency on the document date' }),
  total_without_vat: Type.Number(),
  total_vat: Type.Number(),
  total_ron: Type.Number({ description: 'total with VAT in RON' }),
  paid_amount: Type.Number({
    description:
      'what is paid, invoice currency: the paid_amount of its live sales receipts, or, for an invoice without one (services, ' +
      'storno), the live payments allocated to it (docs/data-model.md "What is paid")',
  }),
  efactura_status: Type.Union(
    [Type.Literal('not_sent'), Type.Literal('sent'), Type.Literal('validated'), Type.Literal('rejected')],
    { description: 'RO e-Factura (SPV) state of the invoice' },
  ),
  storno_of_id: Type.Union([Type.Integer(), Type.Null()], { description: 'for a reversal (storno): the invoice it reverses' }),
  mentions: Type.String(),
  added_by_api: Type.Integer({ minimum: 0, maximum: 1 }),
  last_changed_ts: Type.String({ description: 'modifiedafter / modifiedthrough act on it' }),
  items: Type.Array(InvoiceListLine, { description: 'real service: the lines' }),
});
export type Invoice = Static<typeof Invoice>;

/** Rows per page of /invoices/list/ (the spec does not fix it). */
export const INVOICES_PAGE_SIZE = LIST_PAGE_SIZE;
