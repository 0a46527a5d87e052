import { f, standardFilters } from '../../../shared/filters/grammar.ts';
import { Awb, AWBS_PAGE_SIZE } from '../../../shared/domain/awb.ts';
import type { RestRoutes } from './route-kit.ts';
import { documentQuery } from './document-filters.ts';

/** The spec: standard filters (with datefrom, datethrough) plus documentnr, the tracking number. */
export const awbListFilters = {
  ...standardFilters,
  documentnr: f.text(),
} as const;

export function registerAwbRoutes(routes: RestRoutes): void {
  routes.list(
    {
      path: '/awb/list/',
      module: 'awb',
      summary: 'Courier AWBs',
      description:
        'Date filters act on the AWB date, modifiedafter / modifiedthrough on last_changed_ts. documentnr is the ' +
        'tracking number (awb_nr), matched exactly (URL-encoded). skipcancelled:1 hides cancelled AWBs.',
      filters: awbListFilters,
      item: Awb,
      pageSize: AWBS_PAGE_SIZE,
    },
    ({ core, companyId, filters, page }) =>
      core.rest.awbs.list({ ...documentQuery(companyId, filters, page, AWBS_PAGE_SIZE), awbNr: filters.documentnr }),
  );
}
