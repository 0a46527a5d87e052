import type { Database } from 'better-sqlite3';

/**
 * A token that changes whenever the stored data may have changed: commits by any other
 * connection (PRAGMA data_version: another process, a test writing the file) and every row this
 * connection changed (total_changes()), minus rows that are not answer data (the API log's).
 * Costs two trivial statements; answer caches compare it instead of re-running their queries.
 */
export function createDataVersion(db: Database, excludedChanges: () => number): () => string {
  const others = db.prepare('PRAGMA data_version').pluck();
  const own = db.prepare('SELECT total_changes()').pluck();
  return () => `${others.get() as number}:${(own.get() as number) - excludedChanges()}`;
}
