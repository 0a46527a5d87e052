import { describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE } from '../../shared/domain/documents.ts';
import { useDemo, withWritableDb, writeSql } from './harness.ts';
import { listClient } from './lists.ts';

/**
 * The standard filters of the spec on every document list of this part (invoices, proformas,
 * fiscal receipts, payments, AWBs, inventories), each answer compared with the SQLite file
 * read directly. The endpoint-specific filters, includes and shapes have their own files.
 */

const demo = useDemo();

interface ListCase {
  path: string;
  /** Name of the id in a record. */
  idKey: string;
  /** FROM clause with the document table aliased t. */
  from: string;
  /** The column (expression) the date filters act on. */
  day: string;
  /** The condition skipcancelled keeps, and the filter segment that asks for it. */
  kept: string;
  skipFilter: string;
  /** An option this endpoint does not accept, and the message naming it. */
  refused: [string, RegExp];
}

const CASES: ListCase[] = [
  {
    path: '/invoices/list/',
    idKey: 'bocp_id',
    from: 'invoices t',
    day: 't.date',
    kept: 't.cancelled = 0',
    skipFilter: 'skipcancelled:1/',
    refused: ['include:items/', /unknown filter 'include'/],
  },
  {
    path: '/proformas/list/',
    idKey: 'proforma_id',
    from: 'proformas t',
    day: 't.date',
    kept: 't.cancelled = 0',
    skipFilter: 'exclude:cancelled/',
    refused: ['skipcancelled:1/', /unknown filter 'skipcancelled'/],
  },
  {
    path: '/fiscalreceipts/list/',
    idKey: 'fiscal_receipt_id',
    from: 'fiscal_receipts t',
    day: 'COALESCE(t.bf_date, substr(t.created_ts, 1, 10))',
    kept: 't.status_id <> 0',
    skipFilter: 'skipcancelled:1/',
    refused: ['exclude:cancelled/', /unknown filter 'exclude'/],
  },
  {
    path: '/payments/list/',
    idKey: 'incasare_id',
    from: 'payments t',
    day: 't.date',
    kept: 't.cancelled = 0',
    skipFilter: 'skipcancelled:1/',
    refused: ['include:items/', /include: 'items' is not accepted here; accepted: allocations/],
  },
  {
    path: '/awb/list/',
    idKey: 'awb_id',
    from: 'awbs t',
    day: 't.date',
    kept: 't.cancelled = 0',
    skipFilter: 'skipcancelled:1/',
    refused: ['include:items/', /unknown filter 'include'/],
  },
  {
    path: '/inventory/list/',
    idKey: 'inventory_id',
    from: 'inventories t',
    day: 't.date',
    kept: 't.cancelled = 0',
    skipFilter: 'skipcancelled:1/',
    refused: ['documentnr:1/', /unknown filter 'documentnr'/],
  },
];

