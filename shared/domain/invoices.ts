import Type, { type Static } from 'typebox';
import { DocumentCore, LIST_PAGE_SIZE } from './documents.ts';

/** A fiscal invoice (factura) as /invoices/list/ answers it; see docs/data-model.md. */
export const Invoice = Type.Object({
  invoice_id: Type.Integer(),
  ...DocumentCore,
  due_date: Type.String({ format: 'date', description: 'payment due date' }),
  paid_amount: Type.Number({ description: 'sum of payments allocated to the invoice, invoice currency' }),
  efactura_status: Type.Union(
    [Type.Literal('not_sent'), Type.Literal('sent'), Type.Literal('validated'), Type.Literal('rejected')],
    { description: 'RO e-Factura (SPV) state of the invoice' },
  ),
  storno_of_id: Type.Union([Type.Integer(), Type.Null()], { description: 'for a reversal (storno): the invoice it reverses' }),
  added_by_api: Type.Integer({ minimum: 0, maximum: 1 }),
});
export type Invoice = Static<typeof Invoice>;

/** Rows per page of /invoices/list/ (the spec does not fix it). */
export const INVOICES_PAGE_SIZE = LIST_PAGE_SIZE;
