import type { Database } from 'better-sqlite3';
import type { Sale, SaleInvoiceLink, SaleTransaction } from '../../../../shared/domain/sales.ts';
import { documentWhere, groupByParent, type DocumentQuery } from '../../store/document-query.ts';
import { documentLinesReader } from '../../store/document-lines.ts';
import type { Page, Pager } from '../../store/paging.ts';

export interface SalesQuery extends DocumentQuery {
  include: { items?: boolean; transactions?: boolean; invoiced?: boolean };
  excludeAddedByApi?: boolean | undefined;
  excludeInvoiced?: boolean | undefined;
}

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
      const where = documentWhere(query)
        .when(query.excludeAddedByApi, 'added_by_api = 0')
        .when(query.excludeInvoiced, 'invoice_id IS NULL');
      const page = pager.page<Sale>({
        from: 'sales',
        columns: SALE_COLUMNS,
        where,
        idColumn: 'id',
        idKey: 'bv_id',
        page: query.page,
        pageSize: query.pageSize,
      });
      if (page.rows.length > 0) attachIncludes(query.companyId, page.rows, query.include);
      return page;
    },
  };
}
export type Sales = ReturnType<typeof createSales>;
