import { beforeAll, describe, expect, it } from 'vitest';
import { vatKindOf, vatRatesOn, type VatKind } from '../../shared/domain/vat.ts';
import { listClient } from './lists.ts';
import { expectOk, r2, useOrderDemo, type Body, type Row } from './orders.ts';
import { expectRefusal, restSend } from './requests.ts';

// The demo's VAT rates follow the law (shared/domain/vat.ts): the catalogue carries the rates in
// force today (21 / 11), every document the rates in force on its date (19 / 9 / 5 before
// 2025-08-01, 21 / 11 from that day), and a product write accepts only today's rates.

/** Tuesday 2026-11-17 10:00 Europe/Bucharest: the demo's two years reach back to November 2024. */
const clock = { t: new Date('2026-11-17T08:00:00Z'), now() { return this.t; } };
const { demo, one, all, send } = useOrderDemo(clock);
const rest = restSend<Row>(demo);
const lists = listClient<Row>(demo, '');

const BOUNDARY = '2025-08-01';
/** The rates goods may carry on a date (0 is in force too, but the demo sells no exempt goods). */
const taxed = (date: string) => vatRatesOn(date).filter((rate) => rate !== 0);

/** Every line's VAT and value follow its rate, and the document's totals are the sums of its lines. */
function expectConsistent(doc: { total_vat: number; total_with_vat: number }, lines: Row[], what: string): void {
  let vat = 0;
  let withVat = 0;
  for (const l of lines) {
    expect(l.vat_value, what).toBe(r2((l.value_without_vat * l.vat_rate) / 100));
    expect(l.value_with_vat, what).toBe(r2(l.value_without_vat + l.vat_value));
    vat = r2(vat + l.vat_value);
    withVat = r2(withVat + l.value_with_vat);
  }
  expect(doc.total_vat, what).toBe(vat);
  expect(doc.total_with_vat, what).toBe(withVat);
}

/** Which rates lines carry before and from 2025-08-01, after checking each is in force on its document's date. */
function ratesBySide(lines: Array<{ date: string; rate: number }>, what: string) {
  const before = new Set<number>();
  const after = new Set<number>();
  for (const { date, rate } of lines) {
    expect(taxed(date), `${what} of ${date}`).toContain(rate);
    (date < BOUNDARY ? before : after).add(rate);
  }
  return { before: [...before].sort((a, b) => a - b), after: [...after].sort((a, b) => a - b) };
}

describe('the demo catalogue', () => {
  it('/product/list/ carries the rates in force today: 21 standard, 11 reduced (books and food alike)', async () => {
    const products = await lists.walk('/product/list/');
    expect(products.length).toBeGreaterThan(100);
    expect([...new Set(products.map((p) => p.cota_tva_vanzare))].sort()).toEqual([11, 21]);
    for (const p of products) expect(p.pret_vanzare_cu_tva).toBe(r2(p.pret_vanzare * (1 + p.cota_tva_vanzare / 100)));
    const rateOf = (category: string) => new Set(products.filter((p) => p.category_name === category).map((p) => p.cota_tva_vanzare));
    expect(rateOf('Cărți')).toEqual(new Set([11])); // 5% before the merge
    expect(rateOf('Alimente și băuturi')).toEqual(new Set([11])); // 9% before
    expect(rateOf('Electrocasnice')).toEqual(new Set([21])); // 19% before
  });
});

