import { describe, expect, it } from 'vitest';
import { FiscalReceiptImportItem } from '../../shared/domain/fiscal-receipts.ts';
import { nowTs, round2 } from './fixtures.ts';
import { basicAuth, queries, useDemo, writeSql } from './harness.ts';
import { expectRefusal, expectUnchanged, restSend } from './requests.ts';

type Row = Record<string, unknown>;

interface Outcome {
  fiscal_receipt_id: number;
  pos_receipt_id: number;
  bv_id: number;
  status_id: number;
  action: 'created' | 'replaced' | 'skipped';
  notice: string;
  payments: Array<{ incasare_id: number; payment_type: string; amount: number; currency: string; date: string; allocated_amount: number }>;
  deleted_incasare_ids: number[];
}

const demo = useDemo();
const { one, all, value } = queries(demo);
const send = restSend(demo);
const write = (sql: string, ...params: unknown[]) => writeSql(demo.h, sql, ...params);

const post = (body: unknown) => send<{ receipts: Outcome[] }>('POST', '/payments/fiscalreceipt/', body);

let nextPos = 8_000_000;
const pos = () => ++nextPos;

const sale = (id: number) => one('SELECT * FROM sales WHERE id = ?', id);
const receipt = (id: number) => one('SELECT * FROM fiscal_receipts WHERE id = ?', id);
const paymentIdsOfSale = (id: number) =>
  demo.db.prepare("SELECT payment_id FROM payment_allocations WHERE doc_type = 'sale' AND doc_id = ? ORDER BY payment_id").pluck().all(id) as number[];
const paymentExists = (id: number) => one<Row | undefined>('SELECT 1 FROM payments WHERE id = ?', id) !== undefined;

const used = new Set<number>();
function pick(sql: string, ...params: unknown[]): Row {
  const row = all(sql, ...params).find((r) => !used.has(r.id as number));
  if (!row) throw new Error(`no row for ${sql}`);
  used.add(row.id as number);
  return row;
}
/** A retail sale printed on a receipt, with its receipt payments, no invoice. */
const printedSale = () =>
  pick(`SELECT s.* FROM sales s WHERE s.company_id = 1 AND s.cancelled = 0 AND s.invoice_id IS NULL AND s.paid_amount > 0
          AND EXISTS (SELECT 1 FROM fiscal_receipts fr WHERE fr.sale_id = s.id AND fr.status_id = 3) ORDER BY s.id`);
/** A sale with an invoice that holds the sale's payment. */
const invoicedSale = () =>
  pick(`SELECT s.*, i.date AS invoice_date, i.series AS invoice_series, i.number AS invoice_number FROM sales s
          JOIN invoices i ON i.id = s.invoice_id AND i.cancelled = 0
         WHERE s.company_id = 1 AND s.cancelled = 0 AND s.currency = 'RON'
           AND EXISTS (SELECT 1 FROM payment_allocations a WHERE a.doc_type = 'sale' AND a.doc_id = s.id) ORDER BY s.id`);

/** Everything an import may touch. */
function state() {
  return {
    receipts: all('SELECT * FROM fiscal_receipts ORDER BY id'),
    payments: all('SELECT * FROM payments ORDER BY id'),
    allocations: all('SELECT * FROM payment_allocations ORDER BY id'),
    sales: all('SELECT id, paid_amount, last_changed_ts FROM sales ORDER BY id'),
    invoices: all('SELECT id, paid_amount, last_changed_ts FROM invoices ORDER BY id'),
  };
}

async function refused(body: unknown, ...messages: RegExp[]) {
  await expectUnchanged(state, async () => expectRefusal(await post(body), 400, messages, { httpCode: false }));
}

async function imported(receipts: Row[]): Promise<Outcome[]> {
  const answer = await post({ receipts });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.is_error).toBe(false);
  return answer.body.data.receipts;
}

