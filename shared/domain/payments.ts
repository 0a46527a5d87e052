import Type, { type Static } from 'typebox';
import { ClientBlock, LIST_PAGE_SIZE } from './documents.ts';

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
  series: Type.String({ description: 'series of the document' }),
  number: Type.Integer({ description: 'number of the document' }),
  amount: Type.Number({ description: 'amount allocated to the document, payment currency' }),
});
export type PaymentAllocation = Static<typeof PaymentAllocation>;

/** A payment or receipt (incasare) as /payments/list/ answers it; see docs/data-model.md. */
export const Payment = Type.Object({
  incasare_id: Type.Integer(),
  series: Type.String({ description: 'receipt (chitanta) series; "" when the payment has no receipt document' }),
  number: Type.Union([Type.Integer(), Type.Null()], { description: 'receipt number; null when none' }),
  date: Type.String({ format: 'date' }),
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
  allocated_amount: Type.Number({ description: 'sum of its allocations, payment currency' }),
  allocation_status: Type.Enum([...ALLOCATION_STATUSES]),
  cancelled: Type.Integer({ minimum: 0, maximum: 1 }),
  added_by_api: Type.Integer({ minimum: 0, maximum: 1 }),
  created_ts: Type.String(),
  last_changed_ts: Type.String(),
  allocations: Type.Optional(Type.Array(PaymentAllocation, { description: 'with include:allocations' })),
});
export type Payment = Static<typeof Payment>;

/** Rows per page of /payments/list/ (the spec does not fix it). */
export const PAYMENTS_PAGE_SIZE = LIST_PAGE_SIZE;
