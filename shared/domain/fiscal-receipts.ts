import Type, { type Static } from 'typebox';
import { ClientBlock, DocumentLine, LIST_PAGE_SIZE } from './documents.ts';

/** status_id of a fiscal receipt (spec, States). */
export const FISCAL_RECEIPT_STATUSES = { 0: 'cancelled', 1: 'not printed', 2: 'in process', 3: 'printed' } as const;

const money = (description: string) => Type.Number({ description });

/**
 * A fiscal (cash register) receipt as /fiscalreceipts/list/ answers it: the fields of the
 * spec's import item under their import names, plus the document fields every list shares
 * (see docs/data-model.md). The client block and the VAT split come from the receipt's sale.
 */
export const FiscalReceipt = Type.Object({
  fiscal_receipt_id: Type.Integer(),
  sale_id: Type.Integer({ description: 'bv_id: the sale the receipt prints' }),
  pos_receipt_id: Type.Union([Type.Integer(), Type.Null()], { description: 'id in the external POS (imported receipts)' }),
  status_id: Type.Integer({ minimum: 0, maximum: 3, description: '0 cancelled, 1 not printed, 2 in process, 3 printed' }),
  date: Type.String({ format: 'date', description: 'bf_date, or the sale date when the receipt has none; the date filters act on it' }),
  bf_date: Type.Union([Type.String({ format: 'date' }), Type.Null()], { description: 'date printed on the receipt' }),
  bon_nr: Type.Union([Type.Integer(), Type.Null()], { description: 'receipt number printed by the cash register' }),
  z_nr: Type.Union([Type.Integer(), Type.Null()], { description: 'raport_z_nr: the Z report (daily closing) it belongs to' }),
  workpoint_id: Type.Union([Type.Integer(), Type.Null()], { description: 'pl_id' }),
  station_id: Type.Union([Type.Integer(), Type.Null()], { description: 'statie_id: the cash register station' }),
  ...ClientBlock,
  currency: Type.String({ description: 'ISO 4217; a cash register prints in RON' }),
  exchange_rate: Type.Number({ description: 'RON per unit of currency (1 for RON)' }),
  total_without_vat: money('total without VAT (the VAT split of the sale)'),
  total_vat: money('VAT (the VAT split of the sale)'),
  total_with_vat: money('the receipt total'),
  total_ron: money('total with VAT in RON'),
  paid_cash: Type.Number(),
  paid_card: Type.Number(),
  paid_foodstamp: Type.Number(),
  paid_voucher: Type.Number(),
  paid_modern_payment: Type.Number(),
  paid_other_payment: Type.Number(),
  paid_by_voucher_code: Type.String(),
  print_confirmed_ts: Type.Union([Type.String(), Type.Null()]),
  cancelled: Type.Integer({ minimum: 0, maximum: 1, description: '1 when status_id is 0 (cancelled)' }),
  added_by_api: Type.Integer({ minimum: 0, maximum: 1, description: '1 when imported through POST /payments/fiscalreceipt/' }),
  created_ts: Type.String(),
  last_changed_ts: Type.String(),
  bf_content: Type.Optional(Type.String({ description: 'with include:printer_responses: raw command sent to the printer' })),
  printer_response: Type.Optional(Type.String({ description: 'with include:printer_responses: raw printer response' })),
  items: Type.Optional(Type.Array(DocumentLine, { description: "with include:items: the sale's lines" })),
});
export type FiscalReceipt = Static<typeof FiscalReceipt>;

/** Rows per page of /fiscalreceipts/list/ (the spec does not fix it). */
export const FISCAL_RECEIPTS_PAGE_SIZE = LIST_PAGE_SIZE;
