import type { Database } from 'better-sqlite3';
import type { Invoice } from '../../../../shared/domain/invoices.ts';
import { documentWhere, type DocumentQuery } from '../../store/document-query.ts';
import type { Page, Pager } from '../../store/paging.ts';

export interface InvoicesQuery extends DocumentQuery {
  /** documentnr: the invoice number (any series). */
  number?: number | undefined;
}

const INVOICE_COLUMNS = `id AS invoice_id, series, number, date, client_id, client_name, client_cui, client_reg_com,
  workpoint_id, currency, exchange_rate, total_without_vat, total_vat, total_with_vat, total_ron, cancelled,
  mentions, created_ts, last_changed_ts, due_date, paid_amount, efactura_status, storno_of_id, added_by_api`;

/** Fiscal invoices: /invoices/list/. */
export function createInvoices(db: Database, pager: Pager) {
  void db;
  return {
    list(query: InvoicesQuery): Page<Invoice> {
      const where = documentWhere(query).add('number = ?', query.number);
      return pager.page<Invoice>({
        from: 'invoices',
        columns: INVOICE_COLUMNS,
        where,
        idColumn: 'id',
        idKey: 'invoice_id',
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  };
}
export type Invoices = ReturnType<typeof createInvoices>;
