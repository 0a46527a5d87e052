import { describe, expect, it } from 'vitest';
import { withFilters } from '../../shared/rest/with-filters.ts';

// Types checked by `npm run typecheck` (this file is in the project): a filter the route does not
// take, or a value of the wrong type, does not compile.
describe('withFilters types', () => {
  it('takes the filters of its route only', () => {
    const ok = withFilters('/app/rest/v1/{company_id}/sales/list/', { datefrom: '2026-01-01', skipcancelled: 1, include: ['items'] });
    expect(ok).toBe('/app/rest/v1/{company_id}/sales/list/datefrom:2026-01-01/skipcancelled:1/include:items/');
    // @ts-expect-error: the sales list has no such filter
    withFilters('/app/rest/v1/{company_id}/sales/list/', { colour: 'red' });
    // @ts-expect-error: skipcancelled is 0 or 1
    withFilters('/app/rest/v1/{company_id}/sales/list/', { skipcancelled: 2 });
    // @ts-expect-error: include takes the route's own names
    withFilters('/app/rest/v1/{company_id}/sales/list/', { include: ['everything'] });
  });
});
