import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/**
 * A plain SQLite file `dir/name` in WAL mode with table t (id, v) holding `values`, closed (as a
 * seed worker leaves its file): the stand-in store of the LiveDatabase tests.
 */
export function sqliteFileWith(dir: string, name: string, values: string[]): string {
  const file = join(dir, name);
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  for (const value of values) insert.run(value);
  db.close();
  return file;
}
