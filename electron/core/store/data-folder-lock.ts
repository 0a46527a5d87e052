import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { APP_VERSION } from '../version.ts';
import { driverOptions, sqliteBinding } from './sqlite-binding.ts';
import { ensurePrivateDir, makePrivate } from './private-files.ts';

/*
 * One service per data folder. Two processes on one folder both start, and each runs its own
 * webhook dispatcher and checkpoints; a reset in one moves a new file into place while the other
 * goes on writing into the old one, already deleted: what it writes from then on is lost when
 * it stops. So the desktop app, `serve` and startWorkbench on a given folder hold this lock for
 * their whole life, and a second start on the folder is refused naming the first.
 *
 * The lock is SQLite's own exclusive lock on a file of its own (POSIX fcntl, LockFileEx on
 * Windows): the kernel drops it when its process ends, however it ends (a crash, kill -9, a
 * power cut), so a stale lock cannot exist, pid reuse after a reboot cannot keep one alive, and a
 * container sharing the folder on the same kernel is seen. The lock file itself is never
 * deleted: a process that opened it just before a delete would lock a file nobody else sees.
 * Nothing in the holding process may open that file with node:fs: closing any descriptor of a
 * file drops the process's POSIX locks on it.
 *
 * Who holds it is written beside it (IN_USE_INFO), for the message; a crash leaves that file
 * behind, harmless: it is read only while the lock is held, and the next holder replaces it.
 */

/** The file whose SQLite lock is the folder's lock. */
export const IN_USE_LOCK = '.in-use.lock';
/** Who holds the lock: pid, kind, version, since, address once listening. */
export const IN_USE_INFO = '.in-use.json';

const HOLDER_KINDS = ['desktop', 'serve', 'library'] as const;
export type HolderKind = (typeof HOLDER_KINDS)[number];

export interface DataFolderHolder {
  kind: HolderKind;
  pid: number;
  /** How a person started it ('npm run serve', 'erp-workbench serve'), when it knows. */
  command?: string;
  version: string;
  /** ISO instant the lock was taken. */
  since: string;
  /** os.hostname() of the holder: another one means another machine or a container. */
  host: string;
  /** The holder runs in a container (docker, podman). */
  container: boolean;
  /** Where it listens, once it does. */
  url?: string;
}

/** The folder is held by another process (or by another service of this one). */
export class DataFolderInUseError extends Error {
  override name = 'DataFolderInUseError';
  readonly code = 'ERP_DATA_FOLDER_IN_USE';
  constructor(
    readonly dataDir: string,
    /** Undefined while the holder has not written who it is yet (it just took the lock), or never could. */
    readonly holder: DataFolderHolder | undefined,
  ) {
    super(`the data folder ${dataDir} is in use by ${describeHolder(holder)}`);
  }
}

export interface DataFolderLock {
  readonly dataDir: string;
  /** Adds the address the holder listens on, for the message a second start shows. */
  listening(url: string): void;
  /** Removes the holder's note and drops the lock. Safe to call twice. */
  release(): void;
}

/**
 * The connections that hold a lock, kept here until released: better-sqlite3 closes a connection
 * that is garbage-collected, which would drop the lock of a holder that kept no reference to its
 * handle (a start that only keeps what it needs to stop).
 */
const heldConnections = new Set<Database>();

/** True in a docker or podman container (each leaves its marker file at the root). */
function inContainer(): boolean {
  return existsSync('/.dockerenv') || existsSync('/run/.containerenv');
}

/**
 * Takes the folder's lock (making the folder when absent) or throws DataFolderInUseError naming
 * the holder. Any other failure (a folder that cannot be written) is thrown as it came.
 */
