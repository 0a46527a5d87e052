import type { Database } from 'better-sqlite3';
import { connectionGeneration, tableChangesOf } from './live-database.ts';
import type { AnswerDependencies } from './table-changes.ts';

export type { AnswerDependencies };

/** A database that does not track its tables: nothing is collected, and the version alone decides. */
const UNTRACKED: AnswerDependencies = { now: () => 0, collect: () => ({ since: 0, stop: () => [] }), unchangedSince: () => true };

/**
 * A token that changes whenever the stored data may have changed: commits by any other
 * connection (PRAGMA data_version: another process, a test writing the file) and every row this
 * connection changed (total_changes()), minus rows that are not answer data (the API log's, the
 * webhook dispatcher's records of delivery attempts: the caller says which).
 * Both counters start again on a new connection, so the token also holds the connection's
 * generation: after a reset swapped the file in, no token of the old file can come back.
 *
 * Answer caches use the finer pair `external()` and `dependencies`: an answer depends on the
 * tables its statements read (collected while it is made) and stays right while none of them
 * changed by this connection's writes (the LiveDatabase's TableChanges) and `external()` stands
 * (no commit by another connection, the same connection). On a database that does not track
 * its tables, `external()` is the whole token and `dependencies` collects nothing.
 */
export function createDataVersion(db: Database, excludedChanges: () => number): DataVersion {
  const others = db.prepare('PRAGMA data_version').pluck();
  const changes = db.prepare('SELECT total_changes()').pluck();
  const own = () => `${connectionGeneration(db)}:${(changes.get() as number) - excludedChanges()}`;
  const version = () => `${own()}:${others.get() as number}`;
  const tables = tableChangesOf(db);
  const dependencies = tables ?? UNTRACKED;
  const external = tables ? () => `${connectionGeneration(db)}:${others.get() as number}` : version;
  return Object.assign(version, { external, dependencies });
}

export type DataVersion = (() => string) & { external: () => string; dependencies: AnswerDependencies };
