import Fastify, { type FastifyInstance } from 'fastify';
import type { Core } from '../core/create-core.ts';
import { installErrorHandling } from './errors.ts';
import { sendError, requestRoute } from './envelope.ts';
import { restApi, REST_PREFIX } from './public/index.ts';
import { controlApi, CONTROL_PREFIX } from './control/index.ts';
import { registerRenderer } from './static.ts';

export interface ServerOptions {
  core: Core;
  adminToken: string;
  /** Largest request body accepted, in bytes (413 above). Default 10 MiB. */
  bodyLimit?: number;
  /** Where unexpected errors are reported (default: stderr). Callers never see them. */
  onUnexpectedError?: (error: unknown) => void;
  /** The built web UI (dist/renderer), served at `/`; absent: no web UI. */
  rendererDir?: string;
}

export interface RunningServer {
  app: FastifyInstance;
  /** http://host:port of the listener. */
  url: string;
  close(): Promise<void>;
}

export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024;

/** The HTTP doors over one core: the spec's REST API and the control API. */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Route parameters are checked by the handlers; ids can be long.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  app.decorateRequest('callerName', undefined);
  // The spec's content types are JSON (and multipart for uploads, added with its routes);
  // anything else, text/plain included, is a 415.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', (request, _payload, done) => {
    const error = Object.assign(new Error(`unsupported Content-Type '${request.headers['content-type'] ?? ''}'`), {
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
      statusCode: 415,
    });
    done(error, undefined);
  });
  installErrorHandling(app, options.onUnexpectedError ?? ((error) => console.error('[erp-workbench] unexpected error', error)));

  // Bodies of GET and DELETE are not read (the spec: they carry none); JSON elsewhere.
  await app.register(restApi, { prefix: REST_PREFIX, core: options.core });
  await app.register(controlApi, { prefix: CONTROL_PREFIX, core: options.core, adminToken: options.adminToken });
  if (options.rendererDir) registerRenderer(app, options.rendererDir);

  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, 404, [
      `no such endpoint: ${request.method} ${requestRoute(request)}; the REST API is under ${REST_PREFIX}/{company_id}/`,
    ]),
  );
  await app.ready();
  return app;
}

/** Starts listening; port 0 picks a free port. */
export async function startServer(options: ServerOptions & { host: string; port: number }): Promise<RunningServer> {
  const app = await createServer(options);
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return { app, url: `http://${host}:${port}`, close: () => app.close() };
}
