import type { Database } from 'better-sqlite3';
import {
  isCents,
  paymentNote,
  SalePaymentRequest,
  type PaymentType,
  type SalePaymentForm,
  type SalePaymentResponse,
} from '../../../../shared/domain/payments.ts';
import { badRequest, conflict, notFound } from '../../../../shared/contract/errors.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { round2 } from '../../money.ts';
import { formatDate, formatTimestamp } from '../../time.ts';
import { createPaymentLedger } from './ledger.ts';
import { writeBatchOf } from '../../store/write-batch.ts';

/** The request's JSON Schema as GET /sales/{bv_id}/payment/ serves it (the schema that validates the POST). */
const REQUEST_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Payment request (POST /sales/{bv_id}/payment/)',
  ...(JSON.parse(JSON.stringify(SalePaymentRequest)) as Record<string, unknown>),
};

/** Payments registered through the API on sales: POST /sales/{bv_id}/payment/ and its GET. */
export function createPaymentWrites(
  db: Database,
  deps: DomainDeps,
  { types, isType }: { types: (companyId: number) => PaymentType[]; isType: (companyId: number, code: string) => boolean },
) {
  const ledger = createPaymentLedger(db, deps.rates);
  const bankAccount = db
    .prepare<[number, number], number>('SELECT id FROM account_bank_accounts WHERE company_id = ? AND id = ?')
    .pluck();

  function saleOrNotFound(companyId: number, saleId: number) {
    const sale = ledger.sale(companyId, saleId);
    if (!sale) throw notFound(`sale ${saleId} does not exist in this account`);
    return sale;
  }

  const batch = writeBatchOf(db);

  const writes = {
    /** GET /sales/{bv_id}/payment/: the request schema, the accepted payment types, the sale's defaults. */
    salePaymentForm(companyId: number, saleId: number): SalePaymentForm {
      const sale = saleOrNotFound(companyId, saleId);
      return {
        bv_id: sale.id,
        schema: REQUEST_SCHEMA,
        payment_types: types(companyId).map((t) => t.code),
        defaults: { date: formatDate(deps.clock.now()), currency: sale.currency },
        sale: {
          currency: sale.currency,
          document_value_with_vat: sale.total_with_vat,
          paid_amount: sale.paid_amount,
          open_amount: ledger.openAmountOf(companyId, sale),
          document_cancelled: sale.cancelled,
        },
      };
    },

    /**
     * POST /sales/{bv_id}/payment/ (and the window's payment, source staff): checks every rule
     * (all failures reported together), then writes the payment, its allocation to the sale and
     * the sale's paid_amount in one transaction (the store carries it to the sale's invoice).
     */
    payOnSale(companyId: number, saleId: number, request: SalePaymentRequest, source: 'api' | 'staff' = 'api'): SalePaymentResponse {
      return db.transaction((): SalePaymentResponse => {
        const sale = saleOrNotFound(companyId, saleId);
        const now = deps.clock.now();
        const errors: string[] = [];
        if (sale.cancelled) errors.push(`bv_id: sale ${saleId} is cancelled; a payment cannot be registered on a cancelled sale`);
        if (!isCents(request.amount)) errors.push(`amount: must have at most two decimals, got ${request.amount}`);

        if (!isType(companyId, request.payment_type)) {
          const codes = types(companyId).map((t) => t.code);
          errors.push(`payment_type: '${request.payment_type}' is not a payment type of the account (one of ${codes.join(', ')})`);
        }

        const date = request.date ?? formatDate(now);
        const currency = request.currency ?? sale.currency;
        let rate: number | undefined;
        if (!deps.rates.isKnown(currency)) {
          errors.push(
            `currency: '${currency}' is not a currency the service knows (one of ${deps.rates.known().join(', ')})`,
          );
        } else if (currency === 'RON') {
          if (request.exchange_rate !== undefined && request.exchange_rate !== 1) {
            errors.push(`exchange_rate: must be 1 (or left out) when currency is RON, got ${request.exchange_rate}`);
          }
          rate = 1;
        } else {
          rate = request.exchange_rate ?? deps.rates.rateOn(currency, date);
          if (rate === undefined) {
            errors.push(
              `exchange_rate: no stored ${currency} rate on or before ${date} (the payment date); send exchange_rate (RON per 1 ${currency})`,
            );
          }
        }

        if (request.bank_account_id !== undefined && bankAccount.get(companyId, request.bank_account_id) === undefined) {
          errors.push(`bank_account_id: ${request.bank_account_id} is not a bank account of this account`);
        }
        if (errors.length > 0 || rate === undefined) throw badRequest(errors[0] ?? 'body: invalid', errors);

        const payment = ledger.payOnSale({
          companyId,
          sale,
          date,
          paymentType: request.payment_type,
          amount: request.amount,
          currency,
          rate,
          bankAccountId: request.bank_account_id ?? null,
          mentions: paymentNote(request.mentions, request.external_ref),
          source,
          fiscalReceiptId: null,
          addedByApi: source === 'api' ? 1 : 0,
          now: formatTimestamp(now),
        });
        return {
          incasare_id: payment.incasare_id,
          bv_id: sale.id,
          amount: request.amount,
          currency,
          payment_type: request.payment_type,
          date,
        };
      }).immediate();
    },
  };

  const paymentState = db.prepare<[number, number], { cancelled: number }>('SELECT cancelled FROM payments WHERE company_id = ? AND id = ?');

  return {
    ...writes,

    /** Staff cancels a payment (payments.cancel): 404 unknown, 409 already cancelled; see ledger.cancelPayment. */
    cancelPayment(companyId: number, paymentId: number) {
      return db.transaction(() => {
        const state = paymentState.get(companyId, paymentId);
        if (!state) throw notFound(`payment ${paymentId} does not exist in this account`);
        if (state.cancelled) throw conflict(`payment ${paymentId} is already cancelled`);
        const documents = ledger.cancelPayment(companyId, paymentId, formatTimestamp(deps.clock.now()));
        return { incasare_id: paymentId, document_cancelled: 1 as const, documents };
      }).immediate();
    },

    /**
     * payOnSale in the connection's write batch (store/write-batch.ts): payments that arrive in
     * the same turn share one commit; resolves once this one's is done. The REST door's.
     */
    payOnSaleGrouped(companyId: number, saleId: number, request: SalePaymentRequest): Promise<SalePaymentResponse> {
      return batch.run(() => writes.payOnSale(companyId, saleId, request));
    },
  };
}
export type PaymentWrites = ReturnType<typeof createPaymentWrites>;
