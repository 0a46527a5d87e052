import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { ensurePrivateDir } from './private-files.ts';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DATABASE_FILE } from '../paths.ts';
import { isRunning, removeSeedFile, removeStaleSeedFiles, startSeedWorker } from './seed-job.ts';
import type { SeedKind } from './seed-store.ts';
import type { SeedProgress } from './seed/index.ts';

export interface FirstSeedRequest {
  dataDir: string;
  kind: SeedKind;
  scale: number;
  /** The instant the demo is moved to: the core's "now" at its start. */
  now: Date;
  onProgress?: SeedProgress;
  /** Called once when another process is seeding the same folder and this start waits for it. */
  onWait?: (pid: number) => void;
  /** The seed worker's module (tests substitute one); default as for a reset. */
  entry?: URL;
}

/** Held while a first start seeds its folder: the pid of the process doing it. */
export const FIRST_SEED_LOCK = '.first-seed.lock';
/** How often a start waiting for another process's first seed looks again. */
const WAIT_POLL_MS = 200;
/** A lock file without a pid yet is being written by its maker unless it is older than this. */
const UNWRITTEN_LOCK_MS = 2000;
/** The locks this process holds (two first seeds of one folder in one process take turns too). */
const heldHere = new Set<string>();

/**
 * A first start's seed, made before the core (and the server) are loaded: in the seed worker a
 * reset uses (seed-job.ts), into a new file that is moved into place only once complete. Its
 * memory goes with the thread: run in the process, a seed at scale 1000 left ~80 MB of garbage
 * in the heap and peaked on top of the core's and the listener's modules (273 MB against ~215 MB).
 *
 * Answers false, doing nothing, when the folder already has a store (createCore opens it; a
 * seed cut off halfway in an earlier version's process is redone there). Two processes started
 * on the same new folder take turns through a lock file: the second waits for the first's store
 * and answers false. A failed seed leaves no store (the next start seeds again); what a first
 * start killed halfway left (its `.seeding-` file, a WAL without its database) is removed by the
 * next, under the lock.
 */
export async function seedNewDataFolder(request: FirstSeedRequest): Promise<boolean> {
  const file = join(request.dataDir, DATABASE_FILE);
  if (existsSync(file)) return false;
  ensurePrivateDir(request.dataDir);
  const lock = join(request.dataDir, FIRST_SEED_LOCK);
  await takeLock(lock, request.onWait);
  heldHere.add(lock);
  try {
    // Checked again under the lock: the process we waited for made it.
    if (existsSync(file)) return false;
    removeStaleSeedFiles(file);
    // A WAL without its database is left from a file deleted by hand after a crash: SQLite
    // would replay it into the new file of the same name.
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
    const seed = startSeedWorker({
      liveFile: file,
      keepRows: false,
      kind: request.kind,
      scale: request.scale,
      now: request.now,
      onProgress: request.onProgress ?? (() => undefined),
      ...(request.entry && { entry: request.entry }),
    });
    const seeded = await seed.finished;
    // A store that appeared meanwhile (a process of a version without the lock) is kept.
    if (existsSync(file)) {
      removeSeedFile(seeded);
      return false;
    }
    // Closed by the worker: its WAL is checkpointed into it and gone.
    try {
      renameSync(seeded, file);
    } catch (error) {
      removeSeedFile(seeded);
      throw error;
    }
    return true;
  } finally {
    heldHere.delete(lock);
    rmSync(lock, { force: true });
  }
}

/** Creates the lock file with this pid; waits while a live process holds it; takes over a dead one's. */
async function takeLock(lock: string, onWait: ((pid: number) => void) | undefined): Promise<void> {
  let told = false;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx', 0o600);
      try {
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(lock);
    const held = heldHere.has(lock) || (holder === undefined ? ageMs(lock) < UNWRITTEN_LOCK_MS : holder !== process.pid && isRunning(holder));
    if (held) {
      // Said once the holder's pid is known (a lock being written has none yet).
      if (!told && holder !== undefined) {
        onWait?.(holder);
        told = true;
      }
      await sleep(WAIT_POLL_MS);
      continue;
    }
    // Left by a process that is gone (killed during its first seed): taken over. Two starts
    // taking over the same dead lock at once may both end up seeding; that is safe: each seeds
    // its own `.seeding-<pid>-` file, and the second to finish finds the first's store and drops its own.
    rmSync(lock, { force: true });
  }
}

function holderOf(lock: string): number | undefined {
  try {
    const pid = Number(readFileSync(lock, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}
