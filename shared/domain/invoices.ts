import Type, { type Static } from 'typebox';
import { LIST_PAGE_SIZE } from './documents.ts';

/**
 * A line of an invoice as /invoices/list/ answers it (always: the real service's invoice rows
 * carry their lines). Keys clients of the real service read come first (see
 * /work/shared/docs/real-service.md); the rest are ours (docs/data-model.md).
 */
export const InvoiceListLine = Type.Object({
  product_variant_id: Type.Integer({ description: 'real service: the product (variant) of a product line, else 0' }),
  service_id: Type.Integer({
    description: 'real service: non-zero for a service line; negative for an uncatalogued line (-1 shipping / other, -2 discount), 0 for a product line',
  }),
  item_code: Type.String({ description: 'real service: the SKU (code printed on the line)' }),
  item_name: Type.String({ description: 'real service: the name printed on the line' }),
  item_name_plain: Type.String({ description: 'real service: the same name as plain text (no markup)' }),
  product_current_name: Type.String({ description: "real service: the product's name today ('' for a line without product)" }),
  barcode: Type.String({ description: "real service: the line's EAN (ours: the product's barcode, '' without product)" }),
  qty_mu1: Type.Number({ description: 'real service: quantity (negative for a returned line)' }),
  value_with_vat: Type.Number({ description: 'real service: line value with VAT, document currency' }),
  line_no: Type.Integer(),
  unit: Type.String(),
  unit_price: Type.Number({ description: 'without VAT, document currency' }),
  vat_rate: Type.Number(),
  value_without_vat: Type.Number(),
  vat_value: Type.Number(),
});
export type InvoiceListLine = Static<typeof InvoiceListLine>;

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
  last_payment_date: Type.String({ description: "real service: date of the latest payment of the invoice or its sales receipts ('' when none)" }),
  document_value_with_vat: Type.Number({ description: 'real service: total with VAT, invoice currency' }),
  rest: Type.Number({ description: 'real service: left to pay (0: paid)' }),
  currency: Type.String({ description: 'real service: ISO 4217' }),
  document_cancelled: Type.Integer({ minimum: 0, maximum: 1, description: 'real service: 1 when cancelled' }),
  pdf_invoice_url: Type.String({
    description: 'real service: absolute credential-free link to the invoice PDF (clients treat it as expiring; ours does not expire yet)',
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
  client_reg_com: Type.String({ description: 'trade register number, copied at issue' }),
  workpoint_id: Type.Union([Type.Integer(), Type.Null()], { description: 'pl_id: the workpoint that issued it' }),
  exchange_rate: Type.Number({ description: 'RON per unit of currency on the document date' }),
  total_without_vat: Type.Number(),
  total_vat: Type.Number(),
  total_ron: Type.Number({ description: 'total with VAT in RON' }),
  paid_amount: Type.Number({ description: 'sum of payments allocated to the invoice, invoice currency' }),
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
