import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Database } from 'better-sqlite3';
import { badRequest, notFound, OperationError } from '../../../../shared/contract/errors.ts';
import type { OperationInput } from '../../../../shared/contract/operations.ts';
import type { Attachment, AttachmentDeleted, AttachmentUploadResult, StoragePatch, StorageSettings, StorageTestResult } from '../../../../shared/domain/attachments.ts';
import type { Clock } from '../../time.ts';
import type { CoreEventBus } from '../../events.ts';
import { createSecretBox } from './secret-box.ts';
import { createEmbeddedFtp } from './embedded-ftp.ts';
import { createStorageSettings, embeddedPassword } from './storage-settings.ts';
import { removeFile } from './ftp-client.ts';
import { openDownload, probeStorage, readAll } from './ftp-download.ts';
import { attachmentStatements, toAttachment } from './records.ts';
import { createUploader } from './upload.ts';
import { targetFromForm, type IncomingFile } from './upload-checks.ts';
import { fileNameProblem } from './file-names.ts';
import { renderUploadPage } from './upload-page.ts';
import { createStorageHealth } from './storage-health.ts';

export { ATTACHMENT_FILES_PREFIX } from './records.ts';
export type { IncomingFile } from './upload-checks.ts';
export { STORAGE_KEY_FILE } from './secret-box.ts';

/** The folder the embedded FTP server serves, inside the data folder. */
export const EMBEDDED_FTP_FOLDER = 'ftp';

export interface AttachmentsDeps {
  db: Database;
  clock: Clock;
  events: CoreEventBus;
  dataDir: string;
  /** The listener's address, for the download URLs of answers made outside a REST request. */
  publicUrl(): string;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
  /** A fault switch (storage_down) that makes this use of the account's storage refuse: the 503 to throw. */
  storageRefusal?(companyId: number): Error | undefined;
}

/** A file as the operations carry it (attachments.upload): its bytes in base64, with the document it goes to. */
export type EncodedUpload = Omit<OperationInput<'attachments.upload'>, 'company_id'>;

/** A file on its way to a downloader: its original bytes, streamed from the storage. */
export interface AttachmentDownload {
  stream: Readable;
  fileName: string;
  contentType: string;
}

/**
 * Attachments kept on each account's FTP storage, and that storage's setting (see
 * docs/data-model.md, "Attachments"). One implementation behind every door: the REST routes use
 * `rest`, the operations (control API, IPC, CLI; electron/core/operations/attachments.ts) the rest.
 */
