import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { badRequest, isOperationError, OperationError } from '../../../shared/contract/errors.ts';
import {
  IMAGE_MAX_BYTES,
  ImageUploadForm,
  ImageUrlRequest,
  ProductImagesDeleted,
  StoredProductImage,
} from '../../../shared/domain/images.ts';
import type { ImageForm, UrlOf } from '../../core/domains/images/index.ts';
import { mediaPath } from '../media.ts';
import type { RestRoutes } from './route-kit.ts';

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The absolute service URLs of stored files for the caller of `request`: the request's protocol
 * and Host header (what the caller used to reach the service) + /media/<key>. A missing or
 * malformed Host header falls back to the listener's own address.
 */
export function mediaUrls(request: FastifyRequest): UrlOf {
  const host = request.host;
  let base: string;
  if (host && HOST.test(host)) base = `${request.protocol}://${host}`;
  else {
    const address = request.socket.localAddress ?? '127.0.0.1';
    base = `${request.protocol}://${address.includes(':') ? `[${address}]` : address}:${request.socket.localPort}`;
  }
  return (key) => `${base}${mediaPath(key)}`;
}

const formError = (error: unknown, limit: number): Error => {
  if (isOperationError(error)) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new OperationError(413, `file: larger than the limit of ${limit} bytes`);
    case 'FST_FILES_LIMIT':
      return badRequest('file: only one file per request');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('form: too many fields (the form has file, title, description and alt_text)');
    case 'FST_PROTO_VIOLATION':
      return badRequest('form: a field name is not allowed');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('form: a field declared as application/json is not valid JSON');
  }
  const message = error instanceof Error ? error.message : String(error);
  return badRequest(`form: malformed multipart/form-data body (${message})`);
};

/**
 * Reads an image upload (multipart/form-data): the text fields as sent and the one file part
 * named `file`, at most IMAGE_MAX_BYTES (or the server's body limit when lower; 413 above). A
 * file part under another name, a second file, a field sent twice: 400 naming it. Content and
 * text are checked by the images domain.
 */
export async function readImageForm(request: FastifyRequest, reply: FastifyReply): Promise<ImageForm> {
  const limit = Math.min(IMAGE_MAX_BYTES, request.server.initialConfig.bodyLimit ?? IMAGE_MAX_BYTES);
  const fields: Record<string, string> = {};
  let file: ImageForm['file'];
  const problems: string[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: limit, files: 2 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          problems.push(`${part.fieldname}: unknown field (the image goes in the file part named 'file')`);
          for await (const chunk of part.file) void chunk;
        } else if (file) {
          problems.push('file: only one file per request');
          for await (const chunk of part.file) void chunk;
        } else {
          file = { content: await part.toBuffer(), filename: part.filename };
        }
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      if (part.fieldname === 'file') problems.push("file: must be a file part (with a filename), not a text field");
      else if (Object.hasOwn(fields, part.fieldname)) problems.push(`${part.fieldname}: sent more than once`);
      else fields[part.fieldname] = value;
    }
  } catch (error) {
    // The rest of a refused body is not read: the connection closes after the answer.
    reply.header('connection', 'close');
    throw formError(error, limit);
  }
  if (problems.length > 0) throw badRequest(problems[0]!, problems);
  return { fields, file };
}

const productId = { product_id: Type.Integer({ minimum: 1 }) };

/** Images of a variant: upload, add by URL, delete all (the list is in product.ts). */
export function registerProductImageRoutes(routes: RestRoutes): void {
  routes.endpoint(
    {
      method: 'POST',
      path: '/product/{product_id}/image/',
      module: 'product',
      summary: 'Upload an image of a variant',
      description:
        'multipart/form-data with one file part `file` and the text fields title, description, alt_text. The file ' +
        'must be a JPEG, PNG, GIF or WebP image by its content (its name and declared type are not trusted; SVG is ' +
        'refused: it can carry scripts). The image is stored by the service, appended after the existing images, ' +
        'and served back at its service URL (`url`, below /media/). Unknown fields, a second file or an over-long ' +
        'text field are a 400 naming the field.',
      params: productId,
      body: { contentType: 'multipart/form-data', schema: ImageUploadForm },
      ok: { description: 'the stored image', schema: StoredProductImage },
      errors: {
        400: 'no file, not an accepted image (messages name the file and the type found), or a field invalid',
        404: 'no such product in the account (or it is deleted)',
        413: `the file is larger than ${IMAGE_MAX_BYTES} bytes`,
        415: 'the body is not multipart/form-data',
      },
    },
    async ({ core, companyId, params, request, reply }) => {
      const form = await readImageForm(request, reply);
      return core.rest.images.addUploaded(companyId, Number(params.product_id), form, mediaUrls(request));
    },
  );

  routes.endpoint(
    {
      method: 'PUT',
      path: '/product/{product_id}/image/',
      module: 'product',
      summary: 'Add an image of a variant by URL',
      description:
        'JSON { url, title, description, alt_text } (`URL`, the spec\'s spelling, is accepted instead of url). The ' +
        'URL must be absolute http(s). It is stored as is, unless the account\'s catalogue setting downloads images: ' +
        'then the service downloads it (at most 10 s, 10 MiB and 5 redirects; the answer must be 2xx with an image/* ' +
        'Content-Type and JPEG, PNG, GIF or WebP content) and stores the file like an upload. A failed download ' +
        'is a 400 naming url and stores nothing. The image is appended after the existing images.',
      params: productId,
      body: { contentType: 'application/json', schema: ImageUrlRequest },
      ok: { description: 'the stored image', schema: StoredProductImage },
      errors: {
        400: 'url missing, not http(s), or its download failed (messages say why); a field invalid',
        404: 'no such product in the account (or it is deleted)',
      },
    },
    ({ core, companyId, params, request, body }) =>
      core.rest.images.addFromUrl(companyId, Number(params.product_id), body, mediaUrls(request)),
  );

  routes.endpoint(
    {
      method: 'DELETE',
      path: '/product/{product_id}/images/',
      module: 'product',
      summary: 'Delete every image of a variant',
      description: 'Deletes the image records and the files the service stored for them. A product without images answers deleted_count 0.',
      params: productId,
      ok: { description: 'what was deleted', schema: ProductImagesDeleted },
      errors: { 400: 'product_id is not a positive integer id', 404: 'no such product in the account (or it is deleted)' },
    },
    ({ core, companyId, params }) => core.rest.images.removeAll(companyId, Number(params.product_id)),
  );
}
