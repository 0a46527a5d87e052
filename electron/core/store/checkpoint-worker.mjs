// The WAL checkpoints of the live store file, in a thread of their own (background-checkpoints.ts
// starts it and explains why). Plain JavaScript: it runs as it is from the sources, and the build
// emits it as checkpoint-worker.js next to each bundle.
//
// The loop, every `intervalMs`: look at how many frames of the WAL wait to be copied (the
// wal-index header in the -shm file, read without locks: only a hint), and when they are at
// least `minFrames` (SQLite's own threshold), or fewer but nothing was committed for `idleMs`,
// take the lock shared with the main thread, open the file again if the main thread swapped
// another one in since, and run a PASSIVE checkpoint. Checkpointing every few milliseconds
// instead would copy the same hot pages (the newest rows, their index pages) over and over. While the main thread asks it to stand aside (SUSPEND: a swap or a close is coming),
// it closes its connection and waits: a connection left open on a file renamed away would, when
// it closed later as that file's last one, delete the WAL by its name, the new file's.
import { closeSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** The cells of the shared Int32Array: the same constants as background-checkpoints.ts. */
const LOCK = 0;
const GENERATION = 1;
const STOP = 2;
const STOPPED = 3;
const OPENED = 4;
const CHECKPOINTS = 5;
const SUSPEND = 6;
const WAKE = 7;
const FREE = 0;
const HELD_BY_WORKER = 2;

const { cells: buffer, path, intervalMs, minFrames, idleMs } = workerData;
const cells = new Int32Array(buffer);

let db;
let openGeneration = -1;

/**
 * The wal-index header (https://sqlite.org/walformat.html): mxFrame, the last valid frame, at
 * byte 16 of the first header copy; nBackfill, the frames already copied into the database, at
 * byte 96 (the checkpoint info after the two 48-byte header copies). Native byte order.
 */
const MX_FRAME = 16;
const N_BACKFILL = 96;
const header = Buffer.alloc(N_BACKFILL + 4);
const readU32 = endianness() === 'LE' ? (at) => header.readUInt32LE(at) : (at) => header.readUInt32BE(at);
let shm;
let shmGeneration = -1;
let pendingSince = 0;
let lastPending = 0;

/** Frames of the WAL not yet in the database file; 0 when the -shm file cannot be read. */
function pendingFrames() {
  try {
    // A swap since it was opened: that was the old file's.
    const generation = Atomics.load(cells, GENERATION);
    if (generation !== shmGeneration) closeShm();
    if (shm === undefined) {
      shm = openSync(`${path}-shm`, 'r');
      shmGeneration = generation;
    }
    if (readSync(shm, header, 0, header.length, 0) < header.length) return 0;
    const pending = readU32(MX_FRAME) - readU32(N_BACKFILL);
    return pending > 0 ? pending : 0;
  } catch {
    closeShm();
    return 0;
  }
}

function closeShm() {
  if (shm === undefined) return;
  try {
    closeSync(shm);
  } catch {
    // nothing to keep
  }
  shm = undefined;
}

/** Whether enough is waiting to be worth a checkpoint now. */
function due() {
  const pending = pendingFrames();
  const now = performance.now();
  if (pending !== lastPending) {
    lastPending = pending;
    pendingSince = now;
  }
  return pending >= minFrames || (pending > 0 && now - pendingSince >= idleMs);
}

function close() {
  closeShm();
  try {
    db?.close();
  } catch {
    // a connection that cannot close has nothing left to do
  }
  db = undefined;
  openGeneration = -1;
  Atomics.store(cells, OPENED, 0);
}

function checkpoint() {
  const generation = Atomics.load(cells, GENERATION);
  if (db === undefined || generation !== openGeneration) {
    close();
    db = new Database(path, { fileMustExist: true });
    Atomics.store(cells, OPENED, 1);
    // Never wait for a lock: a checkpoint that cannot run now runs at the next turn.
    db.pragma('busy_timeout = 0');
    db.pragma('synchronous = NORMAL');
    openGeneration = generation;
  }
  db.pragma('wal_checkpoint(PASSIVE)');
  Atomics.add(cells, CHECKPOINTS, 1);
  lastPending = -1;
}

while (Atomics.load(cells, STOP) === 0) {
  if (Atomics.load(cells, SUSPEND) !== 0) {
    close();
    Atomics.notify(cells, OPENED);
  }
  Atomics.wait(cells, WAKE, 0, intervalMs);
  if (Atomics.load(cells, STOP) !== 0) break;
  if (Atomics.load(cells, SUSPEND) !== 0 || !due()) continue;
  if (Atomics.compareExchange(cells, LOCK, FREE, HELD_BY_WORKER) !== FREE) continue;
  try {
    checkpoint();
  } catch {
    // SQLITE_BUSY, a file being replaced: open it again at the next turn.
    close();
  } finally {
    Atomics.store(cells, LOCK, FREE);
    Atomics.notify(cells, LOCK);
  }
}
close();
Atomics.store(cells, STOPPED, 1);
Atomics.notify(cells, STOPPED);
