import type { DomainDeps } from '../../domain-deps.ts';
import type { Database } from 'better-sqlite3';
import type { Awb, AwbAddItem, AwbAddResult, AwbDeleteResult } from '../../../../shared/domain/awb.ts';
import { documentWhere, type DocumentQuery } from '../../store/document-query.ts';
import type { Page, Pager } from '../../store/paging.ts';
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
}

/** Courier AWBs: /awb/list/, POST /awb/add/ (and its GET page), DELETE /awb/{awb_id}/. */
export function createAwbs(db: Database, pager: Pager, deps: DomainDeps) {
  const couriers = createCourierBook(db);
  const attach = createAwbAttach(db, deps, createAwbStore(db, deps), () => couriers.load());
  const recentSales = db
    .prepare<[number], number>('SELECT id FROM sales WHERE company_id = ? AND cancelled = 0 ORDER BY id DESC LIMIT 2')
    .pluck();

  return {
    list(query: AwbsQuery): Page<Awb> {
      return pager.page<Awb>({
        from: 'awbs',
        columns: AWB_COLUMNS,
        where: documentWhere(query).add('awb_nr = ?', query.awbNr),
        idColumn: 'id',
        idKey: 'awb_id',
        page: query.page,
        pageSize: query.pageSize,
      });
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
