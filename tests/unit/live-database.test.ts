import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteFileWith } from './sqlite-files.ts';
import { connectionGeneration, openLiveDatabase, type LiveDatabase } from '../../electron/core/store/live-database.ts';
import { createDataVersion } from '../../electron/core/store/data-version.ts';

/*
 * The core's swappable database: statements, transactions and functions made before a swap
 * work on the new file after it; a swap that cannot happen leaves the old file in use.
 */

let dir: string;
let live: LiveDatabase;

const fileWith = (name: string, values: string[]) => sqliteFileWith(dir, name, values);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'erpwb-live-'));
  // No migrations here: the swap is what is tested, the opener is better-sqlite3 itself.
  live = openLiveDatabase(fileWith('live.sqlite', ['old-1', 'old-2']), (file) => new BetterSqlite3(file));
});
afterEach(() => {
  if (live.open) live.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a swap', () => {
  it('moves statements prepared before it to the new file, with their modes and bound parameters', () => {
    const values = live.prepare<[], string>('SELECT v FROM t ORDER BY id').pluck();
    const rows = live.prepare('SELECT id, v FROM t ORDER BY id').raw();
    const one = live.prepare<unknown[], { v: string }>('SELECT v FROM t WHERE id = ?').bind(2);
    expect(values.all()).toEqual(['old-1', 'old-2']);
    expect(connectionGeneration(live)).toBe(0);

    live.swap(fileWith('new.sqlite', ['new-1', 'new-2', 'new-3']));

    expect(live.generation).toBe(1);
    expect(connectionGeneration(live)).toBe(1);
    expect(values.all()).toEqual(['new-1', 'new-2', 'new-3']);
    expect(rows.all()).toEqual([
      [1, 'new-1'],
      [2, 'new-2'],
      [3, 'new-3'],
    ]);
    expect(one.get()).toEqual({ v: 'new-2' });
    expect(values.pluck(false).get()).toEqual({ v: 'new-1' });
    expect(existsSync(join(dir, 'new.sqlite'))).toBe(false);
  });

  it('moves transactions (every variant) and registered functions to the new file', () => {
    live.function('shout', (text: unknown) => String(text).toUpperCase());
    const insert = live.prepare('INSERT INTO t (v) VALUES (shout(?))');
    const addTwo = live.transaction((a: string, b: string) => {
      insert.run(a);
      insert.run(b);
    });
    expect((addTwo as unknown as { database: unknown }).database).toBe(live);
    live.swap(fileWith('new.sqlite', []));
    addTwo('a', 'b');
    addTwo.immediate('c', 'd');
    addTwo.exclusive('e', 'f');
    expect(live.prepare('SELECT v FROM t ORDER BY id').pluck().all()).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    // A failing transaction rolls back on the new connection too.
    const failing = live.transaction(() => {
      insert.run('x');
      throw new Error('no');
    });
    expect(() => failing()).toThrow('no');
    expect(live.prepare('SELECT count(*) FROM t').pluck().get()).toBe(6);
  });

  it('leaves the old file in use when the new one does not exist or is not a database', () => {
    const values = live.prepare('SELECT v FROM t ORDER BY id').pluck();
    expect(() => live.swap(join(dir, 'missing.sqlite'))).toThrow(/does not exist/);
    const junk = join(dir, 'junk.sqlite');
    writeFileSync(junk, 'this is not a database, it is only text long enough to have a header of sorts'.repeat(10));
    expect(() => live.swap(junk)).toThrow();
    expect(live.generation).toBe(0);
    expect(values.all()).toEqual(['old-1', 'old-2']);
  });

  it('never reads a WAL the old file left behind as the new file', () => {
    // Another connection keeps the old file and its WAL open, with frames not checkpointed.
    const other = new BetterSqlite3(join(dir, 'live.sqlite'));
    other.pragma('wal_autocheckpoint = 0');
    other.prepare("INSERT INTO t (v) VALUES ('old-3')").run();
    live.swap(fileWith('new.sqlite', ['new-1']));
    expect(live.prepare('SELECT v FROM t').pluck().all()).toEqual(['new-1']);
    expect(live.pragma('integrity_check', { simple: true })).toBe('ok');
    // The other connection goes on reading the file it opened.
    expect(other.prepare('SELECT count(*) FROM t').pluck().get()).toBe(3);
    other.close();
  });

  it('changes the data version even when both files count the same changes', () => {
    const version = createDataVersion(live, () => 0);
    const before = version();
    // A new file opened fresh counts from where the old connection started: without the
    // generation the token would repeat (and an answer cache would serve the old data).
    live.swap(fileWith('new.sqlite', ['new-1']));
    const after = version();
    expect(after).not.toBe(before);
    expect(after.split(':').slice(1)).toEqual(before.split(':').slice(1));
  });
});

