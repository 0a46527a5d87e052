import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../shared/domain/products.ts';
import { otherAccount, otherAccountProduct, today } from './fixtures.ts';
import { queries, useDemo, type Answer } from './harness.ts';
import { bodyInit, expectRefusal, expectUnchanged, restSend } from './requests.ts';

// PATCH / PUT / DELETE /product/{product_id}/ and POST /product/add/: every rule accepted and
// refused, and after each refusal nothing changed (the rows, their last_changed_ts, the counts of
// products and of the outbox). Notifications: write-products-notifications.test.ts.

const OTHER_ACCOUNT_PRODUCT = 900002;

const demo = useDemo({
  prepare(writable) {
    writable.exec(`
      ${otherAccount()}
      INSERT INTO product_categories (id, company_id, name) VALUES (900010, 2, 'Other account category');
      INSERT INTO manufacturers (id, company_id, name) VALUES (900011, 2, 'Other account maker');
      ${otherAccountProduct(OTHER_ACCOUNT_PRODUCT, 'OTHER-1')}
    `);
  },
});
const rest = restSend(demo);

type Row = Record<string, unknown>;
const { one, all } = queries(demo);
const count = (table: string) => one<{ n: number }>(`SELECT count(*) AS n FROM ${table}`).n;
const stored = (id: number) => one('SELECT * FROM products WHERE id = ?', id);

/** A live product of account 1 that no test used yet (each test works on its own). */
const used = new Set<number>();
function freshProduct(where = '1 = 1'): number {
  const ids = all<{ id: number }>(`SELECT id FROM products WHERE company_id = 1 AND deleted = 0 AND ${where} ORDER BY id`).map((r) => r.id);
  const id = ids.find((candidate) => !used.has(candidate));
  if (id === undefined) throw new Error(`no unused product for ${where}`);
  used.add(id);
  return id;
}

function send<T = ProductDetail>(method: string, id: number | string, body?: unknown, contentType?: string): Promise<Answer<T>> {
  return rest<T>(method, `/product/${id}/`, body, contentType);
}
const get = (id: number) => send<ProductDetail>('GET', id);

/** What a refused request must leave as it was. */
function state(ids: number[]) {
  return { products: count('products'), outbox: count('webhook_outbox'), rows: ids.map(stored) };
}

/** A refusal: the status, every message pattern among the messages, and nothing changed. */
function refused(request: Promise<Answer>, status: number, patterns: RegExp[], ids: number[]) {
  return expectUnchanged(() => state(ids), async () => expectRefusal(await request, status, patterns, { noData: false }));
}

/** A write accepted without a change: 200 answering `record` as it was, and nothing changed. */
function changesNothing(method: string, id: number, body: unknown, record: ProductDetail) {
  return expectUnchanged(
    () => state([id]),
    async () => {
      const answer = await send(method, id, body);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual(record);
    },
  );
}

/** The writable fields of a GET record (what a PUT must carry). */
const WRITABLE = [
  'cod_produs', 'cod_varianta', 'barcode', 'product_name', 'product_website_title', 'product_description', 'unitate_masura',
  'pret_vanzare', 'selling_currency_txt', 'cota_tva_vanzare', 'category_id', 'manufacturer_id', 'website_published',
  'partner_visible', 'sellable', 'is_archived', 'delistat', 'cod_intern', 'weight',
] as const;

