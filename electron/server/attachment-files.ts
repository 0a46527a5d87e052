import type { FastifyInstance } from 'fastify';
import { ATTACHMENT_FILES_PREFIX } from '../core/domains/attachments/index.ts';
import type { Core } from '../core/create-core.ts';
import { requestRoute, sendError } from './envelope.ts';

/** RFC 6266 / 5987: an ASCII fallback name and the exact name in UTF-8. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The attachment files: GET /files/attachments/<company>.<id>.<key>/<file name>, the only way to a
 * file (never a storage URL). No credentials: the key is the credential; a wrong key, an absent
 * attachment or a malformed URL is the same 404. The file is streamed from the FTP storage as it
 * arrives (gunzipped when it was stored compressed), as a download with its original name; an
 * unreachable storage is a 503 in the envelope. Outside the REST prefix: no API log.
 */
export function registerAttachmentFiles(app: FastifyInstance, core: Core): void {
  app.get<{ Params: { key: string; name: string } }>(`${ATTACHMENT_FILES_PREFIX}/:key/:name`, async (request, reply) => {
    reply
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('referrer-policy', 'no-referrer');
    const download = await core.rest.attachments.download(request.params.key);
    if (!download) return sendError(request, reply, 404, [`no such file: ${requestRoute(request)}`]);
    // A file is never a page of this origin: an HTML or SVG attachment opened directly runs nothing.
    reply.header('content-security-policy', "default-src 'none'; sandbox").header('content-disposition', contentDisposition(download.fileName));
    return reply.type(download.contentType).send(download.stream);
  });
}
