import { f, standardFilters } from '../../../shared/filters/grammar.ts';
import { Invoice, INVOICES_PAGE_SIZE } from '../../../shared/domain/invoices.ts';
import type { RestRoutes } from './route-kit.ts';
import { documentQuery } from './document-filters.ts';

/** The spec: standard filters plus documentnr. No include or exclude. */
export const invoiceListFilters = {
  ...standardFilters,
  documentnr: f.documentNumber(),
} as const;

export function registerInvoiceRoutes(routes: RestRoutes): void {
  routes.list(
    {
      path: '/invoices/list/',
      module: 'invoices',
      summary: 'Fiscal invoices (facturi)',
      description:
        'Date filters act on the invoice date, modifiedafter / modifiedthrough on last_changed_ts. ' +
        'documentnr is the invoice number as typed: the number alone (any series) or with its series, any case, ' +
        'with or without a separator (596, B2BREB-596, B2BREB 596, b2breb596); a value that matches no invoice ' +
        'answers an empty page. skipcancelled:1 hides cancelled invoices.',
      filters: invoiceListFilters,
      item: Invoice,
      pageSize: INVOICES_PAGE_SIZE,
    },
    ({ core, companyId, filters, page }) =>
      core.rest.invoices.list({
        ...documentQuery(companyId, filters, page, INVOICES_PAGE_SIZE),
        documentNumber: filters.documentnr,
      }),
  );
}
