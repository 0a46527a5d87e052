import type { Database } from 'better-sqlite3';

/** Tables that survive a reset: the migration record and the service-wide settings. */
const KEPT = new Set(['schema_migrations', 'service_settings']);

/** Deletes every row of every data table, in one transaction. */
export function wipeData(db: Database): void {
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all()
    .map((row) => row.name)
    .filter((name) => !KEPT.has(name));
  // foreign_keys cannot change inside a transaction; with it off, the order of deletes is free.
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      for (const table of tables) db.prepare(`DELETE FROM "${table}"`).run();
    })();
  } finally {
    db.pragma('foreign_keys = ON');
  }
}

export function isEmpty(db: Database): boolean {
  return db.prepare('SELECT 1 FROM accounts LIMIT 1').get() === undefined;
}
