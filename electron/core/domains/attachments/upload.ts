import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { Clock } from '../../time.ts';
import { formatTimestamp } from '../../time.ts';
import type { CoreEventBus } from '../../events.ts';
import { prepareContent, type StoredEncoding } from './file-content.ts';
import { storedNameOf } from './file-names.ts';
import { discardFiles, uploadFiles } from './ftp-client.ts';
import { newDownloadKey, type AttachmentRow, type AttachmentStatements } from './records.ts';
import type { StorageSettingsStore } from './storage-settings.ts';
import { checkFiles, createTargetCheck, type IncomingFile, type UploadTarget } from './upload-checks.ts';

/** Progress events of one upload: at most one per PROGRESS_INTERVAL_MS, and always the last. */
const PROGRESS_INTERVAL_MS = 100;

interface PreparedFile {
  originalName: string;
  localPath: string;
  remotePath: string;
  size: number;
  encoding: StoredEncoding;
  contentType: string;
}

export interface UploadDeps {
  db: Database;
  clock: Clock;
  events: CoreEventBus;
  statements: AttachmentStatements;
  storage: StorageSettingsStore;
}

/**
 * Stores the files of one upload, all or none, the same for every door: the checks (400, 413),
 * the storage (503 when none or unreachable), each file prepared (resized, compressed) and
 * spooled to a local temporary folder one at a time (never all in memory), put on the storage
 * (temporary names, then renamed), and only then the rows, in one transaction that checks the
 * document again. A failed transaction removes the files again.
 */
export function createUploader(deps: UploadDeps) {
  const checkTarget = createTargetCheck(deps.db);

  function progressOf(companyId: number, uploadId: string | undefined, total: number) {
    let last = 0;
    let lastBytes = -1;
    return (bytes: number, force = false) => {
      if (uploadId === undefined || bytes === lastBytes) return;
      const now = performance.now();
      if (!force && now - last < PROGRESS_INTERVAL_MS) return;
      last = now;
      lastBytes = bytes;
      deps.events.emit('attachment.progress', { company_id: companyId, upload_id: uploadId, bytes, total });
    };
  }

  async function prepare(companyId: number, target: UploadTarget, files: IncomingFile[], work: string, root: string): Promise<PreparedFile[]> {
    const folder = posix.join(root, String(companyId), target.doctype, String(target.doc_id));
    const prepared: PreparedFile[] = [];
    for (const [index, file] of files.entries()) {
      const originalName = file.filename.trim().normalize('NFC');
      const { content, encoding, contentType } = await prepareContent(originalName, await file.read());
      const localPath = join(work, `${index}.stored`);
      await writeFile(localPath, content);
      const remoteName = `${randomBytes(8).toString('hex')}-${storedNameOf(originalName)}`;
      prepared.push({ originalName, localPath, remotePath: posix.join(folder, remoteName), size: content.length, encoding, contentType });
    }
    return prepared;
  }

  return {
    checkTarget,
    async upload(companyId: number, target: UploadTarget, files: IncomingFile[], uploadId?: string): Promise<AttachmentRow[]> {
      checkFiles(files);
      checkTarget(companyId, target);
      const storage = await deps.storage.target(companyId);
      const work = await mkdtemp(join(tmpdir(), 'erpwb-attachments-'));
      try {
        const prepared = await prepare(companyId, target, files, work, storage.root);
        const total = prepared.reduce((sum, file) => sum + file.size, 0);
        const progress = progressOf(companyId, uploadId, total);
        progress(0, true);
        await uploadFiles(storage, prepared, (bytes) => progress(Math.min(bytes, total)));
        progress(total, true);
        const uploadedTs = formatTimestamp(deps.clock.now());
        try {
          return deps.db.transaction(() => {
            checkTarget(companyId, target);
            return prepared.map((file) => {
              const id = Number(
                deps.statements.insert.run({
                  company_id: companyId,
                  doctype: target.doctype,
                  doc_id: target.doc_id,
                  client_id: target.client_id,
                  title: target.title,
                  original_filename: file.originalName,
                  filesize: file.size,
                  is_public: target.is_public,
                  attachment_type_id: target.attachment_type_id,
                  storage_path: file.remotePath,
                  download_key: newDownloadKey(),
                  uploaded_ts: uploadedTs,
                  encoding: file.encoding,
                  content_type: file.contentType,
                }).lastInsertRowid,
              );
              return deps.statements.byId(companyId, id)!;
            });
          })();
        } catch (error) {
          await discardFiles(storage, prepared.map((file) => file.remotePath));
          throw error;
        }
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}
export type Uploader = ReturnType<typeof createUploader>;
