import { tmpdir } from 'node:os';
import type { Database } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { usePlansDb, type Executed } from './recording-db.ts';
import type { OperationInput } from '../../shared/contract/operations.ts';
import { Pager } from '../../electron/core/store/paging.ts';
import { createListHandlers } from '../../electron/core/operations/lists.ts';
import { createSales } from '../../electron/core/domains/sales/index.ts';
import { createInvoices } from '../../electron/core/domains/invoices/index.ts';
import { createProformas } from '../../electron/core/domains/proformas/index.ts';
import { createFiscalReceipts } from '../../electron/core/domains/fiscal-receipts/index.ts';
import { createPayments } from '../../electron/core/domains/payments/index.ts';
import { createAwbs } from '../../electron/core/domains/awb/index.ts';
import { createContacts } from '../../electron/core/domains/contacts/index.ts';
import { createProducts } from '../../electron/core/domains/products/index.ts';
import { createConnectors } from '../../electron/core/domains/connectors/index.ts';
import { createGlobalSearch } from '../../electron/core/domains/search/index.ts';
import { createDocumentLinks } from '../../electron/core/domains/documents/index.ts';
import { createExchangeRates } from '../../electron/core/domains/exchange-rates/index.ts';
import { createOutbox } from '../../electron/core/webhooks/outbox.ts';
import { FileStore } from '../../electron/core/store/files.ts';
import { systemClock } from '../../electron/core/time.ts';
import type { DomainDeps } from '../../electron/core/domain-deps.ts';

/**
 * The query plans of the screen lists (lists.*) and the palette (search.global): the handlers run
 * on the domains over a recording connection, and every statement they executed is explained
 * with its parameters. The window's ids and its total (the late row lookup: SELECT id ... LIMIT ?
 * OFFSET ?, SELECT count(*)) must walk one COVERING INDEX in the order asked (no temp b-tree), so
 * an offset deep in 300k rows skips index entries, never rows; the rows are then read by primary
 * key. Read without planner statistics, as documents-query-plans.test.ts does: the planner's
 * choice for an account that grew since its last ANALYZE, whatever the demo's size.
 */

const plansDb = usePlansDb('erpwb-screen-plans-');
const { recording } = plansDb;

/** The screen handlers on domains over `db` (the write dependencies are unused by the reads). */
function handlersOver(db: Database) {
  const pager = new Pager(db);
  const deps: DomainDeps = {
    clock: systemClock,
    outbox: createOutbox(db, systemClock),
    files: new FileStore(tmpdir()),
    links: createDocumentLinks(db, systemClock),
    rates: createExchangeRates(db),
    publicUrl: () => 'http://127.0.0.1:8080',
  };
  const products = createProducts(db, pager, deps);
  return createListHandlers({
    sales: createSales(db, pager),
    invoices: createInvoices(db, pager, deps),
    proformas: createProformas(db, pager, deps),
    fiscalReceipts: createFiscalReceipts(db, pager, deps),
    payments: createPayments(db, pager, deps),
    awbs: createAwbs(db, pager, deps),
    contacts: createContacts(db, pager),
    products,
    connectors: createConnectors(db, pager, deps, products.push),
    search: createGlobalSearch(db),
    requireAccount: () => undefined,
    today: () => '2026-01-15',
  });
}

type ListOp = 'lists.sales' | 'lists.invoices' | 'lists.proformas' | 'lists.fiscalReceipts' | 'lists.payments' | 'lists.awbs' | 'lists.contacts' | 'lists.products' | 'lists.connectorOrders';

interface Plan {
  sql: string;
  lines: string[];
}

/**
 * Runs a list as a window past its first row asks (offset 1, one row: the ids, then the count as
 * the window is full or empty, then the rows) and explains each statement.
 */
async function plansOf(op: ListOp, input: Record<string, unknown>): Promise<Plan[]> {
  const executed: Executed[] = [];
  const handlers = handlersOver(recording(executed));
  const run = handlers[op] as (input: OperationInput<ListOp>) => unknown;
  await run({ company_id: 1, offset: 1, limit: 1, ...input } as OperationInput<ListOp>);
  return executed.map(({ sql, params }) => ({
    sql,
    lines: (plansDb.raw().prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail),
  }));
}

