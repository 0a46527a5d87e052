import type { DomainDeps } from '../../domain-deps.ts';
import type { Database } from 'better-sqlite3';
import type { FiscalReceipt } from '../../../../shared/domain/fiscal-receipts.ts';
import { documentWhere, type DocumentQuery } from '../../store/document-query.ts';
import { documentLinesReader } from '../../store/document-lines.ts';
import type { Page, Pager, Window, WindowOptions } from '../../store/paging.ts';
import { createDocumentSearch } from '../../store/text-search.ts';
import { createFiscalReceiptImport } from './import.ts';

export { normalizeReceiptTimestamp, RECEIPT_PAYMENT_KINDS } from './import.ts';

export interface FiscalReceiptsQuery extends DocumentQuery {
  saleId?: number | undefined;
  zNr?: number | undefined;
  workpointId?: number | undefined;
  stationId?: number | undefined;
  statusId?: number | undefined;
  include: { items?: boolean; printerResponses?: boolean };
  /** Screen lists: the printed receipt number (bon_nr), or the receipt's sale as the sales list's q finds it. */
  q?: string | undefined;
}

/**
 * The receipt joined with its sale (same account, by primary key): the sale gives the client
 * block and the VAT split. A cash register prints in RON; a receipt in the sale's other
 * currency takes the sale's rate.
 */
const FROM = 'fiscal_receipts fr JOIN sales s ON s.id = fr.sale_id AND s.company_id = fr.company_id';

/**
 * The receipt's date, which the date filters act on: bf_date, or the day the receipt was
 * registered (created_ts) when it has none (not printed yet, imported without bf_date).
 * Written exactly as the index fiscal_receipts_company_day (migration 005) defines it.
 */
const RECEIPT_DAY = 'COALESCE(fr.bf_date, substr(fr.created_ts, 1, 10))';

/** The screen sorts and the column each one orders by (an index of migration 015 each). */
const SORTS = { fiscal_receipt_id: 'fr.id', doc_date: RECEIPT_DAY } as const;
export type FiscalReceiptsSort = keyof typeof SORTS;

const VAT = 'CASE WHEN s.total_with_vat = 0 THEN 0 ELSE round(s.total_vat * fr.total / s.total_with_vat, 2) END';
const RATE = "CASE WHEN fr.currency = 'RON' THEN 1 ELSE s.exchange_rate END";

const RECEIPT_COLUMNS = `fr.id AS fiscal_receipt_id, fr.sale_id AS bv_id, fr.pos_receipt_id, fr.status_id,
  ${RECEIPT_DAY} AS doc_date, fr.bf_date, fr.bon_nr, fr.z_nr, fr.workpoint_id, fr.station_id,
  s.client_id, s.client_name, s.client_cui, s.client_reg_com, fr.currency, ${RATE} AS exchange_rate,
  round(fr.total - ${VAT}, 2) AS total_without_vat, ${VAT} AS total_vat, fr.total AS document_value_with_vat,
  round(fr.total * ${RATE}, 2) AS total_ron,
  fr.paid_cash, fr.paid_card, fr.paid_foodstamp, fr.paid_voucher, fr.paid_modern_payment, fr.paid_other_payment,
  fr.paid_by_voucher_code, fr.print_confirmed_ts, CASE WHEN fr.status_id = 0 THEN 1 ELSE 0 END AS document_cancelled,
  fr.added_by_api, fr.created_ts, fr.last_changed_ts`;

/** Fiscal (cash register) receipts: /fiscalreceipts/list/, and the import of POST /payments/fiscalreceipt/ (import.ts). */
export function createFiscalReceipts(db: Database, pager: Pager, deps: DomainDeps) {
  // The lines of the receipts' sales, for a whole page at once.
  const items = documentLinesReader(db, 'sale');

  const saleSearch = createDocumentSearch(db, 'sales');

  /** One WHERE and columns for the REST pages and the screen windows. */
  function sourceOf(query: Omit<FiscalReceiptsQuery, 'page' | 'pageSize'>) {
    // No cancelled column: skipcancelled hides status 0 (cancelled) instead.
    const where = documentWhere(
      { ...query, skipCancelled: false },
      { company: 'fr.company_id', id: 'fr.id', date: RECEIPT_DAY, changed: 'fr.last_changed_ts' },
    )
      .when(query.skipCancelled, 'fr.status_id <> 0')
      .add('fr.sale_id = ?', query.saleId)
      .add('fr.z_nr = ?', query.zNr)
      .add('fr.workpoint_id = ?', query.workpointId)
      .add('fr.station_id = ?', query.stationId)
      .add('fr.status_id = ?', query.statusId);
    if (query.q !== undefined) {
      // fiscal_receipts_company_bon for the number; the sales search, then fiscal_receipts_company_sale.
      const sales = saleSearch(query.companyId, query.q);
      const bon = /^\d{1,15}$/.test(query.q.trim()) ? Number(query.q.trim()) : undefined;
      where.add(
        `fr.id IN (SELECT id FROM fiscal_receipts WHERE company_id = ? AND bon_nr = ?
                   UNION ALL SELECT id FROM fiscal_receipts WHERE company_id = ? AND sale_id IN (${sales.sql}))`,
        query.companyId, bon ?? null, query.companyId, ...sales.params,
      );
    }
    return {
      from: FROM,
      // The filters read only the receipt: the ids and the count come from its indexes alone.
      keysFrom: 'fiscal_receipts fr',
      columns: query.include.printerResponses ? `${RECEIPT_COLUMNS}, fr.bf_content, fr.printer_response` : RECEIPT_COLUMNS,
      where,
      idColumn: 'fr.id',
      idKey: 'fiscal_receipt_id',
    };
  }

  function attachItems(query: Pick<FiscalReceiptsQuery, 'companyId' | 'include'>, rows: FiscalReceipt[]): void {
    if (!query.include.items || rows.length === 0) return;
    const bySale = items(query.companyId, [...new Set(rows.map((row) => row.bv_id))]);
    for (const row of rows) row.items = bySale.get(row.bv_id) ?? [];
  }

  return {
    ...createFiscalReceiptImport(db, deps),

    list(query: FiscalReceiptsQuery): Page<FiscalReceipt> {
      const { keysFrom: _keys, ...source } = sourceOf(query);
      const page = pager.page<FiscalReceipt>({ ...source, page: query.page, pageSize: query.pageSize });
      attachItems(query, page.rows);
      return page;
    },

    /** A window of the screen list: the same WHERE and records as list(), any offset, any sort of SORTS. */
    window(query: Omit<FiscalReceiptsQuery, 'page' | 'pageSize'>, options: WindowOptions<FiscalReceiptsSort>): Window<FiscalReceipt> {
      const window = pager.window<FiscalReceipt>({ ...sourceOf(query), ...options, sort: SORTS[options.sort] });
      attachItems(query, window.rows);
      return window;
    },
  };
}
export type FiscalReceipts = ReturnType<typeof createFiscalReceipts>;
