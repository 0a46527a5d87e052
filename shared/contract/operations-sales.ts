import Type from 'typebox';
import { op, CompanyId } from './operation-def.ts';
import { Sale } from '../domain/sales.ts';
import { Payment, PaymentType, SalePaymentForm, SalePaymentRequest, SalePaymentResponse } from '../domain/payments.ts';

const BvId = Type.Integer({ minimum: 1, description: 'the sale (bv_id)' });
const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code in capitals' });
const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD, a calendar date' });

/** An own bank account of the account: what bank_account_id of a payment may name. */
export const AccountBankAccount = Type.Object({
  id: Type.Integer(),
  iban: Type.String(),
  bank_name: Type.String(),
  currency: Type.String(),
});

/** The RON rate of a currency on a day as a payment takes it (the stored BNR rate of that day or the latest before). */
export const ExchangeRateOn = Type.Object({
  currency: Type.String(),
  date: Type.String({ description: 'the day asked for' }),
  rate: Type.Union([Type.Number(), Type.Null()], { description: 'RON per 1 unit; 1 for RON; null when no rate is stored on or before the day' }),
  rate_date: Type.Union([Type.String(), Type.Null()], { description: 'the day of the stored rate used (the day asked for, or the latest before it)' }),
});

/** The answer of payments.cancel: the payment and the documents whose figures changed. */
export const PaymentCancelled = Type.Object({
  incasare_id: Type.Integer(),
  document_cancelled: Type.Literal(1),
  documents: Type.Array(
    Type.Object({
      doc_type: Type.Union([Type.Literal('sale'), Type.Literal('invoice'), Type.Literal('proforma')]),
      doc_id: Type.Integer(),
    }),
    { description: 'the sales receipts, invoices and proformas it had paid (their figures are recomputed)' },
  ),
});

/**
 * One sale with everything its detail shows, its payment form and the payment action; one
 * payment with its allocations. The same domain functions as GET /sales/list/ (include:items,
 * transactions, invoiced), GET and POST /sales/{bv_id}/payment/ and /payments/list/.
 */
export const salesOperations = {
  'sales.get': op({
    summary: 'One sale as /sales/list/ answers it with include:items, transactions and invoiced',
    input: Type.Object({ company_id: CompanyId, bv_id: BvId }, { additionalProperties: false }),
    output: Sale,
    http: { method: 'GET', path: '/accounts/:company_id/sales/:bv_id' },
    reads: ['sales', 'sale_items', 'payments', 'payment_allocations', 'invoices'],
    record: { table: 'sales', input: 'bv_id' },
  }),
  'sales.paymentForm': op({
    summary:
      'What GET /sales/{bv_id}/payment/ answers (schema, payment types, defaults, open amount), plus the named payment types, ' +
      'the currencies a payment accepts and the bank accounts of the account',
    input: Type.Object({ company_id: CompanyId, bv_id: BvId }, { additionalProperties: false }),
    output: Type.Object({
      ...SalePaymentForm.properties,
      types: Type.Array(PaymentType, { description: 'the codes of payment_types with their names' }),
      currencies: Type.Array(Type.String(), { description: 'RON and the currencies with stored BNR rates' }),
      bank_accounts: Type.Array(AccountBankAccount),
    }),
    http: { method: 'GET', path: '/accounts/:company_id/sales/:bv_id/payment-form' },
    reads: ['sales', 'payments', 'payment_allocations', 'invoices', 'payment_types', 'account_bank_accounts', 'exchange_rates'],
    record: { table: 'sales', input: 'bv_id' },
  }),
  'sales.registerPayment': op({
    summary:
      'Register a payment on a sale as staff: the rules, validation and answer of POST /sales/{bv_id}/payment/; ' +
      'the payment is stored with source staff (added_by_api 0)',
    input: Type.Object({ company_id: CompanyId, bv_id: BvId, ...SalePaymentRequest.properties }, { additionalProperties: false }),
    output: SalePaymentResponse,
    http: { method: 'POST', path: '/accounts/:company_id/sales/:bv_id/payments', status: 201 },
  }),
  'payments.get': op({
    summary: 'One payment as /payments/list/ answers it with include:allocations',
    input: Type.Object({ company_id: CompanyId, incasare_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    output: Payment,
    http: { method: 'GET', path: '/accounts/:company_id/payments/:incasare_id' },
    reads: ['payments', 'payment_allocations'],
    record: { table: 'payments', input: 'incasare_id' },
  }),
  'payments.cancel': op({
    summary:
      'Cancel a payment as staff: it stays in /payments/list/ with document_cancelled 1 and no allocations; the documents it ' +
      'paid get their figures back (paid_amount, rest, last_payment_date, last_changed_ts) in the same transaction. The spec ' +
      'has no payment notification: nothing is sent to connectors',
    input: Type.Object({ company_id: CompanyId, incasare_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    output: PaymentCancelled,
    http: { method: 'POST', path: '/accounts/:company_id/payments/:incasare_id/cancel' },
  }),
  'payments.types': op({
    summary: 'The payment types of the account as GET /payments/types/ answers them (the standard codes, then its own)',
    input: Type.Object({ company_id: CompanyId }, { additionalProperties: false }),
    output: Type.Array(PaymentType),
    http: { method: 'GET', path: '/accounts/:company_id/payment-types' },
    reads: ['payment_types'],
  }),
  'reference.exchangeRate': op({
    summary: 'The RON rate a payment in `currency` on `date` takes by default (the stored BNR rate of the day or the latest before it)',
    input: Type.Object({ company_id: CompanyId, currency: Currency, date: Day }, { additionalProperties: false }),
    output: ExchangeRateOn,
    http: { method: 'GET', path: '/accounts/:company_id/exchange-rate' },
    reads: ['exchange_rates'],
  }),
};
