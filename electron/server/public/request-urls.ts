import type { FastifyRequest } from 'fastify';
import type { MediaUrls } from '../../../shared/domain/images.ts';
import { hostNameOf } from '../host-check.ts';
import { mediaPath, thumbPath } from '../media.ts';

/**
 * The base URL of the ready-made links in REST answers (media, document, attachment, upload page,
 * next page, connector config): the address the caller used to reach the service, so a partner
 * behind a custom name gets links under that name. One rule for every route:
 *
 * - `<protocol>://<Host header>` when the Host header is a well-formed `name[:port]` or
 *   `[ipv6][:port]` (host-check.ts's hostNameOf, the rule the DNS-rebinding check reads Host by),
 *   written as the caller sent it;
 * - otherwise (missing, as from an HTTP/1.0 caller, or malformed: spaces, quotes, a path, a user
 *   part) the listener's own address, `<protocol>://<local address>:<local port>`. A Host the
 *   caller made up thus never reaches a link, an HTML page or a header the service writes.
 */
export function baseUrlOf(request: FastifyRequest): string {
  const host = request.headers.host;
  if (host !== undefined && hostNameOf(host) !== undefined) return `${request.protocol}://${host}`;
  const address = request.socket.localAddress ?? '127.0.0.1';
  return `${request.protocol}://${address.includes(':') ? `[${address}]` : address}:${request.socket.localPort}`;
}

/** The absolute URLs of stored files for this caller: baseUrlOf + /media/<key> (a thumbnail: /media/thumb/<key>). */
export function mediaUrls(request: FastifyRequest): MediaUrls {
  const base = baseUrlOf(request);
  return Object.assign((key: string) => `${base}${mediaPath(key)}`, { thumb: (key: string) => `${base}${thumbPath(key)}` });
}