describe.each(CASES)('$path standard filters', (c) => {
  type Row = Record<string, unknown>;

  const ids = (where = '1', ...params: unknown[]) =>
    (demo.db.prepare(`SELECT t.id FROM ${c.from} WHERE t.company_id = 1 AND ${where} ORDER BY t.id`).pluck().all(...params) as number[]);

  const { list, walk: walkRows } = listClient<Row>(demo, c.path, { echoesPage: true, pageSize: LIST_PAGE_SIZE, lastPageFits: true });
  /** The ids of every row of a filter. */
  const walk = async (filters: string) => (await walkRows(filters)).map((row) => row[c.idKey] as number);

  it('pages through every row of the account once, in id order; has_more_pages is exact', async () => {
    const all = ids();
    expect(all.length).toBeGreaterThan(0);
    expect(await walk('')).toEqual(all);
    const pages = Math.ceil(all.length / LIST_PAGE_SIZE);
    const last = await list(`page:${pages}/`);
    expect(last.has_more_pages).toBe(false);
    expect(last.data).toHaveLength(all.length - (pages - 1) * LIST_PAGE_SIZE);
    const beyond = await list(`page:${pages + 1}/`);
    expect(beyond.data).toEqual([]);
    expect(beyond.has_more_pages).toBe(false);
  });

  it('year, yearmonth, yearmonthday, date and the inclusive datefrom / datethrough', async () => {
    const days = demo.db.prepare(`SELECT DISTINCT ${c.day} FROM ${c.from} WHERE t.company_id = 1 ORDER BY 1`).pluck().all() as string[];
    const day = days[Math.floor(days.length / 2)]!;
    const next = days[Math.floor(days.length / 2) + 1] ?? day;
    const [year, month] = [day.slice(0, 4), day.slice(5, 7)];

    expect(await walk(`year:${year}/`)).toEqual(ids(`substr(${c.day}, 1, 4) = ?`, year));
    expect(await walk(`yearmonth:${year}${month}/`)).toEqual(ids(`substr(${c.day}, 1, 7) = ?`, `${year}-${month}`));
    const onDay = await walk(`date:${day}/`);
    expect(onDay.length).toBeGreaterThan(0);
    expect(onDay).toEqual(ids(`${c.day} = ?`, day));
    expect(await walk(`yearmonthday:${day.replace(/-/g, '')}/`)).toEqual(onDay);
    // Both bounds inclusive: the same day from and through is that day; a two-day span holds both ends.
    expect(await walk(`datefrom:${day}/datethrough:${day}/`)).toEqual(onDay);
    expect(await walk(`datefrom:${day}/datethrough:${next}/`)).toEqual(ids(`${c.day} BETWEEN ? AND ?`, day, next));
    expect(await walk(`datefrom:${day}/`)).toEqual(ids(`${c.day} >= ?`, day));
    expect(await walk(`datethrough:${day}/`)).toEqual(ids(`${c.day} <= ?`, day));
    // A timestamp bound means its day; several date filters give their intersection.
    expect(await walk(`datefrom:${day}%2023:59:59/datethrough:${day}%2000:00:00/`)).toEqual(onDay);
    expect(await walk(`year:${year}/datethrough:${day}/`)).toEqual(ids(`${c.day} BETWEEN ? AND ?`, `${year}-01-01`, day));
  });

  it('modifiedafter is strict and takes %20 in the timestamp; modifiedthrough is inclusive', async () => {
    const stamps = demo.db.prepare(`SELECT DISTINCT t.last_changed_ts FROM ${c.from} WHERE t.company_id = 1 ORDER BY 1`).pluck().all() as string[];
    const ts = stamps[Math.floor(stamps.length * 0.6)]!;
    const encoded = ts.replace(' ', '%20');
    const after = await walk(`modifiedafter:${encoded}/`);
    expect(after).toEqual(ids('t.last_changed_ts > ?', ts));
    const through = await walk(`modifiedthrough:${encoded}/`);
    expect(through).toEqual(ids('t.last_changed_ts <= ?', ts));
    // The row changed at exactly ts is in "through", not in "after"; together they are every row once.
    const exact = ids('t.last_changed_ts = ?', ts);
    expect(exact.length).toBeGreaterThan(0);
    expect(through).toEqual(expect.arrayContaining(exact));
    expect(after.some((id) => exact.includes(id))).toBe(false);
    expect([...after, ...through].sort((a, b) => a - b)).toEqual(ids());
    // A bare date means 00:00:00 of that day.
    const day = ts.slice(0, 10);
    expect(await walk(`modifiedafter:${day}/`)).toEqual(ids('t.last_changed_ts > ?', `${day} 00:00:00`));
    expect(await walk(`modifiedafter:${encoded}/modifiedthrough:${stamps.at(-1)!.replace(' ', '%20')}/`)).toEqual(after);
  });

  it('id and the inclusive minid', async () => {
    const all = ids();
    const middle = all[Math.floor(all.length / 2)]!;
    expect((await list(`id:${middle}/`)).data.map((row) => row[c.idKey])).toEqual([middle]);
    expect(await walk(`minid:${middle}/`)).toEqual(all.filter((id) => id >= middle));
    expect((await list(`id:${all.at(-1)! + 100000}/`)).data).toEqual([]);
  });

  it(`${c.skipFilter.replace(/\/$/, '')} hides the cancelled rows`, async () => {
    if (ids(`NOT (${c.kept})`).length === 0) {
      // The demo has none on this list (payments, inventories): cancel one.
      const table = c.from.split(' ')[0]!;
      writeSql(demo.h, `UPDATE ${table} SET cancelled = 1 WHERE id = ?`, ids()[1]);
    }
    const kept = await walk(c.skipFilter);
    expect(kept).toEqual(ids(c.kept));
    expect(kept.length).toBeLessThan(ids().length);
    const rows = (await list(c.skipFilter)).data;
    // invoices and proformas carry the real service's document_cancelled, the other lists cancelled
    expect(rows.every((row) => (row.document_cancelled ?? row.cancelled) === 0)).toBe(true);
  });

  it('400 naming an unknown filter, a bad value, an option it does not take, or a query string', async () => {
    const cases: Array<[string, RegExp]> = [
      ['colour:red/', /unknown filter 'colour'/],
      ['year:20x4/', /filter 'year' expects a year YYYY/],
      ['yearmonth:2024-01/', /filter 'yearmonth'/],
      ['yearmonthday:2024-01-01/', /filter 'yearmonthday' expects eight digits YYYYMMDD/],
      ['date:2024-02-30/', /not a calendar date/],
      ['modifiedafter:2024-01-01T25:00:00/', /modifiedafter/],
      ['id:abc/', /filter 'id' expects an integer/],
      ['page:0/', /filter 'page'/],
      ['year:2024/year:2025/', /given more than once/],
      c.refused,
      ['?year=2024', /query string .* path segments/],
    ];
    for (const [filters, message] of cases) {
      const answer = await demo.h.rest('GET', `/1${c.path}${filters}`, demo.user);
      expect(answer.status, filters).toBe(400);
      expect(answer.body.is_error).toBe(true);
      expect(answer.body.messages[0], filters).toMatch(message);
    }
  });
});

