import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWriteBatch, writeBatchOf } from '../../electron/core/store/write-batch.ts';

describe('write batch (group commit)', () => {
  let dir: string;
  let db: BetterSqlite3.Database;
  /** Another connection: sees only what is committed. */
  let other: BetterSqlite3.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'write-batch-'));
    db = new BetterSqlite3(join(dir, 'db.sqlite'));
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL UNIQUE)');
    other = new BetterSqlite3(join(dir, 'db.sqlite'));
  });
  afterEach(() => {
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (v: string) => () => Number(db.prepare('INSERT INTO t (v) VALUES (?)').run(v).lastInsertRowid);
  const committed = () => other.prepare('SELECT v FROM t ORDER BY id').pluck().all();

  it('writes of the same turn share one transaction and resolve once it has committed', async () => {
    // A budget no pause of a loaded machine reaches: the two writes must share the batch.
    const batch = createWriteBatch(db, { maxBatchMs: 60_000 });
    let seenByOtherDuringSecond: unknown[] | undefined;
    const first = batch.run(insert('a'));
    const second = batch.run(() => {
      // The first write is done but not committed: the other connection does not see it yet.
      seenByOtherDuringSecond = committed();
      return insert('b')();
    });
    expect(committed()).toEqual([]); // nothing runs before the end of the turn
    await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
    expect(seenByOtherDuringSecond).toEqual([]);
    expect(committed()).toEqual(['a', 'b']);
  });

  it('a write that throws rolls back only its own changes; its caller gets the error', async () => {
    const batch = createWriteBatch(db);
    const ok = batch.run(insert('a'));
    const failing = batch.run(() => {
      insert('half')();
      insert('a')(); // UNIQUE: fails after a first change
    });
    const after = batch.run(insert('c'));
    await expect(ok).resolves.toBe(1);
    await expect(failing).rejects.toThrow(/UNIQUE/);
    await expect(after).resolves.toBeGreaterThan(1);
    expect(committed()).toEqual(['a', 'c']);
  });

  it('a batch keeps its sub-journal in memory and sets temp_store back after, whatever happened', async () => {
    const tempStore = () => db.pragma('temp_store', { simple: true });
    expect(tempStore()).toBe(0);
    db.pragma('busy_timeout = 0'); // a batch that cannot begin fails at once
    const batch = createWriteBatch(db);
    const inside: unknown[] = [];
    await batch.run(() => inside.push(tempStore()));
    await expect(batch.run(() => { inside.push(tempStore()); throw new Error('refused'); })).rejects.toThrow('refused');
    expect(inside).toEqual([2, 2]); // MEMORY while the batches ran
    expect(tempStore()).toBe(0);
    other.exec('BEGIN IMMEDIATE'); // a batch that cannot begin
    await expect(batch.run(insert('x'))).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    other.exec('ROLLBACK');
    expect(tempStore()).toBe(0);
  });

  it('a write that changed more than the sub-journal held in memory before rolls back alone', async () => {
    // ~230 pages (200 rows and their UNIQUE index): the failing write's savepoint journals far more than 64 KiB, where
    // the default temp_store spilled the sub-journal to a file.
    db.prepare("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) INSERT INTO t (v) SELECT printf('%04d%3000s', i, '') FROM n").run();
    const before = other.prepare('SELECT sum(length(v)) FROM t').pluck().get();
    const batch = createWriteBatch(db, { maxBatchMs: 60_000 });
    const ok = batch.run(insert('kept'));
    const failing = batch.run(() => {
      db.prepare("UPDATE t SET v = 'changed' || id WHERE id <= 200").run();
      insert('kept')(); // UNIQUE: fails after changing every page of the table
    });
    const after = batch.run(insert('also kept'));
    await expect(ok).resolves.toBe(201);
    await expect(failing).rejects.toThrow(/UNIQUE/);
    await expect(after).resolves.toBe(202);
    expect(other.prepare('SELECT count(*) FROM t WHERE v LIKE ?').pluck().get('changed%')).toBe(0);
    expect(other.prepare('SELECT sum(length(v)) FROM t WHERE id <= 200').pluck().get()).toBe(before);
    expect(committed().slice(-2)).toEqual(['kept', 'also kept']);
  });

  it('a write that fails outright fails alone, and a later turn opens a new batch', async () => {
    const batch = createWriteBatch(db);
    await expect(batch.run(() => { throw new Error('refused'); })).rejects.toThrow('refused');
    await expect(batch.run(insert('x'))).resolves.toBe(1);
    expect(committed()).toEqual(['x']);
  });

  it('a long queue commits in several transactions, in arrival order', async () => {
    const batch = createWriteBatch(db);
    const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => batch.run(insert(`v${i}`))));
    expect(ids).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(committed()).toHaveLength(40);
  });

  it('a batch that has run long commits, and the rest runs in the next turn', async () => {
    const batch = createWriteBatch(db);
    const slow = batch.run(() => {
      const until = performance.now() + 20;
      while (performance.now() < until); // holds the loop past the batch's time budget
      return insert('slow')();
    });
    let seenByOther: unknown[] | undefined;
    const next = batch.run(() => {
      seenByOther = committed();
      return insert('next')();
    });
    await Promise.all([slow, next]);
    expect(seenByOther).toEqual(['slow']);
  });

  it('when the transaction cannot begin, the waiting writes fail and a later one succeeds', async () => {
    db.pragma('busy_timeout = 0');
    other.exec('BEGIN IMMEDIATE'); // another connection holds the write lock
    const batch = createWriteBatch(db);
    const results = await Promise.allSettled([batch.run(insert('a')), batch.run(insert('b'))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_BUSY' });
    other.exec('ROLLBACK');
    await expect(batch.run(insert('c'))).resolves.toBe(1);
    expect(committed()).toEqual(['c']);
  });

  /** Holds the event loop for `ms` inside a write (a write as long as a connector order, or longer). */
  const slowInsert = (v: string, ms: number) => () => {
    const until = performance.now() + ms;
    while (performance.now() < until);
    return insert(v)();
  };

  /**
   * Turns of the event loop (setImmediate) a stand-in for HTTP reads gets until `write` has
   * committed, noting a read with the batch at each turn when `reading`.
   */
  async function readTurnsUntil(batch: ReturnType<typeof createWriteBatch>, write: Promise<unknown>, reading: boolean): Promise<number> {
    let done = false;
    void write.then(() => (done = true));
    let turns = 0;
    while (!done) {
      if (reading) batch.readArrived();
      turns++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return turns;
  }

  /** A 30 ms write, then another queued behind it: the turns a reader gets until the second commits. */
  async function turnsAfterALongBatch(reading: boolean): Promise<number> {
    const batch = createWriteBatch(db);
    if (reading) batch.readArrived();
    const slow = batch.run(slowInsert('slow', 30));
    const next = batch.run(insert('next'));
    await slow;
    const turns = await readTurnsUntil(batch, next, reading);
    expect(committed()).toEqual(['slow', 'next']);
    return turns;
  }

  it('while reads arrive, the next batch waits until they had twice the time of the last one', async () => {
    // The reads' turns take microseconds: in the 60 ms they are left, they get hundreds.
    expect(await turnsAfterALongBatch(true)).toBeGreaterThan(20);
  });

  it('without reads, the next batch follows the last at once', async () => {
    expect(await turnsAfterALongBatch(false)).toBeLessThanOrEqual(2);
  });

  it('a BEGIN that finds the write lock taken waits without holding the event loop', async () => {
    // SQLite's busy handler would sleep on this thread for up to a minute: the timer that lets go
    // of the lock could not run before, and the test would time out.
    db.pragma('busy_timeout = 60000');
    other.exec('BEGIN IMMEDIATE');
    const batch = createWriteBatch(db);
    let released = false;
    setTimeout(() => {
      other.exec('ROLLBACK');
      released = true;
    }, 30);
    await expect(batch.run(insert('a'))).resolves.toBe(1);
    expect(released).toBe(true);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(60000);
  });

  it('holds back while asked to (the checkpoint thread wants the lock), answering meanwhile, then writes', async () => {
    let holdBack = true;
    const batch = createWriteBatch(db, { holdBack: () => holdBack });
    const write = batch.run(insert('a'));
    let turns = 0;
    while (turns < 50) {
      turns++;
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(committed()).toEqual([]);
    }
    holdBack = false;
    await expect(write).resolves.toBe(1);
    expect(committed()).toEqual(['a']);
  });

  it('one batch per connection, shared by every caller', () => {
    expect(writeBatchOf(db)).toBe(writeBatchOf(db));
    expect(writeBatchOf(db)).not.toBe(writeBatchOf(other));
  });
});