describe('PATCH /product/{product_id}/', () => {
  it('changes only the fields sent, sets last_changed_ts and answers the record as GET does', async () => {
    const id = freshProduct('archived = 0');
    const before = stored(id);
    expect((await get(id)).body.data.product_name).toBe(before.product_name); // a GET answer the write must not leave cached
    const answer = await send('PATCH', id, { product_name: 'Nume nou', product_description: 'Descriere noua', weight: 1.25, is_archived: 1 });
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
    const after = stored(id);
    expect(after).toEqual({
      ...before,
      product_name: 'Nume nou',
      product_description: 'Descriere noua',
      weight_kg: 1.25,
      archived: 1,
      last_changed_ts: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect((after.last_changed_ts as string) > (before.last_changed_ts as string)).toBe(true);
    expect(answer.body.data).toEqual((await get(id)).body.data);
    expect(answer.body.data).toMatchObject({ product_name: 'Nume nou', weight: 1.25, is_archived: 1, last_changed_ts: after.last_changed_ts });
    expect(answer.body.data).not.toHaveProperty('archived');
  });

  it('every writable field under its GET name (sellable, weight, selling_currency_txt ... map to their columns)', async () => {
    const id = freshProduct();
    const category = one<{ id: number; name: string }>('SELECT id, name FROM product_categories WHERE company_id = 1 AND id <> (SELECT coalesce(category_id, 0) FROM products WHERE id = ?) ORDER BY id LIMIT 1', id);
    const maker = one<{ id: number; name: string }>('SELECT id, name FROM manufacturers WHERE company_id = 1 AND id <> (SELECT coalesce(manufacturer_id, 0) FROM products WHERE id = ?) ORDER BY id LIMIT 1', id);
    const body = {
      cod_produs: `NEW-${id}`, cod_varianta: 'V-XL', barcode: '5940000000017', product_name: 'Produs complet',
      product_website_title: 'Titlu web', product_description: 'Text', unitate_masura: 'set', pret_vanzare: 100,
      selling_currency_txt: 'EUR', cota_tva_vanzare: 21, category_id: category.id, manufacturer_id: maker.id,
      website_published: 1, partner_visible: 1, sellable: 0, is_archived: 1, delistat: 1, cod_intern: '7-TEST', weight: 2.5,
    };
    const answer = await send('PATCH', id, body);
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
    expect(answer.body.data).toMatchObject({ ...body, pret_vanzare_cu_tva: 121, category_name: category.name, producator: maker.name });
    expect(stored(id)).toMatchObject({
      cod_produs: `NEW-${id}`, cod_varianta: 'V-XL', barcode: '5940000000017', product_name: 'Produs complet',
      product_website_title: 'Titlu web', product_description: 'Text', unitate_masura: 'set', pret_vanzare: 100,
      selling_currency: 'EUR', cota_tva_vanzare: 21, category_id: category.id, manufacturer_id: maker.id, website_published: 1,
      partner_visible: 1, is_sellable: 0, archived: 1, delisted: 1, cod_intern: '7-TEST', weight_kg: 2.5,
    });
    // category and manufacturer back to none: the names follow ('').
    const cleared = await send('PATCH', id, { category_id: null, manufacturer_id: null });
    expect(cleared.body.data).toMatchObject({ category_id: null, category_name: '', manufacturer_id: null, producator: '' });
  });

  it('a write that changes nothing (empty object, stored values) leaves the row and last_changed_ts alone', async () => {
    const id = freshProduct();
    const record = (await get(id)).body.data;
    for (const body of [{}, { product_name: record.product_name, pret_vanzare: record.pret_vanzare, selling_currency_txt: record.selling_currency_txt }]) {
      await changesNothing('PATCH', id, body, record);
    }
  });

  it('every writable field sent with its GET value changes nothing (a body of writable fields is compared with the stored row alone)', async () => {
    // Products with and without category, manufacturer, barcode, archived: each field's stored
    // value as the write compares it must be the GET record's, or this PATCH would change it.
    const ids = [freshProduct('barcode <> \'\''), freshProduct('manufacturer_id IS NOT NULL'), freshProduct('archived = 1')];
    for (const id of ids) {
      const record = (await get(id)).body.data;
      const body = Object.fromEntries(WRITABLE.map((field) => [field, record[field]]));
      await changesNothing('PATCH', id, body, record);
    }
  });

  it('an unknown field: 400 naming it', async () => {
    const id = freshProduct();
    await refused(send('PATCH', id, { product_name: 'X', colour: 'red' }), 400, [/^colour: unknown field$/], [id]);
    await refused(send('PATCH', id, { pret_vanzare_discounted: 1 }), 400, [/^pret_vanzare_discounted: unknown field$/], [id]);
  });

  it('nine or more unknown fields, alone or beside a wrong value: each named as unknown (not "schema is false"), the wrong value too', async () => {
    const id = freshProduct();
    const unknown = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, i]));
    const every = Array.from({ length: 12 }, (_, i) => `k${i}: unknown field`).join('; ');
    const alone = await refused(send('PATCH', id, unknown), 400, [], [id]);
    expect(alone.body.messages).toEqual([every]);
    const mixed = await refused(send('PATCH', id, { ...unknown, product_name: 5 }), 400, [], [id]);
    expect(mixed.body.messages).toEqual([every, expect.stringMatching(/^product_name: /)]);
    expect(mixed.body.messages.join(' ')).not.toContain('schema is false');
  });

  it('pret_vanzare and selling_currency_txt come together: 400 naming both when one is alone', async () => {
    const id = freshProduct("selling_currency = 'RON'");
    for (const body of [{ pret_vanzare: 10 }, { selling_currency_txt: 'RON' }]) {
      await refused(send('PATCH', id, body), 400, [/^pret_vanzare, selling_currency_txt: must be sent together/], [id]);
    }
    const answer = await send('PATCH', id, { pret_vanzare: 10, selling_currency_txt: 'RON' });
    expect(answer.status).toBe(200);
    expect(stored(id)).toMatchObject({ pret_vanzare: 10, selling_currency: 'RON' });
  });

  it('the VAT rate is independent of the price: sent alone, pret_vanzare_cu_tva follows', async () => {
    const id = freshProduct();
    await send('PATCH', id, { pret_vanzare: 200, selling_currency_txt: 'RON' });
    const answer = await send('PATCH', id, { cota_tva_vanzare: 11 });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ pret_vanzare: 200, cota_tva_vanzare: 11, pret_vanzare_cu_tva: 222 });
  });

  it('price: >= 0 with at most 2 decimals (0 is a price)', async () => {
    const id = freshProduct();
    const currency = stored(id).selling_currency;
    await refused(send('PATCH', id, { pret_vanzare: -1, selling_currency_txt: currency }), 400, [/^pret_vanzare: must be >= 0$/], [id]);
    await refused(send('PATCH', id, { pret_vanzare: 10.005, selling_currency_txt: currency }), 400, [/^pret_vanzare: at most 2 decimals$/], [id]);
    await refused(send('PATCH', id, { pret_vanzare: '10', selling_currency_txt: currency }), 400, [/^pret_vanzare: must be number$/], [id]);
    for (const price of [0, 1234567.89]) {
      expect((await send('PATCH', id, { pret_vanzare: price, selling_currency_txt: currency })).status).toBe(200);
      expect(stored(id).pret_vanzare).toBe(price);
    }
  });

  it('VAT rate: one of the Romanian rates in force today, 0, 11, 21 (19, 9, 5 ended on 2025-07-31)', async () => {
    const id = freshProduct();
    for (const rate of [7, 20, -19, 19.5, 19, 9, 5]) {
      await refused(send('PATCH', id, { cota_tva_vanzare: rate }), 400, [
        new RegExp(`^cota_tva_vanzare: must be one of the Romanian VAT rates in force today \\(${today()}\\): 0, 11, 21 \\(got ${rate}\\)$`),
      ], [id]);
    }
    for (const rate of [0, 11, 21]) {
      expect((await send('PATCH', id, { cota_tva_vanzare: rate })).status).toBe(200);
      expect(stored(id).cota_tva_vanzare).toBe(rate);
    }
  });

  it('currency: one the account knows', async () => {
    const id = freshProduct("selling_currency = 'RON'");
    for (const currency of ['GBP', 'eur', '']) {
      await refused(send('PATCH', id, { pret_vanzare: 5, selling_currency_txt: currency }), 400, [/^selling_currency_txt: '.*' is not a currency of this account \(EUR, RON, USD\)$/], [id]);
    }
    expect((await send('PATCH', id, { pret_vanzare: 5, selling_currency_txt: 'USD' })).status).toBe(200);
    expect(stored(id)).toMatchObject({ pret_vanzare: 5, selling_currency: 'USD' });
  });

  it('cod_produs: unique in the account (400 naming it), not blank, no surrounding spaces; another account may use it', async () => {
    const id = freshProduct();
    const other = freshProduct();
    const taken = stored(other).cod_produs as string;
    await refused(send('PATCH', id, { cod_produs: taken }), 400, [new RegExp(`^cod_produs: '${taken}' is already the code of product ${other}`)], [id, other]);
    // A deleted product keeps its code.
    const deleted = one<{ id: number; cod_produs: string }>('SELECT id, cod_produs FROM products WHERE company_id = 1 AND deleted = 1 LIMIT 1');
    await refused(send('PATCH', id, { cod_produs: deleted.cod_produs }), 400, [/^cod_produs: .* is already the code of product/], [id]);
    await refused(send('PATCH', id, { cod_produs: '' }), 400, [/^cod_produs: must not have fewer than 1 characters$/], [id]);
    await refused(send('PATCH', id, { cod_produs: ' X1' }), 400, [/^cod_produs: must not begin or end with spaces$/], [id]);
    await refused(send('PATCH', id, { barcode: 'A\tB' }), 400, [/^barcode: must not contain control characters/], [id]);
    await refused(send('PATCH', id, { cod_intern: ' 1-ATEL' }), 400, [/^cod_intern: must not begin or end with spaces/], [id]);
    await refused(send('PATCH', id, { cod_produs: 'x'.repeat(65) }), 400, [/^cod_produs: must not have more than 64 characters$/], [id]);
    // Its own code, and a code of account 2, are accepted.
    expect((await send('PATCH', id, { cod_produs: stored(id).cod_produs })).status).toBe(200);
    expect((await send('PATCH', id, { cod_produs: 'OTHER-1' })).status).toBe(200);
    expect(stored(id).cod_produs).toBe('OTHER-1');
    expect((await rest('GET', '/product/list/code:OTHER-1/cont:all/')).body.data).toMatchObject([{ product_id: id }]);
  });

  it('names, unit, flags, weight: their rules', async () => {
    const id = freshProduct();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ product_name: '   ' }, /^product_name: must not be blank$/],
      [{ product_name: '' }, /^product_name: must not have fewer than 1 characters$/],
      [{ unitate_masura: ' ' }, /^unitate_masura: must not be blank$/],
      [{ website_published: 2 }, /^website_published: must be <= 1$/],
      [{ is_archived: true }, /^is_archived: must be integer$/],
      [{ delistat: 2 }, /^delistat: must be <= 1$/],
      [{ archived: 1 }, /^archived: unknown field/],
      [{ weight: -0.5 }, /^weight: must be >= 0$/],
      [{ weight: 1.2345 }, /^weight: at most 3 decimals/],
      [{ product_description: null }, /^product_description: must be string$/],
      [{ category_id: 'x' }, /^category_id: must be integer$/],
    ];
    for (const [body, pattern] of cases) await refused(send('PATCH', id, body), 400, [pattern], [id]);
  });

  it('category_id and manufacturer_id: ids of the account', async () => {
    const id = freshProduct();
    await refused(send('PATCH', id, { category_id: 777777 }), 400, [/^category_id: category 777777 does not exist in this account$/], [id]);
    await refused(send('PATCH', id, { category_id: 900010 }), 400, [/^category_id: category 900010 does not exist in this account$/], [id]);
    await refused(send('PATCH', id, { manufacturer_id: 900011 }), 400, [/^manufacturer_id: manufacturer 900011 does not exist in this account$/], [id]);
  });

  it('a read-only field: ignored with its stored value, 400 naming it with another', async () => {
    const id = freshProduct();
    const record = (await get(id)).body.data;
    // The stored values of every read-only field (lists included) are accepted and change nothing.
    const readOnly = Object.fromEntries(Object.entries(record).filter(([key]) => !(WRITABLE as readonly string[]).includes(key)));
    const before = state([id]);
    const same = await send('PATCH', id, readOnly);
    expect(same.status, JSON.stringify(same.body.messages)).toBe(200);
    expect(state([id])).toEqual(before);

    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ product_id: id + 1 }, new RegExp(`^product_id: read-only field; send it with its stored value ${id} or leave it out$`)],
      [{ stoc_global: record.stoc_global + 1 }, /^stoc_global: read-only field/],
      [{ pret_vanzare_cu_tva: record.pret_vanzare_cu_tva + 1 }, /^pret_vanzare_cu_tva: read-only field/],
      [{ last_changed_ts: '2000-01-01 00:00:00' }, /^last_changed_ts: read-only field/],
      [{ category_name: 'Alta' }, /^category_name: read-only field/],
      [{ producator: 'Alt producator' }, /^producator: read-only field/],
      [{ deleted: 1 }, /^deleted: read-only field; .*\(DELETE \/product\/\{product_id\}\/ deletes a product\)$/],
      [{ fm_id: 1, family_name: 'X' }, /^fm_id: read-only field/],
      [{ images: [] , workpoints: [] }, /^workpoints: read-only field; send it with its stored value or leave it out$/],
      [{ magazia_id: 1 }, /^magazia_id: read-only field/],
    ];
    for (const [body, pattern] of cases) await refused(send('PATCH', id, { product_name: 'Schimbat', ...body }), 400, [pattern], [id]);
  });

  it('the computed fields may carry the value the write gives them', async () => {
    const id = freshProduct('category_id IS NOT NULL');
    const record = (await get(id)).body.data;
    const category = one<{ id: number; name: string }>('SELECT id, name FROM product_categories WHERE company_id = 1 AND id <> ? ORDER BY id LIMIT 1', record.category_id);
    const answer = await send('PATCH', id, {
      pret_vanzare: 50, selling_currency_txt: record.selling_currency_txt, cota_tva_vanzare: 21, pret_vanzare_cu_tva: 60.5,
      category_id: category.id, category_name: category.name,
    });
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
    expect(answer.body.data).toMatchObject({ pret_vanzare: 50, pret_vanzare_cu_tva: 60.5, category_id: category.id, category_name: category.name });
  });

  it('several refusals at once: every message, nothing changed', async () => {
    const id = freshProduct();
    const answer = await refused(
      send('PATCH', id, { pret_vanzare: 10, cota_tva_vanzare: 7, stoc_global: -5, category_id: 777777 }),
      400,
      [/^pret_vanzare, selling_currency_txt: must be sent together/, /^cota_tva_vanzare:/, /^stoc_global: read-only/, /^category_id:/],
      [id],
    );
    expect(answer.body.messages).toHaveLength(4);
  });

  it('404 for a product absent, of another account or deleted; 400 for a bad id; 415 for another content type', async () => {
    const deleted = one<{ id: number }>('SELECT id FROM products WHERE company_id = 1 AND deleted = 1 LIMIT 1').id;
    for (const missing of [777777, OTHER_ACCOUNT_PRODUCT, deleted]) {
      const answer = await refused(send('PATCH', missing, { product_name: 'X' }), 404, [new RegExp(`^product ${missing} does not exist$`)], [missing]);
      expect(answer.body.data).toBeNull();
    }
    const id = freshProduct();
    await refused(send('PATCH', 'abc', { product_name: 'X' }), 400, [/^product_id: 'abc' is not a positive integer id$/], [id]);
    await refused(send('PATCH', id, 'product_name=X', 'application/x-www-form-urlencoded'), 415, [/Content-Type/], [id]);
    await refused(send('PATCH', id, '[1]'), 400, [/^body: must be a JSON object$/], [id]);
  });
});

