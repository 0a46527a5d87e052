import type { Database } from 'better-sqlite3';
import { writesShouldWait } from './live-database.ts';
import { withSubJournalInMemory } from './sub-journal.ts';

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
 *
 * A batch never sleeps on the event loop for the write lock: SQLite's busy handler would (the
 * checkpoint thread takes the lock for a few milliseconds when it rewinds the WAL, another
 * process may hold it). Its BEGIN runs without a busy timeout and, when the lock is taken, is
 * tried again a millisecond later while requests are answered meanwhile, for as long as the
 * connection's own busy timeout; only then do the waiting writes fail with SQLITE_BUSY. While
 * the checkpoint thread asks for the lock (`holdBack`), batches wait the same way: SQLite's
 * locks have no queue, and batches that follow each other would never leave it the lock.
 *
 * Fair share with reads: the service is one thread, and a batch holds it (a connector order is
 * ~4-5 ms of CPU). Writes coming back to back would leave the reads one answer per connection
 * between batches. So when reads arrive (`readArrived`, called by the listener for every GET),
 * the next batch waits until the reads have had READ_SHARE times the time the last batch took,
 * and a batch stops taking writes sooner: when both wait, reads get about two thirds of the
 * thread, and no read waits behind more than one short batch. Without reads, writes run back to
 * back as before.
 */

/**
 * A batch holds the event loop while it runs: it takes at most this many writes, and no new one
 * once it has run this long (the rest commit in the next turn, after the reads that arrived
 * meanwhile). The WAL saving is mostly there by 10 writes.
 */
const MAX_BATCH = 16;
const MAX_BATCH_MS = 8;
/** A batch's time budget while reads are being answered: a read waits behind at most one batch. */
const MAX_BATCH_MS_BESIDE_READS = 3;
/** How soon a batch whose BEGIN found the write lock taken tries again (the event loop runs meanwhile). */
const LOCK_RETRY_MS = 1;
/**
 * After a batch, reads that arrived get at least this many times its duration before the next
 * batch. Two, as Linux's deadline I/O scheduler lets reads starve writes for two batches: a read
 * has someone waiting for it, a write batch's throughput suffers less from waiting; and every
 * batch makes the next read of each list again instead of taking it from the answer cache.
 */
export const READ_SHARE = 2;

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
  /** A read request arrived: the next batch leaves the reads their share of the loop first. */
  readArrived(): void;
}

const batches = new WeakMap<Database, WriteBatch>();

/** The batch of a connection (one per database object, shared by every domain writing to it). */
export function writeBatchOf(db: Database): WriteBatch {
  let batch = batches.get(db);
  if (!batch) {
    batch = createWriteBatch(db, { holdBack: () => writesShouldWait(db) });
    batches.set(db, batch);
  }
  return batch;
}

export interface WriteBatchOptions {
  /** True while batches should not take the write lock (the checkpoint thread asks for it). */
  holdBack?: () => boolean;
  /**
   * A batch's time budget without reads under way (default 8 ms). Tests that check which writes
   * share a transaction give a large one: a loaded machine may stop the process for longer.
   */
  maxBatchMs?: number;
}

export function createWriteBatch(db: Database, { holdBack = () => false, maxBatchMs = MAX_BATCH_MS }: WriteBatchOptions = {}): WriteBatch {
  const queue: Job[] = [];
  let scheduled = false;
  /** When the last read arrived, and when the last batch ended and how long it took (performance.now()). */
  let lastReadAt = -Infinity;
  let lastBatchEnd = -Infinity;
  let lastBatchMs = 0;
  /** Reads arrived since the last batch ended: they are being answered between batches. */
  const readsUnderWay = () => lastReadAt >= lastBatchEnd;
  /** The connection's busy timeout: how long a batch tries again a BEGIN that finds the write lock taken. */
  const lockWaitMs = Number(db.pragma('busy_timeout', { simple: true }));
  /** When the waiting batch's first BEGIN found the lock taken. */
  let lockedSince: number | undefined;
  // SQLite sets the busy timeout when the PRAGMA is prepared, not when it runs: no prepared statement.
  const setBusyTimeout = (ms: number) => db.pragma(`busy_timeout = ${ms}`);
  // Called inside the batch's transaction, better-sqlite3 makes this a savepoint.
  const savepoint = db.transaction((run: () => unknown) => run());
  /** Runs writes from the front of the queue, within the batch's limits, noting each in `taken`. */
  const transaction = db.transaction((taken: Outcome[]): void => {
    const started = performance.now();
    const budget = readsUnderWay() ? Math.min(maxBatchMs, MAX_BATCH_MS_BESIDE_READS) : maxBatchMs;
    while (queue.length > 0 && taken.length < MAX_BATCH && performance.now() - started < budget) {
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
    // The next turn's poll phase first reads what arrived during the last batch.
    setImmediate(flushInTurn);
  }

  /** Flushes now, unless reads are being answered and have not had their share since the last batch. */
  function flushInTurn(): void {
    const due = lastBatchEnd + lastBatchMs * READ_SHARE;
    const now = performance.now();
    if (readsUnderWay() && now < due) setTimeout(flush, due - now);
    else flush();
  }

  /** Tries the batch again shortly, unless it has waited for the lock as long as the busy timeout allows. */
  function waitForLock(now: number): boolean {
    lockedSince ??= now;
    if (now - lockedSince >= lockWaitMs) return false;
    scheduled = true;
    setTimeout(flush, LOCK_RETRY_MS);
    return true;
  }

  function flush(): void {
    scheduled = false;
    const taken: Outcome[] = [];
    const started = performance.now();
    // The checkpoint thread is about to take the lock to rewind the WAL: let it, as if it had it.
    if (holdBack() && waitForLock(started)) return;
    try {
      setBusyTimeout(0);
      try {
        // Each write's savepoint journals the pages it changes: in memory (sub-journal.ts).
        withSubJournalInMemory(db, () => transaction.immediate(taken));
      } finally {
        setBusyTimeout(lockWaitMs);
      }
    } catch (error) {
      const busy = taken.length === 0 && !db.inTransaction && (error as { code?: unknown }).code === 'SQLITE_BUSY';
      if (busy && waitForLock(started)) return;
      lockedSince = undefined;
      // Rolled back (BEGIN, COMMIT or SQLite itself failed): nothing of the batch is stored, and
      // every write it ran fails. When not even BEGIN went through, the waiting ones fail alike.
      const failed = taken.length > 0 ? taken.map((t) => t.job) : queue.splice(0);
      for (const job of failed) job.reject(error);
      schedule();
      return;
    }
    lockedSince = undefined;
    lastBatchEnd = performance.now();
    lastBatchMs = lastBatchEnd - started;
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
    readArrived(): void {
      lastReadAt = performance.now();
    },
  };
}
