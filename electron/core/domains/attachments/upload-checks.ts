import type { Database } from 'better-sqlite3';
import { badRequest, OperationError } from '../../../../shared/contract/errors.ts';
import {
  ATTACHMENT_DOCTYPE_NAMES,
  ATTACHMENT_DOCTYPES,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  type AttachmentDoctype,
} from '../../../../shared/domain/attachments.ts';
import { fileNameProblem } from './file-names.ts';

/** What the files of one upload hang on, and their metadata. */
export interface UploadTarget {
  doctype: AttachmentDoctype;
  doc_id: number;
  client_id: number | null;
  title: string;
  is_public: 0 | 1;
  attachment_type_id: number | null;
}

/** A file as a door received it: its name as sent, its size, and its bytes on demand (spooled or in memory). */
export interface IncomingFile {
  filename: string;
  size: number;
  read(): Promise<Buffer>;
}

export const UPLOAD_FORM_FIELDS = ['doctype', 'doc_id', 'client_id', 'title', 'is_public', 'attachment_type_id'] as const;
const DOCTYPE_LIST = ATTACHMENT_DOCTYPE_NAMES.join(', ');
/** Rows that are deleted softly: a deleted product or contact takes no new attachment. */
const SOFT_DELETED = new Set<string>(['contacts', 'products']);

const ID = /^[1-9]\d{0,14}$/;

/**
 * The upload's text fields (multipart: every value is text) as an UploadTarget: the metadata's
 * own names; an unknown field, a missing doctype or doc_id, a value of the wrong form is a 400
 * naming each field.
 */
export function targetFromForm(fields: Record<string, string>): UploadTarget {
  const problems: string[] = [];
  for (const name of Object.keys(fields)) {
    if (!(UPLOAD_FORM_FIELDS as readonly string[]).includes(name)) problems.push(`${name}: unknown field (the form has ${UPLOAD_FORM_FIELDS.join(', ')} and file parts)`);
  }
  const doctype = fields.doctype?.trim() ?? '';
  if (!(ATTACHMENT_DOCTYPE_NAMES as readonly string[]).includes(doctype)) {
    problems.push(doctype === '' ? `doctype: required, one of ${DOCTYPE_LIST}` : `doctype: '${doctype}' is not one of ${DOCTYPE_LIST}`);
  }
  const id = (name: string, required: boolean): number | null => {
    const text = fields[name]?.trim() ?? '';
    if (text === '' && !required) return null;
    if (!ID.test(text)) problems.push(`${name}: ${text === '' ? 'required, ' : ''}must be a positive integer id`);
    return Number(text);
  };
  const docId = id('doc_id', true);
  const clientId = id('client_id', false);
  const typeId = id('attachment_type_id', false);
  const title = fields.title ?? '';
  if (title.length > 255) problems.push('title: at most 255 characters');
  const isPublic = (fields.is_public ?? '0').trim().toLowerCase();
  if (!['', '0', '1', 'true', 'false'].includes(isPublic)) problems.push('is_public: must be 0 or 1');
  if (problems.length > 0) throw badRequest(problems[0]!, problems);
  return {
    doctype: doctype as AttachmentDoctype,
    doc_id: docId!,
    client_id: clientId,
    title,
    is_public: isPublic === '1' || isPublic === 'true' ? 1 : 0,
    attachment_type_id: typeId,
  };
}

/**
 * Checks of the files themselves, the same for every door: at least one, at most
 * ATTACHMENT_MAX_FILES, names (fileNameProblem), not empty (400); larger than
 * ATTACHMENT_MAX_BYTES: 413. Every name problem is reported at once.
 */
export function checkFiles(files: IncomingFile[]): void {
  if (files.length === 0) throw badRequest("file: required: send the file in a part named 'file' (with a filename)");
  if (files.length > ATTACHMENT_MAX_FILES) throw badRequest(`file: at most ${ATTACHMENT_MAX_FILES} files per upload`);
  const problems = files.flatMap((file) => {
    const problem = fileNameProblem(file.filename);
    if (problem) return [problem];
    return file.size === 0 ? [`file ${JSON.stringify(file.filename)}: is empty`] : [];
  });
  if (problems.length > 0) throw badRequest(problems[0]!, problems);
  const large = files.find((file) => file.size > ATTACHMENT_MAX_BYTES);
  if (large) throw new OperationError(413, `file ${JSON.stringify(large.filename)}: larger than the limit of ${ATTACHMENT_MAX_BYTES} bytes`);
}

/**
 * Checks what the files hang on against the account: the document of `doctype` exists (a 400
 * naming doc_id: the spec's upload answers no 404), client_id is a contact and
 * attachment_type_id one of the account's types. Run before the upload and again inside the
 * transaction that writes the rows.
 */
export function createTargetCheck(db: Database) {
  const documentExists = new Map(
    Object.entries(ATTACHMENT_DOCTYPES).map(([doctype, table]) => [
      doctype,
      db.prepare<[number, number], number>(
        `SELECT 1 FROM ${table} WHERE company_id = ? AND id = ?${SOFT_DELETED.has(table) ? ' AND deleted = 0' : ''}`,
      ).pluck(),
    ]),
  );
  const contactExists = db.prepare<[number, number], number>('SELECT 1 FROM contacts WHERE company_id = ? AND id = ? AND deleted = 0').pluck();
  const typeExists = db.prepare<[number, number], number>('SELECT 1 FROM attachment_types WHERE company_id = ? AND id = ?').pluck();

  return (companyId: number, target: UploadTarget): void => {
    const problems: string[] = [];
    if (documentExists.get(target.doctype)!.get(companyId, target.doc_id) === undefined) {
      problems.push(`doc_id: ${target.doctype} ${target.doc_id} does not exist in the account`);
    }
    if (target.client_id !== null && contactExists.get(companyId, target.client_id) === undefined) {
      problems.push(`client_id: contact ${target.client_id} does not exist in the account`);
    }
    if (target.attachment_type_id !== null && typeExists.get(companyId, target.attachment_type_id) === undefined) {
      problems.push(`attachment_type_id: ${target.attachment_type_id} is not one of the account's attachment types`);
    }
    if (problems.length > 0) throw badRequest(problems[0]!, problems);
  };
}
