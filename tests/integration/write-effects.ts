import { createHash } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import type { Core } from '../../electron/core/create-core.ts';
import { CORE_EVENT_NAMES, type CoreEvents } from '../../shared/contract/events.ts';
import type { CoreEventMessage } from '../../shared/contract/ipc.ts';

// What a write did, seen from outside the core: the rows of every table (from a second
// connection) and the events the core sent meanwhile (data-changed-every-write.test.ts).

/** `read` on a new read-only connection to `file` (a snapshot restore and a reset swap another file in under the same name). */
export function readStore<T>(file: string, read: (db: BetterSqlite3.Database) => T): T {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** A digest of each table's rows, by table (SQLite's own tables and `silentColumns` left out). */
export function tableDigests(file: string, silentColumns: Readonly<Record<string, readonly string[]>> = {}): Map<string, string> {
  return readStore(file, (db) => {
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name").pluck().all() as string[];
    const digests = new Map<string, string>();
    for (const table of tables) {
      const silent = silentColumns[table] ?? [];
      const columns = (db.pragma(`table_info("${table}")`) as Array<{ name: string }>).map((c) => c.name).filter((c) => !silent.includes(c));
      const rows = db.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}"`).raw().all();
      digests.set(table, createHash('sha1').update(JSON.stringify(rows)).digest('hex'));
    }
    return digests;
  });
}

/** The tables whose digest differs, sorted (one made or dropped meanwhile included). */
export const changedTables = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...new Set([...before.keys(), ...after.keys()])].filter((table) => before.get(table) !== after.get(table)).sort();

/** Every event of the core from now until stop(). */
export function listenToCore(core: Core): { events: CoreEventMessage[]; stop: () => void } {
  const events: CoreEventMessage[] = [];
  const offs = CORE_EVENT_NAMES.map((name) => core.events.on(name, (payload: CoreEvents[typeof name]) => events.push({ name, payload } as CoreEventMessage)));
  return { events, stop: () => offs.forEach((off) => off()) };
}

/** Until the background has nothing left to write: the API log flushed, and no event for `quietMs`. */
export async function settleBackground(core: Core, quietMs = 150): Promise<void> {
  const { events, stop } = listenToCore(core);
  try {
    for (let waited = 0, seen = -1; waited < 10_000; waited += quietMs) {
      core.rest.apiLog.flush();
      if (seen === events.length) return;
      seen = events.length;
      await new Promise((resolve) => setTimeout(resolve, quietMs));
    }
    throw new Error('the background kept writing for 10 s');
  } finally {
    stop();
  }
}
