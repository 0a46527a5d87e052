import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLiveDatabase, tableChangesOf, type LiveDatabase } from '../../electron/core/store/live-database.ts';
import { EVERY_TABLE, explainTables, rootPagesOf, type TableChanges } from '../../electron/core/store/table-changes.ts';

/*
 * Which tables a statement touches, read from its bytecode (triggers and foreign key actions
 * included), and the LiveDatabase's record of what it changed: what the answer cache's
 * validity rests on (electron/core/store/table-changes.ts).
 */

const SCHEMA = `
  CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT);
  CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id) ON DELETE CASCADE, total REAL);
  CREATE INDEX orders_customer ON orders(customer_id);
  CREATE TABLE totals (customer_id INTEGER PRIMARY KEY, sum REAL);
  CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT);
  CREATE TRIGGER orders_total AFTER INSERT ON orders BEGIN
    INSERT INTO totals (customer_id, sum) VALUES (new.customer_id, new.total)
      ON CONFLICT (customer_id) DO UPDATE SET sum = sum + new.total;
  END;
  INSERT INTO customers (id, name) VALUES (1, 'Ana'), (2, 'Ion');
  INSERT INTO orders (customer_id, total) VALUES (1, 10), (2, 20);
`;

let dir: string;
let live: LiveDatabase;
let changes: TableChanges;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'erpwb-tables-'));
  const file = join(dir, 'store.sqlite');
  const setup = new BetterSqlite3(file);
  setup.exec(SCHEMA);
  setup.close();
  live = openLiveDatabase(file, (path) => {
    const db = new BetterSqlite3(path);
    db.pragma('foreign_keys = ON');
    return db;
  });
  changes = tableChangesOf(live)!;
});
afterEach(() => {
  if (live.open) live.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('explainTables', () => {
  const tablesOf = (db: BetterSqlite3.Database, sql: string, ...args: unknown[]) => {
    const found = explainTables(db, sql, args, rootPagesOf(db));
    return found && { reads: [...found.reads].sort(), writes: [...found.writes].sort() };
  };
  let db: BetterSqlite3.Database;
  beforeEach(() => {
    db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    db.exec(SCHEMA);
  });
  afterEach(() => db.close());

  it('names the tables a query reads, through their indexes too', () => {
    expect(tablesOf(db, 'SELECT c.name, o.total FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.customer_id = ?', 1)).toEqual({
      reads: ['customers', 'orders'],
      writes: [],
    });
  });

  it('names the tables a trigger writes, and those a foreign key action changes', () => {
    expect(tablesOf(db, 'INSERT INTO orders (customer_id, total) VALUES (?, ?)', 1, 5)?.writes).toEqual(['orders', 'totals']);
    // ON DELETE CASCADE: deleting a customer deletes its orders.
    expect(tablesOf(db, 'DELETE FROM customers WHERE id = ?', 2)?.writes).toEqual(['customers', 'orders']);
    expect(tablesOf(db, 'UPDATE notes SET text = @text WHERE id = @id', { text: 'x', id: 1 })?.writes).toEqual(['notes']);
  });

  it('names a table emptied by a DELETE without WHERE, and leaves temporary tables out', () => {
    expect(tablesOf(db, 'DELETE FROM notes')?.writes).toEqual(['notes']);
    db.exec('CREATE TEMP TABLE scratch (v INTEGER)');
    expect(tablesOf(db, 'INSERT INTO scratch (v) VALUES (1)')).toEqual({ reads: [], writes: [] });
  });

  it('takes a schema change for a change of every table, and says the schema changes', () => {
    for (const ddl of ['CREATE INDEX notes_text ON notes(text)', 'DROP TABLE notes', 'CREATE TABLE more (id INTEGER PRIMARY KEY)']) {
      expect(explainTables(db, ddl, [], rootPagesOf(db))).toMatchObject({ writes: [EVERY_TABLE], changesSchema: true });
    }
    expect(explainTables(db, 'DELETE FROM notes', [], rootPagesOf(db))?.changesSchema).toBe(false);
  });

  it('answers undefined for root pages it was not given (the schema changed since)', () => {
    const roots = rootPagesOf(db);
    db.exec('CREATE TABLE later (id INTEGER PRIMARY KEY)');
    expect(explainTables(db, 'SELECT * FROM later', [], roots)).toBeUndefined();
  });
});

describe('the changes a LiveDatabase records', () => {
  it('collects the tables read while collecting, and only then', () => {
    const reads = changes.collect();
    live.prepare('SELECT name FROM customers WHERE id = ?').get(1);
    for (const row of live.prepare('SELECT total FROM orders').iterate()) void row;
    expect([...reads.stop()].sort()).toEqual(['customers', 'orders']);
    live.prepare('SELECT text FROM notes').all();
    const later = changes.collect();
    expect(later.stop()).toEqual([]);
  });

  it('an answer stays right while the tables it read are unchanged, and not once one of them (or a trigger of a write) changed', () => {
    const reads = changes.collect();
    live.prepare('SELECT sum FROM totals').all();
    const tables = reads.stop();
    live.prepare('INSERT INTO notes (text) VALUES (?)').run('unrelated');
    live.prepare('UPDATE customers SET name = ? WHERE id = ?').run('Ana Maria', 1);
    expect(changes.unchangedSince(tables, reads.since)).toBe(true);
    // The insert writes totals through its trigger.
    live.prepare('INSERT INTO orders (customer_id, total) VALUES (?, ?)').run(1, 5);
    expect(changes.unchangedSince(tables, reads.since)).toBe(false);
  });

  it('a write that throws changes nothing; raw SQL and a swap change every table', () => {
    const reads = changes.collect();
    live.prepare('SELECT name FROM customers').all();
    const tables = reads.stop();
    expect(() => live.prepare('INSERT INTO customers (id, name) VALUES (?, ?)').run(1, 'duplicate')).toThrow(/UNIQUE/);
    expect(changes.unchangedSince(tables, reads.since)).toBe(true);
    live.exec("UPDATE notes SET text = 'raw'");
    expect(changes.unchangedSince(tables, reads.since)).toBe(false);

    const again = changes.collect();
    live.prepare('SELECT name FROM customers').all();
    const sameTables = again.stop();
    const other = join(dir, 'other.sqlite');
    const setup = new BetterSqlite3(other);
    setup.exec(SCHEMA);
    setup.close();
    live.swap(other);
    expect(changes.unchangedSince(sameTables, again.since)).toBe(false);
  });

  it('a statement prepared before the schema changed is looked into again on the new schema', () => {
    const insert = live.prepare('INSERT INTO notes (text) VALUES (?)');
    insert.run('before');
    live.exec('CREATE TRIGGER notes_touch AFTER INSERT ON notes BEGIN UPDATE customers SET name = name WHERE id = 1; END');
    const reads = changes.collect();
    live.prepare('SELECT name FROM customers').all();
    const tables = reads.stop();
    insert.run('after');
    expect(changes.unchangedSince(tables, reads.since)).toBe(false);
  });
});

describe('the tables a write collection finds (data.changed: electron/core/announce-writes.ts)', () => {
  it('names the tables written by statements that changed rows, through triggers and foreign key actions, sorted', () => {
    const written = changes.collectWrites();
    live.prepare('INSERT INTO orders (customer_id, total) VALUES (?, ?)').run(1, 5);
    live.prepare('DELETE FROM customers WHERE id = ?').run(2);
    // An UPDATE that finds no row changed nothing.
    live.prepare('UPDATE notes SET text = ? WHERE id = ?').run('x', 404);
    expect(written.stop()).toEqual(['customers', 'orders', 'totals']);
    // Closed: later writes are not collected.
    live.prepare('INSERT INTO notes (text) VALUES (?)').run('later');
    expect(written.stop()).toEqual(['customers', 'orders', 'totals']);
  });

  it('takes raw SQL for a write of every table; leaves out what is written unannounced', () => {
    const raw = changes.collectWrites();
    live.exec("UPDATE notes SET text = 'raw'");
    expect(raw.stop()).toEqual([EVERY_TABLE]);

    const written = changes.collectWrites();
    const since = changes.now();
    changes.unannounced(() => live.prepare('INSERT INTO notes (text) VALUES (?)').run('bookkeeping'));
    expect(written.stop()).toEqual([]);
    // Answers read from it are stale all the same.
    expect(changes.unchangedSince(['notes'], since)).toBe(false);
  });

  it('gives every open collection every write (concurrent writes find each other\'s tables, never fewer than their own)', () => {
    const first = changes.collectWrites();
    live.prepare('INSERT INTO notes (text) VALUES (?)').run('one');
    const second = changes.collectWrites();
    live.prepare('UPDATE customers SET name = ? WHERE id = ?').run('Ana Maria', 1);
    expect(second.stop()).toEqual(['customers']);
    expect(first.stop()).toEqual(['customers', 'notes']);
  });
});