describe('the demo documents carry the rates of their date', () => {
  it('the history reaches before 2025-08-01 (the test is about both sides)', () => {
    expect(one('SELECT min(date) AS d FROM sales').d < BOUNDARY).toBe(true);
    expect(one('SELECT max(date) AS d FROM sales').d >= BOUNDARY).toBe(true);
  });

  it('/invoices/list/: 19 / 9 / 5 before 2025-08-01, 21 / 11 from that day, totals the sums of the lines', async () => {
    const invoices = await lists.walk('/invoices/list/');
    // A reversal (storno) repeats the lines of the invoice it reverses, at that invoice's rates.
    const stornoOf = new Map(all<{ id: number; of: number }>('SELECT id, storno_of_id AS of FROM invoices WHERE storno_of_id IS NOT NULL').map((r) => [r.id, r.of]));
    const dateOf = new Map(invoices.map((i) => [i.bocp_id as number, i.doc_date as string]));
    const lines: Array<{ date: string; rate: number }> = [];
    for (const invoice of invoices) {
      const original = stornoOf.get(invoice.bocp_id);
      const date = original === undefined ? invoice.doc_date : dateOf.get(original)!;
      const items = invoice.items as Row[];
      expectConsistent({ total_vat: invoice.total_vat, total_with_vat: invoice.document_value_with_vat }, items, `invoice ${invoice.bocp_id}`);
      for (const l of items) lines.push({ date, rate: l.vat_rate });
    }
    expect(ratesBySide(lines, 'invoice line')).toEqual({ before: [5, 9, 19], after: [11, 21] });
  });

  it('/invoices/list/datefrom:2025-08-01/ and datethrough:2025-07-31/ split the rates at the day', async () => {
    const rates = async (filter: string) => {
      const rows = await lists.walk(filter);
      const stornos = new Set(all<{ id: number }>('SELECT id FROM invoices WHERE storno_of_id IS NOT NULL').map((r) => r.id));
      return new Set(rows.filter((r) => !stornos.has(r.bocp_id)).flatMap((r) => (r.items as Row[]).map((l) => l.vat_rate)));
    };
    expect(await rates('/invoices/list/datefrom:2025-08-01/')).toEqual(new Set([11, 21]));
    expect(await rates('/invoices/list/datethrough:2025-07-31/')).toEqual(new Set([5, 9, 19]));
  });

  it('sales receipts and proformas: each line at a rate in force on its date, totals the sums of the lines', () => {
    for (const [table, items, key] of [['sales', 'sale_items', 'sale_id'], ['proformas', 'proforma_items', 'proforma_id']] as const) {
      const docs = all(`SELECT id, date, total_vat, total_with_vat FROM ${table}`);
      const linesOf = new Map<number, Row[]>();
      for (const l of all(`SELECT * FROM ${items} ORDER BY ${key}, line_no`)) linesOf.set(l[key], [...(linesOf.get(l[key]) ?? []), l]);
      const lines: Array<{ date: string; rate: number }> = [];
      for (const doc of docs) {
        const own = linesOf.get(doc.id) ?? [];
        expectConsistent(doc as { total_vat: number; total_with_vat: number }, own, `${table} ${doc.id}`);
        for (const l of own) lines.push({ date: doc.date, rate: l.vat_rate });
      }
      const sides = ratesBySide(lines, `${table} line`);
      expect(sides.before, table).toContain(19);
      expect(sides.after, table).toEqual([11, 21]);
    }
  });

  it("connector orders: what the webshop sent is at the rates of the order's day, shipping and discounts at the standard one", () => {
    const items = all<{ date: string; type: string; rate: number }>(
      'SELECT o.order_date AS date, i.type, i.item_vat_percent AS rate FROM connector_order_items i JOIN connector_orders o ON o.id = i.order_id',
    );
    expect(ratesBySide(items, 'order item')).toEqual({ before: [9, 19], after: [11, 21] });
    for (const i of items.filter((x) => x.type !== 'product')) {
      expect(i.rate, `${i.type} of ${i.date}`).toBe(i.date < BOUNDARY ? 19 : 21);
    }
  });

  it("fiscal receipts print each line in the VAT group of its rate on the receipt's day (A standard, B reduced, C the 5% group)", () => {
    const GROUP: Record<VatKind, string> = { standard: '1', reduced: '2', reduced_low: '3' };
    const receipts = all<{ sale_id: number; bf_date: string; bf_content: string }>('SELECT sale_id, bf_date, bf_content FROM fiscal_receipts');
    const seen = new Set<string>();
    for (const r of receipts) {
      const printed = r.bf_content.split('\n').filter((line) => line.startsWith('S,')).map((line) => line.split(';')[6]);
      const rates = all<{ vat_rate: number }>('SELECT vat_rate FROM sale_items WHERE sale_id = ? ORDER BY line_no LIMIT 6', r.sale_id);
      expect(printed).toEqual(rates.map((l) => GROUP[vatKindOf(l.vat_rate, r.bf_date)!]));
      rates.forEach((l, i) => seen.add(`${r.bf_date < BOUNDARY ? 'before' : 'after'} ${l.vat_rate} -> ${printed[i]}`));
    }
    for (const expected of ['before 19 -> 1', 'before 9 -> 2', 'before 5 -> 3', 'after 21 -> 1', 'after 11 -> 2']) expect(seen).toContain(expected);
  });
});

