import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/store/database.ts';
import { DEMO_ANCHOR, seedDemo, seedReferenceData, shiftDemoDates } from '../../electron/core/store/seed/index.ts';
import { vatRatesOn } from '../../shared/domain/vat.ts';

// The demo is generated at a fixed anchor and moved to today in whole weeks (shift.ts): its VAT
// rates follow the dates the documents end up with, not the anchor's.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The demo as create-core makes it when today is `weeks` weeks after the anchor. */
function demoMovedBy(weeks: number): Database {
  const dir = mkdtempSync(join(tmpdir(), 'erpwb-seed-vat-'));
  dirs.push(dir);
  const db = openDatabase(join(dir, 'demo.sqlite'));
  seedReferenceData(db);
  seedDemo(db, { scale: 1, now: DEMO_ANCHOR, shiftWeeks: weeks });
  shiftDemoDates(db, weeks);
  return db;
}

/** Distinct line rates of sales receipts and invoices, before and from 2025-08-01, after checking each is in force on its date. */
function rates(db: Database) {
  const lines = db
    .prepare(
      `SELECT s.date, i.vat_rate FROM sale_items i JOIN sales s ON s.id = i.sale_id
       UNION ALL SELECT d.date, i.vat_rate FROM invoice_items i JOIN invoices d ON d.id = i.invoice_id WHERE d.storno_of_id IS NULL`,
    )
    .all() as Array<{ date: string; vat_rate: number }>;
  const before = new Set<number>();
  const after = new Set<number>();
  for (const l of lines) {
    expect(vatRatesOn(l.date), l.date).toContain(l.vat_rate);
    (l.date < '2025-08-01' ? before : after).add(l.vat_rate);
  }
  const products = db.prepare('SELECT DISTINCT cota_tva_vanzare FROM products ORDER BY 1').pluck().all();
  return { before: [...before].sort((a, b) => a - b), after: [...after].sort((a, b) => a - b), products };
}

describe('demo VAT rates by the moved dates', () => {
  it('today at the anchor (2026-11-22): the two years hold both sides of 2025-08-01', () => {
    const db = demoMovedBy(0);
    expect(rates(db)).toEqual({ before: [5, 9, 19], after: [11, 21], products: [11, 21] });
    db.close();
  });

  it('a year later every document is after 2025-08-01: 21 and 11 only, though generated at the same anchor', () => {
    const db = demoMovedBy(52);
    expect(rates(db)).toEqual({ before: [], after: [11, 21], products: [11, 21] });
    db.close();
  });

  it('a year earlier (today in November 2025) most documents are before 2025-08-01', () => {
    const db = demoMovedBy(-52);
    const r = rates(db);
    expect(r.before).toEqual([5, 9, 19]);
    expect(r.after).toEqual([11, 21]);
    expect(r.products).toEqual([11, 21]);
    db.close();
  });
});
