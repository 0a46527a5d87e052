import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { dirname } from 'node:path';
import { applyMigrations, loadMigrations, recordAppVersion, refuseNewerDatabase } from './migrate.ts';
import { driverOptions, sqliteBinding } from './sqlite-binding.ts';
import { dropSamples } from './planner-statistics.ts';
import { ensurePrivateDir, ensurePrivateFile, makePrivate } from './private-files.ts';

export type { Database };

/**
 * Opens (creating when absent) the store file, sets the pragmas the core relies on, migrates.
 * `binding`: the better-sqlite3 binary to load (sqlite-binding.ts); a worker thread is given its
 * parent's choice.
 */
export function openDatabase(file: string, binding: string | undefined = sqliteBinding()): Database {
  ensurePrivateDir(dirname(file));
  // Made 0600 before SQLite opens it: its -wal and -shm then get the same mode.
  ensurePrivateFile(file);
  const db = new BetterSqlite3(file, driverOptions(binding));
  try {
    const migrations = loadMigrations();
    // First, before any pragma or migration writes to it: a newer version's file stays as it was.
    refuseNewerDatabase(db, migrations);
    db.pragma('journal_mode = WAL');
    // Left by an older version with the default mode: the same rule for them.
    for (const suffix of ['-wal', '-shm']) makePrivate(`${file}${suffix}`);
    // NORMAL is durable across application crashes in WAL mode; only an OS crash may lose the
    // last transactions, which is the usual trade-off for a local service.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    applyMigrations(db, migrations);
    recordAppVersion(db);
    // Files analyzed by earlier versions carry stat4 samples: each join was planned at every run.
    dropSamples(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