describe('product writes accept the rates in force on the core clock\'s today', () => {
  const product = () => one<{ id: number }>('SELECT id FROM products WHERE company_id = 1 AND deleted = 0 AND selling_currency = \'RON\' ORDER BY id DESC LIMIT 1').id;
  const patch = (id: number, body: Body) => rest('PATCH', `/product/${id}/`, body);

  it('21 and 11 are accepted, the price with VAT follows', async () => {
    const id = product();
    expect(expectOk(await patch(id, { pret_vanzare: 100, selling_currency_txt: 'RON', cota_tva_vanzare: 21 }))).toMatchObject({
      cota_tva_vanzare: 21, pret_vanzare_cu_tva: 121,
    });
    expect(expectOk(await patch(id, { cota_tva_vanzare: 11 }))).toMatchObject({ cota_tva_vanzare: 11, pret_vanzare_cu_tva: 111 });
    expect(expectOk(await patch(id, { cota_tva_vanzare: 0 }))).toMatchObject({ cota_tva_vanzare: 0, pret_vanzare_cu_tva: 100 });
  });

  it('19, 9 and 5 (no longer in force) answer 400 naming cota_tva_vanzare and the rates allowed; nothing changes', async () => {
    const id = product();
    await patch(id, { cota_tva_vanzare: 21 });
    const before = one('SELECT * FROM products WHERE id = ?', id);
    for (const rate of [19, 9, 5, 24]) {
      expectRefusal(await patch(id, { cota_tva_vanzare: rate }), 400, [
        new RegExp(`^cota_tva_vanzare: must be one of the Romanian VAT rates in force today \\(2026-11-17\\): 0, 11, 21 \\(got ${rate}\\)$`),
      ]);
    }
    expect(one('SELECT * FROM products WHERE id = ?', id)).toEqual(before);
  });

  it('a rate stored earlier may be sent back unchanged (a GET-change-PUT of an older record)', async () => {
    const id = product();
    demo.db.prepare('UPDATE products SET cota_tva_vanzare = 19 WHERE id = ?').run(id);
    expect(expectOk(await patch(id, { cota_tva_vanzare: 19, product_name: 'Produs cu cota veche' }))).toMatchObject({ cota_tva_vanzare: 19 });
    expectRefusal(await patch(id, { cota_tva_vanzare: 9 }), 400, [/^cota_tva_vanzare: .*0, 11, 21 \(got 9\)$/]);
  });

  it("today is the core clock's: on 2025-07-31 19 is accepted and 21 refused", async () => {
    const id = product();
    clock.t = new Date('2025-07-31T08:00:00Z');
    try {
      expect(expectOk(await patch(id, { cota_tva_vanzare: 19 }))).toMatchObject({ cota_tva_vanzare: 19 });
      expectRefusal(await patch(id, { cota_tva_vanzare: 21 }), 400, [/^cota_tva_vanzare: .*in force today \(2025-07-31\): 0, 5, 9, 19 \(got 21\)$/]);
    } finally {
      clock.t = new Date('2026-11-17T08:00:00Z');
    }
    expect(expectOk(await patch(id, { cota_tva_vanzare: 21 }))).toMatchObject({ cota_tva_vanzare: 21 });
  });
});

