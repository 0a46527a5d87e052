import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ClassifiedAddress } from './addresses.ts';
import { isAddressLiteral, pinnedLookup, resolveChecked, type Reach, type Resolver } from './policy.ts';

/**
 * Why an outbound exchange failed, in words for the admin (stderr, delivery log); a REST caller
 * sees only "<field>: download failed".
 */
export class OutboundFailure extends Error {
  override name = 'OutboundFailure';
}

/**
 * The host part of http(s).request options for a URL whose host resolveChecked allowed: an IP
 * literal is connected to as checked (normalised: an IPv4-mapped address as its IPv4); a name
 * keeps its name (Host header, TLS server name and certificate check) and connects through a
 * lookup that answers only the checked addresses.
 */
export function pinnedHost(url: URL, addresses: readonly ClassifiedAddress[]): { hostname: string; lookup: LookupFunction } {
  const lookup = pinnedLookup(addresses);
  if (isAddressLiteral(url.hostname)) return { hostname: addresses[0]!.address, lookup };
  return { hostname: url.hostname, lookup };
}

export interface GetOptions {
  reach: Reach;
  /** Redirects followed at most; one more is a failure. */
  maxRedirects: number;
  /** Ends the whole exchange (resolution, connection, redirects, the body being read). */
  signal: AbortSignal;
  headers?: Record<string, string>;
  /** Tests substitute the resolver; the system's otherwise. */
  resolve?: Resolver;
}

export interface GetAnswer {
  /** The final answer (not a redirect); its body not read yet. */
  response: http.IncomingMessage;
  /** Where it came from after the redirects. */
  url: URL;
}

const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(signal.reason instanceof Error ? signal.reason : new OutboundFailure('aborted'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/** One GET to checked addresses; resolves with the answer's head. */
function getOnce(url: URL, addresses: readonly ClassifiedAddress[], options: GetOptions): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request({
      protocol: url.protocol,
      ...pinnedHost(url, addresses),
      port: url.port,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { host: url.host, ...options.headers },
      // A connection of its own: a pooled socket would carry an earlier check (and an earlier
      // setting) into this one.
      agent: false,
      signal: options.signal,
    });
    request.once('error', reject);
    request.once('response', resolve);
    request.end();
  });
}

/**
 * GETs a URL under the policy, following redirects itself (at most options.maxRedirects, http and
 * https only), each hop's host resolved and checked again before anything connects to it.
 * Throws AddressNotAllowed for a refused hop, OutboundFailure for a bad redirect, the network's
 * error otherwise. The answer's body is the caller's to read or destroy.
 */
export async function getFollowingRedirects(start: URL, options: GetOptions): Promise<GetAnswer> {
  const stop = aborted(options.signal);
  // The stop promise is raced below; unobserved it must not count as an unhandled rejection.
  stop.catch(() => undefined);
  let url = start;
  for (let redirects = 0; ; redirects++) {
    if (!isHttp(url)) throw new OutboundFailure(`${start.href} redirects to ${url.protocol} (only http and https are followed)`);
    const addresses = await Promise.race([resolveChecked(url.hostname, options.reach, options.resolve), stop]);
    const response = await getOnce(url, addresses, options);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status < 300 || status >= 400 || location === undefined) return { response, url };
    response.destroy();
    if (redirects >= options.maxRedirects) throw new OutboundFailure(`${start.href} took more than ${options.maxRedirects} redirects`);
    try {
      url = new URL(location, url);
    } catch {
      throw new OutboundFailure(`${url.href} redirects to an invalid location`);
    }
  }
}