describe('PUT /product/{product_id}/', () => {
  it('GET, change a field, PUT it back: only that field changes', async () => {
    const id = freshProduct();
    const record = (await get(id)).body.data;
    const before = stored(id);
    const answer = await send('PUT', id, { ...record, product_name: 'Inlocuit prin PUT' });
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
    expect(stored(id)).toEqual({ ...before, product_name: 'Inlocuit prin PUT', last_changed_ts: expect.any(String) });
    expect((stored(id).last_changed_ts as string) > (before.last_changed_ts as string)).toBe(true);
    expect(answer.body.data).toEqual({ ...record, product_name: 'Inlocuit prin PUT', last_changed_ts: stored(id).last_changed_ts });
  });

  it('the record sent back unchanged changes nothing', async () => {
    const id = freshProduct();
    const record = (await get(id)).body.data;
    await changesNothing('PUT', id, record, record);
  });

  it('a new price with the old pret_vanzare_cu_tva of the GET record (or the new one) is accepted', async () => {
    const id = freshProduct();
    const record = (await get(id)).body.data;
    const answer = await send('PUT', id, { ...record, pret_vanzare: 100, cota_tva_vanzare: 21 });
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
    expect(answer.body.data).toMatchObject({ pret_vanzare: 100, pret_vanzare_cu_tva: 121 });
    const again = await send('PUT', id, { ...answer.body.data, pret_vanzare: 200, pret_vanzare_cu_tva: 242 });
    expect(again.body.data).toMatchObject({ pret_vanzare: 200, pret_vanzare_cu_tva: 242 });
  });

  it('replaces: only the writable fields are required, a missing one is a 400 naming it', async () => {
    const id = freshProduct();
    const record = (await get(id)).body.data;
    const writable = Object.fromEntries(WRITABLE.map((key) => [key, record[key]]));
    const accepted = await send('PUT', id, { ...writable, product_website_title: 'Doar campurile scriibile' });
    expect(accepted.status).toBe(200);
    expect(stored(id).product_website_title).toBe('Doar campurile scriibile');
    for (const missing of ['selling_currency_txt', 'weight', 'category_id']) {
      const body = { ...record, product_name: 'Nu' } as Record<string, unknown>;
      delete body[missing];
      await refused(send('PUT', id, body), 400, [new RegExp(`^${missing}: required field is missing$`)], [id]);
    }
  });

  it('the same rules as PATCH: read-only, unknown, types, references', async () => {
    const id = freshProduct();
    const other = freshProduct();
    const record = (await get(id)).body.data;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ stoc_global: record.stoc_global + 3 }, /^stoc_global: read-only field/],
      [{ last_changed_ts: '2001-01-01 00:00:00' }, /^last_changed_ts: read-only field/],
      [{ extra: 1 }, /^extra: unknown field$/],
      [{ cota_tva_vanzare: 24 }, /^cota_tva_vanzare: must be one of/],
      [{ selling_currency_txt: 'CHF' }, /^selling_currency_txt: 'CHF' is not a currency/],
      [{ cod_produs: stored(other).cod_produs }, /^cod_produs: .* is already the code of product/],
      [{ pret_vanzare: -0.01 }, /^pret_vanzare: must be >= 0$/],
    ];
    for (const [change, pattern] of cases) await refused(send('PUT', id, { ...record, product_name: 'Nu', ...change }), 400, [pattern], [id, other]);
  });

  it('404 for a product absent, of another account or deleted', async () => {
    const id = freshProduct();
    const record = (await get(id)).body.data;
    const deleted = one<{ id: number }>('SELECT id FROM products WHERE company_id = 1 AND deleted = 1 ORDER BY id DESC LIMIT 1').id;
    for (const missing of [777777, OTHER_ACCOUNT_PRODUCT, deleted]) {
      await refused(send('PUT', missing, { ...record, product_id: missing }), 404, [new RegExp(`^product ${missing} does not exist$`)], [missing]);
    }
  });
});

