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

/** Moves every date and timestamp of the demo data by `weeks` weeks, in one transaction. */
export function shiftDemoDates(db: Database, weeks: number): void {
  if (weeks === 0) return;
  const modifier = `${weeks * 7 >= 0 ? '+' : ''}${weeks * 7} days`;
  const tables = db
    .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all()
    .filter((table) => !NOT_SHIFTED.has(table));
  db.transaction(() => {
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
