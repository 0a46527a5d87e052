import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../../core/create-core.ts';
import { UpstreamFailure, type UpstreamAnswer } from '../../core/domains/fidelity/index.ts';
import type { ProxySettings } from '../../../shared/domain/fidelity.ts';
import { sendError } from '../envelope.ts';
import { parseRestPath, REST_PREFIX } from './rest-path.ts';

/** The header that marks the twin's own shadow call (with this process's secret: no caller can send it). */
export const SHADOW_HEADER = 'x-erp-workbench-shadow';
/** Shadow comparisons under way at once, and waiting; past that a comparison is skipped (the answer was sent already). */
const SHADOW_IN_FLIGHT = 2;
const SHADOW_QUEUE = 200;

declare module 'fastify' {
  interface FastifyRequest {
    /** The twin's own answer to a forwarded GET (proxy.ts): authenticated as the account, never logged or cached. */
    shadowCall: boolean;
    /** Forwarded to the account's upstream: the API log says where. */
    proxiedTo: string | undefined;
  }
}

/**
 * Proxy mode (docs/fidelity.md): a REST call to an account with an upstream is forwarded there
 * with the caller's own credentials, before this service authenticates anything (the caller's
 * users are the real service's), and the upstream's answer goes back unchanged. Read-only (the
 * default) refuses every method but GET/HEAD before anything leaves the machine. Each call is
 * recorded, and each forwarded GET is answered by the twin too (a shadow call through this same
 * app, on its own data) and the two answers compared by shape (the drift report).
 */
export function installProxy(app: FastifyInstance, core: Core): void {
  const secret = randomBytes(24).toString('base64url');
  app.decorateRequest('shadowCall', false);
  app.decorateRequest('proxiedTo', undefined);
  const shadows = shadowQueue();
  // The offline comparison (drift.compareHar) asks the twin through the same shadow calls.
  core.fidelity.setTwinDoor(async (companyId, request) => {
    const url = `${REST_PREFIX}/${companyId}${request.pathBelowAccount}${request.query}`;
    const twin = await app.inject({ method: 'GET', url, headers: { host: new URL(core.publicUrl()).host, [SHADOW_HEADER]: secret } });
    return { status: twin.statusCode, contentType: headerText(twin.headers['content-type']), body: twin.rawPayload };
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.headers[SHADOW_HEADER] !== undefined) {
      request.shadowCall = request.headers[SHADOW_HEADER] === secret;
      return;
    }
    const path = parseRestPath(request.url);
    if (!path || path.companyId === null) return;
    const settings = core.fidelity.proxy.active(path.companyId);
    if (!settings?.upstream_url) return;
    const upstream = { ...settings, upstream_url: settings.upstream_url };
    request.callerName = basicUserName(request.headers.authorization);
    request.proxiedTo = new URL(upstream.upstream_url).host;
    if (upstream.read_only && request.method !== 'GET' && request.method !== 'HEAD') {
      return sendError(request, reply, 403, [
        `account ${path.companyId} forwards to the real service read-only: ${request.method} is not forwarded ` +
          '(nothing was sent; proxy.update with read_only false lets writes through, and they are real)',
      ]);
    }
    const pathAndQuery = request.url.slice(`${REST_PREFIX}/${path.company}`.length);
    const body = await readBody(request, app.initialConfig.bodyLimit ?? 10 * 1024 * 1024);
    if (body === 'too large') return sendError(request, reply, 413, [`the request body is larger than ${app.initialConfig.bodyLimit} bytes`]);
    let answer: UpstreamAnswer;
    try {
      answer = await core.fidelity.forward(upstream, { method: request.method, pathAndQuery, headers: request.headers, ...(body && { body }) });
    } catch (error) {
      if (error instanceof UpstreamFailure) return sendError(request, reply, error.status, [error.message]);
      throw error;
    }
    void reply.code(answer.status).headers(answer.headers).send(answer.body);
    afterAnswer(path.companyId, upstream, request, pathAndQuery, body, answer);
    return reply;
  });

  /** The recording and the shadow comparison, once the caller has its answer. */
  function afterAnswer(companyId: number, settings: ProxySettings, request: FastifyRequest, pathAndQuery: string, body: Buffer | undefined, answer: UpstreamAnswer): void {
    const mode = settings.recording;
    // After the answer has gone out: pseudonymising a large answer takes a while (0.1-0.2 s per MB).
    if (mode !== 'off') {
      setImmediate(() =>
        core.fidelity.record(companyId, mode, {
          startedAt: answer.startedAt,
          method: request.method,
          url: answer.url,
          // As sent: to the upstream's host.
          requestHeaders: { ...request.headers, host: new URL(answer.url).host },
          ...(body && { requestBody: body }),
          status: answer.status,
          statusText: answer.statusText,
          responseHeaders: answer.headers,
          responseBody: answer.body,
          timeMs: answer.timeMs,
        }),
      );
    }
    if (!settings.shadow || request.method !== 'GET') return;
    const url = request.url;
    const host = request.headers.host ?? '127.0.0.1';
    shadows.run(async () => {
      const twin = await app.inject({ method: 'GET', url, headers: { host, [SHADOW_HEADER]: secret } });
      core.fidelity.compare(companyId, {
        method: 'GET',
        pathBelowAccount: pathAndQuery.split('?', 1)[0] ?? '',
        upstream: { status: answer.status, contentType: headerText(answer.headers['content-type']), body: answer.body },
        twin: { status: twin.statusCode, contentType: headerText(twin.headers['content-type']), body: twin.rawPayload },
      });
    });
  }
}

/** Whether a request is the twin's own shadow call (the auth hook lets it in as the account). */
export const isShadowCall = (request: FastifyRequest): boolean => request.shadowCall;

function headerText(value: string | string[] | number | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : String(value ?? '');
}

/** The user name of a Basic Authorization header, for the API log (the password is never read). */
function basicUserName(authorization: string | undefined): string {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!match) return '';
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return (colon < 0 ? decoded : decoded.slice(0, colon)).slice(0, 100);
}

/** The raw request body (the framework has not read it yet in onRequest), bounded like any body. */
async function readBody(request: FastifyRequest, limit: number): Promise<Buffer | undefined | 'too large'> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > limit) return 'too large';
    chunks.push(chunk as Buffer);
  }
  return size === 0 ? undefined : Buffer.concat(chunks);
}

/** Runs shadow comparisons a few at a time; one that fails is reported, never thrown into a request. */
function shadowQueue() {
  let running = 0;
  const waiting: Array<() => Promise<void>> = [];
  let reported = false;
  const next = () => {
    const job = running < SHADOW_IN_FLIGHT ? waiting.shift() : undefined;
    if (!job) return;
    running++;
    job()
      .catch((error: unknown) => {
        if (!reported) console.error('[erp-workbench] a shadow comparison failed (the next failures are not reported):', error);
        reported = true;
      })
      .finally(() => {
        running--;
        next();
      });
  };
  return {
    run(job: () => Promise<void>): void {
      if (waiting.length >= SHADOW_QUEUE) return;
      waiting.push(job);
      next();
    },
  };
}
