import Type, { type Static } from 'typebox';
import { ClientBlock, DocumentLine, DocumentValueWithVat, LIST_PAGE_SIZE } from './documents.ts';

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
  bv_id: Type.Integer({ description: 'the sale the receipt prints (bv_id of the import item)' }),
  pos_receipt_id: Type.Union([Type.Integer(), Type.Null()], { description: 'id in the external POS (imported receipts)' }),
  status_id: Type.Integer({ minimum: 0, maximum: 3, description: '0 cancelled, 1 not printed, 2 in process, 3 printed' }),
  doc_date: Type.String({ format: 'date', description: 'inferred: bf_date, or the day the receipt was registered (created_ts) when it has none; the date filters act on it' }),
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
  document_value_with_vat: DocumentValueWithVat,
  total_ron: money('total with VAT in RON'),
  paid_cash: Type.Number(),
  paid_card: Type.Number(),
  paid_foodstamp: Type.Number(),
  paid_voucher: Type.Number(),
  paid_modern_payment: Type.Number(),
  paid_other_payment: Type.Number(),
  paid_by_voucher_code: Type.String(),
  print_confirmed_ts: Type.Union([Type.String(), Type.Null()]),
  document_cancelled: Type.Integer({ minimum: 0, maximum: 1, description: 'inferred: 1 when status_id is 0 (cancelled)' }),
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

/** Most receipts one POST /payments/fiscalreceipt/ takes (the spec does not fix it). */
export const FISCAL_RECEIPT_IMPORT_MAX = 500;

/** Largest paid_* amount of a receipt: two decimals, below 10^9. */
const MAX_PAID = 999_999_999.99;
const ID = { minimum: 1, maximum: Number.MAX_SAFE_INTEGER };

/**
 * print_confirmed_ts: a date and time, 'YYYY-MM-DD HH:MM:SS' (Europe/Bucharest, the service's
 * form) or ISO 8601 with 'T', optional seconds and fraction, optional offset or Z (converted to
 * Europe/Bucharest). The calendar is checked by the import.
 */
export const RECEIPT_TIMESTAMP_PATTERN = '^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})?$';

const paid = (kind: string) =>
  Type.Optional(
    Type.Number({ minimum: 0, maximum: MAX_PAID, description: `amount paid ${kind}, RON, at most two decimals; default 0` }),
  );

/** The spec's "Fiscal receipt import item" (element of receipts[] in POST /payments/fiscalreceipt/). */
export const FiscalReceiptImportItem = Type.Object(
  {
    pos_receipt_id: Type.Integer({ ...ID, description: 'unique receipt id in the external POS (unique per account)' }),
    bv_id: Type.Integer({ ...ID, description: 'the sale (bv_id) of the account the receipt prints' }),
    status_id: Type.Integer({ minimum: 0, maximum: 3, description: '0 cancelled, 1 not printed, 2 in process, 3 printed' }),
    bf_content: Type.Optional(Type.String({ maxLength: 65_536, description: 'raw command sent to the printer' })),
    printer_response: Type.Optional(Type.String({ maxLength: 65_536, description: 'raw printer response' })),
    print_confirmed_ts: Type.Optional(
      Type.String({
        pattern: RECEIPT_TIMESTAMP_PATTERN,
        description: "'YYYY-MM-DD HH:MM:SS' (Europe/Bucharest) or ISO 8601 date-time (an offset is converted)",
      }),
    ),
    bf_date: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, the date printed on the receipt' })),
    bon_nr: Type.Optional(Type.Integer({ ...ID, description: 'receipt number printed by the cash register' })),
    z_nr: Type.Optional(Type.Integer({ ...ID, description: 'Z-report number' })),
    paid_cash: paid('in cash (payment type cash)'),
    paid_card: paid('by card (card)'),
    paid_foodstamp: paid('in meal vouchers (foodstamps)'),
    paid_voucher: paid('by voucher (voucher)'),
    paid_modern_payment: paid('by modern payment (modern_payment)'),
    paid_other_payment: paid("otherwise (the account's one custom payment type)"),
    paid_by_voucher_code: Type.Optional(Type.String({ maxLength: 100, description: 'code of the voucher used' })),
    reimport_existing_bf: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 1,
        description: '0 (default): a pos_receipt_id already imported is skipped; 1: the receipt with that pos_receipt_id is replaced',
      }),
    ),
  },
  { additionalProperties: false },
);
export type FiscalReceiptImportItem = Static<typeof FiscalReceiptImportItem>;

/** The body of POST /payments/fiscalreceipt/. */
export const FiscalReceiptImportRequest = Type.Object(
  {
    receipts: Type.Array(FiscalReceiptImportItem, {
      minItems: 1,
      maxItems: FISCAL_RECEIPT_IMPORT_MAX,
      description: `fiscal receipt import items, 1 to ${FISCAL_RECEIPT_IMPORT_MAX}`,
    }),
  },
  { additionalProperties: false },
);
export type FiscalReceiptImportRequest = Static<typeof FiscalReceiptImportRequest>;

export const FISCAL_RECEIPT_IMPORT_ACTIONS = ['created', 'replaced', 'skipped'] as const;

/** A payment a receipt created. */
export const FiscalReceiptPayment = Type.Object({
  incasare_id: Type.Integer({ description: 'the payment, as in /payments/list/' }),
  payment_type: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  date: Type.String({ format: 'date' }),
  allocated_amount: Type.Number({ description: 'allocated to the sale (capped at what was still unpaid)' }),
});

/** The outcome of one receipt of the request, in request order. */
export const FiscalReceiptImportOutcome = Type.Object({
  fiscal_receipt_id: Type.Integer({ description: 'the receipt as in /fiscalreceipts/list/ (for skipped: the one already stored)' }),
  pos_receipt_id: Type.Integer(),
  bv_id: Type.Integer({ description: 'the sale of the stored receipt' }),
  status_id: Type.Integer({ description: 'status of the stored receipt' }),
  action: Type.Enum([...FISCAL_RECEIPT_IMPORT_ACTIONS], {
    description: 'created; replaced (reimport_existing_bf 1); skipped (already imported, reimport_existing_bf 0: nothing changed)',
  }),
  notice: Type.String({ description: 'why a receipt was skipped; "" otherwise' }),
  payments: Type.Array(FiscalReceiptPayment, { description: 'the payments this receipt created (printed receipts only)' }),
  deleted_incasare_ids: Type.Array(Type.Integer(), { description: 'the payments this receipt deleted (the sale\'s earlier payments)' }),
});
export type FiscalReceiptImportOutcome = Static<typeof FiscalReceiptImportOutcome>;

export const FiscalReceiptImportResult = Type.Object({
  receipts: Type.Array(FiscalReceiptImportOutcome),
});
export type FiscalReceiptImportResult = Static<typeof FiscalReceiptImportResult>;
