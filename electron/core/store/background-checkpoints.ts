import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sqliteBinding } from './sqlite-binding.ts';

/**
 * WAL checkpoints in a thread of their own. A checkpoint copies the pages committed to the WAL
 * back into the database file and syncs both files (synchronous=NORMAL syncs at checkpoints
 * only). Run by SQLite itself (wal_autocheckpoint), it happens inside the COMMIT that crosses the
 * threshold: that commit, on the event loop, then copies ~4 MB and waits for two fsyncs while
 * every request waits behind it. Here the main connection leaves them to a worker thread with a
 * connection of its own, which runs PASSIVE checkpoints (they never block the writer nor the
 * readers) four times a second while something is committed, and rewinds the WAL once it holds
 * RESTART_FRAMES (a RESTART checkpoint of the few frames left, during which the main thread's
 * write batches hold back: `rewinding()`).
 *
 * The main connection keeps a far larger automatic threshold as a backstop (a worker that died,
 * or could not keep up, still leaves a bounded WAL), so nothing depends on the thread for
 * correctness: it only moves the work off the event loop.
 *
 * The thread and the main thread share a lock (an Int32Array over a SharedArrayBuffer): a swap
 * of the file (reset, snapshot restore) and the close first hold it and make the worker close
 * its connection, so it never has the file open while the file changes under its path.
 */

/**
 * The cells of the shared Int32Array. The worker gets this map in its workerData: one
 * definition for both sides.
 */
const CELL = { LOCK: 0, GENERATION: 1, STOP: 2, STOPPED: 3, OPENED: 4, CHECKPOINTS: 5, RESTARTS: 6, SUSPEND: 7, WAKE: 8, REWINDING: 9 } as const;
const { LOCK, GENERATION, STOP, STOPPED, OPENED, CHECKPOINTS, RESTARTS, SUSPEND, WAKE, REWINDING } = CELL;
const CELLS = Object.keys(CELL).length;
/** Values of the LOCK cell. */
const LOCK_STATE = { FREE: 0, HELD_BY_MAIN: 1, HELD_BY_WORKER: 2 } as const;
const { FREE, HELD_BY_MAIN } = LOCK_STATE;

/**
 * How often the worker looks at the WAL (stat of the -wal file) and checkpoints what was
 * committed since its last look. Not more often: every checkpoint copies the pages changed since
 * the one before, and the hot ones (the newest rows, their index pages) change again within
 * milliseconds (checkpointing every 25 ms made product PATCHes 2x slower).
 */
export const CHECKPOINT_INTERVAL_MS = 250;
/**
 * The main connection's own wal_autocheckpoint while the worker runs (pages of 4 KiB: 32 MiB),
 * instead of SQLite's 1000: reached only when the worker is gone or far behind.
 */
export const BACKSTOP_AUTOCHECKPOINT_PAGES = 8192;
/**
 * A WAL of this many frames (SQLite's own threshold: 4 MiB) is rewound after the worker's PASSIVE
 * pass (checkpoint-worker.mjs, rewind()), so it stays near this size under continuous writes.
 */
export const RESTART_FRAMES = 1000;
/**
 * How long the rewind waits for the writer lock (a write batch under way) and for readers to
 * leave the WAL; past it, it gives up until the next look. Write batches wait for the rewind
 * without holding the event loop (write-batch.ts).
 */
const RESTART_WAIT_MS = 10;
/** How long a swap or a close waits for the worker to close its connection before going on without it. */
const STAND_ASIDE_TIMEOUT_MS = 2000;

