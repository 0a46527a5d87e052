import { describe, expect, it } from 'vitest';
import { nowTs, round2, today } from './fixtures.ts';
import { queries, useDemo, type Answer } from './harness.ts';
import { expectRefusal, expectUnchanged, restSend } from './requests.ts';

type Row = Record<string, unknown>;

/** A sale and a bank account of another account (company 2). */
let foreignSaleId: number;
let foreignBankId: number;

const demo = useDemo({
  prepare(writable) {
    writable.prepare("INSERT INTO accounts (company_id, name, created_ts) VALUES (2, 'Other SRL', '2024-01-01 00:00:00')").run();
    foreignSaleId = Number(
      writable
        .prepare(
          `INSERT INTO sales (company_id, series, number, date, total_with_vat, total_ron, created_ts, last_changed_ts)
           VALUES (2, 'X', 1, '2024-01-01', 100, 100, '2024-01-01 00:00:00', '2024-01-01 00:00:00')`,
        )
        .run().lastInsertRowid,
    );
    foreignBankId = Number(
      writable
        .prepare("INSERT INTO account_bank_accounts (company_id, iban, bank_name) VALUES (2, 'RO00XXXX', 'Other bank')")
        .run().lastInsertRowid,
    );
  },
});
const { one, all, value } = queries(demo);
const send = restSend<Row>(demo);

const post = <T = Row>(bvId: number | string, body: unknown, contentType?: string): Promise<Answer<T>> =>
  send<T>('POST', `/sales/${bvId}/payment/`, body, contentType);

const sale = (id: number) => one('SELECT * FROM sales WHERE id = ?', id);
const payment = (id: number) => one('SELECT * FROM payments WHERE id = ?', id);
const allocationsOf = (id: number) => all('SELECT company_id, doc_type, doc_id, amount FROM payment_allocations WHERE payment_id = ? ORDER BY id', id);
const rate = (currency: string, date: string) =>
  value('SELECT rate FROM exchange_rates WHERE currency = ? AND date <= ? ORDER BY date DESC LIMIT 1', currency, date);

const used = new Set<number>();
/** An unpaid, not cancelled sale not used by another test (nor paid through its invoice). */
function freshSale(where = "currency = 'RON'", minTotal = 50): Row {
  const rows = all(
    `SELECT * FROM sales WHERE company_id = 1 AND cancelled = 0 AND paid_amount = 0 AND total_with_vat > ${minTotal}
        AND (invoice_id IS NULL OR invoice_id IN (SELECT id FROM invoices WHERE paid_amount = 0)) AND ${where} ORDER BY id`,
  );
  const row = rows.find((r) => !used.has(r.id as number));
  if (!row) throw new Error(`no fresh sale where ${where}`);
  used.add(row.id as number);
  return row;
}

/** Everything a payment request may touch: payments, allocations, and every sale's and invoice's paid state. */
function state() {
  return {
    payments: all('SELECT * FROM payments ORDER BY id'),
    allocations: all('SELECT * FROM payment_allocations ORDER BY id'),
    sales: all('SELECT id, paid_amount, last_changed_ts FROM sales ORDER BY id'),
    invoices: all('SELECT id, paid_amount, last_changed_ts FROM invoices ORDER BY id'),
  };
}

/** Sends a refused request: expects its status and messages, and that nothing changed. */
const refused = (bvId: number | string, body: unknown, status: number, ...messages: RegExp[]) =>
  expectUnchanged(state, async () => expectRefusal(await post(bvId, body), status, messages));

async function accepted(bvId: number, body: Record<string, unknown>) {
  const before = nowTs();
  const answer = await post<{ incasare_id: number; bv_id: number; amount: number; currency: string; payment_type: string; date: string }>(
    bvId,
    body,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.is_error).toBe(false);
  return { data: answer.body.data, before };
}

describe('GET /sales/{bv_id}/payment/', () => {
  it('answers the JSON Schema of the request, the payment types and the sale\'s defaults', async () => {
    const s = freshSale();
    const answer = await send<Row>('GET', `/sales/${s.id}/payment/`);
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    const schema = data.schema as { type: string; required: string[]; properties: Record<string, Row>; additionalProperties: boolean };
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['amount', 'payment_type']);
    expect(Object.keys(schema.properties)).toEqual([
      'amount', 'payment_type', 'date', 'currency', 'exchange_rate', 'bank_account_id', 'mentions', 'external_ref',
    ]);
    expect(schema.properties.amount).toMatchObject({ type: 'number', exclusiveMinimum: 0 });
    expect(schema.properties.date).toMatchObject({ type: 'string', format: 'date' });
    expect(schema.additionalProperties).toBe(false);
    const types = await send<Array<{ code: string }>>('GET', '/payments/types/');
    expect(data.payment_types).toEqual(types.body.data.map((t) => t.code));
    expect(data.payment_types).toContain('tichet_cadou');
    expect(data.defaults).toEqual({ date: today(), currency: s.currency });
    expect(data.bv_id).toBe(s.id);
    expect(data.sale).toEqual({
      currency: s.currency,
      document_value_with_vat: s.total_with_vat,
      paid_amount: 0,
      open_amount: s.total_with_vat,
      document_cancelled: 0,
    });
  });

  it('is 404 for a sale that does not exist or belongs to another account, 400 for an id that is not one', async () => {
    for (const id of [99_999_999, foreignSaleId]) {
      const answer = await send('GET', `/sales/${id}/payment/`);
      expect(answer.status).toBe(404);
      expect(answer.body.messages[0]).toMatch(/sale \d+ does not exist/);
    }
    expect((await send('GET', '/sales/abc/payment/')).status).toBe(400);
  });
});

