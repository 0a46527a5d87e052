import { randomBytes } from 'node:crypto';
import { constants, copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { makePrivate } from './private-files.ts';

/*
 * A snapshot on disk: <data>/snapshots/<name>/ holding
 *   store.sqlite    the database, as SQLite's online backup wrote it
 *   files/, ftp/    copies of the data folders that belong to the data (see DataFolder)
 *   snapshot.json   what it is (SnapshotMeta), written last: a folder without it is not a snapshot
 * Work in progress lives under names starting with '.', which no snapshot name can have, and
 * what a stopped process left of it is removed at the next start (removeLeftovers).
 */

export const SNAPSHOTS_FOLDER = 'snapshots';
export const SNAPSHOT_DATABASE = 'store.sqlite';
const META = 'snapshot.json';

const SAVING = '.saving-';
const REMOVING = '.removing-';
/** `<live file>.restoring-<random>`: the copy of a snapshot's database about to be swapped in. */
const RESTORING = '.restoring-';
/** `.<folder>.replaced-<random>`: a data folder a restore took out of place, deleted after it. */
const REPLACED = '.replaced-';

/** A folder of the data folder whose files belong to the data (saved and restored with it). */
export interface DataFolder {
  /** Absolute path, directly inside the data folder; its name is its name inside a snapshot. */
  path: string;
  /**
   * Whether its files are only ever replaced whole (written to a temporary file and renamed,
   * never changed in place): then a snapshot and the live folder may share them as hard links,
   * which costs no copy. Otherwise they are copied.
   */
  writtenByRename: boolean;
}

export interface FileCount {
  count: number;
  bytes: number;
}

/** snapshot.json */
export interface SnapshotMeta {
  name: string;
  created_ts: string;
  accounts: Array<{ company_id: number; name: string }>;
  database_bytes: number;
  folders: Record<string, FileCount>;
}

const random = () => randomBytes(6).toString('hex');

/**
 * Copies the tree `from` into `to` (created), linking each file when `linkFiles` (falling back to a
 * copy across file systems) and copying otherwise (a clone where the file system can). A missing
 * `from` is an empty folder. Answers how many files and bytes the tree holds. Synchronous: a save
 * copies the folders in the same turn of the event loop as its database copy ended, so no request
 * adds or removes a file in between.
 */
export function copyTree(from: string, to: string, linkFiles: boolean): FileCount {
  const total: FileCount = { count: 0, bytes: 0 };
  // Owner only, like the data folder (private-files.ts): a snapshot holds the same data.
  mkdirSync(to, { recursive: true, mode: 0o700 });
  let entries;
  try {
    entries = readdirSync(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return total;
    throw error;
  }
  for (const entry of entries) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = copyTree(source, target, linkFiles);
      total.count += inner.count;
      total.bytes += inner.bytes;
    } else if (entry.isFile()) {
      if (!linkFiles || !tryLink(source, target)) {
        // A copy takes its source's mode, which an older version left open to others.
        copyFileSync(source, target, constants.COPYFILE_FICLONE);
        makePrivate(target);
      }
      total.count += 1;
      total.bytes += statSync(target).size;
    }
    // Anything else (a socket, a symbolic link) is nothing the service writes: left out.
  }
  return total;
}

