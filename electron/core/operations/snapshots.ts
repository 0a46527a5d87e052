import { statSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivate } from '../store/private-files.ts';
import { conflict, notFound, OperationError } from '../../../shared/contract/errors.ts';
import type { Account } from '../../../shared/domain/accounts.ts';
import type { Snapshot, snapshotOperations } from '../../../shared/contract/operations-snapshots.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import { formatTimestamp, type Clock } from '../time.ts';
import type { LiveDatabase } from '../store/live-database.ts';
import { SNAPSHOT_DATABASE, SnapshotStore, type DataFolder, type PreparedRestore, type SnapshotMeta } from '../store/snapshot-store.ts';

export interface SnapshotDeps {
  db: LiveDatabase;
  dataDir: string;
  /** The data folders saved and restored with the database (the file store, the embedded FTP root). */
  folders: readonly DataFolder[];
  clock: Clock;
  /** Writes what is held back for the database (the API log's buffered lines): they belong to the saved data. */
  flushWrites(): void;
  /**
   * Puts a complete store file in place of the live data, synchronously, with `alongside` (the
   * folders) moved in the same step; the reset's swap (create-core.ts). When it throws, the old
   * data and folders are in place.
   */
  swapIn(file: string, alongside: { apply(): void; undo(): void }): void;
  accounts(): Account[];
}

type Job = { kind: 'saving' | 'restoring'; name: string } | { kind: 'resetting' };

/** 503 for a restore that failed before anything changed. */
const unchanged = (what: string, error: unknown) =>
  new OperationError(503, `the restore failed, the data was not changed: ${what}: ${error instanceof Error ? error.message : String(error)}`);

const toSnapshot = (meta: SnapshotMeta): Snapshot => {
  const folder = (name: string) => meta.folders[name] ?? { count: 0, bytes: 0 };
  const stored = folder('files');
  const ftp = folder('ftp');
  const folderBytes = Object.values(meta.folders).reduce((sum, f) => sum + f.bytes, 0);
  return {
    name: meta.name,
    created_ts: meta.created_ts,
    size_bytes: meta.database_bytes + folderBytes,
    holds: { accounts: meta.accounts, database_bytes: meta.database_bytes, stored_files: stored, ftp_files: ftp },
  };
};

/**
 * snapshots.* (control API /_sandbox/snapshots): named copies of the whole data. A save is
 * SQLite's online backup of the live connection (requests go on; the copy is the data as the
 * backup ended) plus the data folders copied in the same turn of the event loop. A restore copies
 * them back next to the live ones and swaps them in with the reset's swap, in one synchronous
 * step. One save, restore or reset at a time.
 */
export function createSnapshots(deps: SnapshotDeps) {
  const store = new SnapshotStore(deps.dataDir, deps.db.path, deps.folders);
  store.removeLeftovers();
  let job: Job | undefined;

  function describe(running: Job): string {
    if (running.kind === 'resetting') return 'a reset is under way: wait for it (GET /_sandbox/reset)';
    return `snapshot '${running.name}' is being ${running.kind === 'saving' ? 'saved' : 'restored'}: try again when it is done`;
  }

  /** Runs `work` as the one job of the store; 409 while another runs. */
  async function exclusive<T>(next: Job, work: () => Promise<T>): Promise<T> {
    if (job) throw conflict(describe(job));
    job = next;
    try {
      return await work();
    } finally {
      job = undefined;
    }
  }

  function existing(name: string): SnapshotMeta {
    const meta = store.meta(name);
    if (!meta) throw notFound(`name: no snapshot named '${name}' (GET /_sandbox/snapshots lists them)`);
    return meta;
  }

  async function save(name: string, overwrite: boolean): Promise<Snapshot> {
    if (!overwrite && store.exists(name)) {
      throw conflict(`name: a snapshot named '${name}' exists: send "overwrite": true to replace it, or choose another name`);
    }
    return exclusive({ kind: 'saving', name }, async () => {
      const staging = await store.stage();
      try {
        deps.flushWrites();
        const database = join(staging, SNAPSHOT_DATABASE);
        await deps.db.backup(database);
        // SQLite's backup makes the file with the default mode: the copy is as private as the store.
        makePrivate(database);
        // The backup ended in the callback this continuation runs right after (a microtask): no
        // request ran in between, so the files and the accounts read now are those of the copy.
        const createdTs = formatTimestamp(deps.clock.now());
        const accounts = deps.accounts().map((a) => ({ company_id: a.company_id, name: a.name }));
        const folders = store.copyFoldersInto(staging);
        const meta: SnapshotMeta = { name, created_ts: createdTs, accounts, database_bytes: statSync(database).size, folders };
        await store.publish(staging, meta);
        return toSnapshot(meta);
      } catch (error) {
        await store.discard(staging);
        throw error;
      }
    });
  }

  async function restore(name: string): Promise<{ snapshot: Snapshot; accounts: Account[] }> {
    const meta = existing(name);
    return exclusive({ kind: 'restoring', name }, async () => {
      let prepared: PreparedRestore;
      try {
        prepared = await store.prepareRestore(name);
      } catch (error) {
        throw unchanged(`snapshot '${name}' could not be copied`, error);
      }
      try {
        deps.swapIn(prepared.file, prepared.folders);
      } catch (error) {
        throw unchanged(`snapshot '${name}' could not replace the data`, error);
      } finally {
        // The replaced data's folders (or, when the swap failed, the unused copies).
        void prepared.cleanUp();
      }
      return { snapshot: toSnapshot(meta), accounts: deps.accounts() };
    });
  }

  /** Newest first (then by name). */
  function list(): Snapshot[] {
    return store
      .all()
      .sort((a, b) => b.created_ts.localeCompare(a.created_ts) || a.name.localeCompare(b.name))
      .map(toSnapshot);
  }

  /** 404: no such snapshot; 409: it is being saved or restored. */
  function remove(name: string): { deleted: string } {
    existing(name);
    if (job && job.kind !== 'resetting' && job.name === name) throw conflict(describe(job));
    store.remove(name);
    return { deleted: name };
  }

  return {
    list,
    save,
    restore,
    remove,
    /**
     * The reset's handler made exclusive with snapshots: refused (409) while a snapshot is saved
     * or restored, and a save or restore is refused while it runs (both replace or read the file).
     */
    exclusiveReset<I, O>(reset: (input: I) => O | Promise<O>): (input: I) => Promise<O> {
      return async (input) => {
        // A second reset meets the running one's own refusal, which says how far it is.
        if (job?.kind === 'resetting') return reset(input);
        return exclusive({ kind: 'resetting' }, async () => reset(input));
      };
    },
  };
}
export type Snapshots = ReturnType<typeof createSnapshots>;

/** Named copies of the whole data (shared/contract/operations-snapshots.ts). */
export function createSnapshotHandlers(deps: { snapshots: Pick<Snapshots, 'list' | 'save' | 'restore' | 'remove'> }): HandlersOf<keyof typeof snapshotOperations> {
  const { snapshots } = deps;
  return {
    'snapshots.list': () => snapshots.list(),
    'snapshots.save': ({ name, overwrite }) => snapshots.save(name, overwrite ?? false),
    'snapshots.restore': ({ name }) => snapshots.restore(name),
    'snapshots.delete': ({ name }) => snapshots.remove(name),
  };
}
