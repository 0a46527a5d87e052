import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, isOperationError, OperationError } from '../../../shared/contract/errors.ts';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from '../../../shared/domain/attachments.ts';
import type { IncomingFile } from '../../core/domains/attachments/index.ts';

export interface AttachmentForm {
  fields: Record<string, string>;
  files: IncomingFile[];
}

function formError(error: unknown): Error {
  if (isOperationError(error)) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new OperationError(413, `file: larger than the limit of ${ATTACHMENT_MAX_BYTES} bytes`);
    case 'FST_FILES_LIMIT':
      return badRequest(`file: at most ${ATTACHMENT_MAX_FILES} files per upload`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('form: too many fields');
    case 'FST_PROTO_VIOLATION':
      return badRequest('form: a field name is not allowed');
  }
  return badRequest(`form: malformed multipart/form-data body (${error instanceof Error ? error.message : String(error)})`);
}

/** Counts what passes, so the size of a spooled part is known without a stat. */
function counter() {
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      stream.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  stream.bytes = 0;
  return stream;
}

/**
 * Reads an attachment upload (multipart/form-data) part by part: text fields as sent, each `file`
 * part spooled to `spoolDir` (never held in memory; at most ATTACHMENT_MAX_BYTES each, 413
 * above, the rest of the body then not read). A file whose name is refused is not written
 * anywhere: its bytes are drained and the refusal reported with every other problem (400).
 */
export async function readAttachmentForm(
  request: FastifyRequest,
  reply: FastifyReply,
  spoolDir: string,
  nameProblem: (name: string) => string | undefined,
): Promise<AttachmentForm> {
  const fields: Record<string, string> = {};
  const files: IncomingFile[] = [];
  const problems: string[] = [];
  const drain = async (stream: NodeJS.ReadableStream) => {
    for await (const chunk of stream) void chunk;
  };
  try {
    // preservePath: busboy would cut '../x' down to 'x'; the name is judged as the client sent it.
    const parts = request.parts({
      preservePath: true,
      limits: { fileSize: ATTACHMENT_MAX_BYTES, files: ATTACHMENT_MAX_FILES, fields: 20, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        if (part.fieldname === 'file') problems.push('file: must be a file part (with a filename), not a text field');
        else if (Object.hasOwn(fields, part.fieldname)) problems.push(`${part.fieldname}: sent more than once`);
        else fields[part.fieldname] = value;
        continue;
      }
      const problem = part.fieldname !== 'file' ? `${part.fieldname}: unknown file field (the files go in parts named 'file')` : nameProblem(part.filename);
      if (problem) {
        problems.push(problem);
        await drain(part.file);
        continue;
      }
      const path = join(spoolDir, `${files.length}.part`);
      const count = counter();
      await pipeline(part.file, count, createWriteStream(path));
      if (part.file.truncated) throw new OperationError(413, `file ${JSON.stringify(part.filename)}: larger than the limit of ${ATTACHMENT_MAX_BYTES} bytes`);
      files.push({ filename: part.filename, size: count.bytes, read: () => readFile(path) });
    }
  } catch (error) {
    // The rest of a refused body is not read: the connection closes after the answer.
    reply.header('connection', 'close');
    throw formError(error);
  }
  if (problems.length > 0) throw badRequest(problems[0]!, problems);
  return { fields, files };
}
