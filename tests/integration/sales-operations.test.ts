import { describe, expect, it } from 'vitest';
import type { CoreEvents } from '../../shared/contract/events.ts';
import { today } from './fixtures.ts';
import { queries, refusal, useDemo } from './harness.ts';

/*
 * The sale detail, its payment form, the payment action, one payment and the automatic rate
 * (shared/contract/operations-sales.ts), through the core and the control API: the same answers
 * as the REST routes they stand beside, 404s, refusals naming their field, and data.changed.
 */

const demo = useDemo({
  prepare(writable) {
    // A sale of another account: invisible from account 1.
    writable.prepare("INSERT INTO accounts (company_id, name, created_ts) VALUES (2, 'Other SRL', '2024-01-01 00:00:00')").run();
    writable
      .prepare(
        `INSERT INTO sales (company_id, series, number, date, total_with_vat, total_ron, created_ts, last_changed_ts)
         VALUES (2, 'X', 1, '2024-01-01', 100, 100, '2024-01-01 00:00:00', '2024-01-01 00:00:00')`,
      )
      .run();
  },
});
const { one, all, value } = queries(demo);
const invoke = <K extends Parameters<typeof demo.h.core.invoke>[0]>(name: K, input: unknown) => demo.h.core.invoke(name, input);

const used = new Set<number>();
/** An unpaid RON sale, not cancelled, not paid through its invoice, not used by another test. */
function freshSale(): { id: number; total_with_vat: number; currency: string } {
  const rows = all<{ id: number; total_with_vat: number; currency: string }>(
    `SELECT id, total_with_vat, currency FROM sales WHERE company_id = 1 AND cancelled = 0 AND paid_amount = 0 AND total_with_vat > 50
        AND currency = 'RON' AND (invoice_id IS NULL OR invoice_id IN (SELECT id FROM invoices WHERE paid_amount = 0)) ORDER BY id`,
  );
  const row = rows.find((r) => !used.has(r.id));
  if (!row) throw new Error('no fresh sale');
  used.add(row.id);
  return row;
}

describe('sales.get', () => {
  it('answers the row of /sales/list/ with items, transactions and invoiced', async () => {
    const bvId = value<number>(
      `SELECT s.id FROM sales s WHERE s.company_id = 1 AND s.invoice_id IS NOT NULL
          AND EXISTS (SELECT 1 FROM payment_allocations a WHERE a.doc_type = 'sale' AND a.doc_id = s.id) ORDER BY s.id LIMIT 1`,
    );
    const [user, password] = demo.user;
    const rest = await demo.h.rest<Record<string, unknown>[]>('GET', `/1/sales/list/id:${bvId}/include:items,transactions,invoiced/`, [user, password]);
    expect(rest.status).toBe(200);
    const sale = await invoke('sales.get', { company_id: 1, bv_id: bvId });
    expect(sale).toEqual(rest.body.data[0]);
    expect(sale.items!.length).toBeGreaterThan(0);
    expect(sale.transactions!.length).toBeGreaterThan(0);
    expect(sale.invoiced).toMatchObject({ bocp_id: sale.invoice_id });

    // The control API serves it under the account.
    const control = await demo.h.control<{ bv_id: number }>('GET', `/accounts/1/sales/${bvId}`);
    expect(control.status).toBe(200);
    expect(control.body.data.bv_id).toBe(bvId);
  });

  it('is 404 for a sale of no account or of another account, and for an unknown account', async () => {
    const foreign = value<number>('SELECT id FROM sales WHERE company_id = 2');
    for (const bvId of [999_999, foreign]) {
      const error = await refusal(() => invoke('sales.get', { company_id: 1, bv_id: bvId }));
      expect(error.status).toBe(404);
      expect(error.message).toMatch(new RegExp(`sale ${bvId} does not exist`));
    }
    expect((await refusal(() => invoke('sales.get', { company_id: 77, bv_id: 1 }))).status).toBe(404);
    expect((await demo.h.control('GET', '/accounts/1/sales/999999')).status).toBe(404);
  });
});

