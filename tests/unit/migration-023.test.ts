import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, loadMigrations } from '../../electron/core/store/migrate.ts';

// Migration 023 (one truth for what is paid) on a database an earlier version wrote: the repair
// of its figures, then the triggers that keep an invoice and its proforma on what pays its receipts.

const dir = mkdtempSync(join(tmpdir(), 'erpwb-m023-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function migrationsBefore023(): string {
  const source = join(import.meta.dirname, '../../electron/core/store/migrations');
  const target = join(dir, 'migrations');
  mkdirSync(target);
  for (const file of readdirSync(source).filter((f) => f < '023_')) writeFileSync(join(target, file), readFileSync(join(source, file)));
  return target;
}

const TS = '2026-01-05 10:00:00';
const doc = (table: string, id: number, total: number, extra = '', values = '') =>
  `INSERT INTO ${table} (id, company_id, series, number, date, ${table === 'sales' ? '' : 'due_date, '}total_with_vat, created_ts, last_changed_ts${extra})
   VALUES (${id}, 1, 'X', ${id}, '2026-01-05', ${table === 'sales' ? '' : "'2026-01-20', "}${total}, '${TS}', '${TS}'${values});`;
const payment = (id: number, amount: number, cancelled = 0) =>
  `INSERT INTO payments (id, company_id, date, payment_type, amount, amount_ron, cancelled, created_ts, last_changed_ts)
   VALUES (${id}, 1, '2026-01-06', 'cash', ${amount}, ${amount}, ${cancelled}, '${TS}', '${TS}');`;
const allocation = (payment: number, type: string, docId: number, amount: number) =>
  `INSERT INTO payment_allocations (company_id, payment_id, doc_type, doc_id, amount) VALUES (1, ${payment}, '${type}', ${docId}, ${amount});`;

describe('migration 023 (one truth for what is paid)', () => {
  const db = new BetterSqlite3(join(dir, 'old.sqlite'));
  afterAll(() => db.close());

  it('moves payments of an invoice with receipts onto its receipt and recomputes every figure from the allocations', () => {
    applyMigrations(db, loadMigrations(migrationsBefore023()));
    db.exec(`
      INSERT INTO accounts (company_id, name, created_ts) VALUES (1, 'Old SRL', '2020-01-01 00:00:00');
      ${doc('invoices', 10, 100)}
      ${doc('sales', 20, 100, ', invoice_id, paid_amount', ', 10, 100')}
      ${doc('invoices', 11, 80, ', paid_amount', ', 0')}
      ${doc('sales', 21, 80, ', invoice_id, cancelled, paid_amount', ', 11, 1, 80')}
      ${doc('invoices', 12, 50)}
      ${doc('proformas', 30, 50, ', invoice_id', ', 12')}
      ${payment(1, 100)} ${allocation(1, 'invoice', 10, 100)}
      ${payment(2, 80)} ${allocation(2, 'sale', 21, 80)}
      ${payment(3, 50)} ${allocation(3, 'invoice', 12, 50)}
      ${payment(4, 40, 1)} ${allocation(4, 'invoice', 12, 40)}
    `);
    applyMigrations(db);
    const row = (sql: string, ...p: unknown[]) => db.prepare(sql).get(...p) as Record<string, unknown>;
    // Invoice 10's payment now pays its receipt 20; the receipt's own stale 100 was not counted twice.
    expect(row("SELECT doc_type, doc_id FROM payment_allocations WHERE payment_id = 1")).toEqual({ doc_type: 'sale', doc_id: 20 });
    expect(row('SELECT sale_id FROM payments WHERE id = 1')).toEqual({ sale_id: 20 });
    expect(row('SELECT paid_amount FROM sales WHERE id = 20')).toEqual({ paid_amount: 100 });
    expect(row('SELECT paid_amount FROM invoices WHERE id = 10')).toEqual({ paid_amount: 100 });
    // A cancelled receipt keeps no allocation: its payment is the client's credit again.
    expect(row('SELECT paid_amount FROM sales WHERE id = 21')).toEqual({ paid_amount: 0 });
    expect(row('SELECT allocated_amount, allocation_status FROM payments WHERE id = 2')).toEqual({ allocated_amount: 0, allocation_status: 'not_allocated' });
    // An invoice without receipts keeps its own allocations; a cancelled payment counts for nothing.
    expect(row('SELECT paid_amount FROM invoices WHERE id = 12')).toEqual({ paid_amount: 50 });
    expect(row('SELECT count(*) AS n FROM payment_allocations WHERE payment_id = 4')).toEqual({ n: 0 });
    // The proforma shows what its invoice has paid.
    expect(row('SELECT paid_amount FROM proformas WHERE id = 30')).toEqual({ paid_amount: 50 });
    // Timestamps stay as they were.
    expect(row('SELECT last_changed_ts FROM invoices WHERE id = 10')).toEqual({ last_changed_ts: TS });
  });

  it("then carries a receipt's paid amount to its invoice and on to the proforma, with the receipt's stamp", () => {
    const later = '2026-02-01 09:00:00';
    db.exec(`${doc('sales', 22, 50)}`);
    db.prepare('UPDATE sales SET invoice_id = 12, paid_amount = 20, last_changed_ts = ? WHERE id = 22').run(later);
    // Invoice 12 now has a receipt: it is paid by what pays its receipts.
    expect(db.prepare('SELECT paid_amount, last_changed_ts FROM invoices WHERE id = 12').get()).toEqual({ paid_amount: 20, last_changed_ts: later });
    expect(db.prepare('SELECT paid_amount, last_changed_ts FROM proformas WHERE id = 30').get()).toEqual({ paid_amount: 20, last_changed_ts: later });
    db.prepare('UPDATE sales SET paid_amount = 70 WHERE id = 22').run();
    // Up to its total on the proforma.
    expect(db.prepare('SELECT paid_amount FROM proformas WHERE id = 30').get()).toEqual({ paid_amount: 50 });
    db.prepare('UPDATE sales SET cancelled = 1 WHERE id = 22').run();
    expect(db.prepare('SELECT paid_amount FROM invoices WHERE id = 12').get()).toEqual({ paid_amount: 0 });
    // A proforma linked to an invoice takes its paid amount at once.
    db.exec(`${doc('proformas', 31, 100)}`);
    db.prepare('UPDATE proformas SET invoice_id = 10 WHERE id = 31').run();
    expect(db.prepare('SELECT paid_amount FROM proformas WHERE id = 31').get()).toEqual({ paid_amount: 100 });
  });

  it('releases the payments of a receipt or an invoice when it is cancelled: each keeps what it paid elsewhere', () => {
    const later = '2026-03-01 08:00:00';
    db.exec(`
      ${doc('invoices', 13, 90)}
      ${doc('sales', 23, 60, ', invoice_id', ', 13')}
      ${doc('sales', 24, 30, ', invoice_id', ', 13')}
      ${payment(5, 70)} ${allocation(5, 'sale', 23, 60)} ${allocation(5, 'sale', 24, 10)}
      ${doc('invoices', 14, 40)}
      ${payment(6, 40)} ${allocation(6, 'invoice', 14, 40)}
    `);
    db.prepare('UPDATE payments SET allocated_amount = amount, allocation_status = ? WHERE id IN (5, 6)').run('fully_allocated');
    db.prepare('UPDATE sales SET paid_amount = 60 WHERE id = 23').run();
    db.prepare('UPDATE sales SET paid_amount = 10 WHERE id = 24').run();
    expect(db.prepare('SELECT paid_amount FROM invoices WHERE id = 13').get()).toEqual({ paid_amount: 70 });

    db.prepare('UPDATE sales SET cancelled = 1, last_changed_ts = ? WHERE id = 23').run(later);
    expect(db.prepare('SELECT paid_amount FROM sales WHERE id = 23').get()).toEqual({ paid_amount: 0 });
    expect(db.prepare("SELECT count(*) AS n FROM payment_allocations WHERE doc_type = 'sale' AND doc_id = 23").get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT allocated_amount, allocation_status, last_changed_ts FROM payments WHERE id = 5').get()).toEqual({
      allocated_amount: 10, allocation_status: 'some_allocated', last_changed_ts: later,
    });
    expect(db.prepare('SELECT paid_amount, last_changed_ts FROM invoices WHERE id = 13').get()).toEqual({ paid_amount: 10, last_changed_ts: later });

    db.prepare('UPDATE invoices SET cancelled = 1, last_changed_ts = ? WHERE id = 14').run(later);
    expect(db.prepare('SELECT paid_amount FROM invoices WHERE id = 14').get()).toEqual({ paid_amount: 0 });
    expect(db.prepare('SELECT allocated_amount, allocation_status FROM payments WHERE id = 6').get()).toEqual({
      allocated_amount: 0, allocation_status: 'not_allocated',
    });
  });
});
