import Type, { type Static } from 'typebox';
import { ClientBlock, LIST_PAGE_SIZE } from './documents.ts';

/**
 * A proforma invoice as /proformas/list/ answers it. The spec names `payment_link`
 * (include:payment_link); the keys clients of the real service read are the names of the rest
 * (real-service.md), ours fill in what they do not read (docs/data-model.md). Flags are 0/1.
 */
export const Proforma = Type.Object({
  proforma_id: Type.Integer({ description: 'real service: the proforma id (ids grow over time)' }),
  doc_series: Type.String({ description: 'real service' }),
  doc_nr: Type.Integer({ description: 'real service' }),
  doc_date: Type.String({ format: 'date', description: 'real service: the date filters act on it' }),
  total: Type.Number({ description: 'real service: total with VAT, proforma currency (clients match it to an order total)' }),
  document_cancelled: Type.Integer({ minimum: 0, maximum: 1, description: 'real service: 1 when cancelled' }),
  view_link: Type.String({
    description: 'real service: absolute credential-free link to the HTML page of the proforma, ending in /html/ (the same link ending in /pdf/ is its PDF)',
  }),
  doc_due_date: Type.String({ description: 'payment due date, YYYY-MM-DD (the invoice list name)' }),
  bocp_contact_id: Type.Union([Type.Integer(), Type.Null()], { description: "the client's contact id (the invoice list name)" }),
  client_name: Type.String(),
  client_vat_id: Type.String({ description: 'CUI/CIF or CNP, copied at issue (the invoice list name)' }),
  client_id: ClientBlock.client_id,
  client_cui: ClientBlock.client_cui,
  client_reg_com: ClientBlock.client_reg_com,
  workpoint_id: Type.Union([Type.Integer(), Type.Null()], { description: 'pl_id: the workpoint that issued it' }),
  currency: Type.String({ description: 'ISO 4217' }),
  exchange_rate: Type.Number({ description: 'RON per unit of currency on the document date' }),
  total_without_vat: Type.Number(),
  total_vat: Type.Number(),
  total_ron: Type.Number({ description: 'total with VAT in RON' }),
  subscription_template_id: Type.Union([Type.Integer(), Type.Null()], {
    description: 'for_abon_tpl_id: the subscription template that generated it',
  }),
  paid_amount: Type.Number({ description: 'paid on the invoice issued from it (up to its total), proforma currency; 0 while not invoiced' }),
  invoice_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the final invoice issued from it (its bocp_id)' }),
  mentions: Type.String(),
  added_by_api: Type.Integer({ minimum: 0, maximum: 1 }),
  record_ts: Type.String({ description: 'when the proforma was recorded, YYYY-MM-DD HH:MM:SS (the invoice list name)' }),
  last_changed_ts: Type.String({ description: 'modifiedafter / modifiedthrough act on it' }),
  payment_link: Type.Optional(
    Type.String({ description: 'spec: with include:payment_link, the online card payment page ("" when none)' }),
  ),
});
export type Proforma = Static<typeof Proforma>;

/** Rows per page of /proformas/list/ (the spec does not fix it). */
export const PROFORMAS_PAGE_SIZE = LIST_PAGE_SIZE;
