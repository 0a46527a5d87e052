import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, loadMigrations } from '../../electron/core/store/migrate.ts';
import { clientCode } from '../../shared/domain/contacts.ts';

// Migration 012 on a database made before it: the rows it fills in (client codes of clients,
// delisted archived products) and the ones it leaves empty (no internal code was recorded).

const dir = mkdtempSync(join(tmpdir(), 'erpwb-m012-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The shipped migrations before 012, in a folder of their own. */
function migrationsBefore012(): string {
  const source = join(import.meta.dirname, '../../electron/core/store/migrations');
  const target = join(dir, 'migrations');
  mkdirSync(target);
  for (const file of readdirSync(source).filter((f) => f < '012_')) writeFileSync(join(target, file), readFileSync(join(source, file)));
  return target;
}

describe('migration 012 (real service keys of products and contacts)', () => {
  it('gives the stored clients their client code, marks archived products delisted, leaves cod_intern empty', () => {
    const db = new BetterSqlite3(join(dir, 'old.sqlite'));
    applyMigrations(db, loadMigrations(migrationsBefore012()));
    db.exec(`
      INSERT INTO accounts (company_id, name, created_ts) VALUES (1, 'Old SRL', '2020-01-01 00:00:00');
      INSERT INTO contacts (id, company_id, name, is_client, is_supplier, created_ts, lastupdated) VALUES
        (7, 1, 'Client SRL', 1, 0, '2020-01-01 00:00:00', '2020-01-01 00:00:00'),
        (8, 1, 'Furnizor SRL', 0, 1, '2020-01-01 00:00:00', '2020-01-01 00:00:00');
      INSERT INTO products (id, company_id, cod_produs, product_name, archived, created_ts, last_changed_ts) VALUES
        (1, 1, 'A', 'Activ', 0, '2020-01-01 00:00:00', '2020-01-01 00:00:00'),
        (2, 1, 'B', 'Arhivat', 1, '2020-01-01 00:00:00', '2020-01-01 00:00:00');
    `);
    applyMigrations(db);
    expect(db.prepare('SELECT id, client_code FROM contacts ORDER BY id').all()).toEqual([
      { id: 7, client_code: clientCode(7) },
      { id: 8, client_code: '' },
    ]);
    expect(clientCode(7)).toBe('CL000007');
    expect(db.prepare('SELECT id, cod_intern, delisted FROM products ORDER BY id').all()).toEqual([
      { id: 1, cod_intern: '', delisted: 0 },
      { id: 2, cod_intern: '', delisted: 1 },
    ]);
    db.close();
  });
});
