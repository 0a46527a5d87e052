import Type, { type Static } from 'typebox';
import { ClientBlock, DocumentCancelled, LIST_PAGE_SIZE } from './documents.ts';

export const ALLOCATION_STATUSES = ['not_allocated', 'some_allocated', 'fully_allocated'] as const;
export type AllocationStatus = (typeof ALLOCATION_STATUSES)[number];

/** Values of the allocation_status filter (spec): `any` is no filter, `has_allocated` some or fully. */
export const ALLOCATION_STATUS_FILTERS = ['any', 'not_allocated', 'some_allocated', 'fully_allocated', 'has_allocated'] as const;
export type AllocationStatusFilter = (typeof ALLOCATION_STATUS_FILTERS)[number];

export const PAYMENT_SOURCES = ['staff', 'api', 'fiscal_receipt', 'connector_order'] as const;

/**
 * The payment type codes every account accepts (spec: "Payment type codes include ..."), in
 * the spec's order, with the name shown when the account does not name them itself.
 */
export const STANDARD_PAYMENT_TYPES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'bank_transfer', name: 'Transfer bancar' },
  { code: 'cash', name: 'Numerar' },
  { code: 'card', name: 'Card' },
  { code: 'voucher', name: 'Voucher' },
  { code: 'foodstamps', name: 'Tichete de masa' },
  { code: 'modern_payment', name: 'Plata moderna (online)' },
];

export const PaymentType = Type.Object({
  code: Type.String({ description: 'the value of payment_type in POST /sales/{bv_id}/payment/' }),
  name: Type.String(),
  is_custom: Type.Integer({ minimum: 0, maximum: 1, description: '1 for a type the account defined itself' }),
});
export type PaymentType = Static<typeof PaymentType>;

export const PaymentAllocation = Type.Object({
  doc_type: Type.Union([Type.Literal('sale'), Type.Literal('invoice'), Type.Literal('proforma')]),
  doc_id: Type.Integer({ description: 'bv_id, invoice_id or proforma_id' }),
  doc_series: Type.String({ description: 'inferred: series of the document' }),
  doc_nr: Type.Integer({ description: 'inferred: number of the document' }),
  amount: Type.Number({ description: 'amount allocated to the document, payment currency' }),
});
export type PaymentAllocation = Static<typeof PaymentAllocation>;

/** A payment or receipt (incasare) as /payments/list/ answers it; see docs/data-model.md. */
export const Payment = Type.Object({
  incasare_id: Type.Integer(),
  doc_series: Type.String({ description: 'inferred: receipt (chitanta) series; "" when the payment has no receipt document' }),
  doc_nr: Type.Union([Type.Integer(), Type.Null()], { description: 'inferred: receipt number; null when none' }),
  doc_date: Type.String({ format: 'date', description: 'inferred: the payment date; the date filters act on it' }),
  payment_type: Type.String({ description: 'a code of /payments/types/' }),
  ...ClientBlock,
  workpoint_id: Type.Union([Type.Integer(), Type.Null()], { description: 'pl_id' }),
  amount: Type.Number(),
  currency: Type.String({ description: 'ISO 4217' }),
  exchange_rate: Type.Number({ description: 'RON per unit of currency on the payment date' }),
  amount_ron: Type.Number(),
  bank_account_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the account bank account (bank_transfer)' }),
  mentions: Type.String({ description: 'free note; the external_ref of an API payment is appended to it' }),
  source: Type.Enum([...PAYMENT_SOURCES], { description: 'where the payment was registered' }),
  fiscal_receipt_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the fiscal receipt it was created from' }),
  bv_id: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'the sale the payment belongs to (registered on it, created by one of its fiscal receipts or orders, or paying it ' +
      'or its own invoice), also when nothing of it could be allocated; null for a payment of no sale',
  }),
  allocated_amount: Type.Number({ description: 'sum of its allocations, payment currency' }),
  allocation_status: Type.Enum([...ALLOCATION_STATUSES]),
  document_cancelled: DocumentCancelled,
  added_by_api: Type.Integer({ minimum: 0, maximum: 1 }),
  created_ts: Type.String(),
  last_changed_ts: Type.String(),
  allocations: Type.Optional(Type.Array(PaymentAllocation, { description: 'with include:allocations' })),
});
export type Payment = Static<typeof Payment>;

/** Rows per page of /payments/list/ (the spec does not fix it). */
export const PAYMENTS_PAGE_SIZE = LIST_PAGE_SIZE;

/** Largest amount a payment (or a fiscal receipt total) may carry: two decimals, below 10^9. */
export const MAX_PAYMENT_AMOUNT = 999_999_999.99;

