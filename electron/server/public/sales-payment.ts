import Type from 'typebox';
import { SalePaymentForm, SalePaymentRequest, SalePaymentResponse } from '../../../shared/domain/payments.ts';
import type { RestRoutes } from './route-kit.ts';
import { salePaymentExample, salePaymentFormExample } from './sales-payment.examples.ts';

const bvId = (params: Record<string, string>) => Number(params.bv_id);

/** GET and POST /sales/{bv_id}/payment/: payments registered on a sale. */
export function registerSalePaymentRoutes(routes: RestRoutes): void {
  routes.endpoint(
    {
      method: 'GET',
      path: '/sales/{bv_id}/payment/',
      module: 'sales',
      summary: 'The payment request schema and the allowed payment types of a sale',
      example: salePaymentFormExample,
      description:
        'data.schema is the JSON Schema of the POST body (the same schema validates it), data.payment_types the codes ' +
        "payment_type accepts (GET /payments/types/), data.defaults the date (today, Europe/Bucharest) and currency (the sale's) " +
        'a POST without them takes, data.sale what the sale has open.',
      params: { bv_id: Type.Integer({ minimum: 1, description: 'the sale' }) },
      ok: { description: 'the request schema, payment types and defaults', schema: SalePaymentForm },
      errors: { 404: 'the sale does not exist in this account' },
    },
    ({ core, companyId, params }) => core.rest.payments.salePaymentForm(companyId, bvId(params)),
  );

  routes.endpoint(
    {
      method: 'POST',
      path: '/sales/{bv_id}/payment/',
      module: 'sales',
      summary: 'Register a payment on a sale',
      example: salePaymentExample,
      description:
        'amount > 0 (two decimals); payment_type one of GET /payments/types/; date default today (Europe/Bucharest); ' +
        "currency default the sale's, RON or a currency with stored BNR rates; exchange_rate (RON per unit) default the " +
        'stored rate of the date or the latest before it (400 when there is none), 1 for RON (another value is a 400); ' +
        "bank_account_id one of the account's bank accounts; external_ref is appended to mentions as " +
        '"<mentions> [ref: <external_ref>]". A cancelled sale is refused (400). Several payments may be registered on ' +
        "one sale. The payment (source api, added_by_api 1, the sale's client block and workpoint) is allocated to the " +
        'sale up to what the sale still has open (total_with_vat - paid_amount, converted through RON when the ' +
        'currencies differ); the rest stays unallocated on the payment (allocation_status some_allocated or ' +
        'not_allocated). The sale\'s paid_amount and last_changed_ts follow, in the same transaction.',
      params: { bv_id: Type.Integer({ minimum: 1, description: 'the sale' }) },
      body: { contentType: 'application/json', schema: SalePaymentRequest, description: 'the spec\'s payment request' },
      ok: { description: 'the registered payment', schema: SalePaymentResponse },
      errors: {
        400: 'a field missing or invalid (messages name each), an unknown field, or the sale is cancelled',
        404: 'the sale does not exist in this account',
      },
    },
    ({ core, companyId, params, body }) => core.rest.payments.payOnSaleGrouped(companyId, bvId(params), body),
    (data) => ({ payments: [data.incasare_id], sales: [data.bv_id] }),
  );
}
