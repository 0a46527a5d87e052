import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../envelope.ts';
import { API_LOG_BODY_HEAD } from '../../../shared/domain/api-log.ts';
import { splitRestUrl, type ReplayIndex } from '../../core/domains/fidelity/index.ts';
import { REST_PREFIX } from './rest-path.ts';
import { SHADOW_HEADER } from './proxy.ts';

/** What answers a REST request that no recording holds: the twin as usual, or a 404. */
export type ReplayFallback = 'twin' | '404';
export const REPLAY_FALLBACKS: readonly ReplayFallback[] = ['twin', '404'];

/** The REST request of a raw request, as the replay index keys it; undefined outside the REST API. */
function replayRequestOf(request: IncomingMessage): { method: string; pathBelowAccount: string; query: string } | undefined {
  const url = request.url ?? '';
  if (!url.startsWith(`${REST_PREFIX}/`)) return undefined;
  const rest = splitRestUrl(url);
  return rest && { method: request.method ?? 'GET', pathBelowAccount: rest.pathBelowAccount, query: rest.query };
}

/** Whether a raw request may be one the recordings answer: the answer cache must then leave it alone (create-server.ts). */
export function replayCovers(replay: ReplayIndex, request: IncomingMessage): boolean {
  const key = replayRequestOf(request);
  return key !== undefined && replay.covers(key);
}

/** The body bytes, read here because the key holds their hash; undefined when over `limit` (the framework then answers 413). */
async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const hasBody = (request: IncomingMessage) => request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/** The user a Basic header claims (not checked: replay answers before authentication), for the API log and the envelope. */
function claimedUser(authorization: string | undefined): string {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
  if (!match) return '';
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  return decoded.slice(0, Math.max(0, decoded.indexOf(':')));
}

/**
 * serve --replay DIR: REST requests found in the recordings are answered with the recorded
 * status, headers and body bytes, before authentication (the recorded caller's credentials were
 * removed from the recording; whoever replays is the caller), and logged in the API log like any
 * other call (the REST plugin's onResponse hook). The others: the twin, or a 404 naming the
 * request. Registered on the root before the REST plugin so it runs first. A body (a POST's) is
 * read here for its hash and handed back to the framework unchanged when nothing matches.
 * Multipart uploads are never replayed (their boundary changes on every request).
 */
export function installReplay(app: FastifyInstance, replay: ReplayIndex, fallback: ReplayFallback, bodyLimit: number): void {
  const bodies = new WeakMap<FastifyRequest, Buffer>();
  app.addHook('onRequest', async (request, reply) => {
    const key = replayRequestOf(request.raw);
    // The twin's own calls (shadow comparison, drift.compareHar) are answered by the twin, never a
    // recording; a caller sending the header gets no more than the twin.
    if (!key || request.headers[SHADOW_HEADER] !== undefined) return;
    const multipart = String(request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
    let body: Buffer | undefined;
    if (!multipart && replay.covers(key) && hasBody(request.raw)) {
      body = await readBody(request.raw, bodyLimit);
      if (body === undefined) return sendError(request, reply, 413, [`the request body is larger than ${bodyLimit} bytes`]);
      bodies.set(request, body);
    }
    const answer = multipart ? undefined : replay.lookup({ ...key, ...(body && { body }) });
    if (answer) {
      request.callerName = claimedUser(request.headers.authorization);
      if (body && body.length > 0) request.rawBodyHead = body.toString('utf8', 0, 4 * API_LOG_BODY_HEAD).slice(0, API_LOG_BODY_HEAD);
      reply.code(answer.status);
      for (const [name, value] of answer.headers) reply.header(name, value);
      return reply.send(answer.body);
    }
    if (fallback === '404') {
      request.callerName = claimedUser(request.headers.authorization);
      return sendError(request, reply, 404, [`no recorded answer for ${key.method} ${key.pathBelowAccount}${key.query}`]);
    }
  });
  // A body read above and not replayed goes on to the twin's parser as it arrived.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const body = bodies.get(request);
    return body === undefined ? payload : Readable.from([body]);
  });
}
