import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Core } from '../../core/create-core.ts';
import { HeavyListLimiter, isHeavyList, StorageFaultError } from '../../core/domains/faults/index.ts';
import { requestRoute, sendError } from '../envelope.ts';
import { parseRestPath } from './rest-path.ts';

/** What the API log says about a heavy list request the limit refused. */
export const HEAVY_LIST_LIMIT_NOTE = 'heavy_list_limit';

/**
 * True when a REST GET must not be answered from the answer cache before Fastify
 * (cached-answers.ts): the account has a fault switch that may fire, or the heavy-list limit is on
 * and the URL is a heavy list (a repeat is then counted in flight like any other call).
 */
export function bypassesAnswerCache(core: Core, companyId: number, url: string): boolean {
  if (core.rest.faults.active(companyId)) return true;
  // An account in proxy mode is answered by its upstream, whatever the twin answered before.
  if (core.fidelity.proxy.active(companyId)) return true;
  if (!core.rest.serviceSettings().heavy_list_limit.enabled) return false;
  return isHeavyList('GET', parseRestPath(url)?.segments ?? []);
}

/** Closes the connection without an answer; the API log still gets its line (status 0: none sent). */
function drop(core: Core, request: FastifyRequest, reply: FastifyReply, note: string): FastifyReply {
  reply.hijack();
  request.raw.socket.destroy();
  core.rest.apiLog.record({
    companyId: request.rest?.companyId ?? null,
    ip: request.ip,
    user: request.callerName ?? '',
    method: request.method,
    route: requestRoute(request),
    status: 0,
    durationMs: reply.elapsedTime,
    requestBody: '',
    responseBody: '',
    fault: note,
  });
  return reply;
}

/**
 * The fault switches and the heavy-list limit on the REST door (docs/control-api.md, "Fault switches" and
 * "The real service's limits"). Registered after authentication: both act on calls of a known
 * user of an existing account (a refused login is answered as without them). The limit comes
 * first, as a front proxy's would: a refused call is not faulted, and a call waiting out a
 * latency is in flight.
 */
export function installFaults(app: FastifyInstance, core: Core): void {
  const limiter = new HeavyListLimiter();
  app.decorateRequest('sandboxFault', undefined);

  app.addHook('onRequest', async (request, reply) => {
    const rest = request.rest;
    if (!rest || reply.sent || rest.shadow) return;
    const segments = parseRestPath(request.url)?.segments ?? [];
    const limit = core.rest.serviceSettings().heavy_list_limit;
    if (limit.enabled && isHeavyList(request.method, segments)) {
      if (!limiter.enter(rest.user.id, limit.max_concurrent)) {
        request.sandboxFault = HEAVY_LIST_LIMIT_NOTE;
        return sendError(request, reply, 429, [
          `Too Many Requests: API user '${rest.user.username}' already has ${limit.max_concurrent} heavy list requests ` +
            '(sales, invoices, proformas, fiscal receipts) in flight; send the next when one has finished ' +
            "(the real service's limit, service setting heavy_list_limit)",
        ]);
      }
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        limiter.leave(rest.user.id);
      };
      // Answered, or the connection went away first: either way the request is no longer in flight.
      reply.raw.once('finish', leave);
      reply.raw.once('close', leave);
    }
    const hit = core.rest.faults.hit(rest.companyId, request.method, segments);
    if (!hit) return;
    request.sandboxFault = hit.note;
    await core.rest.faults.wait(hit);
    if (hit.drop) return drop(core, request, reply, hit.note);
    if (hit.status !== undefined) return sendError(request, reply, hit.status, [hit.message]);
  });

  // A storage_down fault surfaces as the attachment call's 503: its log line names the fault.
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof StorageFaultError) request.sandboxFault = error.note;
  });

  // Calls held in a latency go on when the server closes, instead of holding the close up.
  app.addHook('preClose', async () => core.rest.faults.releaseAll());
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What a fault switch or the heavy-list limit did to this call, for its API log line. */
    sandboxFault: string | undefined;
  }
}
