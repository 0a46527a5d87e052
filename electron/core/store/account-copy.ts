// A copy of one account's data as a new account (accounts.create with seed "demo"): every row of
// the source's tables, INSERT ... SELECT in one transaction, with new ids. Ids are global (one
// sequence per table for all accounts), so each copied table's ids are moved past the highest
// id the table has ever given, by one offset per table: the copy keeps the source's order and
// gaps, and every reference to a copied row moves by its table's offset.
import type { Database, Statement } from 'better-sqlite3';
import { CONNECTOR_SETTINGS, SETTING_GROUPS } from '../../../shared/domain/connector-settings.ts';
import { accountRowsWhere, accountTables, columnsOf, foreignKeysOf, schemaShape, type AccountTables, type SchemaShape } from './account-tables.ts';

/**
 * Owned tables the copy leaves empty: who may call (API users), what happened to the source
 * (its API log, the notifications it sent, the import history of its orders, its faults) and
 * its storage with the files on it, its proxy mode and the shadow comparisons made in it (the copy
 * answers locally), the receivers its dispatcher paused. The new account starts with none, as a
 * seeded demo does.
 */
export const NOT_COPIED: ReadonlySet<string> = new Set([
  'api_users',
  'api_log',
  'webhook_outbox',
  'webhook_attempts',
  'connector_order_imports',
  'attachments',
  'account_storage',
  'sandbox_faults',
  'account_proxies',
  'fidelity_routes',
  'fidelity_skips',
  'receiver_health',
]);

/**
 * Id columns the schema declares no foreign key for, and the table their value is an id of:
 * one table, or by the row's document kind (`kindColumn` -> table).
 */
const UNDECLARED_REFERENCES: Readonly<Record<string, { table: string } | { kindColumn: string; tables: Record<string, string> }>> = {
  'service_files.service_request_id': { table: 'service_requests' },
  // 0 is the account-wide defaults (not a connector): see connectorSettingsConnector below.
  'connector_settings.connector_id': { table: 'connectors' },
  'payment_allocations.doc_id': { kindColumn: 'doc_type', tables: { sale: 'sales', invoice: 'invoices', proforma: 'proformas' } },
  'service_file_documents.doc_id': {
    kindColumn: 'doc_type',
    tables: { sale: 'sales', invoice: 'invoices', proforma: 'proformas', awb: 'awbs', payment: 'payments' },
  },
};

/** Columns named like ids that hold someone else's ids or codes (the shop's, the cash register's): kept as they are. */
const FOREIGN_SYSTEM_IDS: ReadonlySet<string> = new Set([
  'connector_orders.order_unique_id',
  'connector_orders.client_unique_id',
  'connector_clients.client_unique_id',
  'fiscal_receipts.pos_receipt_id',
  'fiscal_receipts.status_id',
]);

/** Connector settings whose value is the id of a row of the account (CONNECTOR_SETTINGS' choices). */
const SETTING_ID_TABLES: Readonly<Record<string, string>> = { workpoints: 'workpoints', sub_managements: 'sub_managements' };

const isIdLike = (column: string) => column === 'id' || column.endsWith('_id');

/** The copied tables: every owned table but NOT_COPIED, and children whose parent is copied. */
function copiedTables(tables: AccountTables): string[] {
  const copied = new Set(tables.direct.filter((t) => !NOT_COPIED.has(t)));
  for (const child of tables.children) if (copied.has(child.parent) && !NOT_COPIED.has(child.table)) copied.add(child.table);
  return [...tables.direct, ...tables.children.map((c) => c.table)].filter((t) => copied.has(t));
}

/** Whether `table` has its own integer id (INTEGER PRIMARY KEY `id`): those ids are given anew. */
function hasOwnId(db: Database, table: string): boolean {
  const pk = columnsOf(db, table).filter((c) => c.pk > 0);
  return pk.length === 1 && pk[0]!.name === 'id';
}

/**
 * Id-like columns of copied tables the copy would not know what to do with: neither a declared
 * foreign key, nor in UNDECLARED_REFERENCES, nor a foreign system's id. Empty, or a new column
 * needs a decision here (the isolation test checks).
 */
export function unmappedIdColumns(db: Database): string[] {
  const problems: string[] = [];
  for (const table of copiedTables(accountTables(db))) {
    const declared = new Set(foreignKeysOf(db, table).map((fk) => fk.from));
    for (const { name } of columnsOf(db, table)) {
      const key = `${table}.${name}`;
      if (!isIdLike(name) || name === 'company_id' || declared.has(name)) continue;
      if (name === 'id' && hasOwnId(db, table)) continue;
      if (key in UNDECLARED_REFERENCES || FOREIGN_SYSTEM_IDS.has(key)) continue;
      problems.push(key);
    }
  }
  return problems;
}

export interface AccountCopy {
  /** Rows copied per table. */
  rows: Record<string, number>;
  /** Table -> what was added to the source's ids. */
  offsets: Record<string, number>;
}

