/**
 * The path-segment filters of the REST lists (`/sales/list/year:2026/skipcancelled:1/`) for the
 * typed REST client. `withFilters(template, filters)` appends the filters to a route's template
 * and answers the result typed as the template itself, so that openapi-fetch's
 * `client.GET(withFilters('/app/rest/v1/{company_id}/sales/list/', { year: 2026 }), { params: ... })`
 * keeps the route's typing (parameters, answer) without a cast, and `{company_id}` is still
 * filled from params.path. Which keys a route takes, and their value types, come from the same
 * route declarations that write the OpenAPI document's x-path-filters (path-filter-types.ts,
 * npm run types:rest): an unknown key or a wrong value type does not compile.
 */
import type { PathFilters } from './path-filter-types.ts';

export type { PathFilters } from './path-filter-types.ts';

/** A filter value as a client writes it: text, a number, or a list (written comma-joined). */
export type FilterValue = string | number | readonly (string | number)[];

/**
 * One value as the service reads it (shared/filters/grammar.ts: the segment is split at its first
 * ':' and the rest URL-decoded): lists comma-joined, everything percent-encoded except ':' and
 * ',', which are the grammar's own and legal in a path segment (timestamps and lists stay
 * readable). A '/' inside a value is encoded, so it stays inside its segment.
 */
export function encodeFilterValue(value: FilterValue): string {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : value.map(String).join(',');
  return encodeURIComponent(text).replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

/**
 * The filter segments, each ending in '/', in the order given: `year:2026/include:items,invoiced/`.
 * An undefined value or an empty list is no filter.
 */
export function filterSegments(filters: Readonly<Record<string, FilterValue | undefined>>): string {
  return Object.entries(filters)
    .filter((entry): entry is [string, FilterValue] => entry[1] !== undefined && !(Array.isArray(entry[1]) && entry[1].length === 0))
    .map(([key, value]) => `${key}:${encodeFilterValue(value)}/`)
    .join('');
}

/** `path` (a route template ending in '/') with `filters` appended; typed as the template. */
export function withFilters<P extends keyof PathFilters>(path: P, filters: PathFilters[P]): P {
  if (!path.endsWith('/')) throw new TypeError(`withFilters: '${path}' does not end with /`);
  // The answer is a longer string than P: typed as the template so the client's path typing holds.
  return `${path}${filterSegments(filters as Readonly<Record<string, FilterValue | undefined>>)}` as P;
}
