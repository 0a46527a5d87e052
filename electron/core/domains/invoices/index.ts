import type { Database } from 'better-sqlite3';
import type { Invoice } from '../../../../shared/domain/invoices.ts';
import type { DocumentNumberReading } from '../../../../shared/filters/grammar.ts';
import { documentWhere, type DocumentQuery } from '../../store/document-query.ts';
import type { Page, Pager } from '../../store/paging.ts';

export interface InvoicesQuery extends DocumentQuery {
  /**
   * documentnr as the partner typed it: its readings (series or null for any, number), the most
   * likely first; the first that names an invoice of the account is used. None: an empty page.
   */
  documentNumber?: readonly DocumentNumberReading[] | undefined;
}

const INVOICE_COLUMNS = `id AS invoice_id, series, number, date, client_id, client_name, client_cui, client_reg_com,
  workpoint_id, currency, exchange_rate, total_without_vat, total_vat, total_with_vat, total_ron, cancelled,
  mentions, created_ts, last_changed_ts, due_date, paid_amount, efactura_status, storno_of_id, added_by_api`;

/** Fiscal invoices: /invoices/list/. */
export function createInvoices(db: Database, pager: Pager) {
  // Index-served (invoices_company_number): does a reading name an invoice of the account?
  const seriesOf = db
    .prepare<[number, number, string], string>(
      'SELECT series FROM invoices WHERE company_id = ? AND number = ? AND series = ? COLLATE NOCASE LIMIT 1',
    )
    .pluck();

  /** The where of documentnr: the number (any series), or the series as stored and the number; none: nothing. */
  function documentNumberWhere(companyId: number, readings: readonly DocumentNumberReading[]) {
    for (const reading of readings) {
      if (reading.series === null) return { number: reading.number, series: undefined };
      const series = seriesOf.get(companyId, reading.number, reading.series);
      if (series !== undefined) return { number: reading.number, series };
    }
    return undefined;
  }

  return {
    list(query: InvoicesQuery): Page<Invoice> {
      const numbered = query.documentNumber === undefined ? undefined : documentNumberWhere(query.companyId, query.documentNumber);
      const where = documentWhere(query)
        .add('number = ?', numbered?.number)
        .add('series = ?', numbered?.series)
        .when(query.documentNumber !== undefined && numbered === undefined, '0');
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
