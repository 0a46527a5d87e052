/**
 * Where a REST API call is, read from any URL or path a recording or a request holds: the real
 * service's (https://erp.example.ro/app/rest/v1/4242/sales/list/) or the twin's, under any host,
 * any company id, even behind a reverse proxy's own prefix. Everything in fidelity keys on the
 * path below the account, raw (as sent, not decoded): the same bytes the real service routed on.
 */

const REST_PATH = /\/app\/rest\/v1\/(\d{1,15})(\/.*)$/;

/** Reads any URL or path holding /app/rest/v1/{digits}/...: the company id as written, the path below the account (raw, no query), the raw query ('' or '?a=b'). undefined when not a REST API URL. */
export function splitRestUrl(url: string): { companyId: number; pathBelowAccount: string; query: string } | undefined {
  // A fragment is never sent to a server (HAR URLs leave it out too, but a pasted URL may not).
  const hash = url.indexOf('#');
  const withoutFragment = hash === -1 ? url : url.slice(0, hash);
  const mark = withoutFragment.indexOf('?');
  let path = mark === -1 ? withoutFragment : withoutFragment.slice(0, mark);
  const query = mark === -1 ? '' : withoutFragment.slice(mark);
  // An absolute URL: only its path counts (a host or user name may look like anything).
  const scheme = /^[a-z][a-z\d+.-]*:\/\/[^/]*/i.exec(path);
  if (scheme) path = path.slice(scheme[0].length);
  const match = REST_PATH.exec(path);
  if (!match) return undefined;
  const companyId = Number(match[1]);
  if (companyId < 1) return undefined;
  return { companyId, pathBelowAccount: match[2]!, query: query === '?' ? '' : query };
}