describe('row objects', () => {
  /** The same statement on a plain better-sqlite3 connection: what the objects must equal. */
  const plain = (sql: string, ...params: unknown[]) => {
    const db = new BetterSqlite3(join(dir, 'live.sqlite'), { readonly: true });
    try {
      return db.prepare(sql).all(...params) as Record<string, unknown>[];
    } finally {
      db.close();
    }
  };

  it('are made with the same keys, order, values and duplicates as better-sqlite3 makes them', () => {
    const sql = `SELECT id, v, v AS "odd ""name""", id * 1.5 AS half, NULL AS none, x'00ff' AS bytes, 'later' AS v, 7 AS "1"
                   FROM t ORDER BY id`;
    const statement = live.prepare(sql);
    const rows = statement.all() as Record<string, unknown>[];
    expect(rows).toEqual(plain(sql));
    expect(rows.map((row) => Object.keys(row))).toEqual(plain(sql).map((row) => Object.keys(row)));
    expect(statement.get()).toEqual(plain(sql)[0]);
    expect([...(statement.iterate() as Iterable<unknown>)]).toEqual(plain(sql));
    expect(live.prepare('SELECT v FROM t WHERE id = ?').get(99)).toBeUndefined();
  });

  it('leave pluck, expand and raw as asked, and come back when the mode is turned off', () => {
    const statement = live.prepare('SELECT id, v FROM t ORDER BY id');
    expect(statement.raw().all()).toEqual([
      [1, 'old-1'],
      [2, 'old-2'],
    ]);
    expect(statement.raw(false).get()).toEqual({ id: 1, v: 'old-1' });
    expect(statement.pluck().get()).toBe(1);
    expect(statement.raw(false).get()).toBe(1); // raw was not on: pluck stays
    expect(statement.pluck(false).get()).toEqual({ id: 1, v: 'old-1' });
    expect(statement.expand().get()).toEqual({ t: { id: 1, v: 'old-1' } });
    expect(statement.expand(false).all()).toEqual(plain('SELECT id, v FROM t ORDER BY id'));
  });

  it('follow a table changed under a SELECT * and a column named __proto__', () => {
    const star = live.prepare('SELECT * FROM t ORDER BY id');
    expect(star.get()).toEqual({ id: 1, v: 'old-1' });
    live.exec("ALTER TABLE t ADD COLUMN w TEXT NOT NULL DEFAULT 'w'");
    expect(star.get()).toEqual({ id: 1, v: 'old-1', w: 'w' });
    // No object literal for that name: better-sqlite3 makes these rows itself.
    const sql = 'SELECT id, v AS __proto__ FROM t ORDER BY id';
    const [own] = live.prepare(sql).all() as Record<string, unknown>[];
    const [theirs] = plain(sql);
    expect(Object.getOwnPropertyNames(own)).toEqual(Object.getOwnPropertyNames(theirs));
    expect(Object.getPrototypeOf(own)).toBe(Object.getPrototypeOf(theirs));
  });

  it('release the statement when a loop over iterate() ends early', () => {
    const statement = live.prepare('SELECT id FROM t ORDER BY id');
    for (const row of statement.iterate() as Iterable<{ id: number }>) {
      expect(row).toEqual({ id: 1 });
      break;
    }
    // A statement still iterating is busy, and the connection refuses other statements meanwhile.
    expect(statement.busy).toBe(false);
    expect(live.prepare('UPDATE t SET v = v').run().changes).toBe(2);
  });
});

describe('a transaction called as is', () => {
  /**
   * Another thread's connection holds the write lock for `ms` (the checkpoint thread rewinding
   * the WAL does, for a few milliseconds); resolves once it has the lock, with the thread's exit.
   */
  async function lockHeldElsewhere(file: string, ms: number): Promise<{ exited: Promise<number> }> {
    const module = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(
      `const Database = require(${JSON.stringify(module)});
       const { parentPort } = require('node:worker_threads');
       const db = new Database(${JSON.stringify(file)});
       db.exec('BEGIN IMMEDIATE');
       parentPort.postMessage('locked');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
       db.exec('COMMIT');
       db.close();`,
      { eval: true },
    );
    await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
    return { exited: new Promise<number>((resolve) => worker.once('exit', resolve)) };
  }

  it('waits for a write lock held by another connection, though it reads before it writes', async () => {
    live.pragma('busy_timeout = 5000');
    const insert = live.prepare('INSERT INTO t (v) VALUES (?)');
    const highest = live.prepare<[], number>('SELECT max(id) FROM t').pluck();
    // Reads, then writes: a deferred BEGIN would have to upgrade its read snapshot to the write
    // lock, and SQLite answers that SQLITE_BUSY at once when the lock is taken.
    const addNext = live.transaction(() => insert.run(`after-${highest.get()}`));
    const deferred = live.transaction(() => insert.run(`deferred-${highest.get()}`)) as unknown as { deferred: () => void };

    const file = join(dir, 'live.sqlite');
    // Held for a second: the deferred call right after must find the lock still taken.
    const holder = await lockHeldElsewhere(file, 1000);
    expect(() => deferred.deferred()).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
    addNext();
    expect(await holder.exited).toBe(0);
    // `.default` is the plain call's variant, not better-sqlite3's deferred one.
    const again = await lockHeldElsewhere(file, 1000);
    expect(() => deferred.deferred()).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
    (addNext as unknown as { default: () => void }).default();
    expect(await again.exited).toBe(0);
    expect(live.prepare('SELECT v FROM t ORDER BY id').pluck().all()).toEqual(['old-1', 'old-2', 'after-2', 'after-3']);
  });

  it('is a savepoint inside another transaction: a failure rolls back its own writes only', () => {
    const insert = live.prepare('INSERT INTO t (v) VALUES (?)');
    const inner = live.transaction((v: string) => {
      insert.run(v);
      throw new Error('inner failed');
    });
    live.transaction(() => {
      insert.run('outer');
      expect(() => inner('inner')).toThrow('inner failed');
    })();
    expect(live.prepare('SELECT v FROM t ORDER BY id').pluck().all()).toEqual(['old-1', 'old-2', 'outer']);
  });
});
