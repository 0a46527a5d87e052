import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, decodeVersion, encodeVersion, loadMigrations, MigrationError, NewerDatabaseError, recordAppVersion } from '../../electron/core/store/migrate.ts';
import { APP_VERSION } from '../../electron/core/version.ts';
import { openDatabase } from '../../electron/core/store/database.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'erpwb-migrate-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the shipped migrations, the first `count` of them, in a folder of its own. */
function migrationsCopy(count: number): string {
  const source = join(import.meta.dirname, '../../electron/core/store/migrations');
  const target = join(tempDir(), 'migrations');
  mkdirSync(target);
  for (const file of readdirSync(source).sort().slice(0, count)) {
    writeFileSync(join(target, file), readFileSync(join(source, file)));
  }
  return target;
}

describe('migrations', () => {
  it('opens a new database in WAL mode with foreign keys on and every migration recorded', () => {
    const db = openDatabase(join(tempDir(), 'store.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const recorded = db.prepare('SELECT version, checksum FROM schema_migrations ORDER BY version').all() as Array<{ version: number; checksum: string }>;
    expect(recorded.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version));
    expect(recorded[0]!.checksum).toMatch(/^[0-9a-f]{64}$/);
    db.close();
  });

  it('upgrades an older database in place, keeping its rows', () => {
    const file = join(tempDir(), 'old.sqlite');
    const old = new BetterSqlite3(file);
    applyMigrations(old, loadMigrations(migrationsCopy(1)));
    old.prepare("INSERT INTO accounts (company_id, name, created_ts) VALUES (7, 'Old SRL', '2020-01-01 00:00:00')").run();
    old.close();

    const db = openDatabase(file);
    expect(db.prepare('SELECT name FROM accounts WHERE company_id = 7').get()).toEqual({ name: 'Old SRL' });
    expect(db.prepare('SELECT count(*) AS n FROM schema_migrations').get()).toEqual({ n: loadMigrations().length });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'sales'").get()).toBeDefined();
    db.close();
  });

  it('refuses a database written by a newer version, with a clear message', () => {
    const file = join(tempDir(), 'newer.sqlite');
    openDatabase(file).close();
    const db = new BetterSqlite3(file);
    db.prepare("INSERT INTO schema_migrations VALUES (99, '099_future.sql', 'x', '2030-01-01')").run();
    db.close();
    expect(() => openDatabase(file)).toThrow(MigrationError);
    expect(() => openDatabase(file)).toThrow(/newer version of ERP Workbench \(schema version 99/);
  });

  it('refuses a newer database before writing anything to it, naming the version that wrote it', () => {
    const dir = tempDir();
    const file = join(dir, 'newer.sqlite');
    openDatabase(file).close();
    const db = new BetterSqlite3(file);
    db.prepare("INSERT INTO schema_migrations VALUES (99, '099_future.sql', 'x', '2030-01-01')").run();
    db.pragma(`user_version = ${encodeVersion('0.4.2')}`);
    db.close();
    const before = readFileSync(file);
    let refusal: unknown;
    try {
      openDatabase(file);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(NewerDatabaseError);
    expect(refusal).toMatchObject({ schemaVersion: 99, schemaName: '099_future.sql', knownVersion: loadMigrations().length, writtenBy: '0.4.2' });
    expect((refusal as Error).message).toMatch(/schema version 99, 099_future\.sql; ERP Workbench 0\.4\.2\)/);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(dir)).toEqual(['newer.sqlite']);
  });

  it('records the newest application version that opened the file, never an older one', () => {
    const file = join(tempDir(), 'versions.sqlite');
    const db = openDatabase(file);
    expect(decodeVersion(db.pragma('user_version', { simple: true }) as number)).toBe(APP_VERSION);
    recordAppVersion(db, '99.1.2');
    recordAppVersion(db, '0.0.1');
    expect(decodeVersion(db.pragma('user_version', { simple: true }) as number)).toBe('99.1.2');
    db.close();
    expect(encodeVersion('1.2.3-beta.4')).toBe(1_002_003);
    expect(decodeVersion(0)).toBeUndefined();
  });

  it('refuses a database whose applied migration was edited since', () => {
    const file = join(tempDir(), 'edited.sqlite');
    openDatabase(file).close();
    const db = new BetterSqlite3(file);
    db.prepare("UPDATE schema_migrations SET checksum = 'deadbeef' WHERE version = 2").run();
    db.close();
    expect(() => openDatabase(file)).toThrow(/002_.*changed after it was applied/);
  });

  it('rolls back a migration that fails halfway, leaving nothing of it', () => {
    const dir = migrationsCopy(1);
    writeFileSync(join(dir, '002_broken.sql'), 'CREATE TABLE half (id INTEGER);\nCREATE TABLE half (id INTEGER);\n');
    const db = new BetterSqlite3(join(tempDir(), 'broken.sqlite'));
    expect(() => applyMigrations(db, loadMigrations(dir))).toThrow(/already exists/);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    expect(db.prepare('SELECT max(version) AS v FROM schema_migrations').get()).toEqual({ v: 1 });
    db.close();
  });

  it('has no index whose entries another index of its table already holds in the same order', () => {
    // An index ends with the rowid: (company_id, date) orders its entries as (company_id, date,
    // id, ...) does, so it serves no query the longer one does not, and costs every write.
    // Kept on purpose: the narrow account indexes, which counts of an account's rows read.
    const kept = (columns: string[]) => columns.join() === 'company_id' || columns.join() === 'company_id,id';
    const db = openDatabase(join(tempDir(), 'indexes.sqlite'));
    const indexes = db
      .prepare("SELECT name, tbl_name AS tableName, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL")
      .all() as Array<{ name: string; tableName: string; sql: string }>;
    const columnsOf = (sql: string) => {
      const list = sql.slice(sql.indexOf('(') + 1, sql.search(/\)\s*(WHERE.*)?$/is));
      const columns: string[] = [];
      let depth = 0;
      let current = '';
      for (const char of list) {
        if (char === ',' && depth === 0) {
          columns.push(current.trim().replace(/\s+/g, ' '));
          current = '';
          continue;
        }
        if (char === '(') depth += 1;
        if (char === ')') depth -= 1;
        current += char;
      }
      return [...columns, current.trim().replace(/\s+/g, ' ')];
    };
    const redundant: string[] = [];
    for (const a of indexes) {
      if (/^CREATE UNIQUE/i.test(a.sql) || /\bWHERE\b/i.test(a.sql)) continue;
      const withRowid = [...columnsOf(a.sql), 'id'];
      if (kept(columnsOf(a.sql))) continue;
      for (const b of indexes) {
        if (b === a || b.tableName !== a.tableName || /\bWHERE\b/i.test(b.sql)) continue;
        const longer = columnsOf(b.sql);
        if (withRowid.length <= longer.length && withRowid.every((column, i) => column === longer[i])) redundant.push(`${a.name} (in ${b.name})`);
      }
    }
    expect(redundant).toEqual([]);
    db.close();
  });

  it('indexes every filter column of the document lists', () => {
    const db = openDatabase(join(tempDir(), 'plan.sqlite'));
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join(' | ');
    expect(plan("SELECT * FROM sales WHERE company_id = 1 AND date >= '2024-01-01' ORDER BY id")).toMatch(/USING (COVERING )?INDEX sales_screen_date/);
    expect(plan("SELECT * FROM sales WHERE company_id = 1 AND last_changed_ts > '2024-01-01' ORDER BY id")).toMatch(/USING INDEX sales_company_changed/);
    expect(plan("SELECT * FROM invoices WHERE company_id = 1 AND number = 5")).toMatch(/USING INDEX invoices_company_number/);
    expect(plan("SELECT * FROM awbs WHERE company_id = 1 AND awb_nr = 'x'")).toMatch(/USING INDEX awbs_company_nr/);
    expect(plan("SELECT * FROM payments WHERE company_id = 1 AND allocation_status = 'x'")).toMatch(/USING INDEX payments_company_allocation/);
    expect(plan('SELECT * FROM fiscal_receipts WHERE company_id = 1 AND z_nr = 3')).toMatch(/USING INDEX fiscal_receipts_company_z/);
    expect(plan("SELECT * FROM products WHERE company_id = 1 AND barcode = 'x'")).toMatch(/USING INDEX products_company_barcode/);
    expect(plan("SELECT * FROM contacts WHERE company_id = 1 AND lastupdated > 'x'")).toMatch(/USING INDEX contacts_company_lastupdated/);
    db.close();
  });
});
