import { describe, expect, it } from 'vitest';
import { Awb } from '../../shared/domain/awb.ts';
import { Inventory, InventoryRow, InventoryView } from '../../shared/domain/inventory.ts';
import { useDemo, writeSql } from './harness.ts';
import { listClient, restGet, storedColumnOf } from './lists.ts';

const demo = useDemo();

type Row = Record<string, unknown>;

const get = restGet<Row[]>(demo);
const { walk } = listClient<Row>(demo, '');

const round2 = (n: number) => Math.round(n * 100) / 100;

describe('GET /awb/list/', () => {
  it('answers the documented AWB record, field for field as stored', async () => {
    const rows = await walk('/awb/list/');
    const keys = Object.keys(Awb.properties);
    const stored = new Map((demo.db.prepare('SELECT * FROM awbs WHERE company_id = 1').all() as Row[]).map((r) => [r.id, r]));
    expect(rows.length).toBe(stored.size);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(keys);
      const { awb_id, ...fields } = row;
      expect(fields).toEqual(Object.fromEntries(keys.slice(1).map((k) => [k, stored.get(awb_id)![storedColumnOf(k)]])));
    }
    expect(rows.some((row) => row.connector_order_id !== null)).toBe(true);
    expect(rows.some((row) => row.document_cancelled === 1)).toBe(true);
  });

  it('documentnr is the tracking number, matched exactly and URL-decoded', async () => {
    const stored = demo.db.prepare('SELECT id, awb_nr FROM awbs WHERE company_id = 1 ORDER BY id LIMIT 1 OFFSET 20').get() as { id: number; awb_nr: string };
    expect((await get(`/awb/list/documentnr:${stored.awb_nr}/`)).data.map((row) => row.awb_id)).toEqual(
      demo.db.prepare('SELECT id FROM awbs WHERE company_id = 1 AND awb_nr = ? ORDER BY id').pluck().all(stored.awb_nr),
    );
    expect((await get(`/awb/list/documentnr:${stored.awb_nr.slice(0, -1)}/`)).data).toEqual([]);
    expect((await get('/awb/list/documentnr:NO-SUCH-AWB/')).data).toEqual([]);

    writeSql(
      demo.h,
      `INSERT INTO awbs (id, company_id, awb_nr, awb_type, date, created_ts, last_changed_ts)
       VALUES (888888, 1, 'GLS/2026 17:3', (SELECT code FROM couriers LIMIT 1), '2026-01-02', '2026-01-02 10:00:00', '2026-01-02 10:00:00')`,
    );
    const odd = (await get(`/awb/list/documentnr:${encodeURIComponent('GLS/2026 17:3')}/`)).data;
    expect(odd.map((row) => row.awb_id)).toEqual([888888]);
    expect(odd[0]).toMatchObject({ awb_nr: 'GLS/2026 17:3', sale_id: null, awb_subtype: '', document_cancelled: 0 });
  });

  it('400 for an empty documentnr and the options the spec does not list here', async () => {
    for (const [filters, message] of [
      ['documentnr:/', /filter 'documentnr' expects a non-empty value/],
      ['include:items/', /unknown filter 'include'/],
      ['awb_nr:1/', /unknown filter 'awb_nr'/],
    ] as const) {
      const answer = await demo.h.rest('GET', `/1/awb/list/${filters}`, demo.user);
      expect(answer.status, filters).toBe(400);
      expect(answer.body.messages[0], filters).toMatch(message);
    }
  });
});

const TOTALS = `SELECT count(*) AS row_count, round(total(quantity_book * unit_cost_ron), 2) AS total_book_ron,
  round(total(quantity_counted * unit_cost_ron), 2) AS total_counted_ron,
  round(total((quantity_counted - quantity_book) * unit_cost_ron), 2) AS total_difference_ron
  FROM inventory_rows WHERE inventory_id = ?`;

