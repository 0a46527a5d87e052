import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { createDocuments, type DocumentPage, type Documents } from './pages.ts';

/** Documents with a credential-free page: what the notifications and (later) the lists link to. */
export type DocumentKind = 'invoice' | 'proforma' | 'awb';
export type DocumentFormat = 'html' | 'pdf';
export const DOCUMENT_KINDS: readonly DocumentKind[] = ['invoice', 'proforma', 'awb'];
export const DOCUMENT_FORMATS: readonly DocumentFormat[] = ['html', 'pdf'];

export const isDocumentKind = (value: string): value is DocumentKind => (DOCUMENT_KINDS as readonly string[]).includes(value);
export const isDocumentFormat = (value: string): value is DocumentFormat => (DOCUMENT_FORMATS as readonly string[]).includes(value);

/** Where the document pages are served (outside the REST prefix: they need no API password). */
export const DOCUMENTS_PREFIX = '/documents';

export interface DocumentRef {
  kind: DocumentKind;
  companyId: number;
  id: number;
}

/**
 * Unguessable per-document keys: `<company>.<id>.<mac>`, the mac an HMAC of kind, company and id
 * under a per-installation secret (service_secrets, kept across resets). Nothing to store per
 * document, and knowing one link tells nothing of another's key (no enumeration).
 */
export function createDocumentLinks(db: Database) {
  const secret = db
    .prepare<[], string>("SELECT value FROM service_secrets WHERE name = 'document_links'")
    .pluck()
    .get();
  if (!secret) throw new Error('service_secrets has no document_links key (migration 009 not applied?)');

  const mac = (ref: DocumentRef): string =>
    createHmac('sha256', secret).update(`${ref.kind}:${ref.companyId}:${ref.id}`).digest('base64url').slice(0, 32);

  // The renderer behind the links, made on the first page asked for: the server reaches the
  // documents through the links it already holds (core.rest.links), with this same database.
  let documents: Documents | undefined;

  const links = {
    /** The key segment of a document's links. */
    key(ref: DocumentRef): string {
      return `${ref.companyId}.${ref.id}.${mac(ref)}`;
    },
    /** The absolute link of a document page, e.g. `http://127.0.0.1:8080/documents/invoice/1.42.Xy.../pdf/`. */
    url(baseUrl: string, ref: DocumentRef, format: DocumentFormat): string {
      return `${baseUrl}${DOCUMENTS_PREFIX}/${ref.kind}/${links.key(ref)}/${format}/`;
    },
    /** The document a key opens, or undefined for a key this service did not make. */
    resolve(kind: DocumentKind, key: string): DocumentRef | undefined {
      const match = /^(\d{1,12})\.(\d{1,15})\.([A-Za-z0-9_-]{32})$/.exec(key);
      if (!match) return undefined;
      const ref: DocumentRef = { kind, companyId: Number(match[1]), id: Number(match[2]) };
      const expected = Buffer.from(mac(ref));
      const given = Buffer.from(match[3]!);
      return timingSafeEqual(expected, given) ? ref : undefined;
    },
    /**
     * What a link `/documents/<kind>/<key>/<format>/` opens (pages.ts), or undefined
     * for anything wrong: an unknown kind or format, a key that does not verify for the kind, a
     * document that does not exist. Callers answer all of these alike (404).
     */
    open(kind: string, key: string, format: string): Promise<DocumentPage | undefined> {
      if (!isDocumentKind(kind) || !isDocumentFormat(format)) return Promise.resolve(undefined);
      documents ??= createDocuments(db, links);
      return documents.page(kind, key, format);
    },
  };
  return links;
}
export type DocumentLinks = ReturnType<typeof createDocumentLinks>;
