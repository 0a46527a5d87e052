import type { DomainDeps } from '../../domain-deps.ts';
import type { Database } from 'better-sqlite3';
import type { Awb, AwbAddItem, AwbAddResult, AwbDeleteResult, CourierCode } from '../../../../shared/domain/awb.ts';
import { documentWhere, type DocumentQuery } from '../../store/document-query.ts';
import type { Page, Pager, Window, WindowOptions } from '../../store/paging.ts';
import { foldedStart } from '../../store/text-search.ts';
import { createAwbAttach } from './attach.ts';
import { createCourierBook } from './couriers.ts';
import { AWB_COLUMNS, createAwbStore } from './store.ts';
import { renderAwbAddPage, sampleBody } from './add-page.ts';

export { createAwbStore, type AwbStore, type NewAwb } from './store.ts';
export { createCourierBook, countryCode, courierChoiceErrors, trackingNumber, trackingUrl, type CourierBook } from './couriers.ts';
export { describeFields } from './add-page.ts';

export interface AwbsQuery extends DocumentQuery {
  /** documentnr: the tracking number, exactly. */
  awbNr?: string | undefined;
  /** Screen lists: the AWBs of one sale. */
  saleId?: number | undefined;
  /** Screen lists: one courier (its code). */
  awbType?: string | undefined;
  /** Screen lists: the tracking number, exactly, or the start of the client's name. */
  q?: string | undefined;
}

/** The screen sorts and the column each one orders by (an index of migration 015 each). */
const SORTS = { awb_id: 'id', doc_date: 'date' } as const;
export type AwbsSort = keyof typeof SORTS;

/** One WHERE for the REST pages and the screen windows. */
function awbWhere(query: Omit<AwbsQuery, 'page' | 'pageSize'>) {
  const where = documentWhere(query).add('awb_nr = ?', query.awbNr).add('sale_id = ?', query.saleId).add('awb_type = ?', query.awbType);
  if (query.q !== undefined) {
    // awbs_company_nr and awbs_client_name_folded (the name's start, diacritics folded).
    const text = query.q.trim();
    const name = foldedStart('client_name', text);
    where.add(
      `id IN (SELECT id FROM awbs WHERE company_id = ? AND awb_nr = ?
              UNION ALL SELECT id FROM awbs WHERE company_id = ? AND ${name.sql})`,
      query.companyId, text, query.companyId, ...name.params,
    );
  }
  return where;
}

const SOURCE = { from: 'awbs', columns: AWB_COLUMNS, idColumn: 'id', idKey: 'awb_id' };

/** Courier AWBs: /awb/list/, POST /awb/add/ (and its GET page), DELETE /awb/{awb_id}/. */
export function createAwbs(db: Database, pager: Pager, deps: DomainDeps) {
  const couriers = createCourierBook(db);
  const attach = createAwbAttach(db, deps, createAwbStore(db, deps), () => couriers.load());
  const recentSales = db
    .prepare<[number], number>('SELECT id FROM sales WHERE company_id = ? AND cancelled = 0 ORDER BY id DESC LIMIT 2')
    .pluck();

  return {
    list(query: AwbsQuery): Page<Awb> {
      return pager.page<Awb>({ ...SOURCE, where: awbWhere(query), page: query.page, pageSize: query.pageSize });
    },

    /** A window of the screen list: the same WHERE and records as list(), any offset, any sort of SORTS. */
    window(query: Omit<AwbsQuery, 'page' | 'pageSize'>, options: WindowOptions<AwbsSort>): Window<Awb> {
      return pager.window<Awb>({ ...SOURCE, where: awbWhere(query), ...options, sort: SORTS[options.sort] });
    },

    /** The courier codes (GET /awb/add/ lists them): what awb_type may be. */
    couriers(): CourierCode[] {
      return couriers.load().all();
    },

    /** GET /awb/add/: the HTML documentation of the POST, with a sample body for the account and the courier codes. */
    addPage(companyId: number): string {
      const all = couriers.load().all();
      return renderAwbAddPage(all, sampleBody(recentSales.all(companyId), all));
    },

    add(companyId: number, items: AwbAddItem[]): AwbAddResult {
      return attach.add(companyId, items);
    },

    remove(companyId: number, awbId: number): AwbDeleteResult {
      return attach.remove(companyId, awbId);
    },
  };
}
export type Awbs = ReturnType<typeof createAwbs>;
