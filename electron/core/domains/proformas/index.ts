import type { Database } from 'better-sqlite3';
import type { Proforma } from '../../../../shared/domain/proformas.ts';
import { documentWhere, type DocumentQuery } from '../../store/document-query.ts';
import type { Page, Pager } from '../../store/paging.ts';

export interface ProformasQuery extends DocumentQuery {
  /** for_abon_tpl_id: only proformas generated from this subscription template. */
  subscriptionTemplateId?: number | undefined;
  include: { paymentLink?: boolean };
}

const PROFORMA_COLUMNS = `id AS proforma_id, series, number, date, client_id, client_name, client_cui, client_reg_com,
  workpoint_id, currency, exchange_rate, total_without_vat, total_vat, total_with_vat, total_ron, cancelled,
  mentions, created_ts, last_changed_ts, due_date, subscription_template_id, paid_amount, invoice_id, added_by_api,
  total_with_vat AS total`;

/** Proforma invoices: /proformas/list/ (exclude:cancelled arrives here as skipCancelled). */
export function createProformas(db: Database, pager: Pager) {
  void db;
  return {
    list(query: ProformasQuery): Page<Proforma> {
      const where = documentWhere(query).add('subscription_template_id = ?', query.subscriptionTemplateId);
      return pager.page<Proforma>({
        from: 'proformas',
        // payment_link is a column of the row: included by selecting it, no second query.
        columns: query.include.paymentLink ? `${PROFORMA_COLUMNS}, payment_link` : PROFORMA_COLUMNS,
        where,
        idColumn: 'id',
        idKey: 'proforma_id',
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  };
}
export type Proformas = ReturnType<typeof createProformas>;