describe('a connector order of today', () => {
  let p: { code: string; price: number; vat: number };
  let seq = 0;

  beforeAll(() => {
    // the sales receipt at import, and no other step: the lines are what this test reads
    const set = (grp: string, key: string, value: unknown) =>
      demo.db.prepare('INSERT OR REPLACE INTO connector_settings (company_id, connector_id, grp, key, value) VALUES (1, 1, ?, ?, ?)').run(grp, key, JSON.stringify(value));
    set('order_processing', 'action_on_import', 'create_sale');
    set('invoicing', 'auto_issue', 'off');
    set('awb', 'auto_issue', 'off');
    set('proforma', 'trigger_payment_methods', []);
    set('order_processing', 'repeated_order_block_threshold', 0);
    p = one(
      `SELECT p.cod_produs AS code, p.pret_vanzare AS price, p.cota_tva_vanzare AS vat FROM products p
         JOIN connector_products cp ON cp.product_id = p.id AND cp.connector_id = 1
         JOIN stock s ON s.product_id = p.id AND s.workpoint_id = 1
        WHERE p.company_id = 1 AND p.deleted = 0 AND p.archived = 0 AND p.is_sellable = 1 AND p.selling_currency = 'RON'
          AND p.cota_tva_vanzare = 21 AND s.quantity >= 10
        ORDER BY p.id LIMIT 1`,
    );
  });

  const address = { city: 'Cluj-Napoca', county: 'Cluj', country: 'Romania', street: 'Strada Horea', number: '3', zip: '' };

  function order(shipping: Body): Body {
    const uid = `VAT-${++seq}`;
    const gross = r2(p.price * (1 + p.vat / 100));
    return {
      order_unique_id: uid, order_reference: `#${uid}`, order_date: '2026-11-17', order_status: 'processing', order_cancelled: 0,
      order_currency_code: 'RON', shipping_method: 'courier', cod_amount: 0, cod_currency: '', payments: [],
      client: {
        name: 'Ana Ionescu', email: 'ana@example.ro', phone: '0722000001', client_unique_id: 950000 + seq,
        invoice_address: address,
        delivery_address: { ...address, shipping_contact_name: 'Ana Ionescu', shipping_contact_phone: '0722000001' },
      },
      items: [
        { type: 'product', code: p.code, item_name: 'Produs', item_quantity: 1, item_price: p.price, item_vat_percent: p.vat, item_price_with_vat: gross, line_value_with_vat: gross },
        { type: 'service', code: 'SHIPPING', item_name: 'Transport curier', item_quantity: 1, ...shipping },
      ],
    };
  }

  async function saleLines(body: Body) {
    expectOk(await send('POST', body.order_unique_id, body));
    const sale = one(
      `SELECT s.id, s.total_vat, s.total_with_vat FROM sales s JOIN connector_orders o ON o.id = s.connector_order_id
        WHERE o.connector_id = 1 AND o.order_unique_id = ?`,
      body.order_unique_id,
    );
    const lines = all('SELECT code, vat_rate, value_without_vat, vat_value, value_with_vat FROM sale_items WHERE sale_id = ? ORDER BY line_no', sale.id);
    expectConsistent(sale as { total_vat: number; total_with_vat: number }, lines, 'sale');
    return lines;
  }

  it('its shipping line at 21% is on the sales receipt at 21%, the VAT taken out of what the customer pays', async () => {
    const lines = await saleLines(order({ item_price: 16.52, item_vat_percent: 21, item_price_with_vat: 19.99, line_value_with_vat: 19.99 }));
    expect(lines[0]).toMatchObject({ code: p.code, vat_rate: 21 });
    expect(lines[1]).toEqual({ code: 'SHIPPING', vat_rate: 21, value_without_vat: 16.52, vat_value: 3.47, value_with_vat: 19.99 });
  });

  it('a rate the webshop sends is not rewritten: a shipping line sent at 19% stays at 19%', async () => {
    const lines = await saleLines(order({ item_price: 16.8, item_vat_percent: 19, item_price_with_vat: 19.99, line_value_with_vat: 19.99 }));
    expect(lines[1]).toEqual({ code: 'SHIPPING', vat_rate: 19, value_without_vat: 16.8, vat_value: 3.19, value_with_vat: 19.99 });
  });
});
