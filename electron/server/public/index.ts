import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../../core/create-core.ts';
import { sendError, requestRoute } from '../envelope.ts';
import { registerSalesRoutes } from './sales.ts';
import { registerInvoiceRoutes } from './invoices.ts';
import { registerProformaRoutes } from './proformas.ts';
import { registerFiscalReceiptRoutes } from './fiscal-receipts.ts';
import { registerPaymentRoutes } from './payments.ts';
import { registerAwbRoutes } from './awb.ts';
import { registerInventoryRoutes } from './inventory.ts';
import { registerWorkmanagerRoutes } from './workmanager.ts';
import { registerContactRoutes } from './contacts.ts';
import { registerReferenceRoutes } from './reference.ts';
import { registerProductRoutes } from './product.ts';
import { registerSalePaymentRoutes } from './sales-payment.ts';
import { registerProductImageRoutes } from './product-images.ts';
import { registerWebCategoryRoutes } from './web-categories.ts';
import { registerConnectorRoutes } from './connector.ts';
import { registerMarketplaceRoutes } from './marketplace.ts';
import { registerAttachmentRoutes } from './attachments.ts';
import { RestRoutes } from './route-kit.ts';
import type { AnswerCache } from './answer-cache.ts';
import { API_LOG_BODY_HEAD } from '../../../shared/domain/api-log.ts';
import { buildOpenApi } from './openapi.ts';
import './rest-context.ts';
import { parseRestPath, REST_PREFIX } from './rest-path.ts';
import { answerVersion } from './cached-answers.ts';
import { installFaults } from './faults.ts';
import { installProxy } from './proxy.ts';

export { REST_PREFIX };

/** Who a shadow call (proxy.ts) is: the account itself, with no restriction of an API user. */
const SHADOW_USER = Object.freeze({ id: 0, username: 'erp-workbench shadow', connectorId: null });

export const OPENAPI_PATH = `${REST_PREFIX}/openapi.json`;

/** Every route the REST plugin registered, per listener (the OpenAPI test compares both ways). */
export const registeredRestRoutes = new WeakMap<object, Array<{ method: string; url: string }>>();

function bodyHead(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return `<${body.length} bytes>`;
  return JSON.stringify(body);
}

/** The REST API of the spec under /app/rest/v1/{company_id}/. */
export async function restApi(app: FastifyInstance, opts: { core: Core; cache: AnswerCache }): Promise<void> {
  const { core } = opts;
  app.decorateRequest('rest', null);
  app.decorateRequest('answerMark', null);

  // Accounts in proxy mode are answered by their upstream, before anything here authenticates (proxy.ts).
  installProxy(app, core);

  // Authentication runs for every request under the prefix, unknown routes and unknown accounts
  // included: a caller learns which routes and which accounts exist only with valid credentials
  // (an unknown account answers as a known one does to the same credentials: authenticate.ts).
  // Only a segment that cannot be an account id at all is refused before that.
  app.addHook('onRequest', async (request, reply) => {
    // Before anything is read: what a cached answer to this GET will be checked against.
    if (request.method === 'GET') request.answerMark = { version: answerVersion(core), since: core.rest.dataVersion.dependencies.now() };
    // The API description is public, like any published interface document.
    if (request.url.split('?', 1)[0] === OPENAPI_PATH) return;
    const path = parseRestPath(request.url);
    if (!path || path.companyId === null) {
      const company = path?.company ?? '';
      return sendError(request, reply, 404, [`account '${company}' does not exist: the path is ${REST_PREFIX}/{company_id}/...`]);
    }
    // The twin's own answer to a forwarded GET: the account's data, as its API users see it.
    if (request.shadowCall) {
      request.callerName = SHADOW_USER.username;
      request.rest = { companyId: path.companyId, user: SHADOW_USER, shadow: true };
      return;
    }
    const outcome = await core.rest.authenticate({
      companyId: path.companyId,
      authorization: request.headers.authorization,
      ip: request.ip,
      method: request.method,
      module: path.module,
      connectorId: path.connectorId,
    });
    if (!outcome.ok) {
      request.callerName = outcome.username;
      if (outcome.challenge) reply.header('WWW-Authenticate', 'Basic realm="ERP REST API", charset="UTF-8"');
      if (outcome.retryAfterSeconds !== undefined) reply.header('Retry-After', String(outcome.retryAfterSeconds));
      return sendError(request, reply, outcome.status, [outcome.message]);
    }
    request.callerName = outcome.user.username;
    request.rest = { companyId: path.companyId, user: outcome.user };
  });
  // Fault switches and the heavy-list limit: after authentication, before routing (faults.ts).
  installFaults(app, core);

  // The head of the answer for the log: text answers only (a JSON answer may be sent as bytes).
  app.addHook('onSend', (request, reply, payload, done) => {
    const json = Buffer.isBuffer(payload) && String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    logHeads.set(
      request,
      typeof payload === 'string' ? payload.slice(0, API_LOG_BODY_HEAD) : json ? payload.toString('utf8', 0, 4 * API_LOG_BODY_HEAD).slice(0, API_LOG_BODY_HEAD) : '',
    );
    done(null, payload);
  });
  const logHeads = new WeakMap<FastifyRequest, string>();

  app.addHook('onResponse', async (request, reply) => {
    if (request.shadowCall) return;
    core.rest.apiLog.record({
      companyId: request.rest?.companyId ?? existingAccountOf(request.url),
      ip: request.ip,
      user: request.callerName ?? '',
      method: request.method,
      route: requestRoute(request),
      status: reply.statusCode,
      durationMs: reply.elapsedTime,
      requestBody: request.rawBodyHead ?? bodyHead(request.body),
      responseBody: logHeads.get(request) ?? '',
      // A forwarded call says where it went (the column of what was done to the call).
      fault: request.sandboxFault ?? (request.proxiedTo && `proxied to ${request.proxiedTo}`),
    });
  });

  /** A refused call is still logged under its account when the path names an existing one. */
  function existingAccountOf(url: string): number | null {
    const companyId = parseRestPath(url)?.companyId ?? null;
    return companyId !== null && core.rest.accounts.find(companyId) ? companyId : null;
  }

  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, 404, [`no such endpoint: ${request.method} ${requestRoute(request)}`]),
  );

  const registered: Array<{ method: string; url: string }> = [];
  registeredRestRoutes.set(app.server, registered);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registered.push({ method, url: route.url });
  });

  const routes = new RestRoutes(app, core, opts.cache);
  registerSalesRoutes(routes);
  registerInvoiceRoutes(routes);
  registerProformaRoutes(routes);
  registerFiscalReceiptRoutes(routes);
  registerPaymentRoutes(routes);
  registerAwbRoutes(routes);
  registerInventoryRoutes(routes);
  registerWorkmanagerRoutes(routes);
  registerContactRoutes(routes);
  registerReferenceRoutes(routes);
  registerProductRoutes(routes);
  registerSalePaymentRoutes(routes);
  registerProductImageRoutes(routes);
  registerWebCategoryRoutes(routes);
  registerConnectorRoutes(routes);
  registerMarketplaceRoutes(routes);
  registerAttachmentRoutes(routes);

  // Built on the first request for it, not at every start (it is a walk over every route's schemas).
  let document: ReturnType<typeof buildOpenApi> | undefined;
  app.get('/openapi.json', async () => (document ??= buildOpenApi(routes.docs)));
}
