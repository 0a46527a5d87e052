import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/store/database.ts';
import { seedDemo, seedEmptyAccount, seedReferenceData, shiftDemoDates, weeksSinceAnchor, DEMO_ANCHOR } from '../../electron/core/store/seed/index.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
const dirs: string[] = [];

function tempFile(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'erpwb-seed-'));
  dirs.push(dir);
  return join(dir, name);
}

afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function seededDemo(progress?: Array<[number, number, string]>): Database {
  const db = openDatabase(tempFile('demo.sqlite'));
  seedReferenceData(db);
  seedDemo(db, { scale: 1, now: NOW, ...(progress && { onProgress: (d: number, t: number, p: string) => progress.push([d, t, p]) }) });
  return db;
}

/** SHA-256 over every row of every table, in rowid order. */
/** The seeded data (the migration record and the per-installation secrets are not seed data). */
function hashOf(db: Database): string {
  const h = createHash('sha256');
  const tables = db
    .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('schema_migrations', 'service_secrets') ORDER BY name")
    .pluck()
    .all();
  for (const table of tables) {
    h.update(`#${table}`);
    for (const row of db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).raw().iterate()) h.update(JSON.stringify(row));
  }
  return h.digest('hex');
}

function count(db: Database, sql: string): number {
  return db.prepare<[], number>(sql).pluck().get() ?? -1;
}

