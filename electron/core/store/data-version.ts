import type { Database } from 'better-sqlite3';
import { connectionGeneration } from './live-database.ts';

/**
 * A token that changes whenever the stored data may have changed: commits by any other
 * connection (PRAGMA data_version: another process, a test writing the file) and every row this
 * connection changed (total_changes()), minus rows that are not answer data (the API log's, the
 * webhook dispatcher's records of delivery attempts: the caller says which).
 * Both counters start again on a new connection, so the token also holds the connection's
 * generation: after a reset swapped the file in, no token of the old file can come back.
 * Costs two trivial statements; answer caches compare it instead of re-running their queries.
 */
export function createDataVersion(db: Database, excludedChanges: () => number): () => string {
  const others = db.prepare('PRAGMA data_version').pluck();
  const own = db.prepare('SELECT total_changes()').pluck();
  return () => `${connectionGeneration(db)}:${others.get() as number}:${(own.get() as number) - excludedChanges()}`;
}