const isKeys = (plan: Plan) => /LIMIT \? OFFSET \?$/.test(plan.sql.trim()) || /^SELECT count\(\*\)/.test(plan.sql);
const scans = (plans: Plan[]) => plans.flatMap((p) => p.lines).filter((line) => /^SCAN /.test(line) && !/^SCAN json_each/.test(line));

/** The sorts and filters of each list whose window must be one covering-index walk, in order. */
const LISTS: Array<{ op: ListOp; sorts: string[]; flags: string[]; dated: boolean; choices?: Record<string, string[]> }> = [
  {
    op: 'lists.sales',
    sorts: ['bv_id', 'doc_date', 'document_value_with_vat', 'paid_amount', 'open_amount'],
    flags: ['cancelled', 'invoiced', 'added_by_api'],
    dated: true,
    choices: { payment_state: ['unpaid', 'partly_paid', 'paid'] },
  },
  { op: 'lists.invoices', sorts: ['bocp_id', 'doc_date', 'document_value_with_vat'], flags: ['cancelled', 'paid'], dated: true },
  { op: 'lists.proformas', sorts: ['proforma_id', 'doc_date'], flags: ['cancelled'], dated: true },
  { op: 'lists.fiscalReceipts', sorts: ['fiscal_receipt_id', 'doc_date'], flags: [], dated: true },
  { op: 'lists.payments', sorts: ['incasare_id', 'doc_date', 'amount'], flags: ['cancelled'], dated: true },
  { op: 'lists.awbs', sorts: ['awb_id', 'doc_date'], flags: ['cancelled'], dated: true },
  { op: 'lists.contacts', sorts: ['bocp_id', 'name'], flags: ['is_client', 'is_supplier'], dated: false },
  { op: 'lists.products', sorts: ['product_id', 'product_name', 'stoc_global', 'pret_vanzare'], flags: ['in_stock', 'archived', 'deleted'], dated: false },
  { op: 'lists.connectorOrders', sorts: ['SERVICE_order_id', 'order_date'], flags: ['cancelled'], dated: true },
];

/**
 * Filters that pick few rows: read through the index of the filter (then the few rows may be
 * sorted), or, as the planner may prefer without statistics, checked on the entries of the
 * covering index of the sort (the filter's column is in it). Never a table scan.
 */
const SELECTIVE: Array<[ListOp, Record<string, unknown>, RegExp]> = [
  ['lists.sales', { client_id: 5 }, /INDEX (sales_client \(client_id=\?\)|sales_screen_id \(company_id=\?\))/],
  // A name's start is a range on the folded name (diacritics folded as Ctrl+K folds them).
  ['lists.sales', { q: 'ion' }, /INDEX sales_client_name_folded \(company_id=\? AND <expr>>\? AND <expr><\?\)/],
  ['lists.sales', { q: '12' }, /INDEX sales_company_number \(company_id=\? AND number=\?\)/],
  ['lists.sales', { q: 'bv 12' }, /INDEX sqlite_autoindex_sales_1 \(company_id=\? AND series=\? AND number=\?\)/],
  ['lists.invoices', { q: 'ștef' }, /INDEX invoices_client_name_folded \(company_id=\? AND <expr>>\? AND <expr><\?\)/],
  ['lists.invoices', { q: '12' }, /INDEX invoices_company_number \(company_id=\? AND number=\?\)/],
  ['lists.invoices', { client_id: 5 }, /INDEX (invoices_client \(client_id=\?\)|invoices_screen_id \(company_id=\?\))/],
  ['lists.proformas', { q: 'ion' }, /INDEX proformas_client_name_folded/],
  ['lists.fiscalReceipts', { bv_id: 5 }, /INDEX (fiscal_receipts_company_sale \(company_id=\? AND sale_id=\?\)|fiscal_receipts_screen_id)/],
  ['lists.fiscalReceipts', { q: '1001' }, /INDEX fiscal_receipts_company_bon \(company_id=\? AND bon_nr=\?\)/],
  ['lists.payments', { bv_id: 5 }, /INDEX (payments_sale \(sale_id=\?\)|payments_screen_id)/],
  ['lists.payments', { q: 'ion' }, /INDEX payments_client_name_folded/],
  ['lists.awbs', { q: 'ion' }, /INDEX awbs_company_nr \(company_id=\? AND awb_nr=\?\)[\s\S]*awbs_client_name_folded/],
  ['lists.awbs', { sale_id: 5 }, /INDEX (awbs_sale \(sale_id=\?\)|awbs_screen_id)/],
  ['lists.contacts', { q: 'RO1234' }, /INDEX contacts_company_cui \(company_id=\? AND cui=\?\)/],
  ['lists.contacts', { q: 'ion' }, /INDEX contacts_name_folded \(company_id=\? AND <expr>>\? AND <expr><\?\)/],
  ['lists.products', { q: 'cafea' }, /INDEX products_company_barcode[\s\S]*products_name_folded \(company_id=\? AND <expr>>\? AND <expr><\?\)/],
  ['lists.products', { category_id: 2 }, /INDEX (products_company_category \(company_id=\? AND category_id=\?\)|products_screen_id)/],
  ['lists.products', { connector_id: 1 }, /INDEX sqlite_autoindex_connector_products_1 \(connector_id=\? AND product_id=\?\)/],
  ['lists.connectorOrders', { connector_id: 2 }, /INDEX connector_orders_company(_connector_date)? \(company_id=\? AND connector_id=\?\)/],
  ['lists.connectorOrders', { q: '100042' }, /INDEX connector_orders_company_unique \(company_id=\? AND order_unique_id=\?\)/],
];

