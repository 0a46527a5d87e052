import type { Database } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { depsFor, usePlansDb, type Executed } from './recording-db.ts';
import { Pager } from '../../electron/core/store/paging.ts';
import { createInvoices } from '../../electron/core/domains/invoices/index.ts';
import { createProformas } from '../../electron/core/domains/proformas/index.ts';
import { createFiscalReceipts } from '../../electron/core/domains/fiscal-receipts/index.ts';
import { createPayments } from '../../electron/core/domains/payments/index.ts';
import { createAwbs } from '../../electron/core/domains/awb/index.ts';
import { createInventories } from '../../electron/core/domains/inventory/index.ts';

/**
 * Every filter of the document lists is served by an index: the queries the domains really
 * run (captured with their parameters) are explained, and their plans must name the index
 * the filter relies on and never scan a table. The plans are read without planner statistics:
 * that is the planner's choice for an account that grew since its last ANALYZE, and it does not
 * depend on the demo's size (with statistics the planner adapts to the data, using the same
 * indexes or the id order).
 */

const plansDb = usePlansDb('erpwb-plans-');
const { recording } = plansDb;

interface PlanCase {
  name: string;
  /** Runs the list (pages 1 and 3, three rows a page: page 3 finds its start, then reads by keyset). */
  run: (db: Database, pager: Pager, page: number) => unknown;
  /** A plan line every such request must show. */
  uses: RegExp;
  /** Read in id order through the index (no sort): equality filters and the unfiltered list. */
  ordered?: boolean;
}

const base = { companyId: 1, pageSize: 3 };
const lists = {
  invoices: (q: object) => (db: Database, pager: Pager, page: number) => createInvoices(db, pager, depsFor(db)).list({ ...base, ...q, page }),
  proformas: (q: object) => (db: Database, pager: Pager, page: number) =>
    createProformas(db, pager, depsFor(db)).list({ ...base, include: {}, ...q, page }),
  receipts: (q: object) => (db: Database, pager: Pager, page: number) =>
    createFiscalReceipts(db, pager, depsFor(db)).list({ ...base, include: {}, ...q, page }),
  payments: (q: object) => (db: Database, pager: Pager, page: number) =>
    createPayments(db, pager, depsFor(db)).list({ ...base, include: {}, ...q, page }),
  awbs: (q: object) => (db: Database, pager: Pager, page: number) => createAwbs(db, pager, depsFor(db)).list({ ...base, ...q, page }),
  inventories: (q: object) => (db: Database, pager: Pager, page: number) => createInventories(db, pager).list({ ...base, ...q, page }),
};

const index = (name: string, constraint = '') => new RegExp(`USING (COVERING )?INDEX ${name} \\(company_id=\\?${constraint}`);

const STANDARD: Array<[keyof typeof lists, string, string]> = [
  ['invoices', 'invoices', 'date'],
  ['proformas', 'proformas', 'date'],
  ['receipts', 'fiscal_receipts', '<expr>'],
  ['payments', 'payments', 'date'],
  ['awbs', 'awbs', 'date'],
  ['inventories', 'inventories', 'date'],
];

