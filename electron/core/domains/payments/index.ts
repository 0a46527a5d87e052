import type { DomainDeps } from '../../domain-deps.ts';
import type { Database } from 'better-sqlite3';
import {
  STANDARD_PAYMENT_TYPES,
  type AllocationStatusFilter,
  type Payment,
  type PaymentAllocation,
  type PaymentType,
} from '../../../../shared/domain/payments.ts';
import { documentWhere, groupByParent, type DocumentQuery } from '../../store/document-query.ts';
import type { Page, Pager, Window, WindowOptions } from '../../store/paging.ts';
import { createDocumentSearch } from '../../store/text-search.ts';
import { createPaymentWrites } from './write.ts';

export { createPaymentLedger, allocationStatusOf, type PaymentLedger, type SaleForPayment } from './ledger.ts';

export interface PaymentsQuery extends DocumentQuery {
  allocationStatus?: AllocationStatusFilter | undefined;
  include: { allocations?: boolean };
  /** Screen lists: the payments of one sale (bv_id). */
  saleId?: number | undefined;
  paymentType?: string | undefined;
  /** Screen lists: the number (with or without series) or the start of the client's name. */
  q?: string | undefined;
}

/** The screen sorts and the column each one orders by (an index of migration 015 each). */
const SORTS = { incasare_id: 'id', doc_date: 'date', amount: 'amount' } as const;
export type PaymentsSort = keyof typeof SORTS;

const PAYMENT_COLUMNS = `id AS incasare_id, series AS doc_series, number AS doc_nr, date AS doc_date, payment_type, client_id, client_name, client_cui,
  client_reg_com, workpoint_id, amount, currency, exchange_rate, amount_ron, bank_account_id, mentions, source,
  fiscal_receipt_id, sale_id AS bv_id, allocated_amount, allocation_status, cancelled AS document_cancelled, added_by_api, created_ts,
  last_changed_ts`;

/**
 * Payments and receipts (incasari): /payments/list/ and /payments/types/, and payments
 * registered on sales (GET and POST /sales/{bv_id}/payment/, write.ts).
 */
export function createPayments(db: Database, pager: Pager, deps: DomainDeps) {
  // The allocations of a whole page with the series and number of each document, in one query.
  const allocations = db.prepare<[number, string], PaymentAllocation & { parent_id: number }>(
    `SELECT a.payment_id AS parent_id, a.doc_type, a.doc_id,
            COALESCE(s.series, i.series, p.series, '') AS doc_series, COALESCE(s.number, i.number, p.number, 0) AS doc_nr,
            a.amount
       FROM payment_allocations a
       LEFT JOIN sales s ON a.doc_type = 'sale' AND s.id = a.doc_id AND s.company_id = a.company_id
       LEFT JOIN invoices i ON a.doc_type = 'invoice' AND i.id = a.doc_id AND i.company_id = a.company_id
       LEFT JOIN proformas p ON a.doc_type = 'proforma' AND p.id = a.doc_id AND p.company_id = a.company_id
      WHERE a.company_id = ? AND a.payment_id IN (SELECT value FROM json_each(?))
      ORDER BY a.payment_id, a.id`,
  );
  const accountTypes = db.prepare<[number], { code: string; name: string; is_custom: number }>(
    'SELECT code, name, is_custom FROM payment_types WHERE company_id = ? ORDER BY code',
  );
  const accountTypeExists = db.prepare<[number, string], number>('SELECT 1 FROM payment_types WHERE company_id = ? AND code = ?').pluck();
  const standardCodes: ReadonlySet<string> = new Set(STANDARD_PAYMENT_TYPES.map((t) => t.code));

  const search = createDocumentSearch(db, 'payments');
  const source = { from: 'payments', columns: PAYMENT_COLUMNS, idColumn: 'id', idKey: 'incasare_id' };

  /** One WHERE for the REST pages and the screen windows. */
  function whereOf(query: Omit<PaymentsQuery, 'page' | 'pageSize'>) {
    const status = query.allocationStatus;
    const where = documentWhere(query)
      .add('allocation_status = ?', status === 'any' || status === 'has_allocated' ? undefined : status)
      // has_allocated: some or fully. Written as "not not_allocated" (the column allows three
      // values): read in id order through the account index instead of sorting two ranges.
      .when(status === 'has_allocated', "allocation_status <> 'not_allocated'")
      .add('sale_id = ?', query.saleId)
      .add('payment_type = ?', query.paymentType);
    if (query.q !== undefined) {
      const ids = search(query.companyId, query.q);
      where.add(`id IN (${ids.sql})`, ...ids.params);
    }
    return where;
  }

  function attachAllocations(query: Pick<PaymentsQuery, 'companyId' | 'include'>, rows: Payment[]): void {
    if (!query.include.allocations || rows.length === 0) return;
    const ids = JSON.stringify(rows.map((row) => row.incasare_id));
    const byPayment = groupByParent(allocations.all(query.companyId, ids));
    for (const row of rows) row.allocations = (byPayment.get(row.incasare_id) ?? []) as PaymentAllocation[];
  }

  /** The standard codes (always accepted, in the spec's order), then the account's own types. */
  function types(companyId: number): PaymentType[] {
    const own = accountTypes.all(companyId);
    const named = new Map(own.map((row) => [row.code, row.name]));
    return [
      ...STANDARD_PAYMENT_TYPES.map((t) => ({ code: t.code, name: named.get(t.code) ?? t.name, is_custom: 0 })),
      ...own.filter((row) => !standardCodes.has(row.code)).map((row) => ({ code: row.code, name: row.name, is_custom: 1 })),
    ];
  }

  return {
    ...createPaymentWrites(db, deps, {
      types,
      // What a payment checks: one key lookup, not the whole list (built only for the error message).
      isType: (companyId: number, code: string) => standardCodes.has(code) || accountTypeExists.get(companyId, code) !== undefined,
    }),

    list(query: PaymentsQuery): Page<Payment> {
      const page = pager.page<Payment>({ ...source, where: whereOf(query), page: query.page, pageSize: query.pageSize });
      attachAllocations(query, page.rows);
      return page;
    },

    /** A window of the screen list: the same WHERE and records as list(), any offset, any sort of SORTS. */
    window(query: Omit<PaymentsQuery, 'page' | 'pageSize'>, options: WindowOptions<PaymentsSort>): Window<Payment> {
      const window = pager.window<Payment>({ ...source, where: whereOf(query), ...options, sort: SORTS[options.sort] });
      attachAllocations(query, window.rows);
      return window;
    },

    types,
  };
}
export type Payments = ReturnType<typeof createPayments>;
