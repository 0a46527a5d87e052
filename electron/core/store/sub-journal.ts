import type { Database } from 'better-sqlite3';

/** PRAGMA temp_store's MEMORY. */
const MEMORY = 2;

/**
 * Runs `transaction` (a function that begins and ends one) with the connection's sub-journal in
 * memory, then sets temp_store back.
 *
 * A write in a savepoint, or a statement with triggers (the webhook outbox's chain triggers,
 * stock_total) inside a transaction, makes SQLite keep the original of every page it changes in
 * the connection's sub-journal: in memory up to 64 KiB, then, with the default temp_store, in a
 * temporary file for the rest of the transaction, so that every page changed after costs pwrite
 * calls (~23 an outbox insert: 56-89 µs an insert, 15 µs with the sub-journal in memory). SQLite
 * decides where the sub-journal goes when the transaction begins, and empties an in-memory one
 * whenever the savepoint or statement that filled it ends: it holds one write's pages at most.
 * Only around the transactions that need it, not for the connection: with temp_store MEMORY a
 * large sort, or the INSERT ... SELECT of a whole account copy, would hold its temporary data in
 * the process instead of spilling it to disk.
 *
 * Inside a transaction already begun it only runs `transaction` (the sub-journal's place is
 * decided, and SQLite may refuse to change temp_store there). Changing temp_store closes the
 * connection's TEMP database when it is open (TEMP tables and triggers gone, every statement
 * prepared again): the service's connection never opens it (no CREATE TEMP, no temp.-qualified
 * pragma); a caller that does must not use this.
 */
export function withSubJournalInMemory<T>(db: Database, transaction: () => T): T {
  if (db.inTransaction) return transaction();
  const before = Number(db.pragma('temp_store', { simple: true }));
  if (before === MEMORY) return transaction();
  db.pragma(`temp_store = ${MEMORY}`);
  try {
    return transaction();
  } finally {
    db.pragma(`temp_store = ${before}`);
  }
}
