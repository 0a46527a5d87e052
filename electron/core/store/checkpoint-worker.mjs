// The WAL checkpoints of the live store file, in a thread of their own (background-checkpoints.ts
// starts it and explains why). Plain JavaScript: it runs as it is from the sources, and the build
// emits it as checkpoint-worker.js next to each bundle.
//
// The loop, every `intervalMs`: when the WAL file changed since the last checkpoint (its size
// or modification time, from stat(): no descriptor is opened), take the lock shared with the
// main thread, open the file again if the main thread swapped another one in since, and run a
// PASSIVE checkpoint (then, past `restartFrames`, a RESTART one: see rewind()). Not more often:
// each checkpoint copies the pages changed since the last one, and the hot ones (the newest
// rows, their index pages) change again within milliseconds.
// The WAL and -shm files are never opened here outside SQLite: closing any descriptor of a file
// drops every POSIX lock the process holds on it, SQLite's own included (another process could
// then take the -shm file for unused and truncate it under our mappings: SIGBUS).
//
// While the main thread asks it to stand aside (SUSPEND: a swap or a close is coming), it
// closes its connection and waits: a connection left open on a file renamed away would, when
// it closed later as that file's last one, delete the WAL by its name, the new file's.
import { statSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

// The cells of the shared Int32Array and the values of its lock, as background-checkpoints.ts defines them.
const { cells: buffer, cell, lockState, path, intervalMs, restartFrames, restartWaitMs, nativeBinding } = workerData;
const { LOCK, GENERATION, STOP, STOPPED, OPENED, CHECKPOINTS, RESTARTS, SUSPEND, WAKE, REWINDING } = cell;
const { FREE, HELD_BY_WORKER } = lockState;
const cells = new Int32Array(buffer);

let db;
let openGeneration = -1;
/** The WAL file's size and modification time when the last checkpoint began. */
let lastSeen = '';

/** The WAL file's size and modification time now ('' without a WAL). */
function walState() {
  try {
    const { size, mtimeMs } = statSync(`${path}-wal`);
    return `${size}:${mtimeMs}`;
  } catch {
    return '';
  }
}

function close() {
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
    db = new Database(path, { fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
    Atomics.store(cells, OPENED, 1);
    // A short wait for a lock: PASSIVE checkpoints never wait; the first read (which opens the
    // WAL) and a rewind may, on this thread only. One that cannot run now runs at the next look.
    db.pragma(`busy_timeout = ${restartWaitMs}`);
    db.pragma('synchronous = NORMAL');
    openGeneration = generation;
  }
  // log: the frames in the WAL (-1 while this connection could not open it yet).
  const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
  Atomics.add(cells, CHECKPOINTS, 1);
  if (log >= restartFrames) rewind();
}

// A PASSIVE checkpoint copies the frames but never rewinds the WAL: SQLite starts writing at its
// beginning again only when a write transaction begins while every frame is copied, which never
// happens while writes go on (more are committed during each checkpoint). The WAL would grow to
// the main connection's backstop, whose checkpoint then runs inside a COMMIT (~40 ms of fsyncs
// on the event loop). So, right after the PASSIVE pass, a RESTART checkpoint: it takes the
// writer lock (waiting at most restartWaitMs for the batch under way), copies the few frames
// committed during the pass, waits for readers to leave the WAL and rewinds it. SQLite's locks
// have no queue: the REWINDING cell asks the main thread's write batches to hold back meanwhile
// (they wait without holding the event loop, write-batch.ts), else batches that follow each
// other closely would never leave the lock free when this thread's busy handler looks.
function rewind() {
  Atomics.store(cells, REWINDING, 1);
  try {
    const [{ busy }] = db.pragma('wal_checkpoint(RESTART)');
    if (busy === 0) Atomics.add(cells, RESTARTS, 1);
  } finally {
    Atomics.store(cells, REWINDING, 0);
  }
}

while (Atomics.load(cells, STOP) === 0) {
  if (Atomics.load(cells, SUSPEND) !== 0) {
    close();
    Atomics.notify(cells, OPENED);
  }
  Atomics.wait(cells, WAKE, 0, intervalMs);
  if (Atomics.load(cells, STOP) !== 0) break;
  if (Atomics.load(cells, SUSPEND) !== 0) continue;
  const state = walState();
  if (state === '' || state === lastSeen) continue;
  if (Atomics.compareExchange(cells, LOCK, FREE, HELD_BY_WORKER) !== FREE) continue;
  try {
    checkpoint();
    // A checkpoint writes the database file, not the WAL: what it saw is now copied.
    lastSeen = state;
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