/**
 * True when an amount has at most two decimals (as written in JSON: 12.34, not 12.345). Checked
 * by the domains rather than with JSON Schema's multipleOf, whose absolute tolerance refuses
 * valid amounts above a million (1234567.89 % 0.01 is not within 1e-10 of 0 in binary).
 */
export function isCents(amount: number): boolean {
  const cents = amount * 100;
  // A few units in the last place of the product: a third decimal is at least 0.1 cent off.
  return Math.abs(cents - Math.round(cents)) <= Math.max(1e-9, Math.abs(cents) * 8 * Number.EPSILON);
}

/** The note an external_ref is appended to: "<mentions> [ref: <external_ref>]" ("[ref: ...]" alone without mentions). */
export function paymentNote(mentions: string | undefined, externalRef: string | undefined): string {
  const note = mentions ?? '';
  if (externalRef === undefined || externalRef === '') return note;
  return note === '' ? `[ref: ${externalRef}]` : `${note} [ref: ${externalRef}]`;
}

/**
 * The payment request of POST /sales/{bv_id}/payment/ (spec: Payment request). It validates the
 * body (400 naming each field) and is served as is, as JSON Schema, by GET /sales/{bv_id}/payment/.
 */
export const SalePaymentRequest = Type.Object(
  {
    amount: Type.Number({
      exclusiveMinimum: 0,
      maximum: MAX_PAYMENT_AMOUNT,
      description: 'must be greater than 0; at most two decimals; in `currency`',
    }),
    payment_type: Type.String({ minLength: 1, maxLength: 64, description: 'one of the codes of GET /payments/types/' }),
    date: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, a calendar date; default: today (Europe/Bucharest)' })),
    currency: Type.Optional(
      Type.String({
        pattern: '^[A-Z]{3}$',
        description: "ISO 4217 code in capitals; default: the sale's currency. RON or a currency with BNR rates in the service",
      }),
    ),
    exchange_rate: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 100_000,
        description:
          'RON per one unit of currency. Default: the stored BNR rate of the payment date (or the latest before it) ' +
          'when currency is not RON; must be 1 (or left out) when currency is RON',
      }),
    ),
    bank_account_id: Type.Optional(
      Type.Integer({ minimum: 1, description: "one of the account's own bank accounts (relevant for bank_transfer)" }),
    ),
    mentions: Type.Optional(Type.String({ maxLength: 1000, description: 'free note stored with the payment' })),
    external_ref: Type.Optional(
      Type.String({ maxLength: 200, description: 'caller reference, appended to the note as "<mentions> [ref: <external_ref>]"' }),
    ),
  },
  { additionalProperties: false, description: 'Payment request (POST /sales/{bv_id}/payment/); unknown fields are refused' },
);
export type SalePaymentRequest = Static<typeof SalePaymentRequest>;

/** The answer of POST /sales/{bv_id}/payment/: exactly the spec's payment response fields. */
export const SalePaymentResponse = Type.Object({
  incasare_id: Type.Integer({ description: 'the payment, as in /payments/list/' }),
  bv_id: Type.Integer(),
  amount: Type.Number(),
  currency: Type.String(),
  payment_type: Type.String(),
  date: Type.String({ format: 'date' }),
});
export type SalePaymentResponse = Static<typeof SalePaymentResponse>;

/** The answer of GET /sales/{bv_id}/payment/: the request's JSON Schema, the payment types and the sale's defaults. */
export const SalePaymentForm = Type.Object({
  bv_id: Type.Integer(),
  schema: Type.Unknown({ description: 'JSON Schema (draft 2020-12) of the POST body; the same schema validates it' }),
  payment_types: Type.Array(Type.String(), { description: 'the codes payment_type accepts (GET /payments/types/)' }),
  defaults: Type.Object({
    date: Type.String({ format: 'date', description: 'today, Europe/Bucharest' }),
    currency: Type.String({ description: "the sale's currency" }),
  }),
  sale: Type.Object({
    currency: Type.String(),
    document_value_with_vat: Type.Number({ description: "the sale's total with VAT" }),
    paid_amount: Type.Number({ description: 'allocated so far, sale currency' }),
    open_amount: Type.Number({ description: 'document_value_with_vat - paid_amount (not below 0): what a new payment is allocated up to' }),
    document_cancelled: Type.Integer({ minimum: 0, maximum: 1, description: 'a payment on a cancelled sale is refused (400)' }),
  }),
});
export type SalePaymentForm = Static<typeof SalePaymentForm>;
