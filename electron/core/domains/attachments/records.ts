import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Attachment, AttachmentDoctype } from '../../../../shared/domain/attachments.ts';
import type { StoredEncoding } from './file-content.ts';

/** Where the files are served (outside the REST prefix: the key in the URL is the credential). */
export const ATTACHMENT_FILES_PREFIX = '/files/attachments';

export interface AttachmentRow {
  id: number;
  company_id: number;
  doctype: AttachmentDoctype;
  doc_id: number;
  client_id: number | null;
  title: string;
  original_filename: string;
  filesize: number;
  is_public: number;
  attachment_type_id: number | null;
  storage_path: string;
  download_key: string;
  uploaded_ts: string;
  encoding: StoredEncoding;
  content_type: string;
}

export type NewAttachmentRow = Omit<AttachmentRow, 'id'>;

/** A new download key: 24 random bytes, base64url (32 characters). */
export const newDownloadKey = (): string => randomBytes(24).toString('base64url');

/** The service URL of a file, relative to the listener: /files/attachments/<company>.<id>.<key>/<name>. */
export const downloadPath = (row: Pick<AttachmentRow, 'company_id' | 'id' | 'download_key' | 'original_filename'>): string =>
  `${ATTACHMENT_FILES_PREFIX}/${row.company_id}.${row.id}.${row.download_key}/${encodeURIComponent(row.original_filename)}`;

export function toAttachment(row: AttachmentRow, baseUrl: string): Attachment {
  return {
    bocp_id: row.id,
    doctype: row.doctype,
    doc_id: row.doc_id,
    client_id: row.client_id,
    title: row.title,
    original_filename: row.original_filename,
    filesize: row.filesize,
    is_public: row.is_public,
    attachment_type_id: row.attachment_type_id,
    uploaded_ts: row.uploaded_ts,
    download_url: `${baseUrl}${downloadPath(row)}`,
  };
}

const COLUMNS =
  'id, company_id, doctype, doc_id, client_id, title, original_filename, filesize, is_public, attachment_type_id, ' +
  'storage_path, download_key, uploaded_ts, encoding, content_type';

/** The statements over the attachments table. */
export function attachmentStatements(db: Database) {
  const byId = db.prepare<[number, number], AttachmentRow>(`SELECT ${COLUMNS} FROM attachments WHERE company_id = ? AND id = ?`);
  return {
    byId: (companyId: number, id: number): AttachmentRow | undefined => byId.get(companyId, id),
    ofDocument: db.prepare<[number, string, number], AttachmentRow>(
      `SELECT ${COLUMNS} FROM attachments WHERE company_id = ? AND doctype = ? AND doc_id = ? ORDER BY id`,
    ),
    insert: db.prepare<NewAttachmentRow>(
      `INSERT INTO attachments (company_id, doctype, doc_id, client_id, title, original_filename, filesize, is_public,
                                attachment_type_id, storage_path, download_key, uploaded_ts, encoding, content_type)
       VALUES (@company_id, @doctype, @doc_id, @client_id, @title, @original_filename, @filesize, @is_public,
               @attachment_type_id, @storage_path, @download_key, @uploaded_ts, @encoding, @content_type)`,
    ),
    remove: db.prepare<[number, number]>('DELETE FROM attachments WHERE company_id = ? AND id = ?'),
    /** The attachment a download key opens, or undefined (wrong key, absent: the same answer). */
    byKey(key: string): AttachmentRow | undefined {
      const match = /^(\d{1,12})\.(\d{1,15})\.([A-Za-z0-9_-]{32})$/.exec(key);
      if (!match) return undefined;
      const row = byId.get(Number(match[1]), Number(match[2]));
      if (!row || row.download_key.length !== match[3]!.length) return undefined;
      return timingSafeEqual(Buffer.from(row.download_key), Buffer.from(match[3]!)) ? row : undefined;
    },
  };
}
export type AttachmentStatements = ReturnType<typeof attachmentStatements>;
