import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { classifyAddress, type ClassifiedAddress } from './addresses.ts';
import { AddressNotAllowed, isAddressLiteral, pinnedLookup, resolveChecked, type Reach, type Resolver } from './policy.ts';

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

/**
 * Whether the IP literal host of `url` was written otherwise than the URL standard writes it:
 * `written` (the URL as sent, a Location header as received) does not contain the normalised
 * host (2130706433, 0x7f.1, 127.1, %31..., [0:0::1] all became another text), or it is an
 * IPv4-mapped IPv6 address. A name is never odd: it is resolved and its addresses checked.
 */
export function oddlyWrittenLiteral(url: URL, written: string): boolean {
  const literal = classifyAddress(url.hostname);
  if (!literal) return false;
  if (url.hostname.startsWith('[') && literal.family === 4) return true;
  return !written.toLowerCase().includes(url.hostname.toLowerCase());
}

export interface GetOptions {
  reach: Reach;
  /** The start URL as the caller wrote it (for Reach.canonicalLiterals); default: its href. */
  written?: string;
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

/** Whether a Location header names a host of its own (not a path relative to the current URL). */
function definesHost(location: string, current: URL): boolean {
  try {
    return new URL(location, `${current.protocol}//elsewhere.invalid/`).host !== 'elsewhere.invalid';
  } catch {
    return true;
  }
}

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
  let written = options.written ?? start.href;
  for (let redirects = 0; ; redirects++) {
    if (!isHttp(url)) throw new OutboundFailure(`${start.href} redirects to ${url.protocol} (only http and https are followed)`);
    if (options.reach.canonicalLiterals && oddlyWrittenLiteral(url, written)) {
      throw new AddressNotAllowed(written, 'writes an IP address in an unusual form (write IPv4 as a.b.c.d, IPv6 not IPv4-mapped)');
    }
    const addresses = await Promise.race([resolveChecked(url.hostname, options.reach, options.resolve), stop]);
    const response = await getOnce(url, addresses, options);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status < 300 || status >= 400 || location === undefined) return { response, url };
    response.destroy();
    if (redirects >= options.maxRedirects) throw new OutboundFailure(`${start.href} took more than ${options.maxRedirects} redirects`);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new OutboundFailure(`${url.href} redirects to an invalid location`);
    }
    // A location that names a host is judged as written; a relative one keeps the host already
    // checked (told apart by resolving it against a base with another host).
    written = definesHost(location, url) ? location : next.href;
    url = next;
  }
}