describe('demo seed', () => {
  let db: Database;
  const progress: Array<[number, number, string]> = [];

  beforeAll(() => {
    db = seededDemo(progress);
  });
  afterAll(() => {
    db.close();
  });

  it('is deterministic: two seeds with the same scale and now give identical databases', () => {
    const other = seededDemo();
    try {
      expect(hashOf(other)).toBe(hashOf(db));
    } finally {
      other.close();
    }
  });

  it('leaves no foreign key violation', () => {
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
  });

  it('creates the demo account with REST enabled and no API user', () => {
    expect(db.prepare('SELECT company_id, rest_enabled, workmanager_enabled FROM accounts').all()).toEqual([
      { company_id: 1, rest_enabled: 1, workmanager_enabled: 1 },
    ]);
    expect(count(db, 'SELECT count(*) FROM api_users')).toBe(0);
    expect(db.prepare('SELECT id, kind FROM workpoints ORDER BY id').all()).toEqual([
      { id: 1, kind: 'wholesale' },
      { id: 2, kind: 'retail' },
    ]);
  });

  it('has connectors 1-4 with the contracted type, active and deleted flags', () => {
    expect(db.prepare('SELECT id, type, active, deleted FROM connectors ORDER BY id').all()).toEqual([
      { id: 1, type: 'ecommerce', active: 1, deleted: 0 },
      { id: 2, type: 'dropship', active: 1, deleted: 0 },
      { id: 3, type: 'ecommerce', active: 0, deleted: 0 },
      { id: 4, type: 'ecommerce', active: 0, deleted: 1 },
    ]);
    expect(count(db, 'SELECT count(*) FROM connectors WHERE id = 2 AND dropshipper_contact_id IS NOT NULL')).toBe(1);
    // Connector 1 notifies the built-in inbox out of the box; the others have no receiver.
    expect(db.prepare("SELECT id, order_event_notification_url AS url FROM connectors WHERE order_event_notification_url <> ''").all()).toEqual([
      { id: 1, url: '/_sandbox/inbox/demo-shop' },
    ]);
    const published = count(db, 'SELECT count(*) FROM connector_products WHERE connector_id = 1');
    expect(published).toBeGreaterThan(0);
    expect(published).toBeLessThan(count(db, 'SELECT count(*) FROM products WHERE deleted = 0'));
  });

  it('has every fiscal receipt status and every payment allocation status', () => {
    const statuses = db.prepare<[], number>('SELECT DISTINCT status_id FROM fiscal_receipts ORDER BY 1').pluck().all();
    expect(statuses).toEqual([0, 1, 2, 3]);
    const allocation = db.prepare<[], string>('SELECT DISTINCT allocation_status FROM payments ORDER BY 1').pluck().all();
    expect(allocation).toEqual(['fully_allocated', 'not_allocated', 'some_allocated']);
  });

  it('keeps paid amounts, allocations and totals consistent', () => {
    expect(count(db, `SELECT count(*) FROM sales s WHERE abs(s.paid_amount - coalesce((SELECT sum(amount) FROM payment_allocations WHERE doc_type = 'sale' AND doc_id = s.id), 0)) > 0.005`)).toBe(0);
    // One truth for what is paid (migration 023): an invoice with sales receipts is paid by what pays them, and only an
    // invoice without one carries allocations of its own; a converted proforma shows its invoice's paid amount.
    expect(count(db, `SELECT count(*) FROM payment_allocations a WHERE a.doc_type = 'invoice' AND EXISTS (SELECT 1 FROM sales s WHERE s.invoice_id = a.doc_id)`)).toBe(0);
    expect(count(db, `SELECT count(*) FROM invoices i WHERE EXISTS (SELECT 1 FROM sales s WHERE s.invoice_id = i.id)
      AND abs(i.paid_amount - (SELECT sum(paid_amount) FROM sales s WHERE s.invoice_id = i.id AND s.cancelled = 0)) > 0.005`)).toBe(0);
    expect(count(db, `SELECT count(*) FROM invoices i WHERE NOT EXISTS (SELECT 1 FROM sales s WHERE s.invoice_id = i.id)
      AND abs(i.paid_amount - coalesce((SELECT sum(amount) FROM payment_allocations WHERE doc_type = 'invoice' AND doc_id = i.id), 0)) > 0.005`)).toBe(0);
    expect(count(db, `SELECT count(*) FROM proformas p JOIN invoices i ON i.id = p.invoice_id WHERE abs(p.paid_amount - min(p.total_with_vat, i.paid_amount)) > 0.005`)).toBe(0);
    expect(count(db, `SELECT count(*) FROM payment_allocations a JOIN sales s ON a.doc_type = 'sale' AND s.id = a.doc_id WHERE s.cancelled = 1`)).toBe(0);
    expect(count(db, `SELECT count(*) FROM payments p WHERE abs(p.allocated_amount - coalesce((SELECT sum(amount) FROM payment_allocations WHERE payment_id = p.id), 0)) > 0.005`)).toBe(0);
    expect(count(db, `SELECT count(*) FROM sales s WHERE abs(s.total_with_vat - (SELECT sum(value_with_vat) FROM sale_items WHERE sale_id = s.id)) > 0.005`)).toBe(0);
    expect(count(db, `SELECT count(*) FROM fiscal_receipts WHERE status_id = 3 AND abs(paid_cash + paid_card + paid_foodstamp + paid_voucher + paid_modern_payment + paid_other_payment - total) > 0.005`)).toBe(0);
    expect(count(db, `SELECT count(*) FROM connector_orders o WHERE abs(o.total_with_vat - (SELECT sum(line_value_with_vat) FROM connector_order_items WHERE order_id = o.id)) > 0.005`)).toBe(0);
  });

  it('reserves only the stock open connector orders hold (none: every demo order has its sales receipt)', () => {
    // stock_available on /product/list/ is stock_global - stock_reserved: a reservation no order explains would be a phantom.
    const unexplained = db
      .prepare(
        `SELECT s.product_id, s.workpoint_id, s.reserved,
                (SELECT total(i.item_quantity) FROM connector_order_items i JOIN connector_orders o ON o.id = i.order_id
                  WHERE i.product_id = s.product_id AND o.reserved_workpoint_id = s.workpoint_id AND o.cancelled = 0) AS held
           FROM stock s WHERE abs(s.reserved - held) > 1e-9`,
      )
      .all();
    expect(unexplained).toEqual([]);
  });

  it('links every invoice issued from a proforma back from its proforma', () => {
    // The seed links them by an UPDATE of the proforma while it writes the invoices.
    const issued = count(db, "SELECT count(*) FROM invoices WHERE mentions LIKE 'Conform proforma PF %'");
    expect(issued).toBeGreaterThan(0);
    expect(count(db, 'SELECT count(*) FROM proformas p JOIN invoices i ON i.id = p.invoice_id')).toBe(issued);
  });

  it('has the documents the contract lists', () => {
    expect(count(db, 'SELECT count(*) FROM sales')).toBeGreaterThanOrEqual(250);
    expect(count(db, 'SELECT count(*) FROM sales WHERE cancelled = 1')).toBeGreaterThan(0);
    expect(count(db, 'SELECT count(*) FROM sales WHERE invoice_id IS NOT NULL')).toBeGreaterThan(0);
    expect(count(db, 'SELECT count(*) FROM invoices WHERE cancelled = 1')).toBeGreaterThan(0);
    expect(count(db, 'SELECT count(*) FROM proformas WHERE subscription_template_id IS NOT NULL')).toBeGreaterThan(0);
    expect(count(db, 'SELECT count(*) FROM products WHERE deleted = 1')).toBeGreaterThan(0);
    expect(count(db, 'SELECT count(*) FROM products WHERE archived = 1')).toBeGreaterThan(0);
    expect(count(db, 'SELECT count(*) FROM awbs')).toBeGreaterThan(0);
    expect(count(db, 'SELECT count(*) FROM inventories')).toBeGreaterThan(0);
    expect(count(db, 'SELECT count(*) FROM service_files')).toBeGreaterThan(0);
    expect(count(db, 'SELECT count(*) FROM service_requests')).toBeGreaterThan(0);
    for (const connector of [1, 2]) {
      expect(count(db, `SELECT count(*) FROM connector_orders o JOIN sales s ON s.connector_order_id = o.id WHERE o.connector_id = ${connector}`)).toBeGreaterThan(0);
      expect(count(db, `SELECT count(*) FROM connector_orders o JOIN sales s ON s.connector_order_id = o.id WHERE o.connector_id = ${connector} AND s.invoice_id IS NOT NULL`)).toBeGreaterThan(0);
      expect(count(db, `SELECT count(*) FROM awbs a JOIN connector_orders o ON o.id = a.connector_order_id WHERE o.connector_id = ${connector}`)).toBeGreaterThan(0);
    }
    // the documents span the two years before now, never after it
    expect(count(db, "SELECT count(*) FROM sales WHERE date < '2024-11-22' OR last_changed_ts > '2026-11-22 12:00:00'")).toBe(0);
  });

  it('reports progress up to the total', () => {
    expect(progress.length).toBeGreaterThan(1);
    const last = progress[progress.length - 1]!;
    expect(last[0]).toBe(last[1]);
    expect(progress.every(([done, total]) => done <= total)).toBe(true);
  });
});

