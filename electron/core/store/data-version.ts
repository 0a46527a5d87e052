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
 * `own()` is the part this connection moves: whether a write of this process changed answer data,
 * without PRAGMA data_version, which outside a transaction takes and drops a read lock (two fcntl
 * and an fstat: a third of a small write's statements on this kind of machine).
 */
export function createDataVersion(db: Database, excludedChanges: () => number): DataVersion {
  const others = db.prepare('PRAGMA data_version').pluck();
  const changes = db.prepare('SELECT total_changes()').pluck();
  const own = () => `${connectionGeneration(db)}:${(changes.get() as number) - excludedChanges()}`;
  return Object.assign(() => `${own()}:${others.get() as number}`, { own });
}

export type DataVersion = (() => string) & { own: () => string };
