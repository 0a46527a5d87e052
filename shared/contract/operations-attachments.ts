import Type from 'typebox';
import { op, CompanyId } from './operation-def.ts';
import {
  ATTACHMENT_DOCTYPE_NAMES,
  ATTACHMENT_MAX_BYTES,
  Attachment,
  StoragePatch,
  StorageSettings,
  StorageTestResult,
} from '../domain/attachments.ts';

const AttachmentId = Type.Integer({ minimum: 1 });
const Doctype = Type.Enum(ATTACHMENT_DOCTYPE_NAMES);
const DocId = Type.Integer({ minimum: 1 });
/** A file of ATTACHMENT_MAX_BYTES in base64, with room for the other fields. */
const UPLOAD_BODY_LIMIT = Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4 + 64 * 1024;

/**
 * The account's external FTP storage and the attachments kept on it: what staff do from the
 * window, the control API and the CLI. The REST side (spec) is /attachments/... (docs/rest-api.md, "Attachments").
 */
export const attachmentOperations = {
  'storage.get': op({
    summary: "The account's FTP storage (never its password)",
    input: Type.Object({ company_id: CompanyId }, { additionalProperties: false }),
    output: StorageSettings,
    http: { method: 'GET', path: '/accounts/:company_id/storage' },
    reads: ['account_storage'],
  }),
  'storage.update': op({
    summary:
      'Configure the FTP storage ({"ftp": {...}}), remove it ({"ftp": null}) or use the local embedded one ({"embedded": true}). ' +
      'ftp.password left out keeps the stored one only while host, port, user and secure stay the same: changing any of them without a new password forgets it (password_set: false)',
    input: Type.Object({ company_id: CompanyId, ...StoragePatch.properties }, { additionalProperties: false }),
    output: StorageSettings,
    http: { method: 'PATCH', path: '/accounts/:company_id/storage' },
  }),
  'storage.test': op({
    summary: 'Test the FTP storage: connect, log in, write, read back and remove a probe file under the root',
    input: Type.Object({ company_id: CompanyId }, { additionalProperties: false }),
    output: StorageTestResult,
    http: { method: 'POST', path: '/accounts/:company_id/storage/test' },
  }),
  'attachments.list': op({
    summary: 'The attachments of one document, oldest first',
    input: Type.Object({ company_id: CompanyId, doctype: Doctype, doc_id: DocId }, { additionalProperties: false }),
    output: Type.Array(Attachment),
    http: { method: 'GET', path: '/accounts/:company_id/attachments' },
    reads: ['attachments'],
  }),
  'attachments.get': op({
    summary: "One attachment's metadata",
    input: Type.Object({ company_id: CompanyId, attachment_id: AttachmentId }, { additionalProperties: false }),
    output: Attachment,
    http: { method: 'GET', path: '/accounts/:company_id/attachments/:attachment_id' },
    reads: ['attachments'],
    record: { table: 'attachments', input: 'attachment_id' },
  }),
  'attachments.upload': op({
    summary: 'Upload one file to a document (content base64); the same checks and storage as POST /attachments/upload/; progress as attachment.progress events',
    input: Type.Object(
      {
        company_id: CompanyId,
        doctype: Doctype,
        doc_id: DocId,
        file_name: Type.String({ minLength: 1, maxLength: 255 }),
        content_base64: Type.String({ maxLength: Math.ceil((ATTACHMENT_MAX_BYTES * 4) / 3) + 4, contentEncoding: 'base64' }),
        title: Type.Optional(Type.String({ maxLength: 255 })),
        is_public: Type.Optional(Type.Boolean()),
        attachment_type_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
        client_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
        upload_id: Type.Optional(Type.String({ maxLength: 64, description: 'names the attachment.progress events of this upload' })),
      },
      { additionalProperties: false },
    ),
    output: Attachment,
    http: { method: 'POST', path: '/accounts/:company_id/attachments', status: 201, bodyLimit: UPLOAD_BODY_LIMIT },
  }),
  'attachments.download': op({
    summary: 'The file of an attachment, base64 (the desktop window; HTTP clients use download_url, which streams)',
    input: Type.Object({ company_id: CompanyId, attachment_id: AttachmentId }, { additionalProperties: false }),
    output: Type.Object({ file_name: Type.String(), content_type: Type.String(), content_base64: Type.String() }),
    http: { method: 'GET', path: '/accounts/:company_id/attachments/:attachment_id/content' },
  }),
  'attachments.delete': op({
    summary: 'Delete an attachment: its file on the storage, its row and its key (503 and nothing removed when the storage is unreachable)',
    input: Type.Object({ company_id: CompanyId, attachment_id: AttachmentId }, { additionalProperties: false }),
    output: Type.Object({ deleted_attachment_id: Type.Integer() }),
    http: { method: 'DELETE', path: '/accounts/:company_id/attachments/:attachment_id' },
  }),
};