describe('GET /payments/fiscalreceipt/', () => {
  it('answers the payload in plain text (text/html), generated from the schema that validates the POST', async () => {
    const response = await fetch(`${demo.h.url}/app/rest/v1/1/payments/fiscalreceipt/`, { headers: { authorization: basicAuth(...demo.user) } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const text = await response.text();
    expect(text).not.toMatch(/<[a-z]/i);
    expect(text).toMatch(/^\s*receipts\s+array of objects, required, 1 to 500 items$/m);
    const required = new Set<string>(FiscalReceiptImportItem.required);
    for (const [name, field] of Object.entries(FiscalReceiptImportItem.properties)) {
      const line = text.split('\n').find((l) => l.trim().split(/\s+/)[0] === name);
      expect(line, name).toBeDefined();
      expect(line).toContain(`${(field as { type: string }).type}, ${required.has(name) ? 'required' : 'optional'}`);
    }
    expect(text).toMatch(/status_id\s+integer, required, 0 to 3/);
    expect(text).toMatch(/paid_cash\s+number, optional, 0 to 999999999.99\n\s+amount paid in cash \(payment type cash\), RON, at most two decimals/);
    expect(text).toMatch(/bf_date\s+string, optional, format YYYY-MM-DD/);
    expect(text).toMatch(/paid_other_payment -> the\s+account's own \(custom\) payment type/);
  });
});

describe('POST /payments/fiscalreceipt/', () => {
  it("creates a printed receipt: the sale's payments are deleted and recreated from the receipt totals", async () => {
    const s = printedSale();
    const id = s.id as number;
    const total = s.total_with_vat as number;
    const old = paymentIdsOfSale(id);
    expect(old.length).toBeGreaterThan(0);
    const cash = round2(total - 10.5);
    const before = nowTs();
    const p = pos();
    const [out] = await imported([
      {
        pos_receipt_id: p, bv_id: id, status_id: 3, bf_date: '2026-01-15', bon_nr: 77, z_nr: 12, paid_cash: cash,
        paid_card: 5.5, paid_other_payment: 5, bf_content: 'S,1;X;1', printer_response: 'OK;BON=77',
        print_confirmed_ts: '2026-01-15 10:11:12',
      },
    ]);
    expect(out).toMatchObject({ pos_receipt_id: p, bv_id: id, status_id: 3, action: 'created', notice: '' });
    expect(out!.deleted_incasare_ids).toEqual(old);
    for (const gone of old) expect(paymentExists(gone)).toBe(false);
    expect(demo.db.prepare('SELECT COUNT(*) FROM payment_allocations WHERE payment_id IN (SELECT value FROM json_each(?))').pluck().get(JSON.stringify(old))).toBe(0);

    const stored = receipt(out!.fiscal_receipt_id);
    expect(stored).toMatchObject({
      company_id: 1, sale_id: id, pos_receipt_id: p, status_id: 3, workpoint_id: s.workpoint_id, station_id: null,
      bf_date: '2026-01-15', bon_nr: 77, z_nr: 12, bf_content: 'S,1;X;1', printer_response: 'OK;BON=77',
      print_confirmed_ts: '2026-01-15 10:11:12', currency: 'RON', total, paid_cash: cash, paid_card: 5.5, paid_foodstamp: 0,
      paid_voucher: 0, paid_modern_payment: 0, paid_other_payment: 5, paid_by_voucher_code: '', added_by_api: 1,
    });
    expect(String(stored.created_ts) >= before).toBe(true);

    expect(out!.payments.map((x) => [x.payment_type, x.amount, x.allocated_amount])).toEqual([
      ['cash', cash, cash],
      ['card', 5.5, 5.5],
      ['tichet_cadou', 5, 5],
    ]);
    for (const x of out!.payments) {
      expect(x).toMatchObject({ currency: 'RON', date: '2026-01-15' });
      expect(demo.db.prepare('SELECT * FROM payments WHERE id = ?').get(x.incasare_id)).toMatchObject({
        source: 'fiscal_receipt', fiscal_receipt_id: out!.fiscal_receipt_id, added_by_api: 1, date: '2026-01-15', currency: 'RON',
        exchange_rate: 1, amount_ron: x.amount, allocation_status: 'fully_allocated', client_id: s.client_id,
        workpoint_id: s.workpoint_id, mentions: 'Bon fiscal 77',
      });
      expect(old).not.toContain(x.incasare_id);
    }
    expect(paymentIdsOfSale(id)).toEqual(out!.payments.map((x) => x.incasare_id));
    const after = sale(id);
    expect(after.paid_amount).toBe(total);
    expect(String(after.last_changed_ts) >= before).toBe(true);

    // the receipt in /fiscalreceipts/list/, its payments in /payments/list/ and the sale's transactions
    const list = await send<Row[]>('GET', `/fiscalreceipts/list/id:${out!.fiscal_receipt_id}/include:printer_responses/`);
    expect(list.body.data[0]).toMatchObject({
      fiscal_receipt_id: out!.fiscal_receipt_id, bv_id: id, pos_receipt_id: p, status_id: 3, doc_date: '2026-01-15',
      document_value_with_vat: total, paid_cash: cash, added_by_api: 1, document_cancelled: 0, printer_response: 'OK;BON=77',
    });
    const payments = await send<Row[]>('GET', `/payments/list/minid:${out!.payments[0]!.incasare_id}/include:allocations/`);
    const mine = payments.body.data.filter((row) => row.fiscal_receipt_id === out!.fiscal_receipt_id);
    expect(mine.map((row) => (row.allocations as Row[])[0]!.doc_id)).toEqual([id, id, id]);
    const sales = await send<Row[]>('GET', `/sales/list/id:${id}/include:transactions/`);
    expect((sales.body.data[0]!.transactions as Row[]).map((t) => t.incasare_id)).toEqual(out!.payments.map((x) => x.incasare_id));
  });

  it('reimport_existing_bf: 0 skips an imported pos_receipt_id (nothing changes), 1 replaces it in place', async () => {
    const s = printedSale();
    const id = s.id as number;
    const p = pos();
    const [first] = await imported([{ pos_receipt_id: p, bv_id: id, status_id: 3, paid_card: s.total_with_vat }]);
    const created = receipt(first!.fiscal_receipt_id).created_ts;

    const before = state();
    const [skip] = await imported([{ pos_receipt_id: p, bv_id: id, status_id: 3, paid_cash: 1 }]);
    expect(skip).toMatchObject({ fiscal_receipt_id: first!.fiscal_receipt_id, action: 'skipped', payments: [], deleted_incasare_ids: [] });
    expect(skip!.notice).toMatch(/was imported already .*reimport_existing_bf 1/);
    expect(state()).toEqual(before);
    // explicit 0 is the same
    const [skip0] = await imported([{ pos_receipt_id: p, bv_id: id, status_id: 3, paid_cash: 1, reimport_existing_bf: 0 }]);
    expect(skip0!.action).toBe('skipped');
    expect(state()).toEqual(before);

    const [replaced] = await imported([
      { pos_receipt_id: p, bv_id: id, status_id: 3, paid_cash: 20, paid_voucher: 3, paid_by_voucher_code: 'V-9', bon_nr: 5, reimport_existing_bf: 1 },
    ]);
    expect(replaced).toMatchObject({ fiscal_receipt_id: first!.fiscal_receipt_id, action: 'replaced' });
    expect(replaced!.deleted_incasare_ids).toEqual(first!.payments.map((x) => x.incasare_id));
    expect(replaced!.payments.map((x) => [x.payment_type, x.amount])).toEqual([['cash', 20], ['voucher', 3]]);
    const stored = receipt(first!.fiscal_receipt_id);
    expect(stored).toMatchObject({ paid_cash: 20, paid_card: 0, paid_voucher: 3, total: 23, paid_by_voucher_code: 'V-9', bon_nr: 5 });
    expect(stored.created_ts).toBe(created);
    expect(demo.db.prepare('SELECT COUNT(*) FROM fiscal_receipts WHERE pos_receipt_id = ?').pluck().get(p)).toBe(1);
    expect(demo.db.prepare('SELECT mentions FROM payments WHERE id = ?').pluck().get(replaced!.payments[1]!.incasare_id)).toBe('Bon fiscal 5 [voucher: V-9]');
    expect(sale(id).paid_amount).toBe(23);

    // replaced by a cancelled receipt: the payments it created go, none are made
    const [voided] = await imported([{ pos_receipt_id: p, bv_id: id, status_id: 0, reimport_existing_bf: 1 }]);
    expect(voided).toMatchObject({ action: 'replaced', status_id: 0, payments: [] });
    expect(voided!.deleted_incasare_ids).toEqual(replaced!.payments.map((x) => x.incasare_id));
    expect(sale(id).paid_amount).toBe(0);
    const list = await send<Row[]>('GET', `/fiscalreceipts/list/id:${first!.fiscal_receipt_id}/`);
    expect(list.body.data[0]).toMatchObject({ status_id: 0, document_cancelled: 1 });
  });

  it('receipts not printed (1), in process (2) or cancelled (0) are stored without touching the payments', async () => {
    for (const status of [0, 1, 2]) {
      const s = printedSale();
      const id = s.id as number;
      const payments = paymentIdsOfSale(id);
      const [out] = await imported([{ pos_receipt_id: pos(), bv_id: id, status_id: status, paid_cash: 5 }]);
      expect(out).toMatchObject({ action: 'created', status_id: status, payments: [], deleted_incasare_ids: [] });
      expect(receipt(out!.fiscal_receipt_id)).toMatchObject({ status_id: status, paid_cash: 5, bf_date: null, print_confirmed_ts: null });
      expect(paymentIdsOfSale(id)).toEqual(payments);
      expect(sale(id)).toEqual(s);
    }
  });

  it("an invoice on the sale must carry the receipt's date; the invoice's payments are the sale's too", async () => {
    const s = invoicedSale();
    const id = s.id as number;
    const invoiceDate = s.invoice_date as string;
    const other = invoiceDate === '2026-01-01' ? '2026-01-02' : '2026-01-01';
    await refused(
      { receipts: [{ pos_receipt_id: pos(), bv_id: id, status_id: 3, bf_date: other, paid_cash: 1 }] },
      new RegExp(`^receipts\\[0\\]\\.bf_date: the sale's invoice ${s.invoice_series} ${s.invoice_number} is dated ${invoiceDate}`),
    );
    // without bf_date the day of print_confirmed_ts counts, then today
    await refused(
      { receipts: [{ pos_receipt_id: pos(), bv_id: id, status_id: 3, print_confirmed_ts: `${other}T09:00:00`, paid_cash: 1 }] },
      /^receipts\[0\]\.bf_date:/,
    );
    await refused({ receipts: [{ pos_receipt_id: pos(), bv_id: id, status_id: 3, paid_cash: 1 }] }, /^receipts\[0\]\.bf_date:/);

    // The payments that pay the invoice: its sales receipt's.
    const invoicePayments = demo.db
      .prepare("SELECT payment_id FROM payment_allocations WHERE doc_type = 'sale' AND doc_id = ?")
      .pluck()
      .all(id) as number[];
    expect(invoicePayments.length).toBeGreaterThan(0);
    const before = nowTs();
    const [out] = await imported([
      { pos_receipt_id: pos(), bv_id: id, status_id: 3, print_confirmed_ts: `${invoiceDate} 11:00:00`, paid_card: s.total_with_vat },
    ]);
    expect(out!.action).toBe('created');
    for (const gone of invoicePayments) {
      expect(out!.deleted_incasare_ids).toContain(gone);
      expect(paymentExists(gone)).toBe(false);
    }
    // The invoice is paid by what pays its sales receipt (docs/data-model.md "What is paid").
    const invoice = one('SELECT paid_amount, last_changed_ts FROM invoices WHERE id = ?', s.invoice_id);
    expect(invoice.paid_amount).toBe(s.total_with_vat);
    expect(String(invoice.last_changed_ts) >= before).toBe(true);
    expect(out!.payments).toEqual([
      { incasare_id: out!.payments[0]!.incasare_id, payment_type: 'card', amount: s.total_with_vat, currency: 'RON', date: invoiceDate, allocated_amount: s.total_with_vat },
    ]);
    expect(sale(id).paid_amount).toBe(s.total_with_vat);
    // a receipt that is not printed is not held to the invoice date
    const [pending] = await imported([{ pos_receipt_id: pos(), bv_id: id, status_id: 1, bf_date: other }]);
    expect(pending!.action).toBe('created');
  });

  it('a cancelled invoice is not held to the receipt date', async () => {
    const s = invoicedSale();
    write('UPDATE invoices SET cancelled = 1 WHERE id = ?', s.invoice_id);
    const other = s.invoice_date === '2026-01-01' ? '2026-01-02' : '2026-01-01';
    const [out] = await imported([{ pos_receipt_id: pos(), bv_id: s.id, status_id: 3, bf_date: other, paid_cash: 1 }]);
    expect(out).toMatchObject({ action: 'created', payments: [{ date: other, amount: 1 }] });
  });

  it('receipts are applied in request order: a second printed receipt of a sale replaces the payments of the first', async () => {
    const s = printedSale();
    const [first, second] = await imported([
      { pos_receipt_id: pos(), bv_id: s.id, status_id: 3, paid_cash: 3 },
      { pos_receipt_id: pos(), bv_id: s.id, status_id: 3, paid_card: 4 },
    ]);
    expect(second!.deleted_incasare_ids).toEqual(first!.payments.map((x) => x.incasare_id));
    expect(paymentIdsOfSale(s.id as number)).toEqual(second!.payments.map((x) => x.incasare_id));
    expect(sale(s.id as number).paid_amount).toBe(4);
  });

  it('caps the receipt payments at what the sale has open', async () => {
    const s = printedSale();
    const total = s.total_with_vat as number;
    const [out] = await imported([{ pos_receipt_id: pos(), bv_id: s.id, status_id: 3, paid_cash: total, paid_card: 10 }]);
    expect(out!.payments.map((x) => [x.payment_type, x.amount, x.allocated_amount])).toEqual([['cash', total, total], ['card', 10, 0]]);
    expect(demo.db.prepare('SELECT allocation_status FROM payments WHERE id = ?').pluck().get(out!.payments[1]!.incasare_id)).toBe('not_allocated');
    expect(sale(s.id as number).paid_amount).toBe(total);
  });

  it('a cancelled sale takes only a cancelled receipt', async () => {
    const s = pick('SELECT * FROM sales WHERE company_id = 1 AND cancelled = 1 ORDER BY id');
    await refused(
      { receipts: [{ pos_receipt_id: pos(), bv_id: s.id, status_id: 3, paid_cash: 1 }] },
      /^receipts\[0\]\.bv_id: sale \d+ is cancelled; only a cancelled receipt \(status_id 0\)/,
    );
    const [out] = await imported([{ pos_receipt_id: pos(), bv_id: s.id, status_id: 0 }]);
    expect(out).toMatchObject({ action: 'created', status_id: 0, payments: [] });
  });

  it('converts print_confirmed_ts with an offset to Europe/Bucharest', async () => {
    const s = printedSale();
    const outs = await imported([
      { pos_receipt_id: pos(), bv_id: s.id, status_id: 2, print_confirmed_ts: '2026-07-01T07:30:00Z' },
      { pos_receipt_id: pos(), bv_id: s.id, status_id: 2, print_confirmed_ts: '2026-01-10T23:30:00.123+01:00' },
      { pos_receipt_id: pos(), bv_id: s.id, status_id: 2, print_confirmed_ts: '2026-03-05T08:15' },
    ]);
    expect(outs.map((out) => receipt(out.fiscal_receipt_id).print_confirmed_ts)).toEqual([
      '2026-07-01 10:30:00', // summer time, UTC+3
      '2026-01-11 00:30:00', // winter time, UTC+2
      '2026-03-05 08:15:00', // no offset: Bucharest time as sent
    ]);
  });

  it('one refused receipt refuses the whole request: nothing of it is stored', async () => {
    const good = printedSale();
    await refused(
      { receipts: [{ pos_receipt_id: pos(), bv_id: good.id, status_id: 3, paid_cash: 1 }, { pos_receipt_id: pos(), bv_id: 99_999_999, status_id: 3 }] },
      /^receipts\[1\]\.bv_id: sale 99999999 does not exist in this account$/,
    );
    expect(demo.db.prepare('SELECT COUNT(*) FROM fiscal_receipts WHERE pos_receipt_id = ?').pluck().get(nextPos - 1)).toBe(0);
  });

  it('refuses each invalid field with a 400 naming receipts[i].field', async () => {
    const s = printedSale();
    const base = { pos_receipt_id: pos(), bv_id: s.id, status_id: 3 };
    await refused({}, /^receipts: required field is missing$/);
    await refused({ receipts: [] }, /^receipts:/);
    await refused({ receipts: Array.from({ length: 501 }, (_, i) => ({ ...base, pos_receipt_id: 9_000_000 + i })) }, /^receipts:/);
    await refused({ receipts: [base], extra: 1 }, /^extra: unknown field$/);
    await refused({ receipts: [{ bv_id: s.id, status_id: 3 }] }, /^receipts\[0\]\.pos_receipt_id: required field is missing$/);
    await refused({ receipts: [{ pos_receipt_id: pos(), status_id: 3 }] }, /^receipts\[0\]\.bv_id: required field is missing$/);
    await refused({ receipts: [{ pos_receipt_id: pos(), bv_id: s.id }] }, /^receipts\[0\]\.status_id: required field is missing$/);
    await refused({ receipts: [{ ...base, status_id: 4 }] }, /^receipts\[0\]\.status_id: must be <= 3$/);
    await refused({ receipts: [{ ...base, status_id: -1 }] }, /^receipts\[0\]\.status_id:/);
    await refused({ receipts: [{ ...base, pos_receipt_id: 0 }] }, /^receipts\[0\]\.pos_receipt_id:/);
    await refused({ receipts: [{ ...base, pos_receipt_id: 'A1' }] }, /^receipts\[0\]\.pos_receipt_id:/);
    await refused({ receipts: [{ ...base, bv_id: 99_999_999 }] }, /^receipts\[0\]\.bv_id: sale 99999999 does not exist/);
    await refused({ receipts: [{ ...base, reimport_existing_bf: 2 }] }, /^receipts\[0\]\.reimport_existing_bf:/);
    await refused({ receipts: [{ ...base, bf_date: '2026-02-30' }] }, /^receipts\[0\]\.bf_date: must match format "date"/);
    await refused({ receipts: [{ ...base, print_confirmed_ts: 'yesterday' }] }, /^receipts\[0\]\.print_confirmed_ts:/);
    await refused({ receipts: [{ ...base, print_confirmed_ts: '2026-02-30 10:00:00' }] }, /^receipts\[0\]\.print_confirmed_ts: '2026-02-30 10:00:00' is not a real date and time$/);
    await refused({ receipts: [{ ...base, print_confirmed_ts: '2026-02-10 24:00:00' }] }, /^receipts\[0\]\.print_confirmed_ts:/);
    await refused({ receipts: [{ ...base, paid_cash: -1 }] }, /^receipts\[0\]\.paid_cash:/);
    await refused({ receipts: [{ ...base, paid_card: 1.234 }] }, /^receipts\[0\]\.paid_card: must have at most two decimals, got 1.234$/);
    await refused({ receipts: [{ ...base, bon_nr: 1.5 }] }, /^receipts\[0\]\.bon_nr:/);
    await refused({ receipts: [{ ...base, z_nr: '7' }] }, /^receipts\[0\]\.z_nr:/);
    await refused({ receipts: [{ ...base, total: 5 }] }, /^receipts\[0\]\.total: unknown field$/);
    await refused({ receipts: [base, { ...base, status_id: 1 }] }, /^receipts\[1\]\.pos_receipt_id: \d+ is sent twice in this request \(also receipts\[0\]\)$/);
    // several failures: each is named
    await refused(
      { receipts: [{ ...base, bv_id: 99_999_999 }, { pos_receipt_id: pos(), bv_id: 99_999_998, status_id: 3 }] },
      /^receipts\[0\]\.bv_id:/,
      /^receipts\[1\]\.bv_id:/,
    );
    // the bounds accepted: 500 receipts in one request
    const many = await imported(Array.from({ length: 500 }, () => ({ pos_receipt_id: pos(), bv_id: s.id, status_id: 1 })));
    expect(many.every((out) => out.action === 'created')).toBe(true);
  });

  it("paid_other_payment needs exactly one custom payment type in the account", async () => {
    const s = printedSale();
    write("INSERT INTO payment_types (company_id, code, name, is_custom) VALUES (1, 'card_cadou', 'Card cadou', 1)");
    try {
      await refused(
        { receipts: [{ pos_receipt_id: pos(), bv_id: s.id, status_id: 3, paid_other_payment: 5 }] },
        /^receipts\[0\]\.paid_other_payment: .*has 2 \(card_cadou, tichet_cadou\): it must have exactly one$/,
      );
      // not printed: no payment, no rule
      await imported([{ pos_receipt_id: pos(), bv_id: s.id, status_id: 2, paid_other_payment: 5 }]);
    } finally {
      write("DELETE FROM payment_types WHERE company_id = 1 AND code = 'card_cadou'");
    }
    const [out] = await imported([{ pos_receipt_id: pos(), bv_id: s.id, status_id: 3, paid_other_payment: 5 }]);
    expect(out!.payments.map((x) => x.payment_type)).toEqual(['tichet_cadou']);
  });

  it("a payment registered through POST /sales/{bv_id}/payment/ is one of the sale's payments a printed receipt replaces", async () => {
    const s = printedSale();
    const pay = async (amount: number) => {
      const answer = await send<{ incasare_id: number }>('POST', `/sales/${s.id}/payment/`, { amount, payment_type: 'cash' });
      expect(answer.status).toBe(200);
      return answer.body.data.incasare_id;
    };
    // the sale is paid in full: a payment on it is not allocated (nothing is open) but it is the sale's (bv_id)
    const over = await pay(1);
    expect(one('SELECT allocation_status, allocated_amount, sale_id FROM payments WHERE id = ?', over)).toEqual({
      allocation_status: 'not_allocated', allocated_amount: 0, sale_id: s.id,
    });
    const listed = await send<Array<{ incasare_id: number; bv_id: number | null }>>('GET', `/payments/list/id:${over}/`);
    expect(listed.body.data.map((p) => [p.incasare_id, p.bv_id])).toEqual([[over, s.id]]);
    // counter-case: an overpayment of another sale is that sale's, and stays
    const other = printedSale();
    const othersOver = (await send<{ incasare_id: number }>('POST', `/sales/${other.id}/payment/`, { amount: 3, payment_type: 'cash' })).body.data
      .incasare_id;
    const [partial] = await imported([{ pos_receipt_id: pos(), bv_id: s.id, status_id: 3, paid_cash: 1 }]);
    // the printed receipt deletes it with every other payment of the sale (before: it stayed, unlinked)
    expect(partial!.deleted_incasare_ids).toContain(over);
    expect(paymentExists(over)).toBe(false);
    expect(paymentExists(othersOver)).toBe(true);
    const allocated = await pay(1);
    expect(demo.db.prepare('SELECT allocation_status FROM payments WHERE id = ?').pluck().get(allocated)).toBe('fully_allocated');
    const [out] = await imported([{ pos_receipt_id: pos(), bv_id: s.id, status_id: 3, paid_cash: 2 }]);
    expect(out!.deleted_incasare_ids).toEqual([partial!.payments[0]!.incasare_id, allocated].sort((a, b) => a - b));
    expect(paymentExists(allocated)).toBe(false);
    expect(paymentExists(othersOver)).toBe(true);
    expect(sale(s.id as number).paid_amount).toBe(2);
  });

  it('never gives a deleted payment id again: the highest payment, deleted by a fiscal receipt import, stays unused', async () => {
    const s = printedSale();
    const posId = pos();
    const [printed] = await imported([{ pos_receipt_id: posId, bv_id: s.id, status_id: 3, paid_cash: 1 }]);
    const top = printed!.payments[0]!.incasare_id;
    expect(value('SELECT max(id) FROM payments')).toBe(top);
    // the receipt imported again as not printed: it loses the payment it had created (the highest id) and records none
    const [replaced] = await imported([{ pos_receipt_id: posId, bv_id: s.id, status_id: 2, reimport_existing_bf: 1 }]);
    expect(replaced!.deleted_incasare_ids).toEqual([top]);
    expect(value('SELECT max(id) FROM payments')).toBeLessThan(top);
    // counter-case of SQLite's plain rowid (max + 1, which gave `top` again): the next id is above every id ever given
    const next = await send<{ incasare_id: number }>('POST', `/sales/${printedSale().id}/payment/`, { amount: 1, payment_type: 'card' });
    expect(next.status).toBe(200);
    expect(next.body.data.incasare_id).toBeGreaterThan(top);
    const [again] = await imported([{ pos_receipt_id: pos(), bv_id: s.id, status_id: 3, paid_card: 1 }]);
    expect(again!.payments[0]!.incasare_id).toBeGreaterThan(next.body.data.incasare_id);
  });
});
