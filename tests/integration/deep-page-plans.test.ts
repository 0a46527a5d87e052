import type { Database } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { depsFor, usePlansDb, type Executed } from './recording-db.ts';
import { Pager } from '../../electron/core/store/paging.ts';
import { createSales } from '../../electron/core/domains/sales/index.ts';
import { createInvoices } from '../../electron/core/domains/invoices/index.ts';
import { createProducts } from '../../electron/core/domains/products/index.ts';
import { productQuery } from '../../electron/server/public/product-query.ts';

/**
 * A deep page costs what page 1 costs: once a page's start is known (remembered from the page
 * before it, as a client walking the list asks), the page is read by keyset with the same
 * statements as page 1, one more bound on the id, through the same index and in the same order;
 * never an OFFSET that grows with the depth. The plans are read without planner statistics (see
 * recording-db.ts), the statements are those the domains really run.
 */

const plansDb = usePlansDb('erpwb-deep-plans-');


type List = (db: Database, pager: Pager, page: number) => unknown;

const LISTS: Record<string, List> = {
  'sales with items and transactions': (db, pager, page) =>
    createSales(db, pager).list({ companyId: 1, page, pageSize: 3, include: { items: true, transactions: true, invoiced: true } }),
  'sales, skipcancelled': (db, pager, page) => createSales(db, pager).list({ companyId: 1, page, pageSize: 3, skipCancelled: true, include: {} }),
  invoices: (db, pager, page) => createInvoices(db, pager, depsFor(db)).list({ companyId: 1, page, pageSize: 3 }),
  products: (db, pager, page) => {
    const products = createProducts(db, pager, depsFor(db));
    return products.open({ ...productQuery(1, '2026-11-25', {}) }, 'list').page(page, 3);
  },
};

/** Plan lines of a statement, with bound values and the keyset bound written alike. */
function planOf(db: Database, { sql, params }: Executed): string[] {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) =>
    row.detail.replace(/ AND (rowid|id)[<>]\?/, ''),
  );
}

describe.each(Object.entries(LISTS))('%s', (_name, list) => {
  it('a deep page runs the statements of page 1, with the same plans, and no OFFSET', () => {
    const db = plansDb.raw();
    const executed: Executed[] = [];
    const recording = plansDb.recording(executed);
    const pager = new Pager(recording);
    const runPage = (page: number): Executed[] => {
      executed.length = 0;
      list(recording, pager, page);
      return [...executed];
    };
    const first = runPage(1);
    for (let page = 2; page <= 6; page++) runPage(page); // a client walking: each page's start is remembered
    const deep = runPage(7);
    expect(deep.length).toBe(first.length);
    expect(deep.some((statement) => /OFFSET/i.test(statement.sql))).toBe(false);
    for (let i = 0; i < first.length; i++) {
      const plan = planOf(db, deep[i]!);
      expect(plan, deep[i]!.sql).toEqual(planOf(db, first[i]!));
      // every table through an index or its key (json_each is the page's own ids)
      expect(plan.filter((line) => /^SCAN /.test(line) && !/^SCAN json_each/.test(line)), deep[i]!.sql).toEqual([]);
    }
    // the page itself is read in index order: no sort of the matching rows
    expect(planOf(db, deep[0]!).join('\n')).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });
});
