import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
