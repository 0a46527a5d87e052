import type { Database } from 'better-sqlite3';
import type { Sale, SaleInvoiceLink, SaleTransaction } from '../../../../shared/domain/sales.ts';
import { documentWhere, flag, groupByParent, type DocumentQuery } from '../../store/document-query.ts';
import { documentLinesReader } from '../../store/document-lines.ts';
import type { Page, Pager, Window, WindowOptions } from '../../store/paging.ts';
import { createDocumentSearch } from '../../store/text-search.ts';

export interface SalesQuery extends DocumentQuery {
  include: { items?: boolean; transactions?: boolean; invoiced?: boolean };
  excludeAddedByApi?: boolean | undefined;
  excludeInvoiced?: boolean | undefined;
  /** Screen lists: invoiced (true) or not yet (false); absent: both. */
  invoiced?: boolean | undefined;
  /** Screen lists: created through the API (true) or not (false). */
  addedByApi?: boolean | undefined;
  /** Screen lists: the number (with or without series) or the start of the client's name. */
  q?: string | undefined;
  /** Screen lists: nothing left to pay, some paid and some left, or nothing paid and some left. */
  paymentState?: SalePaymentState | undefined;
}

export type SalePaymentState = 'paid' | 'partly_paid' | 'unpaid';

/**
 * What is left to pay, as the screen shows and sorts it: exactly the expression of the index
 * sales_screen_open (migration 026), so the planner orders by the index.
 */
const OPEN = 'round(total_with_vat - paid_amount, 2)';

/**
 * The three payment states part every receipt (a receipt with nothing to pay is paid). The unary
 * + keeps the planner from reading the open amount's index as a range for the filter (it would
 * then sort the window in a temp b-tree): each sort's covering index checks it on its entries.
 */
const PAYMENT_STATE: Record<SalePaymentState, string> = {
  paid: `+${OPEN} <= 0`,
  partly_paid: `+paid_amount > 0 AND +${OPEN} > 0`,
  unpaid: `+paid_amount <= 0 AND +${OPEN} > 0`,
};

/** The screen sorts and the column each one orders by (an index of migrations 015 and 026 each). */
const SORTS = { bv_id: 'id', doc_date: 'date', document_value_with_vat: 'total_with_vat', paid_amount: 'paid_amount', open_amount: OPEN } as const;
export type SalesSort = keyof typeof SORTS;

const SALE_COLUMNS = `id AS bv_id, series AS doc_series, number AS doc_nr, date AS doc_date, client_id, client_name, client_cui,
  client_reg_com, workpoint_id, currency, exchange_rate, total_without_vat, total_vat, total_with_vat AS document_value_with_vat,
  total_ron, cancelled AS document_cancelled,
  mentions, created_ts, last_changed_ts, paid_amount, invoice_id, connector_order_id, added_by_api`;

export function createSales(db: Database, pager: Pager) {
  // Children are read for a whole page by its ids and, like every query, by account.
  const items = documentLinesReader(db, 'sale');
  const transactions = db.prepare<[number, string], SaleTransaction & { parent_id: number }>(
    `SELECT a.doc_id AS parent_id, p.id AS incasare_id, p.date AS doc_date, p.payment_type, a.amount, p.currency, p.mentions
       FROM payment_allocations a JOIN payments p ON p.id = a.payment_id
      WHERE a.company_id = ? AND a.doc_type = 'sale' AND a.doc_id IN (SELECT value FROM json_each(?)) AND p.cancelled = 0
      ORDER BY a.doc_id, p.date, p.id`,
  );
  const invoices = db.prepare<[number, string], SaleInvoiceLink>(
    `SELECT id AS bocp_id, series AS doc_series, number AS doc_nr, date AS doc_date, total_with_vat AS document_value_with_vat,
            currency, cancelled AS document_cancelled
       FROM invoices WHERE company_id = ? AND id IN (SELECT value FROM json_each(?))`,
  );

  const search = createDocumentSearch(db, 'sales');

  /** One WHERE for the REST pages and the screen windows. */
  function whereOf(query: Omit<SalesQuery, 'page' | 'pageSize' | 'include'>) {
    const where = documentWhere(query)
      .when(query.excludeAddedByApi, 'added_by_api = 0')
      .when(query.excludeInvoiced, 'invoice_id IS NULL')
      .when(query.invoiced === true, 'invoice_id IS NOT NULL')
      .when(query.invoiced === false, 'invoice_id IS NULL')
      .add('added_by_api = ?', flag(query.addedByApi))
      .when(query.paymentState !== undefined, PAYMENT_STATE[query.paymentState ?? 'paid']);
    if (query.q !== undefined) {
      const ids = search(query.companyId, query.q);
      where.add(`id IN (${ids.sql})`, ...ids.params);
    }
    return where;
  }

  function attachIncludes(companyId: number, rows: Sale[], include: SalesQuery['include']): void {
    const ids = JSON.stringify(rows.map((row) => row.bv_id));
    if (include.items) {
      const byId = items(companyId, rows.map((row) => row.bv_id));
      for (const row of rows) row.items = byId.get(row.bv_id) ?? [];
    }
    if (include.transactions) {
      const byId = groupByParent(transactions.all(companyId, ids));
      for (const row of rows) row.transactions = (byId.get(row.bv_id) ?? []) as SaleTransaction[];
    }
    if (include.invoiced) {
      const invoiceIds = rows.flatMap((row) => (row.invoice_id === null ? [] : [row.invoice_id]));
      const byId = new Map(invoices.all(companyId, JSON.stringify(invoiceIds)).map((inv) => [inv.bocp_id, inv]));
      for (const row of rows) row.invoiced = row.invoice_id === null ? null : (byId.get(row.invoice_id) ?? null);
    }
  }

  return {
    list(query: SalesQuery): Page<Sale> {
      const page = pager.page<Sale>({
        from: 'sales',
        columns: SALE_COLUMNS,
        where: whereOf(query),
        idColumn: 'id',
        idKey: 'bv_id',
        page: query.page,
        pageSize: query.pageSize,
      });
      if (page.rows.length > 0) attachIncludes(query.companyId, page.rows, query.include);
      return page;
    },

    /** A window of the screen list: the same WHERE and rows as list(), any offset, any sort of SORTS. */
    window(query: Omit<SalesQuery, 'page' | 'pageSize'>, options: WindowOptions<SalesSort>): Window<Sale> {
      const window = pager.window<Sale>({
        from: 'sales',
        columns: SALE_COLUMNS,
        where: whereOf(query),
        idColumn: 'id',
        idKey: 'bv_id',
        ...options,
        sort: SORTS[options.sort],
      });
      if (window.rows.length > 0) attachIncludes(query.companyId, window.rows, query.include);
      return window;
    },
  };
}
export type Sales = ReturnType<typeof createSales>;
