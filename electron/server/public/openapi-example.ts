import { filterSegments } from '../../../shared/rest/path-filters.ts';
import { pagingKeys } from '../envelope.ts';
import type { EndpointDoc } from './route-kit.ts';
import { REST_PREFIX } from './rest-path.ts';

/** The account of every example request. */
export const EXAMPLE_COMPANY_ID = 1;
/** The caller the example answers name (your_user, your_ip). */
const EXAMPLE_USER = 'sync-magazin';
const EXAMPLE_IP = '127.0.0.1';

/** An endpoint's example exchange, as the OpenAPI document shows it. */
export interface ExampleExchange {
  /** The request's path, parameters filled in and filters appended (URL-encoded, as sent). */
  path: string;
  /** The answer's status. */
  status: number;
  /** The answer as the service sends it: the envelope, or `body` as declared. */
  answer: unknown;
}

/** `/product/{product_id}/` with the example's parameters: `/product/12/`. */
function filledPath(doc: EndpointDoc): string {
  const params = doc.example.params ?? {};
  return doc.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${doc.method} ${doc.path}: the example has no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The request and the answer of `doc`'s example. The envelope is written as the service writes
 * it (electron/server/envelope.ts): request_route is the decoded path below the account, a list
 * answer carries the paging keys of its page.
 */
export function exampleExchange(doc: EndpointDoc): ExampleExchange {
  const { example } = doc;
  const below = `${filledPath(doc)}${filterSegments(example.filters ?? {})}`;
  const status = example.status ?? doc.ok.status ?? 200;
  if ('body' in example.answer) return { path: `${REST_PREFIX}/${EXAMPLE_COMPANY_ID}${below}`, status, answer: example.answer.body };
  const { data, messages = [], hasMorePages = false } = example.answer;
  const page = Number(example.filters?.page ?? 1);
  const answer = {
    is_error: status >= 400,
    http_code: status,
    data,
    messages,
    request_route: decodeURIComponent(below),
    your_ip: EXAMPLE_IP,
    your_user: EXAMPLE_USER,
    your_method: doc.method,
    ...(doc.pageSize !== undefined && status < 400 && pagingKeys(data, page, hasMorePages)),
  };
  return { path: `${REST_PREFIX}/${EXAMPLE_COMPANY_ID}${below}`, status, answer };
}
