import { errorCodes, type FastifyInstance } from 'fastify';
import type { Core } from '../../core/create-core.ts';
import { BodyHead, type ReceivedBody } from '../../core/webhooks/inbox.ts';
import { sendError } from '../envelope.ts';

const NAME = /^[A-Za-z0-9._-]{1,64}$/;

const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && (address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.'));

/**
 * POST /_sandbox/inbox/{name}: the built-in receiver. No credentials (a webhook sender has
 * none), any content type, recorded as text; answers the status and delay set for the inbox.
 * Loopback callers only unless the inbox_allow_remote setting says otherwise.
 * Its other routes (list, behaviour, clear) are operations of the control API, with the token.
 */
export async function inboxReceiver(app: FastifyInstance, opts: { core: Core }): Promise<void> {
  // Whatever a sender posts is recorded as it came: no parsing, no 415. Only the head the inbox
  // keeps is held; the rest of the stream is read and counted as it passes (a 5 MB post costs
  // 64 KiB, not 5 MB). The listener's body limit still applies (413 above it, as on every other
  // route): memory no longer needs it here, but it keeps what one post can make the service read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? Number.POSITIVE_INFINITY;
    const declared = Number(request.headers['content-length']);
    if (declared > limit) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
    const head = new BodyHead();
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onEnd);
    };
    function onData(chunk: Buffer | string) {
      head.add(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      if (head.bytes > limit) {
        stop();
        done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
      }
    }
    function onEnd(error?: Error & { statusCode?: number }) {
      stop();
      if (error) {
        // A connection lost mid-body: Fastify answers (if it still can) and moves on.
        error.statusCode ??= 400;
        return done(error, undefined);
      }
      if (!Number.isNaN(declared) && head.bytes !== declared) return done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH(), undefined);
      done(null, head.finish());
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onEnd);
    payload.resume();
  });

  // Waits of slow answers on purpose: cut short when the server closes, so none holds the process.
  const waits = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...waits]) end();
  });

  app.post('/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!NAME.test(name)) return sendError(request, reply, 400, ['name: use 1 to 64 letters, digits, dots, underscores or dashes']);
    const settings = await opts.core.invoke('settings.get', {});
    if (!settings.inbox_allow_remote && !isLoopback(request.socket.remoteAddress)) {
      return sendError(request, reply, 403, [
        'the built-in inbox accepts posts from this machine only (PATCH /_sandbox/settings {"inbox_allow_remote": true} to open it)',
      ]);
    }
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(', ') : value;
    }
    // No body at all (no content type, no length) never reaches the parser above.
    const body = (request.body as ReceivedBody | undefined) ?? { head: '', bytes: 0 };
    const answer = opts.core.inbox.receive(name, { ip: request.ip, method: request.method, headers, body });
    opts.core.events.emit('inbox.received', { name, id: answer.id, status: answer.status });
    if (answer.delayMs > 0) {
      // A slow or hanging receiver, on purpose; a client that gives up (the response's
      // connection closes) or a closing server ends the wait.
      let gone = false;
      await new Promise<void>((resolve) => {
        const end = () => {
          clearTimeout(timer);
          waits.delete(end);
          resolve();
        };
        const timer = setTimeout(end, answer.delayMs);
        waits.add(end);
        reply.raw.once('close', () => {
          gone = true;
          end();
        });
      });
      if (gone || reply.raw.destroyed) return reply.hijack();
    }
    if (answer.status === 204 || answer.status === 304) return reply.code(answer.status).send();
    return reply.code(answer.status).send({ inbox: name, id: answer.id, status: answer.status });
  });
}
