import Type, { type Static } from 'typebox';
import { DocumentCore, DocumentLine, LIST_PAGE_SIZE } from './documents.ts';

export const SaleTransaction = Type.Object({
  incasare_id: Type.Integer({ description: 'the payment, as in /payments/list/' }),
  date: Type.String(),
  payment_type: Type.String(),
  amount: Type.Number({ description: 'amount allocated to this sale, in the payment currency (currency)' }),
  currency: Type.String(),
  mentions: Type.String(),
});

export const SaleInvoiceLink = Type.Object({
  invoice_id: Type.Integer(),
  series: Type.String(),
  number: Type.Integer(),
  date: Type.String(),
  total_with_vat: Type.Number(),
  currency: Type.String(),
  cancelled: Type.Integer(),
});

export const Sale = Type.Object({
  bv_id: Type.Integer(),
  ...DocumentCore,
  paid_amount: Type.Number({ description: 'sum of payments allocated to the sale, sale currency' }),
  invoice_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the invoice issued for the sale' }),
  connector_order_id: Type.Union([Type.Integer(), Type.Null()], { description: 'SERVICE_order_id when the sale came from a connector order' }),
  added_by_api: Type.Integer({ minimum: 0, maximum: 1 }),
  items: Type.Optional(Type.Array(DocumentLine, { description: 'with include:items' })),
  transactions: Type.Optional(Type.Array(SaleTransaction, { description: 'with include:transactions' })),
  invoiced: Type.Optional(Type.Union([SaleInvoiceLink, Type.Null()], { description: 'with include:invoiced' })),
});
export type Sale = Static<typeof Sale>;
export type SaleLine = Static<typeof DocumentLine>;
export type SaleTransaction = Static<typeof SaleTransaction>;
export type SaleInvoiceLink = Static<typeof SaleInvoiceLink>;

/** Rows per page of /sales/list/ (the spec does not fix it). */
export const SALES_PAGE_SIZE = LIST_PAGE_SIZE;
