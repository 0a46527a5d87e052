import type { EndpointExample } from './route-kit.ts';

/** GET /sales/{bv_id}/payment/: what a payment on an unpaid sale may carry. */
export const salePaymentFormExample: EndpointExample = {
  params: { bv_id: 281 },
  answer: {
    data: {
      bv_id: 281,
      schema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        title: 'Payment request (POST /sales/{bv_id}/payment/)',
        type: 'object',
        required: ['amount', 'payment_type'],
        properties: {
          amount: {
            type: 'number',
            exclusiveMinimum: 0,
            maximum: 999999999.99,
            description: 'must be greater than 0; at most two decimals; in `currency`',
          },
          payment_type: { type: 'string', minLength: 1, maxLength: 64, description: 'one of the codes of GET /payments/types/' },
          date: { type: 'string', format: 'date', description: 'YYYY-MM-DD, a calendar date; default: today (Europe/Bucharest)' },
          currency: {
            type: 'string',
            pattern: '^[A-Z]{3}$',
            description: 'ISO 4217 code in capitals; default: the sale\'s currency. RON or a currency with BNR rates in the service',
          },
          exchange_rate: {
            type: 'number',
            exclusiveMinimum: 0,
            maximum: 100000,
            description: 'RON per one unit of currency. Default: the stored BNR rate of the payment date (or the latest before it) when currency is not RON; must be 1 (or left out) when currency is RON',
          },
          bank_account_id: {
            type: 'integer',
            minimum: 1,
            description: 'one of the account\'s own bank accounts (relevant for bank_transfer)',
          },
          mentions: { type: 'string', maxLength: 1000, description: 'free note stored with the payment' },
          external_ref: {
            type: 'string',
            maxLength: 200,
            description: 'caller reference, appended to the note as "<mentions> [ref: <external_ref>]"',
          },
        },
        additionalProperties: false,
        description: 'Payment request (POST /sales/{bv_id}/payment/); unknown fields are refused',
      },
      payment_types: ['bank_transfer', 'cash', 'card', 'voucher', 'foodstamps', 'modern_payment', 'tichet_cadou'],
      defaults: { date: '2026-11-27', currency: 'RON' },
      sale: { currency: 'RON', document_value_with_vat: 1713.71, paid_amount: 0, open_amount: 1713.71, document_cancelled: 0 },
    },
  },
};

/** POST /sales/{bv_id}/payment/: a bank transfer paying the whole sale. */
export const salePaymentExample: EndpointExample = {
  params: { bv_id: 281 },
  request: {
    amount: 1713.71,
    payment_type: 'bank_transfer',
    date: '2026-11-26',
    currency: 'RON',
    mentions: 'OP 4471 Necula Invest SRL',
    external_ref: 'BT-20261126-4471',
  },
  answer: {
    data: { incasare_id: 262, bv_id: 281, amount: 1713.71, currency: 'RON', payment_type: 'bank_transfer', date: '2026-11-26' },
  },
};
