import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import type { Core } from '../../core/create-core.ts';
import { operations, OPERATION_NAMES } from '../../../shared/contract/operations.ts';
import { envelope, sendError, requestRoute } from '../envelope.ts';
import { contentDisposition } from '../attachment-files.ts';
import { registerEventStream } from './event-stream.ts';
import { acceptYamlBodies } from './yaml-body.ts';
import { LockoutTracker } from '../../core/domains/auth/index.ts';

export const CONTROL_PREFIX = '/_sandbox';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Path parameters and query strings arrive as text; convert the ones the operation's input
 * schema types as numbers or booleans, so validation sees what a JSON body would carry.
 */
function coerceStrings(schema: TSchema, values: Record<string, string>): Record<string, unknown> {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(values)) {
    const type = properties[key]?.type;
    if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) out[key] = Number(text);
    else if (type === 'boolean' && (text === 'true' || text === 'false')) out[key] = text === 'true';
    else out[key] = text;
  }
  return out;
}

/** GET (or HEAD) /_sandbox/health, with or without a query string. */
function isHealthProbe(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0];
  return path === `${CONTROL_PREFIX}/health`;
}

interface FileAnswer {
  file_name: string;
  content_type: string;
  content_base64: string;
}

/**
 * A file operation's answer as the file itself, when the caller's Accept names its content type
 * (curl -H 'Accept: application/pdf'); otherwise the JSON envelope, base64 inside, as for every operation.
 */
function wantedFile(request: FastifyRequest, data: unknown): FileAnswer | undefined {
  const file = data as Partial<FileAnswer> | null;
  if (typeof file?.content_type !== 'string' || typeof file.content_base64 !== 'string' || typeof file.file_name !== 'string') return undefined;
  const accept = request.headers.accept ?? '';
  return accept.split(',').some((part) => part.split(';', 1)[0]!.trim().toLowerCase() === file.content_type) ? (file as FileAnswer) : undefined;
}

/** The contract's control API: one route per operation of the map, bearer-token protected. */
export async function controlApi(app: FastifyInstance, opts: { core: Core; adminToken: string }): Promise<void> {
  const expected = digest(opts.adminToken);

  // Wrong admin tokens lock the caller IP as wrong REST passwords do, with the same
  // auth_lockout setting but a count of their own (a REST guesser does not lock the admin out,
  // nor the reverse). On the machine's clock, not the test clock: the test clock is set through
  // this API, and a frozen one would keep a locked IP locked until a restart.
  const core = opts.core;
  const lockout = new LockoutTracker({ now: () => core.clock.systemNow() }, () => core.rest.serviceSettings().auth_lockout);

  app.addHook('onRequest', async (request, reply) => {
    // The health probe answers anyone (container HEALTHCHECKs, CI waits, load balancers): it says
    // only that the service runs and its version, nothing of any account.
    if (isHealthProbe(request)) return;
    const lockEnd = lockout.lockEnd(request.ip);
    if (lockEnd !== undefined) {
      // While locked every call is refused, the right token included: a guesser cannot tell
      // when it found the token, and it waits out the lock like anyone else from that IP.
      const seconds = lockout.retryAfterSeconds(request.ip);
      reply.header('Retry-After', String(seconds));
      return sendError(request, reply, 429, [
        `too many failed control API authentications from ${request.ip}: locked until ${new Date(lockEnd).toISOString()} (${seconds} s); every call from this address is refused until then`,
      ]);
    }
    const header = request.headers.authorization;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    // Compare digests: equal length, constant time, whatever the caller sent.
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      // A call without an Authorization header guessed nothing (a browser tab opened without
      // its token): refused, not counted. Any credential sent that is not the token counts, each
      // distinct one once per window: a tab left open with the token of an earlier start keeps
      // sending that one token and must not lock the CLI and the tests of this machine out.
      const lockSeconds = header === undefined ? 0 : lockout.recordFailure(request.ip, digest(header).toString('hex'));
      reply.header('WWW-Authenticate', 'Bearer realm="ERP Workbench control API"');
      const message = 'the control API needs Authorization: Bearer <admin token>';
      return sendError(request, reply, 401, [lockSeconds > 0 ? `${message}; ${request.ip} is now locked for ${lockSeconds} s` : message]);
    }
    request.callerName = 'admin';
  });

  acceptYamlBodies(app, CONTROL_PREFIX);
  for (const name of OPERATION_NAMES) {
    const def = operations[name];
    app.route({
      method: def.http.method,
      url: def.http.path,
      ...(def.http.bodyLimit !== undefined && { bodyLimit: def.http.bodyLimit }),
      handler: async (request: FastifyRequest, reply) => {
        const params = coerceStrings(def.input, request.params as Record<string, string>);
        const query = coerceStrings(def.input, request.query as Record<string, string>);
        const body = request.body;
        if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
          return sendError(request, reply, 400, ['body: must be a JSON object']);
        }
        const input = { ...query, ...(body as Record<string, unknown> | undefined), ...params };
        const data = await opts.core.invoke(name, input);
        const status = def.http.status ?? 200;
        const file = def.http.file ? wantedFile(request, data) : undefined;
        if (file) {
          return reply
            .code(status)
            .header('cache-control', 'private, no-store')
            .header('content-disposition', contentDisposition(file.file_name))
            .type(file.content_type)
            .send(Buffer.from(file.content_base64, 'base64'));
        }
        return reply.code(status).send(envelope(request, status, data));
      },
    });
  }

  registerEventStream(app, opts.core);

  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, 404, [`no such control call: ${request.method} ${requestRoute(request)}`]),
  );
}
