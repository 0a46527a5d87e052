import { badRequest } from '../../../../shared/contract/errors.ts';
import { classifyAddress, describeKind, isLoopbackHost } from '../../outbound/index.ts';

const REST_BASE = /^\/app\/rest\/v1\/([1-9]\d{0,9})\/?$/;

/**
 * The upstream of a proxied account as stored: `https://host[:port]/app/rest/v1/{company_id}` (no
 * trailing slash), the base every path below the account is appended to. Accepted as written by
 * a person: the base URL of the real account, or the bare origin (then the real account has the
 * same id as this one). Refused, naming upstream_url: anything but https (plain http only to a
 * loopback address: a stand-in on this machine), credentials in the URL (the callers' own travel
 * in their Authorization header), a query or fragment, another path, and an IP literal in a private
 * network unless outbound connections may go there (the outbound policy checks the resolved
 * addresses of a name again at every call).
 */
export function normaliseUpstreamUrl(written: string, companyId: number, allowPrivate: boolean): string {
  const text = written.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(`upstream_url: '${written}' is not a URL (write https://host/app/rest/v1/{company_id})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest(`upstream_url: ${url.protocol} is not supported: the real service is reached over https`);
  const loopback = isLoopbackHost(url.hostname.replace(/^\[|\]$/g, ''));
  if (url.protocol === 'http:' && !loopback) {
    throw badRequest('upstream_url: must be https (plain http only to a loopback address such as 127.0.0.1): the callers\' credentials travel with every call');
  }
  if (url.username || url.password) throw badRequest("upstream_url: must not hold credentials: each call is forwarded with the caller's own Authorization header");
  if (url.search || url.hash) throw badRequest('upstream_url: must not have a query or a fragment');
  const literal = classifyAddress(url.hostname.replace(/^\[|\]$/g, ''));
  if (literal && !loopback && literal.kind !== 'public' && !(literal.kind === 'private' && allowPrivate)) {
    throw badRequest(
      `upstream_url: ${url.hostname} is ${describeKind(literal.kind)}: proxied calls go to a private network only when the service setting outbound_allow_private is on`,
    );
  }
  const path = url.pathname;
  if (path === '/' || path === '') return `${url.origin}/app/rest/v1/${companyId}`;
  const match = REST_BASE.exec(path);
  if (!match) throw badRequest(`upstream_url: the path must be /app/rest/v1/{company_id} of the real account (or none), not ${path}`);
  return `${url.origin}/app/rest/v1/${match[1]}`;
}