const CASES: PlanCase[] = [
  ...STANDARD.flatMap(([list, table, day]): PlanCase[] => {
    const dayIndex = table === 'fiscal_receipts' ? 'fiscal_receipts_screen_day' : table === 'inventories' ? 'inventories_company_date' : `${table}_screen_date`;
    return [
      { name: `${list}: the account's rows`, run: lists[list]({}), uses: index(`${table}_company`, '\\)'), ordered: true },
      { name: `${list}: keyset pages and minid`, run: lists[list]({ minId: 3 }), uses: index(`${table}_company`, ' AND rowid>\\?'), ordered: true },
      { name: `${list}: id`, run: lists[list]({ id: 3 }), uses: /INTEGER PRIMARY KEY \(rowid=\?\)/, ordered: true },
      { name: `${list}: skipcancelled`, run: lists[list]({ skipCancelled: true }), uses: index(`${table}_company`, '\\)'), ordered: true },
      {
        name: `${list}: a date range`,
        run: lists[list]({ dateFrom: '2025-03-01', dateThrough: '2025-03-31' }),
        uses: index(dayIndex, ` AND ${day}>\\? AND ${day}<\\?`),
      },
      { name: `${list}: datefrom`, run: lists[list]({ dateFrom: '2025-03-01' }), uses: index(dayIndex, ` AND ${day}>\\?`) },
      { name: `${list}: datethrough`, run: lists[list]({ dateThrough: '2025-03-01' }), uses: index(dayIndex, ` AND ${day}<\\?`) },
      {
        name: `${list}: modifiedafter`,
        run: lists[list]({ modifiedAfter: '2026-01-01 00:00:00' }),
        uses: index(`${table}_company_changed`, ' AND last_changed_ts>\\?'),
      },
      {
        name: `${list}: modifiedthrough`,
        run: lists[list]({ modifiedThrough: '2025-01-01 00:00:00' }),
        uses: index(`${table}_company_changed`, ' AND last_changed_ts<\\?'),
      },
    ];
  }),
  {
    name: 'invoices: documentnr',
    run: lists.invoices({ documentNumber: [{ series: null, number: 5 }] }),
    uses: index('invoices_company_number', ' AND number=\\?'),
    ordered: true,
  },
  {
    name: 'invoices: documentnr with its series',
    run: lists.invoices({ documentNumber: [{ series: 'dmo', number: 5 }] }),
    // the series as stored and the number: UNIQUE (company_id, series, number), one row at most
    uses: index('sqlite_autoindex_invoices_1', ' AND series=\\? AND number=\\?'),
    ordered: true,
  },
  {
    name: 'proformas: for_abon_tpl_id',
    run: lists.proformas({ subscriptionTemplateId: 1 }),
    uses: index('proformas_company_template', ' AND subscription_template_id=\\?'),
    ordered: true,
  },
  { name: 'proformas: include:payment_link', run: lists.proformas({ include: { paymentLink: true } }), uses: index('proformas_company', '\\)'), ordered: true },
  { name: 'receipts: bv_id', run: lists.receipts({ saleId: 5 }), uses: index('fiscal_receipts_company_sale', ' AND sale_id=\\?'), ordered: true },
  { name: 'receipts: raport_z_nr', run: lists.receipts({ zNr: 200 }), uses: index('fiscal_receipts_company_z', ' AND z_nr=\\?'), ordered: true },
  { name: 'receipts: pl_id', run: lists.receipts({ workpointId: 2 }), uses: index('fiscal_receipts_company_workpoint', ' AND workpoint_id=\\?'), ordered: true },
  { name: 'receipts: statie_id', run: lists.receipts({ stationId: 2 }), uses: index('fiscal_receipts_company_station', ' AND station_id=\\?'), ordered: true },
  { name: 'receipts: status_id', run: lists.receipts({ statusId: 3 }), uses: index('fiscal_receipts_company_status', ' AND status_id=\\?'), ordered: true },
  {
    name: 'receipts: include:items,printer_responses',
    run: lists.receipts({ include: { items: true, printerResponses: true } }),
    uses: /SEARCH sale_items USING INDEX sale_items_sale \(sale_id=\?\)/,
    ordered: true,
  },
  {
    name: 'payments: allocation_status',
    run: lists.payments({ allocationStatus: 'some_allocated' }),
    uses: index('payments_company_allocation', ' AND allocation_status=\\?'),
    ordered: true,
  },
  { name: 'payments: has_allocated', run: lists.payments({ allocationStatus: 'has_allocated' }), uses: index('payments_company', '\\)'), ordered: true },
  {
    name: 'payments: include:allocations',
    run: lists.payments({ include: { allocations: true } }),
    uses: /SEARCH a USING INDEX payment_allocations_payment \(payment_id=\?\)/,
    ordered: true,
  },
  { name: 'awbs: documentnr', run: lists.awbs({ awbNr: '1234' }), uses: index('awbs_company_nr', ' AND awb_nr=\\?'), ordered: true },
  { name: 'inventories: totals of a page', run: lists.inventories({}), uses: /SEARCH inventory_rows USING INDEX inventory_rows_inventory \(inventory_id=\?\)/, ordered: true },
  {
    name: 'inventory view',
    run: (db, pager) => createInventories(db, pager).view(1, 1),
    uses: /SEARCH inventory_rows USING INDEX inventory_rows_inventory \(inventory_id=\?\)/,
    ordered: true,
  },
  {
    name: 'payment types',
    run: (db, pager) => createPayments(db, pager, depsFor(db)).types(1),
    uses: /SEARCH payment_types USING (COVERING )?INDEX sqlite_autoindex_payment_types_1 \(company_id=\?\)/,
    ordered: true,
  },
];

describe('query plans of the document lists (no statistics)', () => {
  it.each(CASES)('$name', ({ run, uses, ordered }) => {
    const executed: Executed[] = [];
    const db = recording(executed);
    run(db, new Pager(db), 1);
    run(db, new Pager(db), 3);
    expect(executed.length).toBeGreaterThan(0);
    const lines: string[] = [];
    for (const { sql, params } of executed) {
      const plan = plansDb.raw().prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>;
      for (const { detail } of plan) lines.push(detail);
      // no table read from end to end: every table is reached through an index or its key
      // (a SCAN of a subquery reads rows the query made, not a table)
      const scans = plan.map((row) => row.detail).filter((detail) => /^SCAN /.test(detail) && !/^SCAN (json_each|\(subquery-)/.test(detail));
      expect(scans, sql).toEqual([]);
    }
    expect(lines.join('\n')).toMatch(uses);
    if (ordered) expect(lines.filter((line) => line.includes('TEMP B-TREE FOR ORDER BY'))).toEqual([]);
  });
});
