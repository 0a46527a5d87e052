import { describe, expect, it } from 'vitest';
import { FiscalReceipt } from '../../shared/domain/fiscal-receipts.ts';
import { useDemo, writeSql } from './harness.ts';
import { comparableLine, listClient, listedLineOf } from './lists.ts';

const demo = useDemo();

type Row = Record<string, unknown>;
const BASE = '/fiscalreceipts/list/';
const OPTIONAL = ['bf_content', 'printer_response', 'items'];

const ids = (where = '1', ...params: unknown[]) =>
  demo.db.prepare(`SELECT id FROM fiscal_receipts WHERE company_id = 1 AND ${where} ORDER BY id`).pluck().all(...params) as number[];
const values = (sql: string, ...params: unknown[]) => demo.db.prepare(sql).pluck().all(...params) as Array<number | string>;

const { list, walk } = listClient<Row>(demo, BASE);

const idsOf = (rows: Row[]) => rows.map((row) => row.fiscal_receipt_id);

describe('GET /fiscalreceipts/list/', () => {
  it('answers the documented record: the import fields, the sale client block, the VAT split', async () => {
    const rows = await walk('');
    const keys = Object.keys(FiscalReceipt.properties).filter((key) => !OPTIONAL.includes(key));
    const stored = new Map(
      (
        demo.db
          .prepare(
            `SELECT fr.*, s.client_id, s.client_name, s.client_cui, s.client_reg_com, s.total_vat AS sale_vat,
                    s.total_with_vat AS sale_total
               FROM fiscal_receipts fr JOIN sales s ON s.id = fr.sale_id WHERE fr.company_id = 1`,
          )
          .all() as Row[]
      ).map((row) => [row.id, row]),
    );
    expect(rows.length).toBe(stored.size);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(keys);
      const s = stored.get(row.fiscal_receipt_id)!;
      expect(row.bv_id).toBe(s.sale_id);
      for (const key of ['pos_receipt_id', 'status_id', 'bf_date', 'bon_nr', 'z_nr', 'workpoint_id', 'station_id',
        'client_id', 'client_name', 'client_cui', 'client_reg_com', 'currency', 'paid_cash', 'paid_card', 'paid_foodstamp',
        'paid_voucher', 'paid_modern_payment', 'paid_other_payment', 'paid_by_voucher_code', 'print_confirmed_ts',
        'added_by_api', 'created_ts', 'last_changed_ts']) {
        expect(row[key], key).toEqual(s[key]);
      }
      expect(row.doc_date).toBe(s.bf_date ?? String(s.created_ts).slice(0, 10));
      expect(row.document_cancelled).toBe(s.status_id === 0 ? 1 : 0);
      expect(row.document_value_with_vat).toBe(s.total);
      expect(row.total_ron).toBe(s.total); // receipts print in RON
      expect(row.exchange_rate).toBe(1);
      // The sale's VAT, scaled to the receipt total (the same when they are equal).
      if (s.total === s.sale_total) expect(row.total_vat).toBe(s.sale_vat);
      expect(Math.abs((row.total_without_vat as number) + (row.total_vat as number) - (row.document_value_with_vat as number))).toBeLessThan(0.0051);
    }
  });

  it('bv_id, raport_z_nr, pl_id and statie_id', async () => {
    const [saleId] = values('SELECT sale_id FROM fiscal_receipts WHERE company_id = 1 ORDER BY id LIMIT 1 OFFSET 7');
    expect(idsOf(await walk(`bv_id:${saleId}/`))).toEqual(ids('sale_id = ?', saleId));
    expect(ids('sale_id = ?', saleId).length).toBeGreaterThan(0);
    const [noReceipt] = values('SELECT id FROM sales WHERE company_id = 1 AND id NOT IN (SELECT sale_id FROM fiscal_receipts) LIMIT 1');
    expect((await list(`bv_id:${noReceipt}/`)).data).toEqual([]);

    const [z] = values('SELECT z_nr FROM fiscal_receipts WHERE company_id = 1 AND z_nr IS NOT NULL ORDER BY id LIMIT 1 OFFSET 10');
    expect(idsOf(await walk(`raport_z_nr:${z}/`))).toEqual(ids('z_nr = ?', z));

    for (const workpoint of [1, 2]) {
      expect(idsOf(await walk(`pl_id:${workpoint}/`)), `pl_id ${workpoint}`).toEqual(ids('workpoint_id = ?', workpoint));
    }
    expect(ids('workpoint_id = 2').length).toBeGreaterThan(0);
    for (const station of values('SELECT id FROM cash_register_stations WHERE company_id = 1')) {
      const found = await walk(`statie_id:${station}/`);
      expect(found.length, `statie_id ${station}`).toBeGreaterThan(0);
      expect(idsOf(found)).toEqual(ids('station_id = ?', station));
    }
    // combined: the intersection
    expect(idsOf(await walk(`pl_id:2/statie_id:1/raport_z_nr:${z}/`))).toEqual(ids('workpoint_id = 2 AND station_id = 1 AND z_nr = ?', z));
  });

  it('status_id 0..3, each state present in the demo; skipcancelled hides status 0', async () => {
    for (const status of [0, 1, 2, 3]) {
      const found = await walk(`status_id:${status}/`);
      expect(found.length, `status ${status}`).toBeGreaterThan(0);
      expect(idsOf(found)).toEqual(ids('status_id = ?', status));
      expect(found.every((row) => row.document_cancelled === (status === 0 ? 1 : 0))).toBe(true);
    }
    expect(idsOf(await walk('skipcancelled:1/'))).toEqual(ids('status_id <> 0'));
    expect(idsOf(await walk('skipcancelled:0/'))).toEqual(ids());
    expect((await walk('skipcancelled:1/status_id:0/'))).toEqual([]);
  });

  it('include:printer_responses adds bf_content and printer_response', async () => {
    const plain = (await list('')).data;
    for (const row of plain) for (const key of OPTIONAL) expect(row).not.toHaveProperty(key);
    const rows = await walk('include:printer_responses/');
    const stored = new Map(
      (demo.db.prepare('SELECT id, bf_content, printer_response FROM fiscal_receipts WHERE company_id = 1').all() as Row[]).map((r) => [r.id, r]),
    );
    for (const row of rows) {
      const s = stored.get(row.fiscal_receipt_id)!;
      expect(row.bf_content).toBe(s.bf_content);
      expect(row.printer_response).toBe(s.printer_response);
      expect(row).not.toHaveProperty('items');
    }
    expect(rows.some((row) => String(row.printer_response).startsWith('OK'))).toBe(true);
  });

  it("include:items adds the lines of each receipt's sale", async () => {
    const rows = await walk('include:items,printer_responses/');
    const lines = demo.db.prepare('SELECT * FROM sale_items WHERE sale_id = ? ORDER BY line_no');
    for (const row of rows) {
      const expected = (lines.all(row.bv_id) as Row[]).map(listedLineOf);
      expect(expected.length).toBeGreaterThan(0);
      expect((row.items as Row[]).map(comparableLine)).toEqual(expected);
      expect(typeof row.bf_content).toBe('string');
    }
  });

  it('a receipt without bf_date is dated by the day it was registered', async () => {
    const [id] = ids('status_id = 1');
    writeSql(demo.h, "UPDATE fiscal_receipts SET bf_date = NULL, created_ts = '2023-05-06 10:11:12' WHERE id = ?", id);
    const [row] = (await list(`id:${id}/`)).data;
    expect(row).toMatchObject({ fiscal_receipt_id: id, bf_date: null, doc_date: '2023-05-06' });
    expect(idsOf(await walk('date:2023-05-06/'))).toEqual([id]);
    expect(idsOf(await walk('yearmonth:202305/'))).toEqual([id]);
    expect(idsOf(await walk('datethrough:2023-05-06/'))).toEqual([id]);
    expect(idsOf(await walk('datefrom:2023-05-07/'))).not.toContain(id);
  });

  it('400 for a bad status_id and the options the spec does not list here', async () => {
    const cases: Array<[string, RegExp]> = [
      ['status_id:4/', /filter 'status_id' expects an integer 0\.\.3 .*got '4'/],
      ['status_id:-1/', /filter 'status_id' expects an integer 0\.\.3/],
      ['status_id:01/', /filter 'status_id'/],
      ['bv_id:x/', /filter 'bv_id' expects an integer >= 1/],
      ['raport_z_nr:1.5/', /filter 'raport_z_nr'/],
      ['pl_id:0/', /filter 'pl_id' expects an integer >= 1/],
      ['statie_id:/', /filter 'statie_id'/],
      ['include:transactions/', /include: 'transactions' is not accepted here; accepted: items, printer_responses/],
      ['exclude:cancelled/', /unknown filter 'exclude'/],
      ['documentnr:1/', /unknown filter 'documentnr'/],
    ];
    for (const [filters, message] of cases) {
      const answer = await demo.h.rest('GET', `/1${BASE}${filters}`, demo.user);
      expect(answer.status, filters).toBe(400);
      expect(answer.body.messages[0], filters).toMatch(message);
    }
  });
});
