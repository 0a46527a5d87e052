import { describe, expect, it } from 'vitest';
import { Payment, STANDARD_PAYMENT_TYPES } from '../../shared/domain/payments.ts';
import { useDemo, writeSql } from './harness.ts';
import { listClient, storedColumnOf } from './lists.ts';

const demo = useDemo();

type Row = Record<string, unknown>;
const BASE = '/payments/list/';

const ids = (where = '1', ...params: unknown[]) =>
  demo.db.prepare(`SELECT id FROM payments WHERE company_id = 1 AND ${where} ORDER BY id`).pluck().all(...params) as number[];

const { list, walk } = listClient<Row>(demo, BASE);

const idsOf = (rows: Row[]) => rows.map((row) => row.incasare_id);

describe('GET /payments/list/', () => {
  it('answers the documented payment record, field for field as stored', async () => {
    const rows = await walk('');
    const keys = Object.keys(Payment.properties).filter((key) => key !== 'allocations');
    const stored = new Map((demo.db.prepare('SELECT * FROM payments WHERE company_id = 1').all() as Row[]).map((r) => [r.id, r]));
    expect(rows.length).toBe(stored.size);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(keys);
      const { incasare_id, ...fields } = row;
      // bv_id is the sale_id column: the sale the payment belongs to
      expect(fields).toEqual(Object.fromEntries(keys.slice(1).map((k) => [k, stored.get(incasare_id)![k === 'bv_id' ? 'sale_id' : storedColumnOf(k)]])));
    }
    // a payment allocated to a sale belongs to that sale; standalone invoices' and proformas' payments to none
    const allocatedTo = new Map(
      (demo.db.prepare("SELECT payment_id, doc_id FROM payment_allocations WHERE company_id = 1 AND doc_type = 'sale'").all() as Row[]).map((r) => [
        r.payment_id,
        r.doc_id,
      ]),
    );
    for (const row of rows) if (allocatedTo.has(row.incasare_id)) expect(row.bv_id).toBe(allocatedTo.get(row.incasare_id));
    expect(rows.some((row) => row.bv_id === null)).toBe(true);
    // receipts (chitante) carry a series and number; other payments '' and null
    expect(rows.some((row) => row.doc_series === 'CH' && typeof row.doc_nr === 'number')).toBe(true);
    expect(rows.some((row) => row.doc_series === '' && row.doc_nr === null)).toBe(true);
    expect(rows.some((row) => row.fiscal_receipt_id !== null)).toBe(true);
  });

  it('allocation_status: each stored status, any, and has_allocated (some or fully)', async () => {
    for (const status of ['not_allocated', 'some_allocated', 'fully_allocated']) {
      const found = await walk(`allocation_status:${status}/`);
      expect(found.length, status).toBeGreaterThan(0);
      expect(idsOf(found), status).toEqual(ids('allocation_status = ?', status));
      expect(found.every((row) => row.allocation_status === status)).toBe(true);
    }
    expect(idsOf(await walk('allocation_status:any/'))).toEqual(ids());
    const has = await walk('allocation_status:has_allocated/');
    expect(idsOf(has)).toEqual(ids("allocation_status IN ('some_allocated', 'fully_allocated')"));
    expect(has.every((row) => (row.allocated_amount as number) > 0)).toBe(true);
    // with the other filters: their intersection
    const [day] = demo.db.prepare("SELECT date FROM payments WHERE company_id = 1 AND allocation_status = 'fully_allocated' ORDER BY id LIMIT 1 OFFSET 50").pluck().all() as string[];
    expect(idsOf(await walk(`allocation_status:fully_allocated/datefrom:${day}/`))).toEqual(
      ids("allocation_status = 'fully_allocated' AND date >= ?", day),
    );
  });

  it('include:allocations lists each allocation with the series and number of its document', async () => {
    // The demo allocates to sales and invoices; allocate a free payment to a proforma too.
    const [free] = ids("allocation_status = 'not_allocated'");
    const proforma = demo.db.prepare('SELECT id, series, number FROM proformas WHERE company_id = 1 LIMIT 1').get() as Row;
    writeSql(
      demo.h,
      "INSERT INTO payment_allocations (company_id, payment_id, doc_type, doc_id, amount) VALUES (1, ?, 'proforma', ?, 1.5)",
      free,
      proforma.id,
    );
    const rows = await walk('include:allocations/');
    const allocations = demo.db.prepare(
      `SELECT a.doc_type, a.doc_id, COALESCE(s.series, i.series, p.series) AS doc_series, COALESCE(s.number, i.number, p.number) AS doc_nr, a.amount
         FROM payment_allocations a
         LEFT JOIN sales s ON a.doc_type = 'sale' AND s.id = a.doc_id
         LEFT JOIN invoices i ON a.doc_type = 'invoice' AND i.id = a.doc_id
         LEFT JOIN proformas p ON a.doc_type = 'proforma' AND p.id = a.doc_id
        WHERE a.payment_id = ? ORDER BY a.id`,
    );
    const kinds = new Set<unknown>();
    for (const row of rows) {
      const expected = allocations.all(row.incasare_id) as Row[];
      expect(row.allocations, String(row.incasare_id)).toEqual(expected);
      for (const a of expected) kinds.add(a.doc_type);
    }
    expect(kinds).toEqual(new Set(['sale', 'invoice', 'proforma']));
    const withProforma = rows.find((row) => row.incasare_id === free)!;
    expect(withProforma.allocations).toEqual([{ doc_type: 'proforma', doc_id: proforma.id, doc_series: proforma.series, doc_nr: proforma.number, amount: 1.5 }]);
    expect(rows.some((row) => (row.allocations as unknown[]).length === 0)).toBe(true);
    expect((await list('')).data.every((row) => !('allocations' in row))).toBe(true);
  });

  it('400 for a bad allocation_status and the options the spec does not list here', async () => {
    const cases: Array<[string, RegExp]> = [
      ['allocation_status:partial/', /filter 'allocation_status' expects one of any, not_allocated, some_allocated, fully_allocated, has_allocated, got 'partial'/],
      ['allocation_status:/', /filter 'allocation_status'/],
      ['include:transactions/', /include: 'transactions' is not accepted here; accepted: allocations/],
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

describe('GET /payments/types/', () => {
  it("answers the standard codes in the spec's order, then the account's custom types; not paginated", async () => {
    const answer = await demo.h.rest<Array<{ code: string; name: string; is_custom: number }>>('GET', '/1/payments/types/', demo.user);
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty('page');
    expect(answer.body).not.toHaveProperty('has_more_pages');
    const codes = answer.body.data.map((t) => t.code);
    expect(codes.slice(0, 6)).toEqual(['bank_transfer', 'cash', 'card', 'voucher', 'foodstamps', 'modern_payment']);
    expect(codes.slice(0, 6)).toEqual(STANDARD_PAYMENT_TYPES.map((t) => t.code));
    expect(answer.body.data.slice(6)).toEqual([{ code: 'tichet_cadou', name: 'Tichet cadou', is_custom: 1 }]);
    expect(answer.body.data[1]).toEqual({ code: 'cash', name: 'Numerar', is_custom: 0 });
    // every code a payment of the demo uses is listed
    const used = demo.db.prepare('SELECT DISTINCT payment_type FROM payments WHERE company_id = 1').pluck().all() as string[];
    expect(codes).toEqual(expect.arrayContaining(used));
  });

  it('a type the account adds is listed; a standard code is listed even when the account has no row for it', async () => {
    writeSql(demo.h, "INSERT INTO payment_types (company_id, code, name, is_custom) VALUES (1, 'barter', 'Compensare', 1)");
    writeSql(demo.h, "DELETE FROM payment_types WHERE company_id = 1 AND code = 'voucher'");
    const answer = await demo.h.rest<Array<{ code: string; is_custom: number }>>('GET', '/1/payments/types/', demo.user);
    expect(answer.body.data.map((t) => t.code)).toEqual([
      'bank_transfer', 'cash', 'card', 'voucher', 'foodstamps', 'modern_payment', 'barter', 'tichet_cadou',
    ]);
    expect(answer.body.data.find((t) => t.code === 'voucher')).toEqual({ code: 'voucher', name: 'Voucher', is_custom: 0 });
  });

  it('takes no filters', async () => {
    expect((await demo.h.rest('GET', '/1/payments/types/page:2/', demo.user)).status).toBe(404);
  });
});