describe('sales.paymentForm', () => {
  it('answers GET /sales/{bv_id}/payment/ plus the named types, the currencies and the bank accounts', async () => {
    const sale = freshSale();
    const [user, password] = demo.user;
    const rest = await demo.h.rest<Record<string, unknown>>('GET', `/1/sales/${sale.id}/payment/`, [user, password]);
    expect(rest.status).toBe(200);
    const form = await invoke('sales.paymentForm', { company_id: 1, bv_id: sale.id });
    const { types, currencies, bank_accounts, ...same } = form;
    expect(same).toEqual(rest.body.data);
    expect(form.sale.open_amount).toBe(sale.total_with_vat);
    expect(form.defaults).toEqual({ date: today(), currency: 'RON' });
    expect(types.map((t) => t.code)).toEqual(form.payment_types);
    expect(types.find((t) => t.code === 'cash')).toEqual({ code: 'cash', name: 'Numerar', is_custom: 0 });
    expect(currencies[0]).toBe('RON');
    expect(currencies).toEqual(expect.arrayContaining(['EUR', 'USD']));
    expect(bank_accounts).toEqual(all('SELECT id, iban, bank_name, currency FROM account_bank_accounts WHERE company_id = 1 ORDER BY id'));
  });

  it('is 404 for a missing sale', async () => {
    const error = await refusal(() => invoke('sales.paymentForm', { company_id: 1, bv_id: 999_999 }));
    expect(error.status).toBe(404);
  });
});

describe('reference.exchangeRate', () => {
  it('is the stored BNR rate of the day or the latest before it; 1 for RON; null before the first', async () => {
    const day = value<string>("SELECT min(date) FROM exchange_rates WHERE currency = 'EUR' AND date >= '2025-06-01'");
    const stored = value<number>("SELECT rate FROM exchange_rates WHERE currency = 'EUR' AND date = ?", day);
    expect(await invoke('reference.exchangeRate', { company_id: 1, currency: 'EUR', date: day })).toEqual({
      currency: 'EUR',
      date: day,
      rate: stored,
      rate_date: day,
    });
    // A day without its own row (after the last stored one) takes the latest before it.
    const last = value<string>("SELECT max(date) FROM exchange_rates WHERE currency = 'EUR'");
    const lastRate = value<number>("SELECT rate FROM exchange_rates WHERE currency = 'EUR' AND date = ?", last);
    const after = `${Number(last.slice(0, 4)) + 1}-01-15`;
    expect(await invoke('reference.exchangeRate', { company_id: 1, currency: 'EUR', date: after })).toMatchObject({ rate: lastRate, rate_date: last });
    expect(await invoke('reference.exchangeRate', { company_id: 1, currency: 'RON', date: day })).toEqual({ currency: 'RON', date: day, rate: 1, rate_date: day });
    expect(await invoke('reference.exchangeRate', { company_id: 1, currency: 'USD', date: '2000-01-01' })).toMatchObject({ rate: null, rate_date: null });

    const answer = await demo.h.control<{ rate: number }>('GET', `/accounts/1/exchange-rate?currency=EUR&date=${day}`);
    expect(answer.body.data.rate).toBe(stored);
  });

  it('refuses an unknown currency and a day that does not exist, naming the field', async () => {
    const unknown = await refusal(() => invoke('reference.exchangeRate', { company_id: 1, currency: 'XYZ', date: '2026-01-05' }));
    expect(unknown.status).toBe(400);
    expect(unknown.messages).toEqual([expect.stringMatching(/^currency: 'XYZ' is not a currency the service knows/)]);
    const badDay = await refusal(() => invoke('reference.exchangeRate', { company_id: 1, currency: 'EUR', date: '2026-02-30' }));
    expect(badDay.messages).toEqual([expect.stringMatching(/^date: /)]);
  });
});