export function holdDataFolder(dataDir: string, who: { kind: HolderKind; command?: string }): DataFolderLock {
  ensurePrivateDir(dataDir);
  const lockFile = join(dataDir, IN_USE_LOCK);
  const infoFile = join(dataDir, IN_USE_INFO);
  // timeout 0: a held lock answers SQLITE_BUSY at once instead of after better-sqlite3's 5 s wait.
  // The binary the store uses too (in the desktop run from a clone, the Electron build).
  const db: Database = new BetterSqlite3(lockFile, { timeout: 0, ...driverOptions(sqliteBinding()) });
  try {
    // EXCLUSIVE locking mode keeps the lock the first transaction takes until the connection closes.
    db.pragma('locking_mode = EXCLUSIVE');
    // No rollback journal beside it (exclusive mode would keep one, made with SQLite's own mode).
    db.pragma('journal_mode = MEMORY');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
  } catch (error) {
    db.close();
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') throw new DataFolderInUseError(dataDir, readHolder(infoFile));
    throw error;
  }
  // chmod by path: no descriptor of the lock file is opened here (see above).
  makePrivate(lockFile);
  const holder: DataFolderHolder = {
    kind: who.kind,
    pid: process.pid,
    ...(who.command && { command: who.command }),
    version: APP_VERSION,
    since: new Date().toISOString(),
    host: hostname(),
    container: inContainer(),
  };
  const write = () => {
    // Whole or not at all: a second start may read it at any moment.
    const partial = `${infoFile}.${process.pid}.tmp`;
    writeFileSync(partial, `${JSON.stringify(holder)}\n`, { mode: 0o600 });
    renameSync(partial, infoFile);
  };
  try {
    write();
  } catch (error) {
    db.close();
    throw error;
  }
  heldConnections.add(db);
  let released = false;
  return {
    dataDir,
    listening(url) {
      if (released) return;
      holder.url = url;
      write();
    },
    release() {
      if (released) return;
      released = true;
      // The note first, then the lock: the next holder's note is never the one removed.
      try {
        rmSync(infoFile, { force: true });
      } finally {
        heldConnections.delete(db);
        db.close();
      }
    },
  };
}

/** The holder's note, or undefined when absent, being replaced or unreadable. */
export function readHolder(infoFile: string): DataFolderHolder | undefined {
  try {
    const value = JSON.parse(readFileSync(infoFile, 'utf8')) as Partial<DataFolderHolder>;
    if (typeof value.pid !== 'number' || !(HOLDER_KINDS as readonly unknown[]).includes(value.kind) || typeof value.since !== 'string') return undefined;
    return {
      kind: value.kind as HolderKind,
      pid: value.pid,
      version: String(value.version ?? '?'),
      since: value.since,
      host: String(value.host ?? ''),
      container: value.container === true,
      ...(typeof value.command === 'string' && { command: value.command }),
      ...(typeof value.url === 'string' && { url: value.url }),
    };
  } catch {
    return undefined;
  }
}

/**
 * Where the holder runs, seen from here: in a container (another host name, or a container when
 * this process is not in one), on another machine sharing the folder, or here (undefined).
 */
export function holderElsewhere(holder: DataFolderHolder): 'container' | 'machine' | undefined {
  if (holder.host && holder.host !== hostname()) return holder.container ? 'container' : 'machine';
  return holder.container && !inContainer() ? 'container' : undefined;
}

/** "the ERP Workbench desktop app (pid 4242, since 2026-11-27 10:00)", for a message. */
export function describeHolder(holder: DataFolderHolder | undefined): string {
  if (!holder) return 'another ERP Workbench process (it has not said which)';
  const since = holder.since.slice(0, 16).replace('T', ' ');
  const where = holderElsewhere(holder);
  const elsewhere = where === 'container' ? ` in a container${holder.host !== hostname() ? ` (host ${holder.host})` : ''}` : where === 'machine' ? ` on another machine (${holder.host})` : '';
  const what =
    holder.kind === 'desktop'
      ? 'the ERP Workbench desktop app'
      : holder.kind === 'serve'
        ? `\`${holder.command ?? 'erp-workbench serve'}\``
        : 'a program running ERP Workbench in its own process (startWorkbench)';
  const at = holder.url ? `, at ${holder.url}` : '';
  return `${what}${elsewhere} (pid ${holder.pid}, since ${since} UTC${at})`;
}
