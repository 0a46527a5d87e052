import type { FastifyRequest } from 'fastify';
import { FilterError, parseFilters, type FilterSpec, type FilterValues } from '../../../shared/filters/grammar.ts';

/**
 * Reads the filter segments that follow a list route (`/sales/list/year:2024/page:2/`) from the
 * raw URL, so that an encoded '/' inside a value (codeb64, code) stays inside its segment.
 * `routeSegments` is the number of fixed segments after the account id ('sales/list' = 2).
 */
export function readListFilters<S extends FilterSpec>(
  request: FastifyRequest,
  spec: S,
  routeSegments: number,
): FilterValues<S> {
  const [rawPath = '', query] = request.raw.url?.split('?', 2) ?? [];
  if (query !== undefined && query.length > 0) {
    const key = query.split('=')[0] ?? query;
    throw new FilterError(key, `query string '?${query}' is not read: write filters as path segments, e.g. /${key}:value/`);
  }
  // ['', 'app', 'rest', 'v1', company_id, ...route, ...filters]
  const tail = rawPath.split('/').slice(5 + routeSegments).join('/');
  return parseFilters(spec, tail);
}
