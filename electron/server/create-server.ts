import Fastify, { type FastifyInstance } from 'fastify';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createServer as createHttpsServer } from 'node:https';
import multipart from '@fastify/multipart';
import { registerMedia } from './media.ts';
import { registerDocuments } from './documents.ts';
import { registerAttachmentFiles } from './attachment-files.ts';
import type { Core } from '../core/create-core.ts';
import { installErrorHandling } from './errors.ts';
import { installJsonBodyParser } from './json-body.ts';
import { sendError, requestRoute } from './envelope.ts';
import { restApi, REST_PREFIX } from './public/index.ts';
import { controlApi, CONTROL_PREFIX } from './control/index.ts';
import { inboxReceiver } from './control/inbox-receiver.ts';
import { registerRenderer } from './static.ts';
import { installHostCheck } from './host-check.ts';
import { lazySerializers } from './lazy-serializers.ts';
import { AnswerCache } from './public/answer-cache.ts';
import { createCachedAnswers } from './public/cached-answers.ts';
import { ConnectionGuard, DEFAULT_HTTP_LIMITS, serverTimeoutOptions, type HttpLimits } from './http-limits.ts';
import { installReplay, replayCovers, type ReplayFallback } from './public/replay.ts';
import type { ReplayIndex } from '../core/domains/fidelity/index.ts';

export interface ServerOptions {
  core: Core;
  adminToken: string;
  /** Largest request body accepted, in bytes (413 above). Default 10 MiB. */
  bodyLimit?: number;
  /** Where unexpected errors are reported (default: stderr). Callers never see them. */
  onUnexpectedError?: (error: unknown) => void;
  /** The built web UI (dist/renderer), served at `/`; absent: no web UI. */
  rendererDir?: string;
  /** Serve over TLS with this key and certificate (PEM; tls-certificate.ts makes them); `ca` is trusted by the service's own calls to itself. */
  tls?: { key: string; cert: string; ca?: string };
  /** The address the listener is bound to (startServer passes it); loopback turns the Host check on (host-check.ts). */
  listenHost?: string;
  /** Timeouts and the refused-body drain (http-limits.ts); each field defaults to DEFAULT_HTTP_LIMITS. Tests pass small ones. */
  httpLimits?: Partial<HttpLimits>;
  /** serve --replay DIR: REST requests found in these recordings get the recorded answer (public/replay.ts). */
  replay?: ReplayIndex;
  /** What answers the other REST requests while replaying: the twin (default) or a 404. */
  replayFallback?: ReplayFallback;
}

export interface RunningServer {
  app: FastifyInstance;
  /** http://host:port (https:// with `tls`) of the listener. */
  url: string;
  close(): Promise<void>;
}

export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024;

/** The HTTP doors over one core: the spec's REST API and the control API. */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  return (await createServerWithGuard(options)).app;
}

