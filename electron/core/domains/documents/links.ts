import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Clock } from '../../time.ts';
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

/** What a key opens: a document, a document whose expiring link has run out, or nothing. */
export type KeyCheck = { ref: DocumentRef } | { expired: true } | undefined;

const DAY_S = 86_400;

/**
 * When an expiring link made at `now` runs out: 00:00 UTC of the day after the next, so 24 to
 * 48 hours. Bucketed by day on purpose: every link made on one day is the same string, so a list
 * answer served from the answer cache (which holds answers of one UTC day: answerDays in
 * server/public/cached-answers.ts) carries links as valid as a fresh one.
 */
export function linkExpiry(now: Date): number {
  return (Math.floor(now.getTime() / 1000 / DAY_S) + 2) * DAY_S;
}

/**
 * Unguessable per-document keys: `<company>.<id>.<mac>` (permanent: the notifications' links,
 * `view_link`) or `<company>.<id>.<expires>.<mac>` (expiring: `pdf_invoice_url`, as the real
 * service's invoice PDF links expire), the mac an HMAC of kind, company, id (and expiry) under a
 * per-installation secret (service_secrets, kept across resets). Nothing to store per document,
 * and knowing one link tells nothing of another's key (no enumeration); an expiry cannot be
 * pushed back without breaking the mac.
 */
export function createDocumentLinks(db: Database, clock: Clock) {
  const secret = db
    .prepare<[], string>("SELECT value FROM service_secrets WHERE name = 'document_links'")
    .pluck()
    .get();
  if (!secret) throw new Error('service_secrets has no document_links key (migration 009 not applied?)');

  const mac = (ref: DocumentRef, expires?: number): string =>
    createHmac('sha256', secret)
      .update(`${ref.kind}:${ref.companyId}:${ref.id}${expires === undefined ? '' : `:${expires}`}`)
      .digest('base64url')
      .slice(0, 32);
  const verifies = (expected: string, given: string): boolean => timingSafeEqual(Buffer.from(expected), Buffer.from(given));

  // The renderer behind the links, made on the first page asked for: the server reaches the
  // documents through the links it already holds (core.rest.links), with this same database.
  let documents: Documents | undefined;

  const links = {
    /** The key segment of a document's permanent links. */
    key(ref: DocumentRef): string {
      return `${ref.companyId}.${ref.id}.${mac(ref)}`;
    },
    /** The absolute link of a document page, e.g. `http://127.0.0.1:8080/documents/invoice/1.42.Xy.../pdf/`. */
    url(baseUrl: string, ref: DocumentRef, format: DocumentFormat): string {
      return `${baseUrl}${DOCUMENTS_PREFIX}/${ref.kind}/${links.key(ref)}/${format}/`;
    },
    /** The same link, valid until linkExpiry(now) (24 to 48 hours), then answered 410. */
    expiringUrl(baseUrl: string, ref: DocumentRef, format: DocumentFormat): string {
      const expires = linkExpiry(clock.now());
      return `${baseUrl}${DOCUMENTS_PREFIX}/${ref.kind}/${ref.companyId}.${ref.id}.${expires}.${mac(ref, expires)}/${format}/`;
    },
    /** What a key opens (see KeyCheck); undefined for a key this service did not make. */
    check(kind: DocumentKind, key: string): KeyCheck {
      const match = /^(\d{1,12})\.(\d{1,15})\.(?:(\d{1,12})\.)?([A-Za-z0-9_-]{32})$/.exec(key);
      if (!match) return undefined;
      const ref: DocumentRef = { kind, companyId: Number(match[1]), id: Number(match[2]) };
      const expires = match[3] === undefined ? undefined : Number(match[3]);
      if (!verifies(mac(ref, expires), match[4]!)) return undefined;
      if (expires !== undefined && clock.now().getTime() / 1000 >= expires) return { expired: true };
      return { ref };
    },
    /** The document a key opens now, or undefined (a key this service did not make, or expired). */
    resolve(kind: DocumentKind, key: string): DocumentRef | undefined {
      const checked = links.check(kind, key);
      return checked && 'ref' in checked ? checked.ref : undefined;
    },
    /**
     * What a link `/documents/<kind>/<key>/<format>/` opens (pages.ts), 'expired' for an
     * expiring link that verifies but has run out, or undefined for anything wrong: an unknown
     * kind or format, a key that does not verify for the kind, a document that does not exist.
     * Callers answer all of the latter alike (404).
     */
    open(kind: string, key: string, format: string): Promise<DocumentPage | 'expired' | undefined> {
      if (!isDocumentKind(kind) || !isDocumentFormat(format)) return Promise.resolve(undefined);
      const checked = links.check(kind, key);
      if (checked && 'expired' in checked) return Promise.resolve('expired');
      documents ??= createDocuments(db, links);
      return documents.page(kind, key, format);
    },
  };
  return links;
}
export type DocumentLinks = ReturnType<typeof createDocumentLinks>;
