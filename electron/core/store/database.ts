import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { applyMigrations } from './migrate.ts';
import { dropSamples } from './planner-statistics.ts';

export type { Database };

/** Opens (creating when absent) the store file, sets the pragmas the core relies on, migrates. */
export function openDatabase(file: string): Database {
  mkdirSync(dirname(file), { recursive: true });
  const db = new BetterSqlite3(file);
  try {
    db.pragma('journal_mode = WAL');
    // NORMAL is durable across application crashes in WAL mode; only an OS crash may lose the
    // last transactions, which is the usual trade-off for a local service.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    applyMigrations(db);
    // Files analyzed by earlier versions carry stat4 samples: each join was planned at every run.
    dropSamples(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
