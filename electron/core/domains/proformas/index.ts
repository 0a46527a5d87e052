import type { Database } from 'better-sqlite3';
import type { Proforma } from '../../../../shared/domain/proformas.ts';
import type { DocumentLine } from '../../../../shared/domain/documents.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { documentWhere, type DocumentQuery } from '../../store/document-query.ts';
import { documentLinesReader } from '../../store/document-lines.ts';
import type { Page, Pager, Window, WindowOptions } from '../../store/paging.ts';
import { createDocumentSearch } from '../../store/text-search.ts';
export { createProformaInvoice, type IssueOrderInvoice } from './proforma-invoice.ts';

export interface ProformasQuery extends DocumentQuery {
  /** for_abon_tpl_id: only proformas generated from this subscription template. */
  subscriptionTemplateId?: number | undefined;
  include: { paymentLink?: boolean };
  /** scheme://host[:port] the links of the rows start with (a REST request's own); default the listener's. */
  baseUrl?: string | undefined;
  /** Screen lists: the number (with or without series) or the start of the client's name. */
  q?: string | undefined;
}

/** The screen sorts and the column each one orders by (an index of migration 015 each). */
const SORTS = { proforma_id: 'id', doc_date: 'date' } as const;
export type ProformasSort = keyof typeof SORTS;

// The real service's names first (real-service.md), then ours (docs/data-model.md).
const PROFORMA_COLUMNS = `id AS proforma_id, series AS doc_series, number AS doc_nr, date AS doc_date, total_with_vat AS total,
  cancelled AS document_cancelled, '' AS view_link, due_date AS doc_due_date, client_id AS bocp_contact_id, client_name,
  client_cui AS client_vat_id, client_id, client_cui, client_reg_com, workpoint_id, currency, exchange_rate, total_without_vat,
  total_vat, total_ron,
  subscription_template_id, paid_amount, invoice_id, mentions, added_by_api, created_ts AS record_ts, last_changed_ts`;

/** Proforma invoices: /proformas/list/ (exclude:cancelled arrives here as skipCancelled). */
export function createProformas(db: Database, pager: Pager, deps: Pick<DomainDeps, 'links' | 'publicUrl'>) {
  const search = createDocumentSearch(db, 'proformas');
  const lines = documentLinesReader(db, 'proforma');

  /** One WHERE, columns and links for the REST pages and the screen windows. */
  function sourceOf(query: Omit<ProformasQuery, 'page' | 'pageSize'>) {
    const where = documentWhere(query).add('subscription_template_id = ?', query.subscriptionTemplateId);
    if (query.q !== undefined) {
      const ids = search(query.companyId, query.q);
      where.add(`id IN (${ids.sql})`, ...ids.params);
    }
    return {
      from: 'proformas',
      // payment_link is a column of the row: included by selecting it, no second query.
      columns: query.include.paymentLink ? `${PROFORMA_COLUMNS}, payment_link` : PROFORMA_COLUMNS,
      where,
      idColumn: 'id',
      idKey: 'proforma_id',
    };
  }

  function withLinks(query: Pick<ProformasQuery, 'companyId' | 'baseUrl'>, rows: Proforma[]): void {
    const baseUrl = query.baseUrl ?? deps.publicUrl();
    for (const row of rows) {
      row.view_link = deps.links.url(baseUrl, { kind: 'proforma', companyId: query.companyId, id: row.proforma_id }, 'html');
    }
  }

  return {
    list(query: ProformasQuery): Page<Proforma> {
      const page = pager.page<Proforma>({ ...sourceOf(query), page: query.page, pageSize: query.pageSize });
      withLinks(query, page.rows);
      return page;
    },

    /** A window of the screen list: the same WHERE and records as list(), any offset, any sort of SORTS. */
    window(query: Omit<ProformasQuery, 'page' | 'pageSize'>, options: WindowOptions<ProformasSort>): Window<Proforma> {
      const window = pager.window<Proforma>({ ...sourceOf(query), ...options, sort: SORTS[options.sort] });
      withLinks(query, window.rows);
      return window;
    },

    /** The lines of some proformas (the screens' detail; the REST list answers none), one query. */
    lines(companyId: number, proformaIds: readonly number[]): Map<number, DocumentLine[]> {
      return lines(companyId, [...proformaIds]);
    },
  };
}
export type Proformas = ReturnType<typeof createProformas>;
