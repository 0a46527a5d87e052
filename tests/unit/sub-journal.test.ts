import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withSubJournalInMemory } from '../../electron/core/store/sub-journal.ts';

describe('withSubJournalInMemory', () => {
  let db: BetterSqlite3.Database;
  const tempStore = () => db.pragma('temp_store', { simple: true });
  beforeEach(() => {
    db = new BetterSqlite3(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
  });
  afterEach(() => db.close());

  it('runs the transaction with temp_store MEMORY and sets the previous value back', () => {
    db.pragma('temp_store = FILE');
    const seen = withSubJournalInMemory(db, () => db.transaction(() => tempStore())());
    expect(seen).toBe(2);
    expect(tempStore()).toBe(1);
  });

  it('sets temp_store back when the transaction throws, and the transaction is rolled back', () => {
    expect(() =>
      withSubJournalInMemory(db, () =>
        db.transaction(() => {
          db.prepare("INSERT INTO t (v) VALUES ('x')").run();
          throw new Error('refused');
        })(),
      ),
    ).toThrow('refused');
    expect(tempStore()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(0);
  });

  it('inside a transaction already begun, only runs the function (temp_store is not touched there)', () => {
    db.exec('BEGIN');
    expect(withSubJournalInMemory(db, () => tempStore())).toBe(0);
    db.exec('COMMIT');
  });
});
