// The demo seed as one bulk load: one transaction, the secondary indexes of the tables it fills
// built once at the end instead of kept up row by row, and pragmas for writing a lot at once.
import type { Database } from 'better-sqlite3';

/**
 * Page cache while loading (KiB). Without their indexes the tables grow at their ends, so a
 * small cache does; CREATE INDEX sorts in memory up to about this much again before it spills
 * to temporary files.
 */
const BULK_CACHE_KIB = 8 * 1024;

interface SchemaIndex {
  name: string;
  sql: string;
}

/** The explicit indexes (not those of PRIMARY KEY / UNIQUE clauses) of the tables that hold no row yet. */
function indexesOfEmptyTables(db: Database): SchemaIndex[] {
  const empty = new Set(
    db
      .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all()
      .filter((table) => db.prepare(`SELECT 1 FROM "${table}" LIMIT 1`).get() === undefined),
  );
  return db
    .prepare<[], SchemaIndex & { tbl_name: string }>(
      "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY rowid",
    )
    .all()
    .filter((index) => empty.has(index.tbl_name))
    .map(({ name, sql }) => ({ name, sql }));
}

/**
 * Runs `load` as one transaction that writes into empty tables, with the demo's millions of
 * rows in mind:
 *
 * - Their indexes are dropped first and made again, with the very SQL sqlite_master held (so the
 *   schema stays the migrations'), once the rows are in: building an index from sorted keys is
 *   several times cheaper than keeping it up through millions of inserts in random key order.
 *   All of them go, the two UNIQUE ones too, so that each table's indexes keep their order (the
 *   planner meets them in that order); a duplicate then fails the CREATE UNIQUE INDEX at the end.
 * - Foreign keys are not checked while loading: the generator makes every reference before it
 *   is used (tests/unit/seed.test.ts runs foreign_key_check on seeded stores), and the lookups
 *   cost a quarter of the inserts.
 * - synchronous is OFF while loading: nothing is waited for until the transaction ends.
 *
 * DDL is transactional in SQLite: a load that throws, or a process that dies halfway, leaves
 * the schema and the data as they were (and no partial demo to detect). The journal stays WAL
 * throughout, and the connection's pragmas are set back afterwards, whatever happened.
 */
export function bulkLoad(db: Database, load: () => void): void {
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
  // foreign_keys cannot change inside a transaction: set before BEGIN, back after the end.
  db.pragma('foreign_keys = OFF');
  db.pragma(`cache_size = ${-BULK_CACHE_KIB}`);
  db.pragma('synchronous = OFF');
  try {
    db.transaction(() => {
      const indexes = indexesOfEmptyTables(db);
      for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`);
      load();
      for (const index of indexes) db.exec(index.sql);
    })();
  } finally {
    db.pragma(`synchronous = ${synchronous}`);
    db.pragma(`cache_size = ${cacheSize}`);
    db.pragma(`foreign_keys = ${foreignKeys}`);
  }
}
