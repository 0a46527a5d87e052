import Type from 'typebox';

/**
 * Rows per page of every list whose size the spec does not fix (all but the marketplace
 * order list, which keeps the spec's 250).
 */
export const LIST_PAGE_SIZE = 100;

/**
 * The fields every document list row shares (the spec shows none; see docs/data-model.md):
 * the Romanian document core. Flags are 0/1 integers, amounts numbers with two decimals,
 * dates 'YYYY-MM-DD', timestamps 'YYYY-MM-DD HH:MM:SS' (Europe/Bucharest).
 */
export const ClientBlock = {
  client_id: Type.Union([Type.Integer(), Type.Null()]),
  client_name: Type.String(),
  client_cui: Type.String({ description: 'fiscal code (CUI/CIF) or CNP' }),
  client_reg_com: Type.String({ description: 'trade register number' }),
};

export const DocumentCore = {
  series: Type.String(),
  number: Type.Integer(),
  date: Type.String({ format: 'date' }),
  ...ClientBlock,
  workpoint_id: Type.Union([Type.Integer(), Type.Null()], { description: 'pl_id: the workpoint that issued it' }),
  currency: Type.String({ description: 'ISO 4217' }),
  exchange_rate: Type.Number({ description: 'RON per unit of currency on the document date' }),
  total_without_vat: Type.Number(),
  total_vat: Type.Number(),
  total_with_vat: Type.Number(),
  total_ron: Type.Number({ description: 'total with VAT in RON' }),
  cancelled: Type.Integer({ minimum: 0, maximum: 1 }),
  mentions: Type.String(),
  created_ts: Type.String(),
  last_changed_ts: Type.String(),
};

export const DocumentLine = Type.Object({
  line_no: Type.Integer(),
  product_id: Type.Union([Type.Integer(), Type.Null()]),
  code: Type.String(),
  name: Type.String(),
  unit: Type.String(),
  quantity: Type.Number(),
  unit_price: Type.Number({ description: 'without VAT, document currency' }),
  vat_rate: Type.Number(),
  value_without_vat: Type.Number(),
  vat_value: Type.Number(),
  value_with_vat: Type.Number(),
});