describe('account scope', () => {
  it('every list sees only its own account', async () => {
    const ts = "'2026-01-01 00:00:00'";
    withWritableDb(demo.h, (writable) =>
      writable.exec(`INSERT INTO accounts (company_id, name, rest_enabled, created_ts) VALUES (2, 'Other SRL', 1, ${ts});
      INSERT INTO workpoints (id, company_id, name, kind) VALUES (999990, 2, 'Other', 'retail');
      INSERT INTO sales (id, company_id, series, number, date, created_ts, last_changed_ts) VALUES (999990, 2, 'X', 1, '2026-01-01', ${ts}, ${ts});
      INSERT INTO invoices (id, company_id, series, number, date, due_date, created_ts, last_changed_ts) VALUES (999990, 2, 'X', 1, '2026-01-01', '2026-01-01', ${ts}, ${ts});
      INSERT INTO proformas (id, company_id, series, number, date, due_date, created_ts, last_changed_ts) VALUES (999990, 2, 'X', 1, '2026-01-01', '2026-01-01', ${ts}, ${ts});
      INSERT INTO fiscal_receipts (id, company_id, sale_id, status_id, bf_date, created_ts, last_changed_ts) VALUES (999990, 2, 999990, 3, '2026-01-01', ${ts}, ${ts});
      INSERT INTO payments (id, company_id, date, payment_type, amount, amount_ron, created_ts, last_changed_ts) VALUES (999990, 2, '2026-01-01', 'cash', 1, 1, ${ts}, ${ts});
      INSERT INTO awbs (id, company_id, awb_nr, awb_type, date, created_ts, last_changed_ts) VALUES (999990, 2, 'OTHER-1', (SELECT code FROM couriers LIMIT 1), '2026-01-01', ${ts}, ${ts});
      INSERT INTO inventories (id, company_id, series, number, date, workpoint_id, created_ts, last_changed_ts) VALUES (999990, 2, 'X', 1, '2026-01-01', 999990, ${ts}, ${ts});`),
    );
    for (const c of CASES) {
      const day = await demo.h.rest<Array<Record<string, unknown>>>('GET', `/1${c.path}date:2026-01-01/`, demo.user);
      expect(day.status).toBe(200);
      expect(day.body.data.some((row) => row[c.idKey] === 999990), c.path).toBe(false);
      const byId = await demo.h.rest<unknown[]>('GET', `/1${c.path}id:999990/`, demo.user);
      expect(byId.body.data, c.path).toEqual([]);
      // account 1's user cannot read account 2
      expect((await demo.h.rest('GET', `/2${c.path}`, demo.user)).status, c.path).toBe(401);
    }
    expect((await demo.h.rest('GET', '/1/inventory/view/999990/', demo.user)).status).toBe(404);
    expect((await demo.h.rest('GET', '/1/awb/list/documentnr:OTHER-1/', demo.user)).body.data).toEqual([]);
  });
});
