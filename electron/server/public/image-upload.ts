import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { badRequest, isOperationError, OperationError } from '../../../shared/contract/errors.ts';
import { IMAGE_MAX_BYTES, ImageUploadForm } from '../../../shared/domain/images.ts';
import type { FilterSpec } from '../../../shared/filters/grammar.ts';
import type { ImageForm } from '../../core/domains/images/index.ts';
import type { EndpointContext, EndpointExample, RestRecords, RestRoutes, SENT } from './route-kit.ts';

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

/** What differs between the image uploads: where, what is documented, what the stored image answers. */
export interface ImageUploadDoc {
  /** Below /app/rest/v1/{company_id}, OpenAPI style, ending in /image/. */
  path: string;
  module: string;
  summary: string;
  description: string;
  params: Record<string, TSchema>;
  ok: { description: string; schema: TSchema };
  /** The 404's text: what does not exist. */
  notFound: string;
  example: EndpointExample;
}

/**
 * Registers a POST of an image upload (multipart/form-data read by readImageForm): the form
 * goes to `store` with the endpoint's context; its answer is the endpoint's data; `records` as
 * RestRoutes.endpoint takes them.
 */
export function registerImageUpload<T>(
  routes: RestRoutes,
  doc: ImageUploadDoc,
  store: (ctx: EndpointContext<FilterSpec>, form: ImageForm) => T | Promise<T>,
  records?: RestRecords<Exclude<T, typeof SENT>>,
): void {
  routes.endpoint(
    {
      method: 'POST',
      path: doc.path,
      module: doc.module,
      summary: doc.summary,
      description: doc.description,
      params: doc.params,
      body: { contentType: 'multipart/form-data', schema: ImageUploadForm },
      ok: doc.ok,
      errors: {
        400: 'no file, not an accepted image (messages name the file and the type found), or a field invalid',
        404: doc.notFound,
        413: `the file is larger than ${IMAGE_MAX_BYTES} bytes`,
        415: 'the body is not multipart/form-data',
      },
      example: doc.example,
    },
    async (ctx): Promise<T> => store(ctx, await readImageForm(ctx.request, ctx.reply)),
    records,
  );
}