/** The server and its connection guard (startServer's close needs the guard). */
async function createServerWithGuard(options: ServerOptions): Promise<{ app: FastifyInstance; guard: ConnectionGuard }> {
  const { core } = options;
  const cache = new AnswerCache(() => core.rest.serviceSettings().answer_cache_mb * 1024 * 1024);
  let closing = false;
  const answerFromCache = createCachedAnswers(core, cache, () => closing);
  const guard = new ConnectionGuard({ ...DEFAULT_HTTP_LIMITS, ...options.httpLimits }, () => core.rest.serviceSettings().max_connections);
  const app = Fastify({
    // Repeated REST GETs are answered from the answer cache before Fastify routes them
    // (cached-answers.ts); the server is otherwise the one Fastify would make.
    serverFactory: (handler) => {
      const listener = (request: IncomingMessage, response: ServerResponse) => {
        guard.arrived(request, response);
        // Reads get their share of the thread beside write batches (core/store/write-batch.ts).
        if (request.method === 'GET' || request.method === 'HEAD') core.readArrived();
        // A request the recordings may answer never gets the twin's cached answer.
        const replayed = options.replay !== undefined && replayCovers(options.replay, request);
        if (replayed || !answerFromCache(request, response)) handler(request, response);
      };
      // Headers, request and idle timeouts and the connection cap (http-limits.ts): slow clients
      // and connection floods cannot hold the listener (Fastify's defaults are no timeouts at all).
      const timeouts = serverTimeoutOptions(guard.limits);
      // The same listener over TLS: Fastify reads the scheme from the socket (request.protocol).
      const server = options.tls
        ? createHttpsServer({ ...timeouts, key: options.tls.key, cert: options.tls.cert }, listener)
        : createHttpServer(timeouts, listener);
      guard.install(server);
      return server;
    },
    logger: false,
    // Answer serializers compile on first use, not at start (lazy-serializers.ts).
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Route parameters are checked by the handlers; ids can be long.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Errors raised before routing (a URL that does not decode) still answer in the envelope.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400;
      const message = error.code === 'FST_ERR_BAD_URL' ? `the URL is not valid percent-encoding: ${request.url}` : error.message;
      void sendError(request, reply, status, [message]);
    },
    // Malformed HTTP (bad request line, headers over the limit) never reaches Fastify's router.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      // The connection's request already has its answer under way or given (an early 413 whose
      // body then came too slowly): a second status line would answer a request never sent.
      const answered = guard.responseOn(socket as Socket);
      if (answered?.headersSent && (!answered.writableEnded || !answered.req.complete)) {
        socket.destroy();
        return;
      }
      const code = (error as NodeJS.ErrnoException).code;
      const tooLarge = code === 'HPE_HEADER_OVERFLOW';
      const late = code === 'ERR_HTTP_REQUEST_TIMEOUT';
      const status = tooLarge ? 431 : late ? 408 : 400;
      const body = JSON.stringify({
        is_error: true,
        http_code: status,
        data: null,
        messages: [
          tooLarge
            ? 'request headers are larger than the server accepts'
            : late
              ? `the request did not arrive in time (headers within ${guard.limits.headersTimeoutMs / 1000} s, the whole request within ${guard.limits.requestTimeoutMs / 1000} s)`
              : 'malformed HTTP request',
        ],
        request_route: '',
        your_ip: socket.remoteAddress ?? '',
        your_user: '',
        your_method: '',
      });
      socket.end(
        `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : late ? 'Request Timeout' : 'Bad Request'}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });
  app.decorateRequest('callerName', undefined);
  // The spec's content types are JSON (and multipart for uploads, added with its routes);
  // anything else, text/plain included, is a 415.
  app.removeContentTypeParser('text/plain');
  // JSON nested deeper than MAX_JSON_DEPTH: a 400 before any handler (json-body.ts).
  installJsonBodyParser(app);
  app.addContentTypeParser('*', (request, _payload, done) => {
    const error = Object.assign(new Error(`unsupported Content-Type '${request.headers['content-type'] ?? ''}'`), {
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
      statusCode: 415,
    });
    done(error, undefined);
  });
  installErrorHandling(app, options.onUnexpectedError ?? ((error) => console.error('[erp-workbench] unexpected error', error)));
  // A body left unread by a refusal is read and discarded (bounded) so the client gets the answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    guard.holdAnswerForBody(request, reply);
    done(null, payload);
  });

  // JSON bodies (the spec); a DELETE with a body is read like any other, and ignored.
  // Multipart (file uploads) is read by the routes that declare it; limits keep a request bounded.
  await app.register(multipart, {
    limits: { fileSize: options.bodyLimit ?? DEFAULT_BODY_LIMIT, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  installHostCheck(app, { listenHost: options.listenHost, allowedHosts: () => core.rest.serviceSettings().allowed_hosts });
  if (options.replay) installReplay(app, options.replay, options.replayFallback ?? 'twin', options.bodyLimit ?? DEFAULT_BODY_LIMIT);
  await app.register(restApi, { prefix: REST_PREFIX, core: options.core, cache });
  registerMedia(app, options.core.rest.files, options.core.rest.images.thumbnail);
  registerDocuments(app, options.core.rest.links);
  registerAttachmentFiles(app, options.core);
  await app.register(inboxReceiver, { prefix: `${CONTROL_PREFIX}/inbox`, core: options.core });
  await app.register(controlApi, { prefix: CONTROL_PREFIX, core: options.core, adminToken: options.adminToken });
  if (options.rendererDir) registerRenderer(app, options.rendererDir);

  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, 404, [
      `no such endpoint: ${request.method} ${requestRoute(request)}; the REST API is under ${REST_PREFIX}/{company_id}/`,
    ]),
  );
  await app.ready();
  return { app, guard };
}

/** Starts listening; port 0 picks a free port. */
export async function startServer(options: ServerOptions & { host: string; port: number }): Promise<RunningServer> {
  const { app, guard } = await createServerWithGuard({ ...options, listenHost: options.host });
  try {
    await app.listen({ host: options.host, port: options.port });
  } catch (error) {
    // Not listening (a port in use, an address not on this machine): nothing of it stays open.
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const scheme = options.tls ? 'https' : 'http';
  const url = `${scheme}://${host}:${port}`;
  // Links for others to follow: a wildcard listen address is reached on loopback.
  const reachable = /^(0\.0\.0\.0|::|\[::\])$/.test(options.host) ? `${scheme}://127.0.0.1:${port}` : url;
  options.core.setListenHost(options.host); // outbound policy: may image URLs of callers name local addresses
  options.core.setPublicUrl(reachable, options.tls?.ca);
  return {
    app,
    url,
    // Requests in flight finish; a keep-alive connection that goes idle after close began (a
    // streamed answer that just ended) is closed too instead of waiting out its timeout, and so
    // is a connection that never sent a request.
    async close() {
      const sweep = setInterval(() => {
        app.server.closeIdleConnections();
        guard.closeWithoutRequestInFlight();
      }, 50);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
    },
  };
}