describe('PATCH / PUT of an absent product: 404 whatever the body', () => {
  it('answers 404 before the body is read (a bad field, an incomplete PUT, no JSON, another content type); the same bodies on a live product are 400 / 415', async () => {
    const id = freshProduct();
    const deleted = one<{ id: number }>('SELECT id FROM products WHERE company_id = 1 AND deleted = 1 LIMIT 1').id;
    const bad: Array<[string, unknown, string | undefined, number, RegExp]> = [
      ['PATCH', { no_such_field: 1 }, undefined, 400, /no_such_field/],
      ['PATCH', { cota_tva_vanzare: 'x' }, undefined, 400, /cota_tva_vanzare/],
      ['PUT', { product_name: 'only this' }, undefined, 400, /./],
      ['PATCH', '{"product_name": ', 'application/json', 400, /./],
      ['PUT', '[1]', undefined, 400, /^body: must be a JSON object$/],
      ['PATCH', 'product_name=X', 'application/x-www-form-urlencoded', 415, /Content-Type/],
    ];
    for (const [method, body, contentType, liveStatus, livePattern] of bad) {
      for (const missing of [777777, OTHER_ACCOUNT_PRODUCT, deleted]) {
        await refused(send(method, missing, body, contentType), 404, [new RegExp(`^product ${missing} does not exist$`)], [missing]);
      }
      // counter-case: on a product that exists, the body is read and refused as before
      await refused(send(method, id, body, contentType), liveStatus, [livePattern], [id]);
    }
    // an id that is not one stays a 400, whatever the body
    await refused(send('PUT', 'abc', { no_such_field: 1 }), 400, [/^product_id: 'abc' is not a positive integer id$/], [id]);
  });
});