describe('demo seed at a larger scale', () => {
  it('loads 12,000 sales in its one transaction (foreign keys unchecked meanwhile) and leaves no foreign key violation', () => {
    const db = openDatabase(tempFile('scale.sqlite'));
    const schema = () => db.prepare("SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY type, name").all();
    const before = schema();
    seedReferenceData(db);
    seedDemo(db, { scale: 40, now: NOW });
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    expect(count(db, 'SELECT count(*) FROM sales')).toBe(40 * 300);
    // What the bulk load set aside for its time is back: the WAL, every index and trigger.
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(schema()).toEqual(before);
    // stock_total, computed in one pass after the load, is what the triggers keep it at.
    const drift = `SELECT count(*) FROM products p WHERE p.stock_total <> COALESCE((
        SELECT round(sum(s.quantity), 3) FROM stock s JOIN workpoints w ON w.id = s.workpoint_id AND w.deleted = 0
         WHERE s.product_id = p.id), 0)`;
    expect(count(db, 'SELECT count(*) FROM products WHERE stock_total <> 0')).toBeGreaterThan(0);
    expect(count(db, drift)).toBe(0);
    db.prepare('UPDATE stock SET quantity = quantity + 1 WHERE product_id = (SELECT min(product_id) FROM stock)').run();
    expect(count(db, drift)).toBe(0);
    db.close();
  });
});