export interface BackgroundCheckpoints {
  /**
   * Holds the lock and has the worker close its connection: call before the file changes under
   * its path (a swap, a close). Synchronous: waits for a checkpoint under way to end.
   */
  standAside(): void;
  /** After standAside(): the file at the path may be another one now; the worker opens it again. */
  resume(): void;
  /** Stops the worker for good (after standAside()): the main connection may close then. */
  stop(): void;
  /** Checkpoints run so far (tests). */
  checkpoints(): number;
  /** Times the WAL was rewound so far (tests). */
  restarts(): number;
  /**
   * The worker wants the write lock to rewind the WAL (a few milliseconds): write batches wait
   * until it is done instead of taking the lock back at once (SQLite's locks have no queue, and
   * batches that follow each other would leave it none).
   */
  rewinding(): boolean;
  /** Whether the worker thread is still running. */
  running(): boolean;
}

/** The worker's module: checkpoint-worker.js next to the bundle, else the source next to this file. */
function workerUrl(): URL {
  const compiled = new URL('./checkpoint-worker.js', import.meta.url);
  return existsSync(fileURLToPath(compiled)) ? compiled : new URL('./checkpoint-worker.mjs', import.meta.url);
}

/**
 * Starts the worker for the database file at `path`. `onExit` runs when the thread ends by
 * itself (it failed to start, or threw): the caller then gives SQLite its automatic checkpoints back.
 */
export function startBackgroundCheckpoints(path: string, onExit: (error: Error | undefined) => void): BackgroundCheckpoints {
  const cells = new Int32Array(new SharedArrayBuffer(CELLS * Int32Array.BYTES_PER_ELEMENT));
  let alive = true;
  let stopping = false;
  const worker = new Worker(workerUrl(), {
    workerData: {
      cells: cells.buffer,
      cell: CELL,
      lockState: LOCK_STATE,
      path,
      intervalMs: CHECKPOINT_INTERVAL_MS,
      restartFrames: RESTART_FRAMES,
      restartWaitMs: RESTART_WAIT_MS,
      // The better-sqlite3 binary of the main thread (sqlite-binding.ts): Electron's, under Electron.
      nativeBinding: sqliteBinding(),
    },
    // The parent's flags (a test runner's loader, --cpu-prof) are no use to this thread.
    execArgv: [],
    stdout: false,
    stderr: false,
  });
  // Never what keeps the process alive.
  worker.unref();
  let failure: Error | undefined;
  worker.on('error', (error) => {
    failure = error;
  });
  worker.on('exit', () => {
    alive = false;
    if (!stopping) onExit(failure ?? new Error('the checkpoint thread ended'));
  });

  function wake(): void {
    Atomics.notify(cells, WAKE);
  }

  return {
    standAside() {
      Atomics.store(cells, SUSPEND, 1);
      wake();
      // A checkpoint under way ends within milliseconds; the worker frees the lock after it.
      while (Atomics.compareExchange(cells, LOCK, FREE, HELD_BY_MAIN) !== FREE) Atomics.wait(cells, LOCK, Atomics.load(cells, LOCK), 50);
      const deadline = performance.now() + STAND_ASIDE_TIMEOUT_MS;
      while (alive && Atomics.load(cells, OPENED) !== 0 && performance.now() < deadline) {
        wake();
        Atomics.wait(cells, OPENED, 1, 5);
      }
    },
    resume() {
      Atomics.add(cells, GENERATION, 1);
      Atomics.store(cells, SUSPEND, 0);
      Atomics.store(cells, LOCK, FREE);
      Atomics.notify(cells, LOCK);
    },
    stop() {
      stopping = true;
      Atomics.store(cells, STOP, 1);
      wake();
      const deadline = performance.now() + STAND_ASIDE_TIMEOUT_MS;
      while (alive && Atomics.load(cells, STOPPED) === 0 && performance.now() < deadline) Atomics.wait(cells, STOPPED, 0, 5);
    },
    checkpoints: () => Atomics.load(cells, CHECKPOINTS),
    restarts: () => Atomics.load(cells, RESTARTS),
    rewinding: () => alive && Atomics.load(cells, REWINDING) !== 0,
    running: () => alive && Atomics.load(cells, STOPPED) === 0,
  };
}
