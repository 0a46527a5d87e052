import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Core } from '../../core/create-core.ts';
import { formatDate } from '../../core/time.ts';
import type { AnswerCache } from './answer-cache.ts';
import { REST_PREFIX } from './rest-path.ts';
import { bypassesAnswerCache } from './faults.ts';

/**
 * What a GET answer depends on besides the stored data: the caller's IP and credentials (the
 * envelope echoes IP and user), the Host (URLs in answers are built on it) and the whole URL.
 */
export function answerKey(ip: string, authorization: string | undefined, host: string | undefined, url: string): string {
  return `${ip}\n${authorization ?? ''}\n${host ?? ''}\n${url}`;
}

/**
 * The days an answer depends on: Bucharest's (prices from pricelist rules, payment defaults) and
 * UTC's (an expiring document link runs out at a UTC midnight: documents/links.ts linkExpiry).
 */
export function answerDays(now: Date): string {
  return `${formatDate(now)}|${Math.floor(now.getTime() / DAY_MS)}`;
}
const DAY_MS = 86_400_000;

/** What an answer is made at besides its tables: other connections' commits and the connection (dataVersion.external), and the days. */
export function answerVersion(core: Core): string {
  return `${core.rest.dataVersion.external()}|${answerDays(core.clock.now())}`;
}

/**
 * Tables every answer depends on besides those its statements read while it was made: what
 * authentication read before the handler ran (a cached repeat checks only the IP's lock-out
 * again: authenticate.repeat), through auth_generation, which triggers move on every change of an
 * account or of an API user but its last use (migration 021); and the service settings, which
 * the core reads once and keeps in memory (the test clock among them).
 */
export const ANSWERS_ALWAYS_DEPEND_ON: readonly string[] = ['auth_generation', 'service_settings'];

const PREFIX = `${REST_PREFIX}/`;

/**
 * Answers a repeated REST GET from the answer cache before the framework sees the request: a
 * Map lookup, the version (one trivial statement) and its tables' changes, the caller IP's
 * lock-out, then the stored bytes as they are and the API log line. Routing, hooks, serialization and encoding are
 * what a repeat would otherwise pay for, several times the cost of writing the bytes (docs/performance.md,
 * Performance). Anything else (a miss, another method, a locked IP, a closing server) returns
 * false and goes through Fastify, which answers it and fills the cache (route-kit.ts).
 */
export function createCachedAnswers(core: Core, cache: AnswerCache, isClosing: () => boolean) {
  const { dependencies } = core.rest.dataVersion;
  return function answerFromCache(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || isClosing()) return false;
    const url = request.url ?? '';
    if (!url.startsWith(PREFIX)) return false;
    const started = performance.now();
    const ip = request.socket.remoteAddress ?? '';
    const { headers } = request;
    const answer = cache.get(answerKey(ip, headers.authorization, headers.host, url), answerVersion(core), dependencies);
    if (answer === undefined || bypassesAnswerCache(core, answer.companyId, url) || !core.rest.authenticate.repeat(answer.user, ip)) return false;
    response.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': answer.body.length });
    response.end(answer.body);
    core.rest.apiLog.record({
      companyId: answer.companyId,
      ip,
      user: answer.user.username,
      method: 'GET',
      route: answer.route,
      status: answer.status,
      durationMs: performance.now() - started,
      requestBody: '',
      responseBody: answer.logHead,
      sameAnswer: answer,
    });
    return true;
  };
}
