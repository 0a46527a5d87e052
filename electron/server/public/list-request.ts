import type { FastifyRequest } from 'fastify';
import { FilterError, parseFilters, type FilterSpec, type FilterValues } from '../../../shared/filters/grammar.ts';
import { parseRestPath } from './rest-path.ts';

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
  const query = request.raw.url?.split('?', 2)[1];
  if (query !== undefined && query.length > 0) {
    const key = query.split('=')[0] ?? query;
    throw new FilterError(key, `query string '?${query}' is not read: write filters as path segments, e.g. /${key}:value/`);
  }
  const segments = parseRestPath(request.raw.url ?? '')?.segments ?? [];
  return parseFilters(spec, segments.slice(routeSegments).join('/'));
}
