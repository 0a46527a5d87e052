// Which tables hold an account's rows, read off the schema itself: a table a later migration adds
// is covered by the account delete (and checked by the copy) without a list to keep up to date.
import type { Database } from 'better-sqlite3';
import { connectionGeneration } from './live-database.ts';

/**
 * Tables every account shares: reference data, the store's own facts, service-wide settings and
 * secrets. Every other table belongs to accounts (tests/integration/accounts-isolation.test.ts
 * fails when one is neither).
 */
export const SHARED_TABLES: ReadonlySet<string> = new Set([
  'exchange_rates',
  'postcodes',
  'couriers',
  'schema_migrations',
  'service_secrets',
  'service_settings',
  'store_meta',
  'auth_generation',
]);

/** A table without company_id whose rows belong to an account through a foreign key. */
export interface ChildTable {
  table: string;
  /** The column pointing at the parent's row. */
  column: string;
  parent: string;
  parentColumn: string;
}

export interface AccountTables {
  /** Tables with a company_id column, in the order they were created. */
  direct: string[];
  /** Owned through a parent, parents before children (a child may hang from another child). */
  children: ChildTable[];
  /** Neither shared, nor with a company_id, nor hanging from an owned table: the delete would miss it. */
  unclassified: string[];
}

export interface ColumnInfo {
  name: string;
  pk: number;
  notnull: number;
}

export interface ForeignKey {
  from: string;
  table: string;
  to: string | null;
}

/** Tables (in the order they were created), their columns and foreign keys: read once per schema. */
export interface SchemaShape {
  tables: string[];
  columns: ReadonlyMap<string, ColumnInfo[]>;
  foreignKeys: ReadonlyMap<string, ForeignKey[]>;
}

const shapes = new WeakMap<Database, { version: string; shape: SchemaShape }>();

/**
 * The schema as two queries over every table (a pragma per table costs a statement each): kept
 * until the schema changes (a migration, a reset's new file).
 */
export function schemaShape(db: Database): SchemaShape {
  const version = `${connectionGeneration(db)}:${db.pragma('schema_version', { simple: true }) as number}`;
  const known = shapes.get(db);
  if (known?.version === version) return known.shape;
  const tables = db
    .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid")
    .pluck()
    .all();
  const columns = new Map<string, ColumnInfo[]>(tables.map((t) => [t, []]));
  const columnRows = db
    .prepare<[], ColumnInfo & { tbl: string }>(
      `SELECT m.name AS tbl, p.name, p.pk, p."notnull" FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' ORDER BY m.rowid, p.cid`,
    )
    .all();
  for (const { tbl, ...column } of columnRows) columns.get(tbl)?.push(column);
  const foreignKeys = new Map<string, ForeignKey[]>(tables.map((t) => [t, []]));
  const keyRows = db
    .prepare<[], ForeignKey & { tbl: string }>(
      `SELECT m.name AS tbl, f."from", f."table", f."to" FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f
        WHERE m.type = 'table' ORDER BY m.rowid, f.id, f.seq`,
    )
    .all();
  for (const { tbl, ...fk } of keyRows) foreignKeys.get(tbl)?.push(fk);
  const shape = { tables, columns, foreignKeys };
  shapes.set(db, { version, shape });
  return shape;
}

export const tableNames = (db: Database): string[] => schemaShape(db).tables;

export const columnsOf = (db: Database, table: string): ColumnInfo[] => schemaShape(db).columns.get(table) ?? [];

export const foreignKeysOf = (db: Database, table: string): ForeignKey[] => schemaShape(db).foreignKeys.get(table) ?? [];

/** The column a foreign key points at: named, or the parent's primary key. */
export function referencedColumn(db: Database, fk: ForeignKey): string {
  return fk.to ?? columnsOf(db, fk.table).find((c) => c.pk === 1)?.name ?? 'rowid';
}

export function accountTables(db: Database): AccountTables {
  const direct: string[] = [];
  const rest: string[] = [];
  for (const table of tableNames(db)) {
    if (SHARED_TABLES.has(table)) continue;
    if (columnsOf(db, table).some((c) => c.name === 'company_id')) direct.push(table);
    else rest.push(table);
  }
  const owned = new Set(direct);
  const children: ChildTable[] = [];
  // A child found in one pass may be the parent of a table looked at before it: go again.
  for (let found = true; found; ) {
    found = false;
    for (const table of rest) {
      if (owned.has(table)) continue;
      // A NOT NULL key to an owned row ties every row (a nullable one could leave some out); the
      // primary key's first column has an index.
      const column = (name: string) => columnsOf(db, table).find((c) => c.name === name);
      const pkOrder = (name: string) => column(name)?.pk || Number.MAX_SAFE_INTEGER;
      const fk = foreignKeysOf(db, table)
        .filter((k) => owned.has(k.table) && column(k.from)?.notnull === 1)
        .sort((x, y) => pkOrder(x.from) - pkOrder(y.from))[0];
      if (!fk) continue;
      children.push({ table, column: fk.from, parent: fk.table, parentColumn: referencedColumn(db, fk) });
      owned.add(table);
      found = true;
    }
  }
  return { direct, children, unclassified: rest.filter((t) => !owned.has(t)) };
}

/**
 * The SQL condition selecting one account's rows of `table` (one `?` parameter: the company id),
 * for a direct table or a child (through its chain of parents); `parameter` names it in the SQL.
 */
export function accountRowsWhere(tables: AccountTables, table: string, parameter = '?'): string {
  if (tables.direct.includes(table)) return `company_id = ${parameter}`;
  const child = tables.children.find((c) => c.table === table);
  if (!child) throw new Error(`${table} holds no account's rows`);
  return `"${child.column}" IN (SELECT "${child.parentColumn}" FROM "${child.parent}" WHERE ${accountRowsWhere(tables, child.parent, parameter)})`;
}

/**
 * Runs `work` with foreign key enforcement off, in one transaction. A whole account's rows are
 * written or removed at once, so the checks would only cost time: each deleted contact, product
 * or document would look for its referrers in tables that have no index on those columns.
 * Synchronous: nothing else runs on the connection in between.
 */
export function withoutForeignKeys<T>(db: Database, work: () => T): T {
  if (db.inTransaction) throw new Error('withoutForeignKeys: called inside a transaction');
  db.pragma('foreign_keys = OFF');
  try {
    return db.transaction(work)();
  } finally {
    db.pragma('foreign_keys = ON');
  }
}

/** Deletes every row of account `companyId`, children first; answers the rows removed per table. */
export function deleteAccountRows(db: Database, companyId: number): Record<string, number> {
  // An unclassified table (no company_id, no key to an account's row) is taken for a
  // service-wide one; tests/integration/accounts-isolation.test.ts asks for it to be named in
  // SHARED_TABLES or tied to an account.
  const tables = accountTables(db);
  const removed: Record<string, number> = {};
  withoutForeignKeys(db, () => {
    for (const child of [...tables.children].reverse()) {
      removed[child.table] = db.prepare(`DELETE FROM "${child.table}" WHERE ${accountRowsWhere(tables, child.table)}`).run(companyId).changes;
    }
    for (const table of [...tables.direct].reverse()) {
      removed[table] = db.prepare(`DELETE FROM "${table}" WHERE company_id = ?`).run(companyId).changes;
    }
  });
  return removed;
}
