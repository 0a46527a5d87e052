import Type, { type Static } from 'typebox';

/**
 * Rows per page of every list whose size the spec does not fix (all but the marketplace
 * order list, which keeps the spec's 250).
 */
export const LIST_PAGE_SIZE = 100;

/**
 * The spec's client block: "documents linked to a client: client_id (integer), client_name,
 * client_cui, client_reg_com (strings)". Copied at issue time.
 */
export const ClientBlock = {
  client_id: Type.Union([Type.Integer(), Type.Null()], { description: 'spec: the client (contact id)' }),
  client_name: Type.String({ description: 'spec' }),
  client_cui: Type.String({ description: 'spec: fiscal code (CUI/CIF) or CNP' }),
  client_reg_com: Type.String({ description: 'spec: trade register number' }),
};

const inferred = (description: string) => `inferred (the real service's invoice key family): ${description}`;

/**
 * The document keys of the lists no public client of the real service reads (sales receipts,
 * fiscal receipts, payments, AWBs, inventories, service files, connector orders): the names the
 * real service gives the same values on invoices and proformas (real-service.md), so a partner
 * meets one family of names everywhere. Marked "inferred" in docs/data-model.md.
 */
export const DocumentKeys = {
  doc_series: Type.String({ description: inferred('document series') }),
  doc_nr: Type.Integer({ description: inferred('number within the series') }),
  doc_date: Type.String({ format: 'date', description: inferred('document date; the date filters act on it') }),
};
export const DocumentCancelled = Type.Integer({ minimum: 0, maximum: 1, description: inferred('1 when cancelled') });
export const DocumentValueWithVat = Type.Number({ description: inferred('total with VAT, document currency') });

/**
 * The fields every document list row shares (see docs/data-model.md): the Romanian document
 * core. Flags are 0/1 integers, amounts numbers with two decimals, dates 'YYYY-MM-DD',
 * timestamps 'YYYY-MM-DD HH:MM:SS' (Europe/Bucharest).
 */
export const DocumentCore = {
  ...DocumentKeys,
  ...ClientBlock,
  workpoint_id: Type.Union([Type.Integer(), Type.Null()], { description: 'pl_id: the workpoint that issued it' }),
  currency: Type.String({ description: 'ISO 4217' }),
  exchange_rate: Type.Number({ description: 'RON per unit of currency on the document date' }),
  total_without_vat: Type.Number(),
  total_vat: Type.Number(),
  document_value_with_vat: DocumentValueWithVat,
  total_ron: Type.Number({ description: 'total with VAT in RON' }),
  document_cancelled: DocumentCancelled,
  mentions: Type.String(),
  created_ts: Type.String(),
  last_changed_ts: Type.String({ description: 'modifiedafter / modifiedthrough act on it' }),
};

/**
 * A document line as the real service's invoice lines carry it (real-service.md): the keys its
 * clients read first, then ours. Every document with lines (invoices, sales receipts, fiscal
 * receipts, proformas) answers them in this shape.
 */
export const DocumentLine = Type.Object({
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
export type DocumentLine = Static<typeof DocumentLine>;