interface CopyPlan {
  /** Tables whose ids are given anew, each with the query of its id range. */
  idTables: Array<{ table: string; range: Statement<{ from: number }, { top: number | null; first: number | null }> }>;
  /** One INSERT ... SELECT per copied table, with the offsets it reads (parameters o_<table>). */
  steps: Array<{ table: string; insert: Statement<Record<string, number>>; offsets: string[] }>;
}

const plans = new WeakMap<SchemaShape, CopyPlan>();

/** The statements of a copy, made once per schema (the SQL depends only on it). */
function copyPlan(db: Database): CopyPlan {
  const shape = schemaShape(db);
  const known = plans.get(shape);
  if (known) return known;
  const unmapped = unmappedIdColumns(db);
  if (unmapped.length > 0) throw new Error(`the account copy does not know these id columns: ${unmapped.join(', ')}`);
  const tables = accountTables(db);
  const copied = copiedTables(tables);
  const idTables = copied.filter((table) => hasOwnId(db, table));
  const plan: CopyPlan = {
    idTables: idTables.map((table) => ({
      table,
      range: db.prepare(`SELECT (SELECT max(id) FROM "${table}") AS top, (SELECT min(id) FROM "${table}" WHERE ${accountRowsWhere(tables, table, '@from')}) AS first`),
    })),
    steps: [],
  };
  for (const table of copied) {
    const offsets = new Set<string>();
    const moved = (column: string, target: string) => {
      if (!idTables.includes(target)) return `"${column}"`;
      offsets.add(target);
      return `"${column}" + @o_${target}`;
    };
    const foreignKeys = new Map(foreignKeysOf(db, table).map((fk) => [fk.from, fk.table]));
    const names: string[] = [];
    const values: string[] = [];
    for (const { name } of columnsOf(db, table)) {
      const reference = UNDECLARED_REFERENCES[`${table}.${name}`];
      const target = foreignKeys.get(name);
      names.push(`"${name}"`);
      if (name === 'company_id' || target === 'accounts') values.push('@to');
      else if (name === 'id' && idTables.includes(table)) values.push(moved('id', table));
      else if (target !== undefined) values.push(moved(name, target));
      else if (reference && 'table' in reference) values.push(`CASE WHEN "${name}" = 0 THEN 0 ELSE ${moved(name, reference.table)} END`);
      else if (reference) {
        const cases = Object.entries(reference.tables).map(([kind, of]) => `WHEN '${kind}' THEN ${moved(name, of)}`);
        values.push(`CASE "${reference.kindColumn}" ${cases.join(' ')} ELSE "${name}" END`);
      } else values.push(`"${name}"`);
    }
    const sql = `INSERT INTO "${table}" (${names.join(', ')}) SELECT ${values.join(', ')} FROM "${table}" WHERE ${accountRowsWhere(tables, table, '@from')}`;
    plan.steps.push({ table, insert: db.prepare(sql), offsets: [...offsets] });
  }
  plans.set(shape, plan);
  return plan;
}

/**
 * Copies account `from` as account `to` (which must not exist). Run it inside
 * withoutForeignKeys (account-tables.ts), with the rest of the new account's rows: one
 * transaction, so no request sees half a copy.
 */
export function copyAccountRows(db: Database, from: number, to: number): AccountCopy {
  const plan = copyPlan(db);
  const sequence = db.prepare<[string], number>('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck();
  const offsets: Record<string, number> = {};
  for (const { table, range } of plan.idTables) {
    const { top, first } = range.get({ from })!;
    // Past every id the table has given (an AUTOINCREMENT table remembers deleted ones too).
    offsets[table] = first === null ? 0 : Math.max(top ?? 0, sequence.get(table) ?? 0) - first + 1;
  }
  const rows: Record<string, number> = {};
  for (const step of plan.steps) {
    const params: Record<string, number> = { from, to };
    for (const table of step.offsets) params[`o_${table}`] = offsets[table]!;
    rows[step.table] = step.insert.run(params).changes;
  }
  moveSettingIds(db, to, offsets);
  return { rows, offsets };
}

/** Connector settings that name a workpoint or sub-management: the copy's own (JSON values). */
function moveSettingIds(db: Database, companyId: number, offsets: Record<string, number>): void {
  const rowsOf = db.prepare<[number, string, string], { connector_id: number; value: string }>(
    'SELECT connector_id, value FROM connector_settings WHERE company_id = ? AND grp = ? AND key = ?',
  );
  const update = db.prepare<[string, number, number, string, string]>(
    'UPDATE connector_settings SET value = ? WHERE company_id = ? AND connector_id = ? AND grp = ? AND key = ?',
  );
  for (const group of SETTING_GROUPS) {
    for (const [key, def] of Object.entries(CONNECTOR_SETTINGS[group])) {
      const table = def.choices && SETTING_ID_TABLES[def.choices];
      const offset = table ? offsets[table] : undefined;
      if (!offset) continue;
      for (const row of rowsOf.all(companyId, group, key)) {
        const id: unknown = JSON.parse(row.value);
        if (typeof id === 'number') update.run(JSON.stringify(id + offset), companyId, row.connector_id, group, key);
      }
    }
  }
}
