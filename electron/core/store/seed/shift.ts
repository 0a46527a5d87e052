import type { Database } from 'better-sqlite3';

/**
 * The demo is generated for one fixed instant, so every machine and every day gets the same
 * ids, numbers and amounts (the contract), and then moved forward in whole weeks to sit just
 * before today: weekdays stay weekdays, and "the last two years" stays true.
 */
export const DEMO_ANCHOR = new Date('2026-11-22T10:00:00Z');

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** Whole weeks from the anchor to `now` (negative before it). */
export function weeksSinceAnchor(now: Date): number {
  return Math.floor((now.getTime() - DEMO_ANCHOR.getTime()) / WEEK_MS);
}

/** Date and timestamp columns by name: dates 'YYYY-MM-DD', timestamps 'YYYY-MM-DD HH:MM:SS'. */
const DATE_COLUMN = /^(date|due_date|.*_date|.*_ts|.*_at|lastupdated|valid_from|valid_to)$/;

/** Tables whose dates are keys of reference data, not events of the demo. */
const NOT_SHIFTED = new Set(['schema_migrations', 'service_settings', 'exchange_rates', 'api_log']);

/**
 * store_meta key: the weeks seedDemo already moved the demo's dates by. The seed writes the
 * moved dates at once (an UPDATE of every row of a large demo costs more than the rest of the
 * seed); the shiftDemoDates that follows it takes the mark off and moves what is left (nothing).
 * Kept in the database rather than in memory so that any connection to it sees it.
 */
const MOVED_KEY = 'demo_moved_weeks';

/** Records (in the seed's transaction) that the demo's dates were written moved by `weeks`. */
export function recordMove(db: Database, weeks: number): void {
  if (weeks === 0) return;
  db.prepare('INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
    MOVED_KEY,
    String(weeks),
  );
}

/** The weeks the seed already moved the dates by (0 when it did not), taking the mark off. */
function takeMove(db: Database): number {
  const value = db.prepare<[string], string>('SELECT value FROM store_meta WHERE key = ?').pluck().get(MOVED_KEY);
  if (value === undefined) return 0;
  db.prepare('DELETE FROM store_meta WHERE key = ?').run(MOVED_KEY);
  return Number(value);
}

/**
 * Moves every date and timestamp of the demo data by `weeks` weeks, in one transaction; less
 * the weeks seedDemo already wrote them moved by (its shiftWeeks), so that seedDemo with
 * shiftWeeks W followed by shiftDemoDates(db, W) gives the demo moved by W weeks, once.
 */
export function shiftDemoDates(db: Database, weeksTotal: number): void {
  db.transaction(() => {
    const weeks = weeksTotal - takeMove(db);
    if (weeks === 0) return;
    const modifier = `${weeks * 7 >= 0 ? '+' : ''}${weeks * 7} days`;
    const tables = db
      .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all()
      .filter((table) => !NOT_SHIFTED.has(table));
    for (const table of tables) {
      const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string; type: string }>)
        .filter((column) => column.type === 'TEXT' && DATE_COLUMN.test(column.name))
        .map((column) => column.name);
      if (columns.length === 0) continue;
      const sets = columns.map(
        (c) => `"${c}" = CASE length("${c}") WHEN 10 THEN date("${c}", @m) WHEN 19 THEN datetime("${c}", @m) ELSE "${c}" END`,
      );
      db.prepare(`UPDATE "${table}" SET ${sets.join(', ')}`).run({ m: modifier });
    }
  })();
}
