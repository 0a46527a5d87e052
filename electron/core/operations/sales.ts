import type { Database } from 'better-sqlite3';
import { badRequest, notFound } from '../../../shared/contract/errors.ts';
import type { salesOperations } from '../../../shared/contract/operations-sales.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { Sales } from '../domains/sales/index.ts';
import type { Payments } from '../domains/payments/index.ts';
import type { ExchangeRates } from '../domains/exchange-rates/index.ts';

export interface SalesOperationDeps {
  db: Database;
  sales: Sales;
  payments: Payments;
  /** The stored BNR rates (DomainDeps.rates). */
  rates: ExchangeRates;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
}

/** A window of one row by id: the list query itself (same columns, same includes) narrowed to the record. */
const ONE = { offset: 0, limit: 1, direction: 'desc' } as const;

/**
 * The sale detail, its payment form and the payment action of the screens
 * (shared/contract/operations-sales.ts), on the functions the REST routes call: the sales list
 * query with its includes, GET / POST /sales/{bv_id}/payment/ and the payments list query. The
 * automatic rate is the exchange-rate module's rateOn, the one payOnSale takes.
 */
export function createSalesHandlers(deps: SalesOperationDeps): HandlersOf<keyof typeof salesOperations> {
  const { rates } = deps;
  const bankAccounts = deps.db.prepare<[number], { id: number; iban: string; bank_name: string; currency: string }>(
    'SELECT id, iban, bank_name, currency FROM account_bank_accounts WHERE company_id = ? ORDER BY id',
  );

  return {
    'sales.get': ({ company_id, bv_id }) => {
      deps.requireAccount(company_id);
      const [sale] = deps.sales.window(
        { companyId: company_id, id: bv_id, include: { items: true, transactions: true, invoiced: true } },
        { ...ONE, sort: 'bv_id' },
      ).rows;
      if (!sale) throw notFound(`sale ${bv_id} does not exist in this account`);
      return sale;
    },

    'sales.paymentForm': ({ company_id, bv_id }) => {
      deps.requireAccount(company_id);
      const form = deps.payments.salePaymentForm(company_id, bv_id);
      return {
        ...form,
        types: deps.payments.types(company_id),
        currencies: rates.known(),
        bank_accounts: bankAccounts.all(company_id),
      };
    },

    'sales.registerPayment': ({ company_id, bv_id, ...request }) => {
      deps.requireAccount(company_id);
      // The window's payment: the REST route's rules, stored as staff's (source staff, added_by_api 0).
      return deps.payments.payOnSale(company_id, bv_id, request, 'staff');
    },

    'payments.cancel': ({ company_id, incasare_id }) => {
      deps.requireAccount(company_id);
      return deps.payments.cancelPayment(company_id, incasare_id);
    },

    'payments.get': ({ company_id, incasare_id }) => {
      deps.requireAccount(company_id);
      const [payment] = deps.payments.window(
        { companyId: company_id, id: incasare_id, include: { allocations: true } },
        { ...ONE, sort: 'incasare_id' },
      ).rows;
      if (!payment) throw notFound(`payment ${incasare_id} does not exist in this account`);
      return payment;
    },

    'payments.types': ({ company_id }) => {
      deps.requireAccount(company_id);
      return deps.payments.types(company_id);
    },

    'reference.exchangeRate': ({ company_id, currency, date }) => {
      deps.requireAccount(company_id);
      if (!rates.isKnown(currency)) {
        throw badRequest(`currency: '${currency}' is not a currency the service knows (one of ${rates.known().join(', ')})`);
      }
      const stored = rates.storedRateOn(currency, date);
      return { currency, date, rate: stored?.rate ?? null, rate_date: stored?.date ?? null };
    },
  };
}
