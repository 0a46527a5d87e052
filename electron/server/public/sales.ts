import { f, standardFilters } from '../../../shared/filters/grammar.ts';
import { Sale, SALES_PAGE_SIZE } from '../../../shared/domain/sales.ts';
import type { RestRoutes } from './route-kit.ts';
import { documentQuery } from './document-filters.ts';
import { salesListExample } from './sales.examples.ts';

export const salesListFilters = {
  ...standardFilters,
  include: f.options(['items', 'transactions', 'invoiced'] as const),
  exclude: f.options(['added-by-api', 'invoiced'] as const),
} as const;

export function registerSalesRoutes(routes: RestRoutes): void {
  routes.list(
    {
      path: '/sales/list/',
      module: 'sales',
      summary: 'Sales receipts (bonuri de vanzare)',
      example: salesListExample,
      description:
        'include:items adds the lines, include:transactions the payments allocated to each sale, ' +
        'include:invoiced the invoice issued for it (null when none). exclude:added-by-api omits sales ' +
        'created through the API, exclude:invoiced the invoiced ones.',
      filters: salesListFilters,
      item: Sale,
      pageSize: SALES_PAGE_SIZE,
    },
    ({ core, companyId, filters, page }) =>
      core.rest.sales.list({
        ...documentQuery(companyId, filters, page, SALES_PAGE_SIZE),
        include: {
          items: filters.include?.has('items') ?? false,
          transactions: filters.include?.has('transactions') ?? false,
          invoiced: filters.include?.has('invoiced') ?? false,
        },
        excludeAddedByApi: filters.exclude?.has('added-by-api'),
        excludeInvoiced: filters.exclude?.has('invoiced'),
      }),
  );
}
