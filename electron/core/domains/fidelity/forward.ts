import http from 'node:http';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { isAddressNotAllowed, isLoopbackHost, pinnedHost, resolveChecked, type Reach, type Resolver } from '../../outbound/index.ts';
import type { ProxySettings } from '../../../../shared/domain/fidelity.ts';

/** Largest upstream answer passed on (a product feed of a big catalogue fits); past it: 502. */
export const MAX_UPSTREAM_ANSWER_BYTES = 64 * 1024 * 1024;

/** The caller's headers that travel to the upstream; everything else (Host, cookies, X-Forwarded-*, hop-by-hop) stays here. */
const REQUEST_HEADERS = ['authorization', 'content-type', 'accept', 'accept-language', 'user-agent', 'if-none-match', 'if-modified-since'];
/** The upstream's headers that travel back with its answer (the length and encoding are this listener's own). */
export const ANSWER_HEADERS = ['content-type', 'content-disposition', 'www-authenticate', 'retry-after', 'location', 'cache-control', 'etag', 'last-modified', 'expires'];

export interface ForwardedRequest {
  method: string;
  /** The path below the account with its query, as the caller sent it: `/sales/list/page:2/?x=1`. */
  pathAndQuery: string;
  headers: IncomingHttpHeaders;
  body?: Buffer;
}

export interface UpstreamAnswer {
  /** The URL called. */
  url: string;
  status: number;
  statusText: string;
  /** The answer headers passed back to the caller (ANSWER_HEADERS), as received. */
  headers: Record<string, string | string[]>;
  body: Buffer;
  startedAt: Date;
  timeMs: number;
}

/** The upstream could not give an answer: 502 (refused by the policy, unreachable, too large) or 504 (no answer in time). */
export class UpstreamFailure extends Error {
  override name = 'UpstreamFailure';
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Where a proxied account's calls may go: the configured upstream is the admin's, but it is not a
 * receiver running beside the service, so loopback and private networks are reached only when
 * the upstream names loopback itself (a stand-in on this machine) or the admin allows private
 * targets (outbound_allow_private). Never link-local, metadata and the other refused kinds.
 */
export function upstreamReach(upstream: URL, allowPrivate: boolean): Reach {
  return { allowLocal: allowPrivate || isLoopbackHost(upstream.hostname.replace(/^\[|\]$/g, '')), namedBy: 'admin', canonicalLiterals: false };
}

/**
 * Sends one REST call to the account's upstream under the outbound policy and reads the whole
 * answer (bounded). Redirects are not followed: they go back to the caller as they came.
 */
export async function forwardToUpstream(
  settings: ProxySettings & { upstream_url: string },
  request: ForwardedRequest,
  options: { allowPrivate: boolean; now: () => Date; resolve?: Resolver },
): Promise<UpstreamAnswer> {
  const url = new URL(settings.upstream_url + request.pathAndQuery);
  const startedAt = options.now();
  const started = performance.now();
  const signal = AbortSignal.timeout(settings.timeout_ms);
  let addresses;
  try {
    addresses = await resolveChecked(url.hostname, upstreamReach(url, options.allowPrivate), options.resolve);
  } catch (error) {
    if (isAddressNotAllowed(error)) throw new UpstreamFailure(502, `the upstream ${url.host} is not allowed: ${error.message}`);
    throw new UpstreamFailure(502, `the upstream ${url.host} cannot be reached: ${codeOf(error)}`);
  }
  const headers: Record<string, string> = { host: url.host, 'accept-encoding': 'identity' };
  for (const name of REQUEST_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (request.body) headers['content-length'] = String(request.body.length);
  return new Promise<UpstreamAnswer>((resolve, reject) => {
    const outgoing = (url.protocol === 'https:' ? https : http).request({
      protocol: url.protocol,
      ...pinnedHost(url, addresses),
      port: url.port,
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers,
      agent: false,
      signal,
    });
    const fail = (error: unknown) => {
      if (signal.aborted) reject(new UpstreamFailure(504, `the upstream ${url.host} did not answer within ${settings.timeout_ms} ms`));
      else reject(error instanceof UpstreamFailure ? error : new UpstreamFailure(502, `the upstream ${url.host} cannot be reached: ${codeOf(error)}`));
    };
    outgoing.once('error', fail);
    outgoing.once('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_UPSTREAM_ANSWER_BYTES) {
          response.destroy(new UpstreamFailure(502, `the upstream's answer is larger than ${MAX_UPSTREAM_ANSWER_BYTES / 1024 / 1024} MiB`));
          return;
        }
        chunks.push(chunk);
      });
      response.once('error', fail);
      response.once('aborted', () => fail(new Error('the upstream closed the connection mid-answer')));
      response.once('end', () => {
        const passed: Record<string, string | string[]> = {};
        for (const name of ANSWER_HEADERS) {
          const value = response.headers[name];
          if (value !== undefined) passed[name] = value;
        }
        resolve({
          url: url.href,
          status: response.statusCode ?? 502,
          statusText: response.statusMessage ?? '',
          headers: passed,
          body: Buffer.concat(chunks),
          startedAt,
          timeMs: performance.now() - started,
        });
      });
    });
    outgoing.end(request.body);
  });
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}
