import type { Database } from 'better-sqlite3';

/** Tables that survive a reset: the migration record, the service-wide settings and secrets. */
const KEPT = new Set(['schema_migrations', 'service_settings', 'service_secrets']);
/** Of those, the ones a reset into a new file carries over (the new file has its own migration record). */
const CARRIED = ['service_settings', 'service_secrets'] as const;

export type KeptRows = Record<(typeof CARRIED)[number], Record<string, unknown>[]>;

/** The rows a reset keeps, read from the store that is being replaced. */
export function readKeptRows(db: Database): KeptRows {
  const rows = {} as KeptRows;
  for (const table of CARRIED) rows[table] = db.prepare<[], Record<string, unknown>>(`SELECT * FROM "${table}"`).all();
  return rows;
}

/**
 * Puts the kept rows into a new store in place of its own (its migrations made a new
 * per-installation secret: the old one must stay, document links are signed with it).
 */
export function writeKeptRows(db: Database, rows: KeptRows): void {
  db.transaction(() => {
    for (const table of CARRIED) {
      db.prepare(`DELETE FROM "${table}"`).run();
      for (const row of rows[table]) {
        const columns = Object.keys(row);
        const names = columns.map((column) => `"${column}"`).join(', ');
        db.prepare(`INSERT INTO "${table}" (${names}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`).run(row);
      }
    }
  })();
}

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
      // The AUTOINCREMENT high-water marks go too: a reset store gives the demo's ids again.
      if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").get()) {
        db.prepare('DELETE FROM sqlite_sequence').run();
      }
    })();
  } finally {
    db.pragma('foreign_keys = ON');
  }
}

export type StoreState = 'new' | 'seeded' | 'interrupted';

/**
 * 'new' before any seed, 'seeded' once a seed finished, 'interrupted' when a seed wrote rows
 * but was stopped before its end (the demo is written in one transaction, but a stop between its
 * commit and the completion mark, or an empty account's seed cut short, leaves rows without the mark).
 */
export function storeState(db: Database): StoreState {
  if (db.prepare("SELECT 1 FROM store_meta WHERE key = 'seed'").get()) return 'seeded';
  return db.prepare('SELECT 1 FROM accounts LIMIT 1').get() ? 'interrupted' : 'new';
}

export function markSeeded(db: Database, seed: { kind: string; scale: number; ts: string }): void {
  db.prepare("INSERT INTO store_meta (key, value) VALUES ('seed', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(
    JSON.stringify(seed),
  );
}
