// The route template a drift report groups calls by: the method and the path below the account
// with the values that only pick rows left out, so /sales/list/year:2024/page:2/ and
// /sales/list/page:1/year:2025/ are one route, `GET /sales/list/page:{}/year:{}/`.

/** Filters whose value changes the answer's shape (which blocks, which format): kept with their value. */
const SHAPE_FILTERS: ReadonlySet<string> = new Set(['include', 'exclude', 'format']);

/** A filter segment `key:value` (the spec's filters are path segments); the key is a word. */
const FILTER = /^([A-Za-z_][A-Za-z0-9_]*):(.*)$/s;

function templateOf(segment: string, previous: string[]): string {
  // The connector order id is the shop's own string (POST/PUT /connector/{id}/order/{order_id}/).
  if (previous.length === 3 && previous[0] === 'connector' && previous[2] === 'order' && segment !== 'list') return '{order_id}';
  if (/^\d+$/.test(segment)) return '{id}';
  const filter = FILTER.exec(segment);
  if (!filter) return segment;
  const key = filter[1]!;
  return SHAPE_FILTERS.has(key.toLowerCase()) ? segment : `${key}:{}`;
}

const filterKey = (segment: string): string | undefined => FILTER.exec(segment)?.[1];

/**
 * `GET /sales/list/page:{}/year:{}/`: the method upper-cased, digit-only segments as `{id}`, the
 * connector order id as `{order_id}`, filter values as `{}` (include:, exclude: and format: keep
 * theirs), each run of filter segments sorted by key (their order does not change the answer).
 * The path is taken raw (not decoded) and without its query.
 */
export function routeTemplate(method: string, pathBelowAccount: string): string {
  const path = pathBelowAccount.split('?')[0]!;
  const segments = path.split('/');
  const out: string[] = [];
  const before: string[] = [];
  let run: string[] = [];
  const flush = () => {
    run.sort((a, b) => {
      const ka = filterKey(a)!;
      const kb = filterKey(b)!;
      return ka < kb ? -1 : ka > kb ? 1 : a < b ? -1 : a > b ? 1 : 0;
    });
    out.push(...run);
    run = [];
  };
  for (const segment of segments) {
    const templated = segment === '' ? '' : templateOf(segment, before);
    if (segment !== '') before.push(segment);
    if (segment !== '' && filterKey(segment) !== undefined && templated !== '{order_id}') run.push(templated);
    else {
      flush();
      out.push(templated);
    }
  }
  flush();
  const joined = out.join('/');
  return `${method.toUpperCase()} ${joined.startsWith('/') ? joined : `/${joined}`}`;
}
