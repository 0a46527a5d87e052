import type { Database } from 'better-sqlite3';
import type { ChangedRecords } from '../../shared/contract/events.ts';
import type { CoreEventBus } from './events.ts';
import { tableChangesOf } from './store/live-database.ts';
import { EVERY_TABLE } from './store/table-changes.ts';

/** What a finished write says about itself for its data.changed (the tables come from the store). */
export interface WriteAnnouncement {
  /** The account it wrote to; null: several, or none. */
  companyId: number | null;
  /** The rows it wrote, read off its input and answer (ids cannot be measured): see change-records.ts. */
  records?: ChangedRecords | undefined;
  /**
   * What it changed that no statement shows: files, state kept in memory, or EVERY_TABLE. Named
   * whatever the statements wrote (the contract's `unmeasuredChanges`).
   */
  unmeasured?: readonly string[] | undefined;
}

/** Tables of SQLite's own bookkeeping (sqlite_sequence, sqlite_stat1): no screen reads them. */
const isSqliteBookkeeping = (table: string) => table.startsWith('sqlite_');

/** The tables a data.changed names: those written, those declared besides, the tables of `records`. */
function announcedTables(written: readonly string[], { unmeasured = [], records = {} }: WriteAnnouncement): string[] {
  const tables = new Set([...written, ...unmeasured, ...Object.keys(records)]);
  return tables.has(EVERY_TABLE) ? [EVERY_TABLE] : [...tables].sort();
}

/**
 * The one way a write is announced, for the operations (create-core.ts `invoke`) and the REST
 * write routes (route-kit.ts): `write` runs while the store collects the tables its statements
 * change (store/table-changes.ts: triggers and foreign key actions included), and once it is
 * done `describe` says about its result whether to announce it (undefined: not, as a REST
 * refusal) and what cannot be measured. `data.changed` then names the tables written (sorted;
 * ['*'] when not known) when a statement changed rows or something unmeasured is declared:
 * a write that changed nothing announces nothing. No list of tables is kept by hand, so none
 * can be left off (a screen that would silently not refresh). A write that awaits may name
 * tables that other writes changed meanwhile (the collection is the connection's), never fewer
 * than its own.
 */
export function createWriteAnnouncer(db: Database, events: CoreEventBus) {
  const changes = tableChangesOf(db);
  if (changes === undefined) throw new Error('writes are announced from a LiveDatabase only (it measures the tables written)');
  return async function announced<T>(write: () => T | Promise<T>, describe: (result: T) => WriteAnnouncement | undefined): Promise<T> {
    const collection = changes.collectWrites();
    let written: readonly string[];
    let result: T;
    try {
      result = await write();
    } finally {
      written = collection.stop().filter((table) => !isSqliteBookkeeping(table));
    }
    const announcement = describe(result);
    if (announcement && (written.length > 0 || (announcement.unmeasured?.length ?? 0) > 0)) {
      const { companyId, records } = announcement;
      events.emit('data.changed', { company_id: companyId, tables: announcedTables(written, announcement), ...(records && { records }) });
    }
    return result;
  };
}
export type WriteAnnouncer = ReturnType<typeof createWriteAnnouncer>;
