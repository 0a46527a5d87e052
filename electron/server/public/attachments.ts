import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Type from 'typebox';
import {
  ATTACHMENT_DOCTYPE_NAMES,
  ATTACHMENT_IMAGE_MAX_SIDE,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  Attachment,
  AttachmentDeleted,
  AttachmentUploadForm,
  AttachmentUploadResult,
} from '../../../shared/domain/attachments.ts';
import { SENT, type RestRoutes } from './route-kit.ts';
import { baseUrlOf } from './request-urls.ts';
import { REST_PREFIX } from './rest-path.ts';
import { readAttachmentForm } from './attachment-form.ts';
import {
  attachmentDeleteExample,
  attachmentExample,
  attachmentUploadExample,
  attachmentUploadPageExample,
} from './attachments.examples.ts';

const attachmentId = { attachment_id: Type.Integer({ minimum: 1 }) };

/** The spec's attachments: upload (and its documentation), metadata, delete. Downloads: ../attachment-files.ts. */
export function registerAttachmentRoutes(routes: RestRoutes): void {
  routes.endpoint(
    {
      method: 'GET',
      path: '/attachments/upload/',
      module: 'attachments',
      summary: 'Documentation of POST /attachments/upload/',
      example: attachmentUploadPageExample,
      description:
        'A readable HTML page generated from the same form schema and constants the upload checks: the fields, the ' +
        'doctypes and what their doc_id is, the account\'s attachment types, the limits, the refused extensions, ' +
        'the resize and compression rules, the answers, and a curl example.',
      ok: { contentType: 'text/html', description: 'the documentation page (text/html; charset=utf-8)' },
    },
    ({ core, companyId, request, reply }) => {
      reply.code(200).type('text/html; charset=utf-8').send(core.rest.attachments.uploadPage(companyId, `${baseUrlOf(request)}${REST_PREFIX}`));
      return SENT;
    },
  );

  routes.endpoint(
    {
      method: 'POST',
      path: '/attachments/upload/',
      module: 'attachments',
      summary: 'Upload files attached to a document (stored on the account\'s FTP storage)',
      example: attachmentUploadExample,
      description:
        `multipart/form-data: doctype (${ATTACHMENT_DOCTYPE_NAMES.join(', ')}), doc_id, and optionally client_id, title, ` +
        `is_public, attachment_type_id; 1 to ${ATTACHMENT_MAX_FILES} file parts named file, each at most ` +
        `${ATTACHMENT_MAX_BYTES} bytes (the service's 10 MiB body limit does not apply). Every file is stored or none. ` +
        'Refused with 400 (nothing stored): an unknown doctype, a document, contact or attachment type that does not ' +
        'exist in the account, an empty file, a file name that is not a plain base name (/, \\, .., NUL), or a ' +
        'server-executable extension anywhere in the name in any case (x.php.jpg). JPEG/PNG/WebP images with a side ' +
        `above ${ATTACHMENT_IMAGE_MAX_SIDE} px are resized; text-like files are stored gzip-compressed when that saves ` +
        '10% (downloads give the original bytes); filesize is the size as stored. 503 when the account has no FTP ' +
        'storage (before the body is read) or the storage is unreachable; nothing is then stored. GET shows the rules.',
      body: { contentType: 'multipart/form-data', schema: AttachmentUploadForm },
      ok: { description: 'the new attachments: attached_file_rec_ids (spec) and their metadata', schema: AttachmentUploadResult },
      errors: {
        400: 'a field or a file refused (each message names it); nothing was stored',
        413: `a file is larger than ${ATTACHMENT_MAX_BYTES} bytes`,
        415: 'the body is not multipart/form-data',
        503: 'the account has no FTP storage configured, or it is unreachable or refused; nothing was stored',
      },
      guard: ({ core, companyId }) => core.rest.attachments.requireStorage(companyId),
    },
    async ({ core, companyId, request, reply }) => {
      const spool = await mkdtemp(join(tmpdir(), 'erpwb-upload-'));
      try {
        const form = await readAttachmentForm(request, reply, spool, core.rest.attachments.fileNameProblem);
        return await core.rest.attachments.upload(companyId, form.fields, form.files, baseUrlOf(request));
      } finally {
        await rm(spool, { recursive: true, force: true });
      }
    },
    (data) => ({ attachments: data.attached_file_rec_ids }),
  );

  routes.endpoint(
    {
      method: 'GET',
      path: '/attachments/{attachment_id}/',
      module: 'attachments',
      summary: 'Metadata of an attachment, with its download URL',
      example: attachmentExample,
      description:
        'The spec\'s metadata (bocp_id, doctype, doc_id, client_id, title, original_filename, filesize, is_public, ' +
        'attachment_type_id, uploaded_ts) and download_url: the service URL that streams the file from the storage ' +
        '(absolute, on the scheme and Host of this request; no credentials: its secret key is one).',
      params: attachmentId,
      ok: { description: 'the attachment', schema: Attachment },
      errors: { 400: 'attachment_id is not a positive integer id', 404: 'no such attachment in the account' },
    },
    ({ core, companyId, params, request }) => core.rest.attachments.get(companyId, Number(params.attachment_id), baseUrlOf(request)),
  );

  routes.endpoint(
    {
      method: 'DELETE',
      path: '/attachments/{attachment_id}/',
      module: 'attachments',
      summary: 'Delete an attachment: its file, its metadata and its download key',
      example: attachmentDeleteExample,
      description:
        'Removes the file from the storage first (a file the storage no longer has counts as removed), then the row ' +
        'and with it the download key. When the storage is unreachable or refuses, 503 and the attachment stays ' +
        'whole (row, key, file). Needs DELETE allowed for the API user.',
      params: attachmentId,
      ok: { description: 'the deleted id', schema: AttachmentDeleted },
      errors: {
        400: 'attachment_id is not a positive integer id',
        404: 'no such attachment in the account',
        503: 'the storage is unreachable or refused (or the account has no storage); nothing was deleted',
      },
    },
    ({ core, companyId, params }) => core.rest.attachments.delete(companyId, Number(params.attachment_id)),
    (data) => ({ attachments: [data.deleted_attachment_id] }),
  );
}
