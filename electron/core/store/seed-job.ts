import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { driverOptions, sqliteBinding } from './sqlite-binding.ts';
import type { SeedKind } from './seed-store.ts';
import type { SeedProgress } from './seed/index.ts';

/** What the seed worker is asked (its workerData.job). */
export interface SeedJob {
  /** The new file to create and seed (it must not exist). */
  file: string;
  /** The live store, read for the rows a reset keeps; null on a first start (there is none yet). */
  liveFile: string | null;
  kind: SeedKind;
  scale: number;
  /** ISO instant the demo is moved to (the core's clock when the reset began). */
  now: string;
  /** The better-sqlite3 binary the thread loads: its parent's (sqlite-binding.ts). */
  nativeBinding?: string;
}

/** What the seed worker says: progress, then done or failed (then it exits). */
export type SeedMessage =
  | { type: 'progress'; done: number; total: number; phase: string }
  | { type: 'done' }
  | { type: 'failed'; message: string };

export class SeedCancelled extends Error {
  override name = 'SeedCancelled';
}

export interface RunningSeed {
  /** The seeded, closed file; rejects (SeedCancelled or the failure) once the worker is gone and its file deleted. */
  readonly finished: Promise<string>;
  /** Ends the worker; `finished` rejects with SeedCancelled. */
  cancel(): void;
}

export interface SeedWorkerOptions {
  /** The live store: the new file is made next to it. */
  liveFile: string;
  /** False on a first start: the live file does not exist yet, no rows to keep (default true). */
  keepRows?: boolean;
  kind: SeedKind;
  scale: number;
  now: Date;
  onProgress: SeedProgress;
  /** The worker's module (default: seed-worker.js next to this module's bundle, else seed-worker.ts). */
  entry?: URL;
}

/**
 * New files are `<live file>.seeding-<pid>-<random>`: a start after a crash removes what is left
 * of them, and only of processes that are gone (another server on the same folder may be
 * seeding a reset right then).
 */
const SEEDING = '.seeding-';

/** Removes a seed file and its WAL and shared-memory files. */
export function removeSeedFile(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Deletes the new files of seeds that never finished: the process that made them is gone (a
 * name without a pid is an earlier version's, taken for gone too).
 */
export function removeStaleSeedFiles(liveFile: string): void {
  const prefix = `${basename(liveFile)}${SEEDING}`;
  let names: string[];
  try {
    names = readdirSync(dirname(liveFile));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = /^(\d+)-/.exec(name.slice(prefix.length))?.[1];
    if (pid !== undefined && isRunning(Number(pid))) continue;
    rmSync(join(dirname(liveFile), name), { force: true });
  }
}

/** Whether a process of this pid exists (this one included). */
export function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function startWorker(entry: URL | undefined, job: SeedJob): Worker {
  // The build emits seed-worker.js next to each bundle (dist/server/serve.js, dist/electron/main/main.js).
  const compiled = new URL('./seed-worker.js', import.meta.url);
  const chosen = entry ?? (existsSync(fileURLToPath(compiled)) ? compiled : new URL('./seed-worker.ts', import.meta.url));
  if (!chosen.pathname.endsWith('.ts')) return new Worker(chosen, { workerData: { job } });
  // TypeScript (under tsx or vitest): loaded through tsx's API, see seed-worker-tsx.mjs.
  return new Worker(new URL('./seed-worker-tsx.mjs', import.meta.url), {
    // The parent's flags (a test runner's, tsx's own loader) are no use to this thread.
    execArgv: [],
    workerData: { job, entry: chosen.href },
  });
}

/**
 * Seeds a new file next to the live one in a worker thread: the event loop of the caller stays
 * free (the listener keeps answering from the live file meanwhile). A failed or cancelled seed
 * leaves nothing behind.
 */
export function startSeedWorker(options: SeedWorkerOptions): RunningSeed {
  const file = `${options.liveFile}${SEEDING}${process.pid}-${randomBytes(6).toString('hex')}`;
  const job: SeedJob = {
    file,
    liveFile: options.keepRows === false ? null : options.liveFile,
    kind: options.kind,
    scale: options.scale,
    now: options.now.toISOString(),
    ...driverOptions(sqliteBinding()),
  };
  const worker = startWorker(options.entry, job);
  let done = false;
  let cancelled = false;
  let failure: Error | undefined;
  worker.on('message', (message: SeedMessage) => {
    if (message.type === 'progress') options.onProgress(message.done, message.total, message.phase);
    else if (message.type === 'done') done = true;
    else failure ??= new Error(message.message);
  });
  // An exception the worker did not catch (it then exits with code 1).
  worker.on('error', (error) => {
    failure ??= error;
  });
  const finished = new Promise<string>((resolve, reject) => {
    // Settled only once the thread is gone: its connection to the new file is closed by then.
    worker.once('exit', (code) => {
      if (done && !cancelled && failure === undefined) return resolve(file);
      removeSeedFile(file);
      if (cancelled) reject(new SeedCancelled('the reset was cancelled'));
      else reject(failure ?? new Error(`the seed worker stopped without finishing (exit code ${code})`));
    });
  });
  return {
    finished,
    cancel() {
      cancelled = true;
      void worker.terminate();
    },
  };
}
