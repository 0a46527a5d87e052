import { describe, expect, it } from 'vitest';
import { SALES_PAGE_SIZE, type Sale } from '../../shared/domain/sales.ts';
import { useDemo, withWritableDb } from './harness.ts';
import { listClient } from './lists.ts';

const demo = useDemo();

const ids = (sql: string, ...params: unknown[]) =>
  (demo.db.prepare(sql).all(...params) as Array<{ id: number }>).map((row) => row.id);

const { list, walk } = listClient<Sale>(demo, '/sales/list/', { echoesPage: true, pageSize: SALES_PAGE_SIZE });

describe('GET /sales/list/', () => {
  it('pages through every sale of the account once, in id order', async () => {
    const rows = await walk('');
    expect(rows.map((r) => r.bv_id)).toEqual(ids('SELECT id FROM sales WHERE company_id = 1 ORDER BY id'));
    expect(rows.length).toBeGreaterThan(SALES_PAGE_SIZE);
  });

  it('answers the documented fields of a sale', async () => {
    const [sale] = (await list('')).data;
    expect(sale).toMatchObject({
      bv_id: expect.any(Number),
      doc_series: expect.any(String),
      doc_nr: expect.any(Number),
      doc_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      client_name: expect.any(String),
      client_cui: expect.any(String),
      client_reg_com: expect.any(String),
      currency: expect.stringMatching(/^[A-Z]{3}$/),
      document_value_with_vat: expect.any(Number),
      total_ron: expect.any(Number),
      document_cancelled: expect.any(Number),
      last_changed_ts: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(sale).not.toHaveProperty('items');
    // One name per value: the core's own names are gone (the spec's client block stays).
    for (const old of ['series', 'number', 'date', 'total_with_vat', 'cancelled']) expect(sale).not.toHaveProperty(old);
  });

  it('a page past the end is empty with has_more_pages false', async () => {
    const body = await list('page:9999/');
    expect(body.data).toEqual([]);
    expect(body.has_more_pages).toBe(false);
  });

  it('year, yearmonth, date and the inclusive datefrom/datethrough', async () => {
    const [first] = demo.db.prepare('SELECT date FROM sales WHERE company_id = 1 ORDER BY date LIMIT 1 OFFSET 20').all() as Array<{ date: string }>;
    const day = first!.date;
    const year = day.slice(0, 4);
    expect((await walk(`year:${year}/`)).map((r) => r.bv_id)).toEqual(
      ids("SELECT id FROM sales WHERE company_id = 1 AND substr(date, 1, 4) = ? ORDER BY id", year),
    );
    expect((await walk(`yearmonth:${day.slice(0, 4)}${day.slice(5, 7)}/`)).map((r) => r.bv_id)).toEqual(
      ids('SELECT id FROM sales WHERE company_id = 1 AND substr(date, 1, 7) = ? ORDER BY id', day.slice(0, 7)),
    );
    const onDay = (await walk(`date:${day}/`)).map((r) => r.bv_id);
    expect(onDay.length).toBeGreaterThan(0);
    expect(onDay).toEqual(ids('SELECT id FROM sales WHERE company_id = 1 AND date = ? ORDER BY id', day));
    // Both bounds inclusive: from and through the same day is that day.
    expect((await walk(`datefrom:${day}/datethrough:${day}/`)).map((r) => r.bv_id)).toEqual(onDay);
    expect((await walk(`yearmonthday:${day.replace(/-/g, '')}/`)).map((r) => r.bv_id)).toEqual(onDay);
  });

  it('modifiedafter is strict and takes %20 in the timestamp; modifiedthrough is inclusive', async () => {
    const [row] = demo.db.prepare('SELECT last_changed_ts AS ts FROM sales WHERE company_id = 1 ORDER BY last_changed_ts DESC LIMIT 1 OFFSET 30').all() as Array<{ ts: string }>;
    const ts = row!.ts;
    const encoded = ts.replace(' ', '%20');
    expect((await walk(`modifiedafter:${encoded}/`)).map((r) => r.bv_id)).toEqual(
      ids('SELECT id FROM sales WHERE company_id = 1 AND last_changed_ts > ? ORDER BY id', ts),
    );
    const through = (await walk(`modifiedthrough:${encoded}/`)).map((r) => r.bv_id);
    expect(through).toEqual(ids('SELECT id FROM sales WHERE company_id = 1 AND last_changed_ts <= ? ORDER BY id', ts));
    expect(through.length).toBeGreaterThan(0);
  });

  it('id, minid and skipcancelled', async () => {
    const all = ids('SELECT id FROM sales WHERE company_id = 1 ORDER BY id');
    const middle = all[Math.floor(all.length / 2)]!;
    expect((await list(`id:${middle}/`)).data.map((r) => r.bv_id)).toEqual([middle]);
    expect((await walk(`minid:${middle}/`)).map((r) => r.bv_id)).toEqual(all.filter((id) => id >= middle));
    const kept = await walk('skipcancelled:1/');
    expect(kept.every((r) => r.document_cancelled === 0)).toBe(true);
    expect(kept.map((r) => r.bv_id)).toEqual(ids('SELECT id FROM sales WHERE company_id = 1 AND cancelled = 0 ORDER BY id'));
    expect(kept.length).toBeLessThan(all.length);
  });

  it('include:items,transactions,invoiced adds each block', async () => {
    const invoicedId = ids('SELECT id FROM sales WHERE company_id = 1 AND invoice_id IS NOT NULL ORDER BY id LIMIT 1')[0]!;
    const paidId = ids("SELECT doc_id AS id FROM payment_allocations WHERE doc_type = 'sale' ORDER BY doc_id LIMIT 1")[0]!;
    const [invoiced] = (await list(`id:${invoicedId}/include:items,transactions,invoiced/`)).data;
    const lines = demo.db.prepare('SELECT count(*) AS n FROM sale_items WHERE sale_id = ?').get(invoicedId) as { n: number };
    expect(invoiced!.items).toHaveLength(lines.n);
    expect(invoiced!.items![0]).toMatchObject({ line_no: 1, item_name: expect.any(String), qty_mu1: expect.any(Number), value_with_vat: expect.any(Number) });
    expect(invoiced!.invoiced).toMatchObject({ bocp_id: invoiced!.invoice_id, doc_series: expect.any(String), doc_nr: expect.any(Number) });
    const [paid] = (await list(`id:${paidId}/include:transactions/`)).data;
    expect(paid!.transactions!.length).toBeGreaterThan(0);
    expect(paid!.transactions![0]).toMatchObject({ incasare_id: expect.any(Number), payment_type: expect.any(String), amount: expect.any(Number) });
    expect(paid).not.toHaveProperty('items');
    const notInvoicedId = ids('SELECT id FROM sales WHERE company_id = 1 AND invoice_id IS NULL LIMIT 1')[0]!;
    expect((await list(`id:${notInvoicedId}/include:invoiced/`)).data[0]!.invoiced).toBeNull();
  });

  it('exclude:added-by-api and exclude:invoiced', async () => {
    const noApi = await walk('exclude:added-by-api/');
    expect(noApi.map((r) => r.bv_id)).toEqual(ids('SELECT id FROM sales WHERE company_id = 1 AND added_by_api = 0 ORDER BY id'));
    expect(noApi.every((r) => r.added_by_api === 0)).toBe(true);
    const both = await walk('exclude:added-by-api,invoiced/');
    expect(both.every((r) => r.added_by_api === 0 && r.invoice_id === null)).toBe(true);
    expect(both.map((r) => r.bv_id)).toEqual(
      ids('SELECT id FROM sales WHERE company_id = 1 AND added_by_api = 0 AND invoice_id IS NULL ORDER BY id'),
    );
  });

  it('400 naming an unknown filter, a bad value, an option it does not take, or a query string', async () => {
    const cases: Array<[string, RegExp]> = [
      ['colour:red/', /unknown filter 'colour'/],
      ['year:20x4/', /filter 'year' expects a year YYYY/],
      ['yearmonth:2024-01/', /filter 'yearmonth'/],
      ['page:0/', /filter 'page'/],
      ['include:pictures/', /include: 'pictures' is not accepted here; accepted: items, transactions, invoiced/],
      ['exclude:items/', /exclude: 'items' is not accepted/],
      ['modifiedafter:2024-01-01T25:00:00/', /modifiedafter/],
      ['?year=2024', /query string .* path segments/],
    ];
    for (const [filters, message] of cases) {
      const answer = await demo.h.rest('GET', `/1/sales/list/${filters}`, demo.user);
      expect(answer.status, filters).toBe(400);
      expect(answer.body.is_error).toBe(true);
      expect(answer.body.messages[0], filters).toMatch(message);
    }
  });

  it('sees only its own account', async () => {
    withWritableDb(demo.h, (writable) =>
      writable.exec(`INSERT INTO accounts (company_id, name, rest_enabled, created_ts) VALUES (2, 'Other SRL', 1, '2026-01-01 00:00:00');
      INSERT INTO sales (id, company_id, series, number, date, created_ts, last_changed_ts)
      VALUES (999999, 2, 'X', 1, '2026-01-01', '2026-01-01 00:00:00', '2026-01-01 00:00:00');`),
    );
    const mine = await walk('');
    expect(mine.some((r) => r.bv_id === 999999)).toBe(false);
    expect((await list('id:999999/')).data).toEqual([]);
    // and account 1's user cannot read account 2
    expect((await demo.h.rest('GET', '/2/sales/list/', demo.user)).status).toBe(401);
  });
});