describe('POST /sales/{bv_id}/payment/', () => {
  it('registers a payment with the defaults: the exact response, the stored row, its allocation and the sale', async () => {
    const s = freshSale();
    const { data, before } = await accepted(s.id as number, { amount: 12.34, payment_type: 'cash' });
    expect(Object.keys(data)).toEqual(['incasare_id', 'bv_id', 'amount', 'currency', 'payment_type', 'date']);
    expect(data).toEqual({ incasare_id: data.incasare_id, bv_id: s.id, amount: 12.34, currency: 'RON', payment_type: 'cash', date: today() });
    const p = payment(data.incasare_id);
    expect(p).toMatchObject({
      company_id: 1, series: '', number: null, date: today(), payment_type: 'cash', client_id: s.client_id,
      client_name: s.client_name, client_cui: s.client_cui, client_reg_com: s.client_reg_com, workpoint_id: s.workpoint_id,
      amount: 12.34, currency: 'RON', exchange_rate: 1, amount_ron: 12.34, bank_account_id: null, mentions: '', source: 'api',
      fiscal_receipt_id: null, allocated_amount: 12.34, allocation_status: 'fully_allocated', cancelled: 0, added_by_api: 1,
    });
    expect(p.created_ts).toBe(p.last_changed_ts);
    expect(String(p.created_ts) >= before).toBe(true);
    expect(allocationsOf(data.incasare_id)).toEqual([{ company_id: 1, doc_type: 'sale', doc_id: s.id, amount: 12.34 }]);
    const after = sale(s.id as number);
    expect(after.paid_amount).toBe(12.34);
    expect(String(after.last_changed_ts) >= before).toBe(true);
    expect(String(after.last_changed_ts) > String(s.last_changed_ts)).toBe(true);

    // visible in /payments/list/ with its allocation, and in the sale's transactions
    const list = await send<Row[]>('GET', `/payments/list/id:${data.incasare_id}/include:allocations/`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      incasare_id: data.incasare_id, source: 'api', added_by_api: 1, amount: 12.34, allocation_status: 'fully_allocated',
      allocations: [{ doc_type: 'sale', doc_id: s.id, doc_series: s.series, doc_nr: s.number, amount: 12.34 }],
    });
    const sales = await send<Row[]>('GET', `/sales/list/id:${s.id}/include:transactions/`);
    expect(sales.body.data[0]).toMatchObject({
      paid_amount: 12.34,
      transactions: [{ incasare_id: data.incasare_id, doc_date: today(), payment_type: 'cash', amount: 12.34, currency: 'RON', mentions: '' }],
    });
  });

  it('takes several payments on one sale; beyond what is open the allocation is capped, then nothing is allocated', async () => {
    const s = freshSale();
    const total = s.total_with_vat as number;
    const first = round2(total / 4);
    const a = await accepted(s.id as number, { amount: first, payment_type: 'card' });
    const b = await accepted(s.id as number, { amount: first, payment_type: 'cash' });
    expect(b.data.incasare_id).toBeGreaterThan(a.data.incasare_id);
    expect(sale(s.id as number).paid_amount).toBe(round2(2 * first));
    // more than the rest: allocated up to the total, the payment some_allocated
    const rest = round2(total - 2 * first);
    const c = await accepted(s.id as number, { amount: round2(rest + 50), payment_type: 'bank_transfer' });
    expect(payment(c.data.incasare_id)).toMatchObject({ amount: round2(rest + 50), allocated_amount: rest, allocation_status: 'some_allocated' });
    expect(allocationsOf(c.data.incasare_id)).toEqual([{ company_id: 1, doc_type: 'sale', doc_id: s.id, amount: rest }]);
    const paid = sale(s.id as number);
    expect(paid.paid_amount).toBe(total);
    // a fully paid sale: the payment is registered, not allocated, and the sale is not touched
    const d = await accepted(s.id as number, { amount: 5, payment_type: 'cash' });
    expect(payment(d.data.incasare_id)).toMatchObject({ allocated_amount: 0, allocation_status: 'not_allocated' });
    expect(allocationsOf(d.data.incasare_id)).toEqual([]);
    expect(sale(s.id as number)).toEqual(paid);
    const sales = await send<Row[]>('GET', `/sales/list/id:${s.id}/include:transactions/`);
    expect((sales.body.data[0]!.transactions as Row[]).map((t) => t.incasare_id)).toEqual([a, b, c].map((x) => x.data.incasare_id));
  });

  it('stores date, mentions with the external_ref appended, bank_account_id and a custom payment type', async () => {
    const s = freshSale();
    const withBoth = await accepted(s.id as number, {
      amount: 10, payment_type: 'bank_transfer', date: '2025-03-14', bank_account_id: 1, mentions: 'OP 123', external_ref: 'shop-77',
    });
    expect(withBoth.data.date).toBe('2025-03-14');
    expect(payment(withBoth.data.incasare_id)).toMatchObject({ date: '2025-03-14', bank_account_id: 1, mentions: 'OP 123 [ref: shop-77]' });
    const refOnly = await accepted(s.id as number, { amount: 1, payment_type: 'tichet_cadou', external_ref: 'R-1' });
    expect(payment(refOnly.data.incasare_id)).toMatchObject({ payment_type: 'tichet_cadou', mentions: '[ref: R-1]' });
    const mentionsOnly = await accepted(s.id as number, { amount: 1, payment_type: 'voucher', mentions: 'just a note', external_ref: '' });
    expect(payment(mentionsOnly.data.incasare_id).mentions).toBe('just a note');
  });

  it('another currency: the stored rate of the date (or the latest before it), or the exchange_rate sent', async () => {
    const s = freshSale();
    const date = '2025-06-10';
    const auto = await accepted(s.id as number, { amount: 2, payment_type: 'card', currency: 'EUR', date });
    const eur = rate('EUR', date);
    expect(auto.data).toMatchObject({ amount: 2, currency: 'EUR' });
    expect(payment(auto.data.incasare_id)).toMatchObject({ currency: 'EUR', exchange_rate: eur, amount_ron: round2(2 * eur) });
    // allocation in the payment's currency, the sale's paid_amount in RON
    expect(allocationsOf(auto.data.incasare_id)[0]).toMatchObject({ amount: 2 });
    expect(sale(s.id as number).paid_amount).toBe(round2(2 * eur));

    const last = value<string>("SELECT MAX(date) FROM exchange_rates WHERE currency = 'USD'");
    const later = `${Number(last.slice(0, 4)) + 1}-02-01`;
    const latest = await accepted(s.id as number, { amount: 1, payment_type: 'card', currency: 'USD', date: later });
    expect(payment(latest.data.incasare_id).exchange_rate).toBe(rate('USD', last));

    const sent = await accepted(s.id as number, { amount: 3, payment_type: 'card', currency: 'GBP', exchange_rate: 5.5 });
    expect(payment(sent.data.incasare_id)).toMatchObject({ currency: 'GBP', exchange_rate: 5.5, amount_ron: 16.5 });

    const ron = await accepted(s.id as number, { amount: 1, payment_type: 'cash', currency: 'RON', exchange_rate: 1 });
    expect(payment(ron.data.incasare_id)).toMatchObject({ currency: 'RON', exchange_rate: 1 });
  });

  it("defaults to the sale's currency and converts a RON payment into it for paid_amount", async () => {
    // The demo's one unpaid EUR receipt is a small one (the payments below take about 3 EUR).
    const s = freshSale("currency = 'EUR'", 20);
    const euro = await accepted(s.id as number, { amount: 1, payment_type: 'bank_transfer', bank_account_id: 2 });
    expect(euro.data.currency).toBe('EUR');
    expect(payment(euro.data.incasare_id)).toMatchObject({ currency: 'EUR', exchange_rate: rate('EUR', today()) });
    expect(sale(s.id as number).paid_amount).toBe(1);
    const lei = await accepted(s.id as number, { amount: 10, payment_type: 'cash', currency: 'RON', date: '2025-06-10' });
    expect(allocationsOf(lei.data.incasare_id)[0]).toMatchObject({ amount: 10 });
    expect(sale(s.id as number).paid_amount).toBe(round2(1 + round2(10 / rate('EUR', '2025-06-10'))));
  });

  it("accepts the account's own payment types besides the standard ones", async () => {
    const s = freshSale();
    const own = await accepted(s.id as number, { amount: 1, payment_type: 'tichet_cadou' });
    expect(payment(own.data.incasare_id)).toMatchObject({ payment_type: 'tichet_cadou' });
  });

  it('refuses each invalid field with a 400 naming it, and stores nothing', async () => {
    const s = freshSale();
    const id = s.id as number;
    await refused(id, { payment_type: 'cash' }, 400, /^amount: required field is missing$/);
    await refused(id, { amount: 0, payment_type: 'cash' }, 400, /^amount: must be > 0/);
    await refused(id, { amount: -5, payment_type: 'cash' }, 400, /^amount:/);
    await refused(id, { amount: '10', payment_type: 'cash' }, 400, /^amount:/);
    await refused(id, { amount: 10.005, payment_type: 'cash' }, 400, /^amount: must have at most two decimals, got 10.005$/);
    await refused(id, { amount: 1_000_000_000, payment_type: 'cash' }, 400, /^amount: must be <= 999999999.99$/);
    await refused(id, { amount: 10 }, 400, /^payment_type: required field is missing$/);
    await refused(id, { amount: 10, payment_type: 'crypto' }, 400, /^payment_type: 'crypto' is not a payment type of the account \(one of .*cash.*, tichet_cadou\)/);
    for (const date of ['2023-02-29', '2023-1-05', '20230105', '2023-13-01']) {
      await refused(id, { amount: 10, payment_type: 'cash', date }, 400, /^date: must match format "date"/);
    }
    await refused(id, { amount: 10, payment_type: 'cash', currency: 'eur' }, 400, /^currency: must match pattern/);
    await refused(id, { amount: 10, payment_type: 'cash', currency: 'XYZ' }, 400, /^currency: 'XYZ' is not a currency the service knows/);
    await refused(id, { amount: 10, payment_type: 'cash', currency: 'RON', exchange_rate: 4.9 }, 400, /^exchange_rate: must be 1 \(or left out\) when currency is RON/);
    await refused(id, { amount: 10, payment_type: 'cash', exchange_rate: 2 }, 400, /^exchange_rate: must be 1/); // the sale's RON
    await refused(id, { amount: 10, payment_type: 'cash', currency: 'EUR', exchange_rate: 0 }, 400, /^exchange_rate: must be > 0/);
    await refused(id, { amount: 10, payment_type: 'cash', currency: 'EUR', date: '2019-05-06' }, 400, /^exchange_rate: no stored EUR rate on or before 2019-05-06/);
    await refused(id, { amount: 10, payment_type: 'bank_transfer', bank_account_id: 99_999 }, 400, /^bank_account_id: 99999 is not a bank account of this account$/);
    await refused(id, { amount: 10, payment_type: 'bank_transfer', bank_account_id: foreignBankId }, 400, /^bank_account_id:/);
    await refused(id, { amount: 10, payment_type: 'bank_transfer', bank_account_id: 1.5 }, 400, /^bank_account_id:/);
    await refused(id, { amount: 10, payment_type: 'cash', mentions: 'x'.repeat(1001) }, 400, /^mentions:/);
    await refused(id, { amount: 10, payment_type: 'cash', reference: 'r' }, 400, /^reference: unknown field$/);
    await refused(id, [10], 400, /^body: must be a JSON object$/);
    // every failure of one request is named
    await refused(id, { amount: 10, payment_type: 'crypto', currency: 'XYZ', bank_account_id: 99_999 }, 400, /^payment_type:/, /^currency:/, /^bank_account_id:/);
    // ... and the accepted counterparts: the largest amount (two decimals are exact at any size), the rate rules
    const big = await accepted(id, { amount: 999_999_999.99, payment_type: 'bank_transfer' });
    expect(payment(big.data.incasare_id)).toMatchObject({ amount: 999_999_999.99, allocated_amount: s.total_with_vat, allocation_status: 'some_allocated' });
    const fresh = freshSale();
    await accepted(fresh.id as number, { amount: 1234567.89, payment_type: 'bank_transfer' });
    const old = await accepted(id, { amount: 10, payment_type: 'cash', currency: 'EUR', date: '2019-05-06', exchange_rate: 4.76 });
    expect(payment(old.data.incasare_id)).toMatchObject({ exchange_rate: 4.76, amount_ron: 47.6, allocation_status: 'not_allocated' });
  });

  it('refuses a cancelled sale (400), an absent or foreign sale (404), another content type (415)', async () => {
    const cancelled = value('SELECT id FROM sales WHERE company_id = 1 AND cancelled = 1 ORDER BY id LIMIT 1');
    await refused(cancelled, { amount: 10, payment_type: 'cash' }, 400, /^bv_id: sale \d+ is cancelled/);
    await refused(99_999_999, { amount: 10, payment_type: 'cash' }, 404, /does not exist/);
    await refused(foreignSaleId, { amount: 10, payment_type: 'cash' }, 404, /does not exist/);
    const before = state();
    const answer = await post(freshSale().id as number, 'amount=10', 'application/x-www-form-urlencoded');
    expect(answer.status).toBe(415);
    expect(state()).toEqual(before);
  });
});