describe('DELETE /product/{product_id}/', () => {
  it('deletes the variant (deleted = 1, last_changed_ts); then every route of it is 404 and the list shows it with show_deleted:1', async () => {
    const id = freshProduct();
    const before = stored(id);
    const record = (await get(id)).body.data;
    const products = count('products');
    const answer = await send<{ deleted_product_id: number }>('DELETE', id);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ deleted_product_id: id });
    expect(stored(id)).toEqual({ ...before, deleted: 1, last_changed_ts: expect.any(String) });
    expect((stored(id).last_changed_ts as string) > (before.last_changed_ts as string)).toBe(true);
    expect(count('products')).toBe(products);

    for (const [method, path, body] of [
      ['GET', `/1/product/${id}/`],
      ['GET', `/1/product/${id}/images/`],
      ['PATCH', `/1/product/${id}/`, { product_name: 'X' }],
      ['PUT', `/1/product/${id}/`, record],
      ['DELETE', `/1/product/${id}/`],
    ] as const) {
      await refused(demo.h.rest(method, path, demo.user, bodyInit(body)), 404, [new RegExp(`^product ${id} does not exist$`)], [id]);
    }
    const listed = await rest<Array<{ product_id: number; deleted: number }>>('GET', `/product/list/id:${id}/show_deleted:1/cont:all/`);
    expect(listed.body.data).toMatchObject([{ product_id: id, deleted: 1 }]);
    expect((await rest<unknown[]>('GET', `/product/list/id:${id}/cont:all/`)).body.data).toEqual([]);
  });

  it('404 for a product absent or of another account; 400 for a bad id', async () => {
    for (const missing of [777777, OTHER_ACCOUNT_PRODUCT]) {
      await refused(send('DELETE', missing), 404, [new RegExp(`^product ${missing} does not exist$`)], [missing]);
    }
    await refused(send('DELETE', '0'), 400, [/^product_id: '0' is not a positive integer id$/], []);
  });
});

describe('POST /product/add/', () => {
  it('is not implemented: 501 in the envelope, nothing created', async () => {
    for (const body of [undefined, { cod_produs: 'NOU', product_name: 'Nou' }]) {
      const answer = await refused(rest('POST', '/product/add/', body), 501, [/not implemented/], []);
      expect(answer.body).toMatchObject({ is_error: true, http_code: 501, data: null, your_method: 'POST' });
    }
  });
});
