// The demo seed as one bulk load: one transaction, the secondary indexes of the tables it fills
// built once at the end instead of kept up row by row, and pragmas for writing a lot at once.
import type { Database } from 'better-sqlite3';

/**
 * Page cache while loading (KiB). Without their indexes the tables grow at their ends, so a
 * small cache does; CREATE INDEX sorts in memory up to about this much again before it spills
 * to temporary files.
 */
const BULK_CACHE_KIB = 8 * 1024;

/**
 * A rollback journal instead of the WAL while loading, when nothing else has the file open (a
 * new file: the first start's, a reset's in its worker): in WAL mode every page of the load is
 * written twice, to the WAL and then by the checkpoint into the file (1.2 GB each way at scale
 * 1000), and pages spilled from the cache are read back through the WAL's index. The rollback
 * journal holds only the pages the file had before (the empty schema: a few hundred KB), so the
 * load stays one atomic transaction. Answers the mode to go back to, or undefined when the
 * journal stays as it is (another connection holds the file, or it is not in WAL mode).
 */
function rollbackJournalWhileLoading(db: Database): string | undefined {
  const mode = String(db.pragma('journal_mode', { simple: true }));
  if (mode !== 'wal') return undefined;
  try {
    return String(db.pragma('journal_mode = DELETE', { simple: true })) === 'delete' ? mode : undefined;
  } catch {
    return undefined; // SQLITE_BUSY: another connection reads the file; the WAL it is
  }
}

interface SchemaIndex {
  name: string;
  sql: string;
}

/**
 * Triggers the load goes without, with the statement that does their work over the whole
 * table once the rows are in. stock_total (migration 015) sums a product's stock after each
 * stock row: a statement and a rewrite of the product per row while loading, against one
 * pass at the end. The pass visits each product's stock rows in the order the trigger's sum
 * does (the primary key's), so the totals are the very same floating-point numbers.
 */
const TRIGGERS_REPLACED_AFTER_LOAD: Record<string, string> = {
  stock_total_after_insert: `UPDATE products SET stock_total = COALESCE((
      SELECT round(sum(s.quantity), 3) FROM stock s JOIN workpoints w ON w.id = s.workpoint_id AND w.deleted = 0
       WHERE s.product_id = products.id), 0)
     WHERE id IN (SELECT product_id FROM stock)`,
  // An order's has_invoice / has_awb (migration 027): its triggers would ask the links of an
  // order at every order, sale and AWB inserted, without the links' indexes while loading (a scan
  // of the sales each); one pass over the orders afterwards, with the indexes back.
  connector_orders_links_insert: `UPDATE connector_orders
     SET has_invoice = EXISTS (SELECT 1 FROM sales s JOIN invoices i ON i.id = s.invoice_id
                                WHERE s.connector_order_id = connector_orders.id AND s.cancelled = 0 AND i.cancelled = 0),
         has_awb = (EXISTS (SELECT 1 FROM awbs a WHERE a.connector_order_id = connector_orders.id AND a.cancelled = 0)
                    OR EXISTS (SELECT 1 FROM sales s JOIN awbs a ON a.sale_id = s.id WHERE s.connector_order_id = connector_orders.id AND a.cancelled = 0))`,
};

/** Triggers whose work the passes above do at the end (stock_total's others: the seed never updates or deletes stock). */
const TRIGGERS_IDLE_WHILE_INSERTING = new Set([
  'stock_total_after_update',
  'stock_total_after_delete',
  // has_invoice / has_awb's others: connector_orders_links_insert's pass above covers what they would do.
  'sales_order_links_insert',
  'sales_order_links_update',
  'sales_order_links_delete',
  'invoices_order_links_cancel',
  'awbs_order_links_insert',
  'awbs_order_links_update',
  'awbs_order_links_delete',
]);

/** The triggers the load drops and creates again afterwards, with the statements to run then. */
function triggersSetAside(db: Database): { triggers: SchemaIndex[]; replay: string[] } {
  const present = db
    .prepare<[], SchemaIndex>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY rowid")
    .all()
    .filter((t) => t.name in TRIGGERS_REPLACED_AFTER_LOAD || TRIGGERS_IDLE_WHILE_INSERTING.has(t.name));
  // All of stock_total's or none: the update and delete ones alone would not be worth it.
  if (!present.some((t) => t.name in TRIGGERS_REPLACED_AFTER_LOAD)) return { triggers: [], replay: [] };
  return { triggers: present, replay: present.flatMap((t) => TRIGGERS_REPLACED_AFTER_LOAD[t.name] ?? []) };
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
 * - A rollback journal instead of the WAL (rollbackJournalWhileLoading), and the
 *   stock_total triggers replaced by one pass at the end.
 *
 * DDL is transactional in SQLite: a load that throws, or a process that dies halfway, leaves
 * the schema and the data as they were (and no partial demo to detect). The connection's
 * pragmas (the WAL included) are set back afterwards, whatever happened.
 */
export function bulkLoad(db: Database, load: () => void): void {
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
  const journal = rollbackJournalWhileLoading(db);
  // foreign_keys cannot change inside a transaction: set before BEGIN, back after the end.
  db.pragma('foreign_keys = OFF');
  db.pragma(`cache_size = ${-BULK_CACHE_KIB}`);
  db.pragma('synchronous = OFF');
  try {
    db.transaction(() => {
      const indexes = indexesOfEmptyTables(db);
      const { triggers, replay } = triggersSetAside(db);
      for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`);
      for (const trigger of triggers) db.exec(`DROP TRIGGER "${trigger.name}"`);
      load();
      for (const index of indexes) db.exec(index.sql);
      for (const statement of replay) db.exec(statement);
      for (const trigger of triggers) db.exec(trigger.sql);
    })();
  } finally {
    if (journal !== undefined) db.pragma(`journal_mode = ${journal}`);
    db.pragma(`synchronous = ${synchronous}`);
    db.pragma(`cache_size = ${cacheSize}`);
    db.pragma(`foreign_keys = ${foreignKeys}`);
  }
}
