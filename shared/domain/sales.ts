import Type, { type Static } from 'typebox';
import { DocumentCore, DocumentLine, LIST_PAGE_SIZE } from './documents.ts';

export const SaleTransaction = Type.Object({
  incasare_id: Type.Integer({ description: 'the payment, as in /payments/list/' }),
  doc_date: Type.String({ description: 'the payment date (doc_date of /payments/list/)' }),
  payment_type: Type.String(),
  amount: Type.Number({ description: 'amount allocated to this sale, in the payment currency (currency)' }),
  currency: Type.String(),
  mentions: Type.String(),
});

/** The invoice of a sale (include:invoiced) under the names /invoices/list/ gives the same values. */
export const SaleInvoiceLink = Type.Object({
  bocp_id: Type.Integer({ description: 'the invoice (its bocp_id in /invoices/list/)' }),
  doc_series: Type.String(),
  doc_nr: Type.Integer(),
  doc_date: Type.String(),
  document_value_with_vat: Type.Number(),
  currency: Type.String(),
  document_cancelled: Type.Integer(),
});

export const Sale = Type.Object({
  bv_id: Type.Integer(),
  ...DocumentCore,
  paid_amount: Type.Number({ description: 'sum of the live payments allocated to the sale, sale currency (open: total less it)' }),
  invoice_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the invoice issued for the sale (its bocp_id)' }),
  connector_order_id: Type.Union([Type.Integer(), Type.Null()], { description: 'SERVICE_order_id when the sale came from a connector order' }),
  added_by_api: Type.Integer({ minimum: 0, maximum: 1 }),
  items: Type.Optional(Type.Array(DocumentLine, { description: 'with include:items' })),
  transactions: Type.Optional(Type.Array(SaleTransaction, { description: 'with include:transactions' })),
  invoiced: Type.Optional(Type.Union([SaleInvoiceLink, Type.Null()], { description: 'with include:invoiced' })),
});
export type Sale = Static<typeof Sale>;
export type SaleTransaction = Static<typeof SaleTransaction>;
export type SaleInvoiceLink = Static<typeof SaleInvoiceLink>;

/** Rows per page of /sales/list/ (the spec does not fix it). */
export const SALES_PAGE_SIZE = LIST_PAGE_SIZE;