describe('query plans of the screen lists (no statistics)', () => {
  const ordered = LISTS.flatMap(({ op, sorts, flags, dated, choices = {} }) =>
    sorts.flatMap((sort) => [
      { name: `${op} ${sort} desc`, op, input: { sort, direction: 'desc' } },
      { name: `${op} ${sort} asc`, op, input: { sort, direction: 'asc' } },
      ...flags.flatMap((flag) => [true, false].map((value) => ({ name: `${op} ${sort} ${flag}=${value}`, op, input: { sort, [flag]: value } }))),
      ...Object.entries(choices).flatMap(([key, values]) => values.map((value) => ({ name: `${op} ${sort} ${key}=${value}`, op, input: { sort, [key]: value } }))),
      // A date range on a date sort: a range of the same index.
      ...(dated && sort.endsWith('date')
        ? [{ name: `${op} ${sort} date range`, op, input: { sort, date_from: '2025-03-01', date_through: '2025-09-30' } }]
        : []),
    ]),
  );

  it.each(ordered)('$name: ids and total from one covering index, in order; rows by key', async ({ op, input }) => {
    const plans = await plansOf(op, input);
    const keys = plans.filter(isKeys);
    expect(keys.map((p) => p.sql.startsWith('SELECT count(*)'))).toEqual([false, true]);
    for (const { sql, lines } of keys) {
      expect(lines[0], sql).toMatch(/^SEARCH \w+ USING COVERING INDEX \w+ \(company_id=\?/);
      expect(lines.filter((line) => line.includes('TEMP B-TREE')), sql).toEqual([]);
    }
    const rows = plans.find((p) => /IN \(SELECT value FROM json_each\(\?\)\)$/.test(p.sql.trim()));
    if (rows) expect(rows.lines.join('\n')).toMatch(/USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(scans(plans)).toEqual([]);
  });

  it.each(SELECTIVE)('%s %o: read through its own index, no table scanned', async (op, input, uses) => {
    const plans = await plansOf(op, input);
    expect(plans.filter(isKeys).flatMap((p) => p.lines).join('\n')).toMatch(uses);
    expect(scans(plans)).toEqual([]);
  });

  it('search.global: every lookup reads an index', async () => {
    for (const q of ['BV 12', '12', 'Ion', '5941234567890', 'RO12345678']) {
      const executed: Executed[] = [];
      await handlersOver(recording(executed))['search.global']({ company_id: 1, q, limit: 20 });
      const plans = executed.map(({ sql, params }) => ({
        sql,
        lines: (plansDb.raw().prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail),
      }));
      expect(plans.length, q).toBeGreaterThan(0);
      expect(scans(plans), q).toEqual([]);
      // A prefix is walked in its index's order: the first hits need no sort.
      for (const plan of plans.filter((p) => /LIKE|>= \?/.test(p.sql))) expect(plan.lines.join('\n'), plan.sql).not.toMatch(/TEMP B-TREE/);
    }
  });
});