describe('moving the demo to today', () => {
  it('counts whole weeks from the anchor', () => {
    expect(weeksSinceAnchor(DEMO_ANCHOR)).toBe(0);
    expect(weeksSinceAnchor(new Date(DEMO_ANCHOR.getTime() + 13 * 86_400_000))).toBe(1);
    expect(weeksSinceAnchor(new Date(DEMO_ANCHOR.getTime() + 14 * 86_400_000))).toBe(2);
  });

  it('moves every date by whole weeks and nothing else', () => {
    const db = seededDemo();
    const before = db.prepare('SELECT id, date, last_changed_ts, total_with_vat FROM sales ORDER BY id').all() as Array<{ id: number; date: string; last_changed_ts: string; total_with_vat: number }>;
    const orderBefore = db.prepare('SELECT order_date, order_updated_at FROM connector_orders ORDER BY id LIMIT 1').get() as { order_date: string; order_updated_at: string };
    const ratesBefore = count(db, "SELECT count(*) FROM exchange_rates WHERE date = '2026-01-05'");
    shiftDemoDates(db, 3);
    const after = db.prepare('SELECT id, date, last_changed_ts, total_with_vat FROM sales ORDER BY id').all() as typeof before;
    const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    after.forEach((row, i) => {
      const old = before[i]!;
      expect(row.id).toBe(old.id);
      expect(row.total_with_vat).toBe(old.total_with_vat);
      expect(row.date).toBe(plusDays(old.date, 21));
      expect(row.last_changed_ts.slice(0, 10)).toBe(plusDays(old.last_changed_ts.slice(0, 10), 21));
      expect(row.last_changed_ts.slice(10)).toBe(old.last_changed_ts.slice(10));
    });
    const orderAfter = db.prepare('SELECT order_date, order_updated_at FROM connector_orders ORDER BY id LIMIT 1').get() as typeof orderBefore;
    expect(orderAfter.order_date).toBe(plusDays(orderBefore.order_date, 21));
    expect(orderAfter.order_updated_at.slice(0, 10)).toBe(plusDays(orderBefore.order_updated_at.slice(0, 10), 21));
    expect(count(db, "SELECT count(*) FROM exchange_rates WHERE date = '2026-01-05'")).toBe(ratesBefore);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    db.close();
  });
});

describe('empty seed', () => {
  it('creates one account with its configuration and no documents or API users', () => {
    const db = openDatabase(tempFile('empty.sqlite'));
    try {
      seedReferenceData(db);
      seedEmptyAccount(db, { now: NOW });
      expect(db.prepare('SELECT company_id, rest_enabled FROM accounts').all()).toEqual([{ company_id: 1, rest_enabled: 1 }]);
      expect(db.prepare<[], string>('SELECT code FROM payment_types ORDER BY code').pluck().all()).toEqual([
        'bank_transfer', 'card', 'cash', 'foodstamps', 'modern_payment', 'voucher',
      ]);
      expect(db.prepare<[], string>('SELECT currency FROM account_currencies ORDER BY 1').pluck().all()).toEqual(['EUR', 'RON']);
      expect(db.prepare('SELECT id, kind FROM workpoints').all()).toEqual([{ id: 1, kind: 'wholesale' }]);
      for (const table of ['api_users', 'sales', 'invoices', 'proformas', 'payments', 'contacts', 'products', 'connectors']) {
        expect(count(db, `SELECT count(*) FROM ${table}`), table).toBe(0);
      }
      expect(count(db, 'SELECT count(*) FROM couriers')).toBeGreaterThan(5);
      expect(count(db, "SELECT count(*) FROM postcodes WHERE city LIKE 'Bucuresti Sector %' AND street = ''")).toBe(6);
      expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe('a seed that was cut off', () => {
  it('is detected at the next start and seeded again from nothing', async () => {
    const { createCore } = await import('../../electron/core/create-core.ts');
    const { storeState } = await import('../../electron/core/store/reset.ts');
    const dataDir = mkdtempSync(join(tmpdir(), 'erpwb-seedcut-'));
    dirs.push(dataDir);
    // A first start whose seed stops halfway: the account and a few rows, no completion mark.
    const partial = openDatabase(join(dataDir, 'erp-workbench.sqlite'));
    seedReferenceData(partial);
    seedEmptyAccount(partial, { now: NOW });
    partial.prepare("INSERT INTO contacts (company_id, name, created_ts, lastupdated) VALUES (1, 'Half', 'x', 'x')").run();
    expect(storeState(partial)).toBe('interrupted');
    partial.close();

    const core = createCore({ dataDir, seed: 'empty' });
    expect(core.startState).toBe('interrupted');
    expect(core.seeded).toBe(true);
    core.close();
    const db = openDatabase(join(dataDir, 'erp-workbench.sqlite'));
    expect(storeState(db)).toBe('seeded');
    expect(count(db, "SELECT count(*) FROM contacts WHERE name = 'Half'")).toBe(0);
    db.close();

    const again = createCore({ dataDir, seed: 'demo' });
    expect(again.seeded).toBe(false);
    again.close();
  });
});
