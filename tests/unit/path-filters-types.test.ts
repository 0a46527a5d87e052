import createClient from 'openapi-fetch';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { paths } from '../../shared/rest/paths.ts';
import { withFilters } from '../../shared/rest/path-filters.ts';

// Checked by `npm run typecheck` (this file is in the project): the typed client takes a filtered
// path without a cast and keeps the route's answer type; a filter the route does not take, or a
// value of the wrong kind, does not compile. Running it only checks the paths written.
const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:1' });

/** Type-only: never called, the compiler reads it. */
function typedCalls() {
  const sales = client.GET(withFilters('/app/rest/v1/{company_id}/sales/list/', { date: '2026-11-08', include: ['items'] }), {
    params: { path: { company_id: 1 } },
  });
  expectTypeOf(sales).resolves.toHaveProperty('data').toEqualTypeOf<
    paths['/app/rest/v1/{company_id}/sales/list/']['get']['responses'][200]['content']['application/json'] | undefined
  >();
  void client.GET(withFilters('/app/rest/v1/{company_id}/contacts/{contact_id}/', { include: ['pricelist'] }), {
    params: { path: { company_id: 1, contact_id: 12 } },
  });

  // @ts-expect-error: the sales list has no such filter
  withFilters('/app/rest/v1/{company_id}/sales/list/', { colour: 'red' });
  // @ts-expect-error: skipcancelled is 0 or 1
  withFilters('/app/rest/v1/{company_id}/sales/list/', { skipcancelled: 2 });
  // @ts-expect-error: include takes the route's own names
  withFilters('/app/rest/v1/{company_id}/sales/list/', { include: ['everything'] });
  // @ts-expect-error: id is a number
  withFilters('/app/rest/v1/{company_id}/invoices/list/', { id: '5' });
  // @ts-expect-error: the product list's format is json, xml or csv
  withFilters('/app/rest/v1/{company_id}/product/list/', { format: 'pdf' });
  // @ts-expect-error: a route without filters takes none
  withFilters('/app/rest/v1/{company_id}/product/{product_id}/', {});
  // @ts-expect-error: the filtered path is still the route's: its path parameters are required
  void client.GET(withFilters('/app/rest/v1/{company_id}/sales/list/', { year: 2026 }), {});
}

describe('withFilters types', () => {
  it('compile as declared (npm run typecheck); the paths are those of the routes', () => {
    expect(typeof typedCalls).toBe('function');
    expect(withFilters('/app/rest/v1/{company_id}/product/list/', { format: 'csv', code: 'P000002' })).toBe(
      '/app/rest/v1/{company_id}/product/list/format:csv/code:P000002/',
    );
  });
});
