import Type from 'typebox';
import { f, standardFilters } from '../../../shared/filters/grammar.ts';
import { ALLOCATION_STATUS_FILTERS, Payment, PaymentType, PAYMENTS_PAGE_SIZE } from '../../../shared/domain/payments.ts';
import type { RestRoutes } from './route-kit.ts';
import { documentQuery } from './document-filters.ts';
import { paymentTypesExample, paymentsListExample } from './payments.examples.ts';

/** The spec: standard filters (datefrom and datethrough named) plus allocation_status; include:allocations. */
export const paymentListFilters = {
  ...standardFilters,
  allocation_status: f.oneOf(ALLOCATION_STATUS_FILTERS),
  include: f.options(['allocations'] as const),
} as const;

export function registerPaymentRoutes(routes: RestRoutes): void {
  routes.list(
    {
      path: '/payments/list/',
      module: 'payments',
      summary: 'Payments and receipts (incasari)',
      example: paymentsListExample,
      description:
        'Date filters act on the payment date, modifiedafter / modifiedthrough on last_changed_ts. ' +
        'allocation_status: any (no filter, the default), not_allocated, some_allocated, fully_allocated, or ' +
        'has_allocated (some or fully). include:allocations lists the documents each payment is allocated to ' +
        '(doc_type sale, invoice or proforma, doc_id, the document series and number, amount).',
      filters: paymentListFilters,
      item: Payment,
      pageSize: PAYMENTS_PAGE_SIZE,
    },
    ({ core, companyId, filters, page }) =>
      core.rest.payments.list({
        ...documentQuery(companyId, filters, page, PAYMENTS_PAGE_SIZE),
        allocationStatus: filters.allocation_status,
        include: { allocations: filters.include?.has('allocations') ?? false },
      }),
  );

  routes.endpoint(
    {
      method: 'GET',
      path: '/payments/types/',
      module: 'payments',
      summary: 'Payment type codes',
      example: paymentTypesExample,
      description:
        'The codes accepted as payment_type: the standard ones (bank_transfer, cash, card, voucher, foodstamps, ' +
        "modern_payment) in this order, then the account's custom types (is_custom 1). Not paginated.",
      ok: { description: 'every payment type of the account', schema: Type.Array(PaymentType) },
    },
    ({ core, companyId }) => core.rest.payments.types(companyId),
  );
}
