/**
 * The path-segment filters of the REST lists (`/sales/list/year:2026/skipcancelled:1/`), typed per
 * route by path-filters.ts (generated from the OpenAPI document's x-path-filters). The answer is
 * the route's template with the filters appended, typed as the template, so openapi-fetch's
 * `client.GET(withFilters('/app/rest/v1/{company_id}/sales/list/', { year: 2026 }), ...)` keeps its
 * typing and `{company_id}` is still filled from params.path.
 */
import type { PathFilters } from './path-filters.ts';

/** A value as the server reads it: lists comma-joined, the rest as text; spaces and other reserved characters percent-encoded. */
function encodeValue(value: string | number | readonly (string | number)[]): string {
  const text = Array.isArray(value) ? value.join(',') : String(value);
  // ':' and ',' are part of the filter grammar's values (timestamps, lists) and stay readable.
  return encodeURIComponent(text).replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

export function withFilters<P extends keyof PathFilters>(path: P, filters: PathFilters[P]): P {
  if (!path.endsWith('/')) throw new TypeError(`withFilters: '${path}' does not end with /`);
  const segments = Object.entries(filters as Record<string, string | number | readonly (string | number)[] | undefined>)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}:${encodeValue(value!)}/`);
  return `${path}${segments.join('')}` as P;
}
