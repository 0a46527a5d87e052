import type { Database } from 'better-sqlite3';

/**
 * Group commit for the REST writes. A commit writes every page the transaction changed to the
 * WAL: a connector order touches about 55 b-trees (tables and their indexes), so 70 pages for
 * one order, most of them the same "newest" pages the next order changes again. Writes that
 * arrive in the same turn of the event loop (requests read from several connections) therefore
 * run in one transaction, each in its own savepoint, and are answered once it has committed:
 *
 * - each write keeps its own outcome: one that throws rolls back its savepoint only, and its
 *   caller gets the error, the others commit;
 * - an answer is sent only after the commit that holds its write (durable as before);
 * - the whole batch runs synchronously in one callback, so no other request ever sees a
 *   write that is not committed yet;
 * - a failed commit (disk full, I/O error) fails every write of the batch: none of them is stored.
 *
 * A write alone waits for nothing but the end of the current turn (setImmediate).
 */

/**
 * A batch holds the event loop while it runs: it takes at most this many writes, and no new one
 * once it has run this long (the rest commit in the next turn, after the reads that arrived
 * meanwhile). The WAL saving is mostly there by 10 writes.
 */
const MAX_BATCH = 16;
const MAX_BATCH_MS = 8;

interface Job {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Outcome {
  job: Job;
  ok: boolean;
  value: unknown;
}

export interface WriteBatch {
  /** Runs `write` in the next batch transaction; resolves after its commit. */
  run<T>(write: () => T): Promise<T>;
}

const batches = new WeakMap<Database, WriteBatch>();

/** The batch of a connection (one per database object, shared by every domain writing to it). */
export function writeBatchOf(db: Database): WriteBatch {
  let batch = batches.get(db);
  if (!batch) {
    batch = createWriteBatch(db);
    batches.set(db, batch);
  }
  return batch;
}

export function createWriteBatch(db: Database): WriteBatch {
  const queue: Job[] = [];
  let scheduled = false;
  // Called inside the batch's transaction, better-sqlite3 makes this a savepoint.
  const savepoint = db.transaction((run: () => unknown) => run());
  /** Runs writes from the front of the queue, within the batch's limits, noting each in `taken`. */
  const transaction = db.transaction((taken: Outcome[]): void => {
    const started = performance.now();
    while (queue.length > 0 && taken.length < MAX_BATCH && performance.now() - started < MAX_BATCH_MS) {
      const job = queue.shift()!;
      try {
        taken.push({ job, ok: true, value: savepoint(job.run) });
      } catch (error) {
        taken.push({ job, ok: false, value: error });
        // SQLite itself ended the transaction (an I/O error, disk full): nothing of the batch
        // can commit any more.
        if (!db.inTransaction) throw error;
      }
    }
  });

  function schedule(): void {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  }

  function flush(): void {
    scheduled = false;
    const taken: Outcome[] = [];
    try {
      transaction.immediate(taken);
    } catch (error) {
      // Rolled back (BEGIN, COMMIT or SQLite itself failed): nothing of the batch is stored, and
      // every write it ran fails. When not even BEGIN went through, the waiting ones fail alike.
      const failed = taken.length > 0 ? taken.map((t) => t.job) : queue.splice(0);
      for (const job of failed) job.reject(error);
      schedule();
      return;
    }
    // The rest waits for the next turn: reads that arrived meanwhile are answered in between.
    schedule();
    for (const { job, ok, value } of taken) {
      if (ok) job.resolve(value);
      else job.reject(value);
    }
  }

  return {
    run<T>(write: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ run: write, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
  };
}
