import type { FastifyInstance } from 'fastify';
import { DOCUMENTS_PREFIX, type DocumentLinks } from '../core/domains/documents/index.ts';
import { requestRoute, sendError } from './envelope.ts';

/**
 * The pages behind the notification links: GET (and HEAD) /documents/<kind>/<key>/<format>/,
 * kind invoice | proforma | awb, format html | pdf, the trailing slash optional. No
 * credentials: the key is the credential (an HMAC, documents/links.ts). Outside the REST
 * prefix, so neither the API log nor its authentication applies. Anything wrong (a kind,
 * format or key that does not verify, a document that does not exist) is one and the same 404,
 * so an answer tells nothing about other documents. An expiring link (pdf_invoice_url) that
 * has run out is a 410.
 */
export function registerDocuments(app: FastifyInstance, links: Pick<DocumentLinks, 'open'>): void {
  app.get<{ Params: { kind: string; key: string; format: string } }>(`${DOCUMENTS_PREFIX}/:kind/:key/:format/`, async (request, reply) => {
    // A link is a credential: not cached by shared caches, not indexed, not sent on as a Referer.
    reply
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff');
    const { kind, key, format } = request.params;
    const page = await links.open(kind, key, format);
    // Only a key this service made and signed with that expiry says so: a 410 tells the client to
    // re-read the list for a fresh link (the real service's invoice PDF links expire too).
    if (page === 'expired') return sendError(request, reply, 410, ['this document link has expired: read the document list again for a fresh link']);
    if (!page) return sendError(request, reply, 404, [`no such document: ${requestRoute(request)}`]);
    if (page.contentType === 'application/pdf') {
      reply.header('content-disposition', `inline; filename="${page.fileName}"`);
    } else {
      // The pages load nothing: inline CSS, an inline SVG barcode, no script.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'");
    }
    return reply.type(page.contentType).send(page.body);
  });
}
