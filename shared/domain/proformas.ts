import Type, { type Static } from 'typebox';
import { DocumentCore, LIST_PAGE_SIZE } from './documents.ts';

/** A proforma invoice as /proformas/list/ answers it; see docs/data-model.md. */
export const Proforma = Type.Object({
  proforma_id: Type.Integer(),
  ...DocumentCore,
  due_date: Type.String({ format: 'date', description: 'payment due date' }),
  subscription_template_id: Type.Union([Type.Integer(), Type.Null()], {
    description: 'for_abon_tpl_id: the subscription template that generated it',
  }),
  paid_amount: Type.Number({ description: 'advance payments allocated to the proforma, proforma currency' }),
  invoice_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the final invoice issued from it' }),
  added_by_api: Type.Integer({ minimum: 0, maximum: 1 }),
  total: Type.Number({
    description: 'total_with_vat again, under the name clients of the real service read (they match it to an order total)',
  }),
  payment_link: Type.Optional(
    Type.String({ description: 'with include:payment_link: the online card payment page ("" when none)' }),
  ),
});
export type Proforma = Static<typeof Proforma>;

/** Rows per page of /proformas/list/ (the spec does not fix it). */
export const PROFORMAS_PAGE_SIZE = LIST_PAGE_SIZE;