describe('GET /inventory/list/', () => {
  it('answers the documented inventory record with its totals', async () => {
    const rows = await walk('/inventory/list/');
    const keys = Object.keys(Inventory.properties);
    const stored = demo.db.prepare('SELECT * FROM inventories WHERE company_id = 1 ORDER BY id').all() as Row[];
    expect(rows.map((row) => row.inventory_id)).toEqual(stored.map((row) => row.id));
    const totals = demo.db.prepare(TOTALS);
    rows.forEach((row, index) => {
      expect(Object.keys(row)).toEqual(keys);
      const s = stored[index]!;
      for (const key of ['doc_series', 'doc_nr', 'doc_date', 'workpoint_id', 'sub_management_id', 'description', 'closed', 'document_cancelled', 'created_ts', 'last_changed_ts']) {
        expect(row[key], key).toEqual(s[storedColumnOf(key)]);
      }
      const t = totals.get(row.inventory_id) as Row;
      expect(row).toMatchObject(t);
      expect(row.row_count).toBeGreaterThan(0);
      expect(round2((row.total_counted_ron as number) - (row.total_book_ron as number))).toBeCloseTo(row.total_difference_ron as number, 1);
    });
    expect(rows.some((row) => row.sub_management_id === null)).toBe(true);
    expect(rows.some((row) => row.sub_management_id !== null)).toBe(true);
  });
});

describe('GET /inventory/view/{inventory_id}/', () => {
  it('answers the inventory with its workpoint, sub-management and every stock row', async () => {
    const ids = demo.db.prepare('SELECT id FROM inventories WHERE company_id = 1 ORDER BY id').pluck().all() as number[];
    const listed = new Map((await walk('/inventory/list/')).map((row) => [row.inventory_id, row]));
    const head = demo.db.prepare(
      `SELECT w.name AS workpoint_name, sm.name AS sub_management_name FROM inventories i JOIN workpoints w ON w.id = i.workpoint_id
         LEFT JOIN sub_managements sm ON sm.id = i.sub_management_id WHERE i.id = ?`,
    );
    const stockRows = demo.db.prepare('SELECT * FROM inventory_rows WHERE inventory_id = ? ORDER BY id');
    for (const id of ids) {
      const { data, page } = await get<Row>(`/inventory/view/${id}/`);
      expect(page).toBeUndefined();
      expect(Object.keys(data)).toEqual(Object.keys(InventoryView.properties));
      // the list's record, plus the names and the rows
      const { workpoint_name, sub_management_name, rows, ...record } = data;
      expect(record).toEqual(listed.get(id));
      expect({ workpoint_name, sub_management_name }).toEqual(head.get(id));
      const expected = (stockRows.all(id) as Row[]).map((r, index) => ({
        line_no: index + 1,
        product_variant_id: r.product_id ?? 0,
        item_code: r.code,
        item_name: r.name,
        unit: r.unit,
        quantity_book: r.quantity_book,
        quantity_counted: r.quantity_counted,
        quantity_difference: Math.round(((r.quantity_counted as number) - (r.quantity_book as number)) * 1000) / 1000,
        unit_cost_ron: r.unit_cost_ron,
        value_difference_ron: round2(((r.quantity_counted as number) - (r.quantity_book as number)) * (r.unit_cost_ron as number)),
      }));
      expect(rows).toEqual(expected);
      for (const row of rows as Row[]) expect(Object.keys(row)).toEqual(Object.keys(InventoryRow.properties));
    }
    const withSub = demo.db.prepare('SELECT id FROM inventories WHERE company_id = 1 AND sub_management_id IS NOT NULL LIMIT 1').pluck().get() as number;
    expect((await get<Row>(`/inventory/view/${withSub}/`)).data.sub_management_name).toEqual(expect.any(String));
    const without = demo.db.prepare('SELECT id FROM inventories WHERE company_id = 1 AND sub_management_id IS NULL LIMIT 1').pluck().get() as number;
    expect((await get<Row>(`/inventory/view/${without}/`)).data).toMatchObject({ sub_management_id: null, sub_management_name: null });
  });

  it('404 for an inventory that does not exist, 400 for an id that is not a positive integer', async () => {
    const max = demo.db.prepare('SELECT max(id) FROM inventories').pluck().get() as number;
    const missing = await get<null>(`/inventory/view/${max + 1}/`, 404);
    expect(missing.messages[0]).toBe(`inventory ${max + 1} does not exist`);
    expect(missing.is_error).toBe(true);
    for (const bad of ['abc', '0', '-1', '1.5', '01']) {
      const answer = await demo.h.rest('GET', `/1/inventory/view/${bad}/`, demo.user);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.messages[0], bad).toMatch(/inventory_id: .* is not a positive integer id/);
    }
  });
});
