import type { FastifyInstance, FastifyRequest } from 'fastify';
import { f, standardFilters, dateRangeOf } from '../../../shared/filters/grammar.ts';
import { Sale, SALES_PAGE_SIZE } from '../../../shared/domain/sales.ts';
import { PagedEnvelope } from '../../../shared/contract/envelope.ts';
import type { Core } from '../../core/create-core.ts';
import { envelope } from '../envelope.ts';
import { readListFilters } from './list-request.ts';
import { companyIdOf } from './rest-context.ts';

export const salesListFilters = {
  ...standardFilters,
  include: f.options(['items', 'transactions', 'invoiced'] as const),
  exclude: f.options(['added-by-api', 'invoiced'] as const),
} as const;

export function registerSalesRoutes(app: FastifyInstance, core: Core): void {
  const schema = {
    summary: 'Sales receipts (bonuri de vanzare)',
    response: { 200: PagedEnvelope(Sale) },
  };
  const handler = async (request: FastifyRequest) => {
    const filters = readListFilters(request, salesListFilters, 2);
    const range = dateRangeOf(filters);
    const page = filters.page ?? 1;
    const result = core.rest.sales.list({
      companyId: companyIdOf(request),
      dateFrom: range?.from,
      dateThrough: range?.through,
      modifiedAfter: filters.modifiedafter,
      modifiedThrough: filters.modifiedthrough,
      id: filters.id,
      minId: filters.minid,
      skipCancelled: filters.skipcancelled,
      include: {
        items: filters.include?.has('items') ?? false,
        transactions: filters.include?.has('transactions') ?? false,
        invoiced: filters.include?.has('invoiced') ?? false,
      },
      excludeAddedByApi: filters.exclude?.has('added-by-api'),
      excludeInvoiced: filters.exclude?.has('invoiced'),
      page,
      pageSize: SALES_PAGE_SIZE,
    });
    return envelope(request, 200, result.rows, { page, hasMorePages: result.hasMore });
  };
  app.get('/:company_id/sales/list', { schema }, handler);
  app.get('/:company_id/sales/list/*', { schema }, handler);
}