function tryLink(source: string, target: string): boolean {
  try {
    linkSync(source, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP' || code === 'EMLINK') return false;
    throw error;
  }
}

/**
 * The snapshots of one data folder: where each lives, the staging of a new one, and the copies
 * a restore swaps in.
 */
export class SnapshotStore {
  readonly root: string;

  constructor(
    dataDir: string,
    /** The live database file (a restore's copy is made next to it: the swap renames it over). */
    private readonly liveFile: string,
    readonly folders: readonly DataFolder[],
  ) {
    this.root = join(dataDir, SNAPSHOTS_FOLDER);
  }

  folderOf(name: string): string {
    return join(this.root, name);
  }

  exists(name: string): boolean {
    return existsSync(join(this.folderOf(name), META));
  }

  /** The snapshot's description; undefined when there is none of that name (or its snapshot.json is unreadable). */
  meta(name: string): SnapshotMeta | undefined {
    try {
      const meta = JSON.parse(readFileSync(join(this.folderOf(name), META), 'utf8')) as SnapshotMeta;
      return typeof meta.created_ts === 'string' && typeof meta.database_bytes === 'number' ? { ...meta, name } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Every snapshot's description. */
  all(): SnapshotMeta[] {
    let names: string[];
    try {
      names = readdirSync(this.root);
    } catch {
      return [];
    }
    return names.filter((name) => !name.startsWith('.')).flatMap((name) => this.meta(name) ?? []);
  }

  /** A new, empty folder to save a snapshot into (made whole there, then moved into place). */
  async stage(): Promise<string> {
    const staging = join(this.root, `${SAVING}${random()}`);
    await mkdir(staging, { recursive: true, mode: 0o700 });
    return staging;
  }

  /** The data folders copied into `staging`, by name (synchronous, see copyTree). */
  copyFoldersInto(staging: string): Record<string, FileCount> {
    const counts: Record<string, FileCount> = {};
    for (const folder of this.folders) {
      counts[basename(folder.path)] = copyTree(folder.path, join(staging, basename(folder.path)), folder.writtenByRename);
    }
    return counts;
  }

  /** Writes snapshot.json into `staging` and puts it in place as `name`, replacing one of that name. */
  async publish(staging: string, meta: SnapshotMeta): Promise<void> {
    await writeFile(join(staging, META), `${JSON.stringify(meta, null, 2)}\n`, { mode: 0o600 });
    const target = this.folderOf(meta.name);
    // Synchronous from here: no other operation sees the name missing or half replaced.
    const replaced = existsSync(target) ? this.takeAway(target) : undefined;
    renameSync(staging, target);
    if (replaced) void removeQuietly(replaced);
  }

  /** Deletes the snapshot (its folder is out of place at once, its files go after). */
  remove(name: string): void {
    void removeQuietly(this.takeAway(this.folderOf(name)));
  }

  /** Removes a staging folder of a save that failed. */
  discard(staging: string): Promise<void> {
    return removeQuietly(staging);
  }

  /**
   * Copies of the snapshot's database and data folders, ready to be swapped in: `file` next to the
   * live database, each folder next to its live one. `swap` puts the folders in place (undo puts
   * the old ones back); `cleanUp` deletes what is left (the replaced folders, or unused copies).
   */
  async prepareRestore(name: string): Promise<PreparedRestore> {
    const from = this.folderOf(name);
    const tag = random();
    const file = `${this.liveFile}${RESTORING}${tag}`;
    const staged = this.folders.map((folder) => ({ folder, copy: join(dirname(folder.path), `.${basename(folder.path)}${RESTORING}${tag}`) }));
    const leftovers = [file, ...staged.map((s) => s.copy)];
    try {
      await copyFile(join(from, SNAPSHOT_DATABASE), file, constants.COPYFILE_FICLONE);
      for (const { folder, copy } of staged) copyTree(join(from, basename(folder.path)), copy, folder.writtenByRename);
    } catch (error) {
      await Promise.all(leftovers.map(removeQuietly));
      throw error;
    }
    const replaced: Array<{ live: string; aside: string | undefined; copy: string }> = [];
    return {
      file,
      folders: {
        apply() {
          for (const { folder, copy } of staged) {
            const aside = existsSync(folder.path) ? join(dirname(folder.path), `.${basename(folder.path)}${REPLACED}${tag}`) : undefined;
            if (aside) renameSync(folder.path, aside);
            replaced.push({ live: folder.path, aside, copy });
            renameSync(copy, folder.path);
          }
        },
        undo() {
          for (const { live, aside, copy } of replaced.reverse()) {
            if (existsSync(live)) renameSync(live, copy);
            if (aside) renameSync(aside, live);
          }
          replaced.length = 0;
        },
      },
      async cleanUp() {
        const asides = replaced.flatMap((r) => (r.aside ? [r.aside] : []));
        await Promise.all([...leftovers, ...asides].map(removeQuietly));
      },
    };
  }

  /** What an interrupted save, delete or restore left behind (at the start, before anything runs). */
  removeLeftovers(): void {
    const inRoot = safeList(this.root).filter((name) => name.startsWith(SAVING) || name.startsWith(REMOVING));
    for (const name of inRoot) rmSync(join(this.root, name), { recursive: true, force: true });
    const liveName = basename(this.liveFile);
    const dataDir = dirname(this.liveFile);
    const folderNames = this.folders.map((folder) => basename(folder.path));
    for (const name of safeList(dataDir)) {
      const restoring = name.startsWith(`${liveName}${RESTORING}`);
      const folderLeftover = folderNames.some((f) => name.startsWith(`.${f}${RESTORING}`) || name.startsWith(`.${f}${REPLACED}`));
      if (restoring || folderLeftover) rmSync(join(dataDir, name), { recursive: true, force: true });
    }
  }

  /** Moves a folder out of the way under a name no listing shows; answers where it went. */
  private takeAway(folder: string): string {
    const aside = join(this.root, `${REMOVING}${random()}`);
    renameSync(folder, aside);
    return aside;
  }
}

export interface PreparedRestore {
  /** The copy of the snapshot's database, next to the live file. */
  file: string;
  /** Puts the copied folders in place of the live ones (synchronous; undo reverses it). */
  folders: { apply(): void; undo(): void };
  /** Deletes the copies not used and the folders replaced. */
  cleanUp(): Promise<void>;
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

/** A leftover is not worth failing for: the next start removes what could not be removed now. */
async function removeQuietly(path: string): Promise<void> {
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    await rm(`${path}${suffix}`, { recursive: true, force: true }).catch(() => undefined);
  }
}