describe('sales.registerPayment', () => {
  it('registers the payment as POST /sales/{bv_id}/payment/ does, announces it, and lists it under the sale', async () => {
    const sale = freshSale();
    const seen: CoreEvents['data.changed'][] = [];
    const stop = demo.h.core.events.on('data.changed', (event) => {
      if (event.records?.payments) seen.push(event);
    });
    let paid;
    try {
      paid = await invoke('sales.registerPayment', {
        company_id: 1,
        bv_id: sale.id,
        amount: 20.5,
        payment_type: 'card',
        mentions: 'la ghișeu',
        external_ref: 'POS-77',
      });
    } finally {
      stop();
    }
    expect(paid).toEqual({ incasare_id: expect.any(Number), bv_id: sale.id, amount: 20.5, currency: 'RON', payment_type: 'card', date: today() });
    // Sorted, as measured: the proforma's too, which the triggers of migration 023 may write.
    expect(seen).toEqual([
      {
        company_id: 1,
        tables: ['invoices', 'payment_allocations', 'payments', 'proformas', 'sales'],
        records: { payments: [paid.incasare_id], sales: [sale.id] },
      },
    ]);

    // The sale's paid amount moved; the payment is in lists.payments under the sale, with its note.
    expect(one<{ paid_amount: number }>('SELECT paid_amount FROM sales WHERE id = ?', sale.id).paid_amount).toBe(20.5);
    const listed = await invoke('lists.payments', { company_id: 1, bv_id: sale.id });
    expect(listed.rows.map((p) => p.incasare_id)).toContain(paid.incasare_id);
    const row = listed.rows.find((p) => p.incasare_id === paid.incasare_id)!;
    // Registered in the window: staff's payment, not the API's.
    expect(row).toMatchObject({ bv_id: sale.id, amount: 20.5, source: 'staff', added_by_api: 0, mentions: 'la ghișeu [ref: POS-77]', allocation_status: 'fully_allocated' });

    // The sale's detail and form follow.
    const detail = await invoke('sales.get', { company_id: 1, bv_id: sale.id });
    expect(detail.paid_amount).toBe(20.5);
    expect(detail.transactions).toEqual([expect.objectContaining({ incasare_id: paid.incasare_id, amount: 20.5, payment_type: 'card' })]);
    const form = await invoke('sales.paymentForm', { company_id: 1, bv_id: sale.id });
    expect(form.sale.open_amount).toBeCloseTo(sale.total_with_vat - 20.5, 2);

    // payments.get: the same row with its allocation to the sale.
    const payment = await invoke('payments.get', { company_id: 1, incasare_id: paid.incasare_id });
    expect(payment).toMatchObject({ ...row, allocations: [expect.objectContaining({ doc_type: 'sale', doc_id: sale.id, amount: 20.5 })] });
  });

  it('takes the stored BNR rate for a payment in another currency, the rate reference.exchangeRate shows', async () => {
    const sale = freshSale();
    const answer = await demo.h.control<{ incasare_id: number }>('POST', `/accounts/1/sales/${sale.id}/payments`, {
      amount: 5,
      payment_type: 'bank_transfer',
      currency: 'EUR',
      bank_account_id: 2,
    });
    expect(answer.status).toBe(201);
    const shown = await invoke('reference.exchangeRate', { company_id: 1, currency: 'EUR', date: today() });
    const stored = one<{ exchange_rate: number; bank_account_id: number }>('SELECT exchange_rate, bank_account_id FROM payments WHERE id = ?', answer.body.data.incasare_id);
    expect(stored).toEqual({ exchange_rate: shown.rate, bank_account_id: 2 });
  });

  it('refuses with messages that name each field, and changes nothing', async () => {
    const sale = freshSale();
    const count = () => value<number>('SELECT count(*) FROM payments');
    const before = count();
    const zero = await refusal(() => invoke('sales.registerPayment', { company_id: 1, bv_id: sale.id, amount: 0, payment_type: 'cash' }));
    expect(zero.status).toBe(400);
    expect(zero.messages).toEqual(['amount: must be > 0']);

    const rules = await refusal(() =>
      invoke('sales.registerPayment', { company_id: 1, bv_id: sale.id, amount: 1.234, payment_type: 'cheque', currency: 'RON', exchange_rate: 4.9, bank_account_id: 99 }),
    );
    expect(rules.messages).toEqual([
      'amount: must have at most two decimals, got 1.234',
      expect.stringMatching(/^payment_type: 'cheque' is not a payment type of the account/),
      'exchange_rate: must be 1 (or left out) when currency is RON, got 4.9',
      'bank_account_id: 99 is not a bank account of this account',
    ]);
    const unknown = await refusal(() => invoke('sales.registerPayment', { company_id: 1, bv_id: sale.id, amount: 1, payment_type: 'cash', colour: 'red' }));
    expect(unknown.messages).toEqual(['colour: unknown field']);

    const cancelled = value<number>('SELECT id FROM sales WHERE company_id = 1 AND cancelled = 1 ORDER BY id LIMIT 1');
    const onCancelled = await refusal(() => invoke('sales.registerPayment', { company_id: 1, bv_id: cancelled, amount: 1, payment_type: 'cash' }));
    expect(onCancelled.messages).toEqual([expect.stringMatching(/^bv_id: sale \d+ is cancelled/)]);

    const missing = await refusal(() => invoke('sales.registerPayment', { company_id: 1, bv_id: 999_999, amount: 1, payment_type: 'cash' }));
    expect(missing.status).toBe(404);
    expect(count()).toBe(before);
  });
});

describe('payments.get', () => {
  it('is 404 for a payment the account does not have', async () => {
    const error = await refusal(() => invoke('payments.get', { company_id: 1, incasare_id: 999_999 }));
    expect(error.status).toBe(404);
    expect(error.message).toMatch(/payment 999999 does not exist/);
  });
});

describe('payments.types', () => {
  it('answers GET /payments/types/', async () => {
    const [user, password] = demo.user;
    const rest = await demo.h.rest<unknown[]>('GET', '/1/payments/types/', [user, password]);
    expect(await invoke('payments.types', { company_id: 1 })).toEqual(rest.body.data);
    expect(rest.body.data).toContainEqual({ code: 'tichet_cadou', name: 'Tichet cadou', is_custom: 1 });
  });
});
