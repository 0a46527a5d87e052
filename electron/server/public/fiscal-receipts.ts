import { f, FilterError, standardFilters, type FilterField } from '../../../shared/filters/grammar.ts';
import { FiscalReceipt, FISCAL_RECEIPTS_PAGE_SIZE } from '../../../shared/domain/fiscal-receipts.ts';
import type { RestRoutes } from './route-kit.ts';
import { documentQuery } from './document-filters.ts';

const STATUS_EXPECTS = 'an integer 0..3 (0 cancelled, 1 not printed, 2 in process, 3 printed)';

/** status_id: one of the four states of the spec. */
const statusId: FilterField<number> = {
  expects: STATUS_EXPECTS,
  parse(raw, key) {
    if (!/^[0-3]$/.test(raw)) throw new FilterError(key, `filter '${key}' expects ${STATUS_EXPECTS}, got '${raw}'`);
    return Number(raw);
  },
};

/** The spec: standard filters plus bv_id, raport_z_nr, pl_id, statie_id, status_id; include: items, printer_responses. */
export const fiscalReceiptListFilters = {
  ...standardFilters,
  bv_id: f.int(),
  raport_z_nr: f.int(),
  pl_id: f.int(),
  statie_id: f.int(),
  status_id: statusId,
  include: f.options(['items', 'printer_responses'] as const),
} as const;

export function registerFiscalReceiptRoutes(routes: RestRoutes): void {
  routes.list(
    {
      path: '/fiscalreceipts/list/',
      module: 'fiscalreceipts',
      summary: 'Fiscal (cash register) receipts',
      description:
        "Date filters act on the receipt's date: bf_date, or the date of its sale when the receipt has no bf_date " +
        '(not printed yet, or imported without one); modifiedafter / modifiedthrough act on last_changed_ts. ' +
        'A receipt has no cancelled flag of its own: skipcancelled:1 hides status_id 0 (cancelled), and the ' +
        'record reports cancelled 1 for that status. bv_id is the sale, raport_z_nr the Z report (z_nr), pl_id ' +
        'the workpoint, statie_id the cash register station. include:items adds the lines of the sale, ' +
        'include:printer_responses adds bf_content and printer_response.',
      filters: fiscalReceiptListFilters,
      item: FiscalReceipt,
      pageSize: FISCAL_RECEIPTS_PAGE_SIZE,
    },
    ({ core, companyId, filters, page }) =>
      core.rest.fiscalReceipts.list({
        ...documentQuery(companyId, filters, page, FISCAL_RECEIPTS_PAGE_SIZE),
        saleId: filters.bv_id,
        zNr: filters.raport_z_nr,
        workpointId: filters.pl_id,
        stationId: filters.statie_id,
        statusId: filters.status_id,
        include: {
          items: filters.include?.has('items') ?? false,
          printerResponses: filters.include?.has('printer_responses') ?? false,
        },
      }),
  );
}