export function createAttachments(deps: AttachmentsDeps) {
  const { db } = deps;
  const box = createSecretBox(deps.dataDir);
  const embedded = createEmbeddedFtp({ root: join(deps.dataDir, EMBEDDED_FTP_FOLDER), password: () => embeddedPassword(box) });
  const settings = createStorageSettings(db, box, embedded);
  // Every use of the storage asks for its target first: a storage_down fault refuses it there, as
  // an unreachable storage would (503), for uploads, deletes, downloads and the storage test alike.
  const storage: typeof settings = {
    ...settings,
    async target(companyId) {
      const refusal = deps.storageRefusal?.(companyId);
      if (refusal) throw refusal;
      return settings.target(companyId);
    },
  };
  const health = createStorageHealth(deps.events, deps.clock);
  const statements = attachmentStatements(db);
  const uploader = createUploader({ db, clock: deps.clock, events: deps.events, statements, storage });
  const typesOf = db.prepare<[number], { id: number; name: string }>('SELECT id, name FROM attachment_types WHERE company_id = ? ORDER BY id');
  /** Set by useEmbeddedForAll (npm run serve -- --embedded-ftp): a reset points the new accounts at it again. */
  let embeddedForAll = false;

  function rowOf(companyId: number, id: number) {
    deps.requireAccount(companyId);
    const row = statements.byId(companyId, id);
    if (!row) throw notFound(`attachment ${id} does not exist`);
    return row;
  }

  /** Removes the file first: unreachable or refusing storage is a 503 and the attachment stays whole. */
  async function remove(companyId: number, id: number): Promise<AttachmentDeleted> {
    const row = rowOf(companyId, id);
    await health.observe(companyId, async () => removeFile(await storage.target(companyId), row.storage_path));
    const removed = db.transaction(() => statements.remove.run(companyId, id).changes)();
    if (removed === 0) throw notFound(`attachment ${id} does not exist`);
    return { deleted_attachment_id: id };
  }

  async function open(companyId: number, id: number): Promise<AttachmentDownload> {
    const row = statements.byId(companyId, id)!;
    const stream = await health.observe(companyId, async () =>
      openDownload(await storage.target(companyId), row.storage_path, row.encoding === 'gzip', `the file of attachment ${id} is missing on the storage`),
    );
    return { stream, fileName: row.original_filename, contentType: row.content_type };
  }

  async function useEmbeddedForAll(): Promise<{ host: string; port: number; root: string; accounts: number[] }> {
    embeddedForAll = true;
    const address = await embedded.start();
    const accounts = db.prepare<[], number>('SELECT company_id FROM accounts WHERE company_id NOT IN (SELECT company_id FROM account_storage) ORDER BY company_id').pluck().all();
    for (const companyId of accounts) await storage.useEmbedded(companyId);
    return { ...address, root: embedded.root, accounts: storage.embeddedAccounts() };
  }

  /** The account's storage setting, never its password (storage.get). */
  function storageSettings(companyId: number): StorageSettings {
    deps.requireAccount(companyId);
    return storage.show(companyId);
  }

  async function updateStorage(companyId: number, patch: StoragePatch): Promise<StorageSettings> {
    deps.requireAccount(companyId);
    const updated = await storage.update(companyId, patch);
    health.forget(companyId);
    return updated;
  }

  /** Connects, logs in, writes, reads back and removes a probe file; the outcome is the storage's health too. */
  async function testStorage(companyId: number): Promise<StorageTestResult> {
    deps.requireAccount(companyId);
    try {
      const result = await probeStorage(await storage.target(companyId));
      if (result.ok) health.worked(companyId);
      else health.failed(companyId, result.message);
      return result;
    } catch (error) {
      if (!(error instanceof OperationError)) throw error;
      health.failed(companyId, error.message);
      return { ok: false, message: error.message, duration_ms: 0 };
    }
  }

  /** The attachments of one document, oldest first. */
  function ofDocument(companyId: number, doctype: EncodedUpload['doctype'], docId: number): Attachment[] {
    deps.requireAccount(companyId);
    return statements.ofDocument.all(companyId, doctype, docId).map((row) => toAttachment(row, deps.publicUrl()));
  }

  /** One file to a document, with the checks and storage of POST /attachments/upload/ (400: not base64). */
  async function uploadEncoded(companyId: number, { file_name, content_base64, upload_id, ...fields }: EncodedUpload): Promise<Attachment> {
    deps.requireAccount(companyId);
    const base64 = content_base64.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) throw badRequest('content_base64: not base64');
    const content = Buffer.from(base64, 'base64');
    const file: IncomingFile = { filename: file_name, size: content.length, read: async () => content };
    const target = {
      doctype: fields.doctype,
      doc_id: fields.doc_id,
      client_id: fields.client_id ?? null,
      title: fields.title ?? '',
      is_public: fields.is_public ? (1 as const) : (0 as const),
      attachment_type_id: fields.attachment_type_id ?? null,
    };
    const [row] = await health.observe(companyId, () => uploader.upload(companyId, target, [file], upload_id));
    return toAttachment(row!, deps.publicUrl());
  }

  /** The whole file of an attachment in base64 (the desktop window; HTTP clients stream download_url). */
  async function downloadEncoded(companyId: number, id: number): Promise<{ file_name: string; content_type: string; content_base64: string }> {
    rowOf(companyId, id);
    const download = await open(companyId, id);
    const content = await readAll(download.stream);
    return { file_name: download.fileName, content_type: download.contentType, content_base64: content.toString('base64') };
  }

  return {
    storageSettings,
    updateStorage,
    testStorage,
    ofDocument,
    /** One attachment's metadata. */
    get: (companyId: number, id: number): Attachment => toAttachment(rowOf(companyId, id), deps.publicUrl()),
    upload: uploadEncoded,
    download: downloadEncoded,
    /** Its file on the storage first (503 and nothing removed when the storage is unreachable), then its row and key. */
    delete: remove,
    useEmbeddedForAll,
    /** Why the account's storage failed its last use (attention.list); undefined when it worked or was not used. */
    storageProblem: (companyId: number) => health.problemOf(companyId),
    /** What the REST door (and the download URL) needs; `baseUrl` is the request's scheme and Host. */
    rest: {
      /** 503 before the upload is read: the account has no storage at all. */
      requireStorage(companyId: number): void {
        if (!storage.configured(companyId)) throw new OperationError(503, `account ${companyId} has no FTP storage configured`);
      },
      fileNameProblem,
      async upload(companyId: number, fields: Record<string, string>, files: IncomingFile[], baseUrl: string): Promise<AttachmentUploadResult> {
        const rows = await health.observe(companyId, () => uploader.upload(companyId, targetFromForm(fields), files));
        return { attached_file_rec_ids: rows.map((row) => row.id), attachments: rows.map((row) => toAttachment(row, baseUrl)) };
      },
      get: (companyId: number, id: number, baseUrl: string) => toAttachment(rowOf(companyId, id), baseUrl),
      delete: (companyId: number, id: number): Promise<AttachmentDeleted> => remove(companyId, id),
      /** The file behind a download key; undefined when the key opens nothing (404). */
      async download(key: string): Promise<AttachmentDownload | undefined> {
        const row = statements.byKey(key);
        return row ? open(row.company_id, row.id) : undefined;
      },
      uploadPage: (companyId: number, restBase: string) => renderUploadPage(companyId, restBase, typesOf.all(companyId)),
    },
    /**
     * After a reset: the accounts are new and have no storage, and the files of the embedded
     * server belonged to attachments that are gone. Its folder is emptied; the server stops,
     * unless the service was started with --embedded-ftp, which points the new accounts at it again.
     */
    async afterReset(): Promise<void> {
      health.forget();
      if (!embeddedForAll) await embedded.stop();
      rmSync(embedded.root, { recursive: true, force: true });
      if (embeddedForAll) await useEmbeddedForAll();
    },
    /** accounts.create: a new account gets the embedded storage when the service runs with --embedded-ftp. */
    async accountCreated(companyId: number): Promise<void> {
      if (embeddedForAll) await storage.useEmbedded(companyId);
    },
    /**
     * accounts.delete, before the account's rows go (its storage setting goes with them): a
     * function that removes its stored files afterwards, answering how many could not be removed.
     * The embedded server's folder of the account goes at once; on an external server each file
     * is removed (an unreachable server leaves them there).
     */
    async accountFilesRemover(companyId: number): Promise<() => Promise<{ removed: number; failed: number }>> {
      const paths = db.prepare<[number], string>('SELECT storage_path FROM attachments WHERE company_id = ?').pluck().all(companyId);
      const settings = storage.show(companyId);
      const embeddedFolder = join(embedded.root, String(companyId));
      const target = settings.configured && !settings.embedded && paths.length > 0 ? await storage.target(companyId).catch(() => undefined) : undefined;
      return async () => {
        rmSync(embeddedFolder, { recursive: true, force: true });
        if (!settings.configured || settings.embedded) return { removed: paths.length, failed: 0 };
        if (!target) return { removed: 0, failed: paths.length };
        let failed = 0;
        for (const path of paths) await removeFile(target, path).catch(() => failed++);
        return { removed: paths.length - failed, failed };
      };
    },
    /** Stops the embedded server (the core closes). */
    close: () => embedded.stop(),
  };
}
export type Attachments = ReturnType<typeof createAttachments>;
