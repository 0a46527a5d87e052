import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../electron/core/time.ts';
import { PRODUCTS_PAGE_SIZE, type Product } from '../../shared/domain/products.ts';
import { databaseFile, useDemo } from './harness.ts';
import { listClient } from './lists.ts';

/** A product whose codes carry a '/' and Romanian diacritics (inserted for the code filters). */
const ODD = { id: 900001, code: 'ȘURUB/M8-Ă', variant: 'ȘURUB/M8-Ă-ÎNCHIS', barcode: '5940000900017' };
/** A pricelist in EUR with rules the demo data has not (conversion, expiry, category parent). */
const EUR_PRICELIST = 900;

const demo = useDemo({
  prepare(writable) {
    const now = '2026-01-01 00:00:00';
    writable.exec(`
      INSERT INTO products (id, company_id, cod_produs, cod_varianta, barcode, product_name, category_id, manufacturer_id,
                            pret_vanzare, cota_tva_vanzare, created_ts, last_changed_ts)
      VALUES (${ODD.id}, 1, '${ODD.code}', '${ODD.variant}', '${ODD.barcode}', 'Șurub cu cap înecat M8', 10, 7, 1.5, 19, '${now}', '${now}');
      INSERT INTO stock (company_id, product_id, workpoint_id, quantity, reserved, acquisition_value_ron)
      VALUES (1, ${ODD.id}, 1, 1000, 10, 800), (1, ${ODD.id}, 2, 25.5, 0, 20.4);
      INSERT INTO accounts (company_id, name, rest_enabled, created_ts) VALUES (2, 'Other SRL', 1, '${now}');
      INSERT INTO workpoints (id, company_id, name, kind) VALUES (900, 2, 'Other depot', 'wholesale');
      INSERT INTO pricelists (id, company_id, name, currency, last_changed_ts) VALUES (901, 2, 'Other list', 'RON', '${now}');
      INSERT INTO products (id, company_id, cod_produs, product_name, created_ts, last_changed_ts)
      VALUES (900002, 2, 'P000001', 'Other account product', '${now}', '${now}');
    `);
    // The EUR pricelist: a fixed price (EUR) for a RON product, a rule on the parent category
    // 'Alimente și băuturi' (so 'Cafea și ceai' inherits it), an expired product rule, and a
    // product rule that beats the category rule.
    const [ronProduct, expired, coffee, beatsCategory] = [
      one<{ id: number }>("SELECT id FROM products WHERE company_id = 1 AND selling_currency = 'RON' AND deleted = 0 AND is_sellable = 1 AND category_id NOT IN (5, 6) ORDER BY id LIMIT 1").id,
      one<{ id: number }>("SELECT id FROM products WHERE company_id = 1 AND deleted = 0 AND is_sellable = 1 AND category_id NOT IN (5, 6) ORDER BY id LIMIT 1 OFFSET 3").id,
      one<{ id: number }>('SELECT id FROM products WHERE company_id = 1 AND category_id = 6 AND deleted = 0 AND is_sellable = 1 ORDER BY id LIMIT 1').id,
      one<{ id: number }>('SELECT id FROM products WHERE company_id = 1 AND category_id = 5 AND deleted = 0 AND is_sellable = 1 ORDER BY id LIMIT 1').id,
    ];
    writable.exec(`
      INSERT INTO pricelists (id, company_id, name, currency, last_changed_ts) VALUES (${EUR_PRICELIST}, 1, 'Export EUR', 'EUR', '${now}');
      INSERT INTO pricelist_rules (company_id, pricelist_id, product_id, category_id, manufacturer_id, kind, value, valid_from, valid_to) VALUES
        (1, ${EUR_PRICELIST}, ${ronProduct}, NULL, NULL, 'fixed_price', 10, NULL, NULL),
        (1, ${EUR_PRICELIST}, ${expired}, NULL, NULL, 'fixed_price', 1, '2020-01-01', '2020-12-31'),
        (1, ${EUR_PRICELIST}, NULL, 5, NULL, 'discount_percent', 3, NULL, NULL),
        (1, ${EUR_PRICELIST}, ${beatsCategory}, NULL, NULL, 'discount_percent', 50, NULL, NULL);
    `);
    Object.assign(eurCase, { ronProduct, expired, coffee, beatsCategory });
  },
});

const eurCase = { ronProduct: 0, expired: 0, coffee: 0, beatsCategory: 0 };

function one<T>(sql: string, ...params: unknown[]): T {
  const conn = demo.db ?? new BetterSqlite3(databaseFile(demo.h), { readonly: true });
  try {
    return conn.prepare(sql).get(...params) as T;
  } finally {
    if (!demo.db) conn.close();
  }
}
const ids = (sql: string, ...params: unknown[]) => (demo.db.prepare(sql).all(...params) as Array<{ id: number }>).map((row) => row.id);

/** The default scope of the list: not deleted, sellable. */
const LIVE = 'company_id = 1 AND deleted = 0 AND is_sellable = 1';

const { list, walk } = listClient<Product>(demo, '/product/list/', { echoesPage: true, pageSize: PRODUCTS_PAGE_SIZE });
const idsOf = (rows: Product[]) => rows.map((r) => r.product_id);
import { round2 } from '../../electron/core/money.ts';

describe('GET /product/list/', () => {
  it('pages through every live product once, in id order', async () => {
    const rows = await walk('');
    expect(idsOf(rows)).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} ORDER BY id`));
    expect(rows.length).toBeGreaterThan(PRODUCTS_PAGE_SIZE);
    const past = await list('page:99/');
    expect(past.data).toEqual([]);
    expect(past.has_more_pages).toBe(false);
  });

  it("answers the spec's fields and ours, with the values of the store", async () => {
    const [row] = (await list(`id:${ODD.id}/`)).data;
    expect(row).toEqual({
      product_id: ODD.id,
      cod_varianta: ODD.variant,
      cod_produs: ODD.code,
      barcode: ODD.barcode,
      product_name: 'Șurub cu cap înecat M8',
      category_name: 'Bricolaj și grădină',
      stoc_global: 1025.5,
      unitate_masura: 'buc',
      pret_vanzare: 1.5,
      pret_vanzare_cu_tva: 1.79,
      cota_tva_vanzare: 19,
      selling_currency_txt: 'RON',
      website_published: 0,
      producator: 'MeșterPro',
      last_changed_ts: '2026-01-01 00:00:00',
      custom_barcode: ODD.barcode,
      cod_intern: '',
      is_deleted: 0,
      is_archived: 0,
      delistat: 0,
      fm_id: null,
      category_id: 10,
      manufacturer_id: 7,
      magazia_id: null,
      stock_reserved: 10,
      stock_available: 1015.5,
      product_website_title: '',
      product_description: '',
      partner_visible: 0,
      sellable: 1,
      deleted: 0,
      weight: 0,
      created_ts: '2026-01-01 00:00:00',
    });
    // Every row: the same keys, the stock summed over the workpoints of the store.
    for (const r of await walk('')) {
      const stock = one<{ q: number; r: number }>('SELECT total(quantity) AS q, total(reserved) AS r FROM stock WHERE product_id = ?', r.product_id);
      expect(r.stoc_global).toBeCloseTo(stock.q, 3);
      expect(r.stock_reserved).toBeCloseTo(stock.r, 3);
      expect(r.pret_vanzare_cu_tva).toBe(round2(r.pret_vanzare * (1 + r.cota_tva_vanzare / 100)));
      expect(Object.keys(r).sort()).toEqual(Object.keys(row!).sort());
    }
  });

  it('date filters act on the creation day (inclusive bounds); modifiedafter / modifiedthrough on last_changed_ts', async () => {
    const { day } = one<{ day: string }>(`SELECT substr(created_ts, 1, 10) AS day FROM products WHERE ${LIVE} ORDER BY created_ts LIMIT 1 OFFSET 40`);
    const onDay = idsOf(await walk(`date:${day}/`));
    expect(onDay.length).toBeGreaterThan(0);
    expect(onDay).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} AND substr(created_ts, 1, 10) = ? ORDER BY id`, day));
    expect(idsOf(await walk(`datefrom:${day}/datethrough:${day}/`))).toEqual(onDay);
    expect(idsOf(await walk(`yearmonthday:${day.replace(/-/g, '')}/`))).toEqual(onDay);
    expect(idsOf(await walk(`yearmonth:${day.slice(0, 4)}${day.slice(5, 7)}/`))).toEqual(
      ids(`SELECT id FROM products WHERE ${LIVE} AND substr(created_ts, 1, 7) = ? ORDER BY id`, day.slice(0, 7)),
    );
    expect(idsOf(await walk(`year:${day.slice(0, 4)}/`))).toEqual(
      ids(`SELECT id FROM products WHERE ${LIVE} AND substr(created_ts, 1, 4) = ? ORDER BY id`, day.slice(0, 4)),
    );
    expect(idsOf(await walk(`datefrom:${day}/`))).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} AND created_ts >= ? ORDER BY id`, day));

    const { ts } = one<{ ts: string }>(`SELECT last_changed_ts AS ts FROM products WHERE ${LIVE} ORDER BY last_changed_ts DESC LIMIT 1 OFFSET 30`);
    const encoded = ts.replace(' ', '%20');
    expect(idsOf(await walk(`modifiedafter:${encoded}/`))).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} AND last_changed_ts > ? ORDER BY id`, ts));
    const through = idsOf(await walk(`modifiedthrough:${encoded}/`));
    expect(through).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} AND last_changed_ts <= ? ORDER BY id`, ts));
    expect(through).toContain(one<{ id: number }>(`SELECT id FROM products WHERE ${LIVE} AND last_changed_ts = ?`, ts).id);
  });

  it('id, product_id and minid', async () => {
    const all = ids(`SELECT id FROM products WHERE ${LIVE} ORDER BY id`);
    const middle = all[Math.floor(all.length / 2)]!;
    expect(idsOf((await list(`id:${middle}/`)).data)).toEqual([middle]);
    expect(idsOf((await list(`product_id:${middle}/`)).data)).toEqual([middle]);
    expect(idsOf((await list(`product_id:${middle}/id:${middle}/`)).data)).toEqual([middle]);
    expect((await list(`product_id:${middle}/id:${all[0]}/`)).data).toEqual([]);
    expect(idsOf(await walk(`minid:${middle}/`))).toEqual(all.filter((id) => id >= middle));
  });

  it('code matches cod_produs, cod_varianta or barcode exactly, URL-encoded; codeb64 takes base64 of it', async () => {
    const enc = encodeURIComponent;
    for (const code of [ODD.code, ODD.variant, ODD.barcode]) {
      expect(idsOf((await list(`code:${enc(code)}/`)).data), code).toEqual([ODD.id]);
      const b64 = Buffer.from(code, 'utf8').toString('base64');
      expect(idsOf((await list(`codeb64:${enc(b64)}/`)).data), code).toEqual([ODD.id]);
      // URL-safe alphabet, no padding
      const urlSafe = Buffer.from(code, 'utf8').toString('base64url');
      expect(idsOf((await list(`codeb64:${urlSafe}/`)).data), code).toEqual([ODD.id]);
    }
    expect(ODD.code).toContain('/');
    // Exactly: a prefix or another case does not match.
    expect((await list(`code:${enc('ȘURUB')}/`)).data).toEqual([]);
    expect((await list(`code:${enc(ODD.code.toLowerCase())}/`)).data).toEqual([]);
    // A demo product by each code; the other account's P000001 is not seen.
    const demo = one<{ id: number; cod_produs: string; cod_varianta: string; barcode: string }>(
      `SELECT id, cod_produs, cod_varianta, barcode FROM products WHERE ${LIVE} AND cod_varianta != '' ORDER BY id LIMIT 1`,
    );
    for (const code of [demo.cod_produs, demo.cod_varianta, demo.barcode]) expect(idsOf((await list(`code:${code}/`)).data)).toEqual([demo.id]);
    expect(idsOf((await list('code:P000001/show_deleted:1/cont:all/')).data)).toEqual([1]);
    // code and codeb64 together: both must hold
    expect((await list(`code:${demo.cod_produs}/codeb64:${Buffer.from(ODD.code).toString('base64url')}/`)).data).toEqual([]);
  });

  it('manufacturer: an id or the exact name', async () => {
    const { id, name } = one<{ id: number; name: string }>("SELECT id, name FROM manufacturers WHERE company_id = 1 AND name LIKE '% %' ORDER BY id LIMIT 1");
    const expected = ids(`SELECT id FROM products WHERE ${LIVE} AND manufacturer_id = ? ORDER BY id`, id);
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(await walk(`manufacturer:${id}/`))).toEqual(expected);
    expect(idsOf(await walk(`manufacturer:${encodeURIComponent(name)}/`))).toEqual(expected);
    expect((await list(`manufacturer:${encodeURIComponent(name.toUpperCase())}/`)).data).toEqual([]);
    expect((await list('manufacturer:Nobody/')).data).toEqual([]);
    expect((await list('manufacturer:999999/')).data).toEqual([]);
  });

  it('visibility, show_deleted, cont, exclude and fm_id', async () => {
    expect(idsOf(await walk('visibility:all/'))).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} ORDER BY id`));
    const partner = await walk('visibility:partner/');
    expect(idsOf(partner)).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} AND partner_visible = 1 ORDER BY id`));
    expect(partner.every((r) => r.partner_visible === 1)).toBe(true);
    const published = await walk('visibility:published/');
    expect(idsOf(published)).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} AND website_published = 1 ORDER BY id`));
    expect(published.length).toBeGreaterThan(0);

    const withDeleted = await walk('show_deleted:1/');
    expect(idsOf(withDeleted)).toEqual(ids('SELECT id FROM products WHERE company_id = 1 AND is_sellable = 1 ORDER BY id'));
    expect(withDeleted.some((r) => r.deleted === 1)).toBe(true);
    expect(idsOf(await walk('show_deleted:0/'))).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} ORDER BY id`));
    expect(idsOf(await walk('show_deleted:1/exclude:deleted/'))).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} ORDER BY id`));

    const everything = await walk('cont:all/show_deleted:1/');
    expect(idsOf(everything)).toEqual(ids('SELECT id FROM products WHERE company_id = 1 ORDER BY id'));
    expect(everything.some((r) => r.sellable === 0)).toBe(true);
    expect(idsOf(await walk('cont:all/'))).toEqual(ids('SELECT id FROM products WHERE company_id = 1 AND deleted = 0 ORDER BY id'));
    expect(idsOf(await walk('cont:sellable/'))).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} ORDER BY id`));

    const notArchived = await walk('exclude:archived/');
    expect(idsOf(notArchived)).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} AND archived = 0 ORDER BY id`));
    expect(notArchived.length).toBeLessThan((await walk('')).length);
    expect(idsOf(await walk('cont:all/show_deleted:1/exclude:deleted,archived/'))).toEqual(
      ids('SELECT id FROM products WHERE company_id = 1 AND deleted = 0 AND archived = 0 ORDER BY id'),
    );

    const { family } = one<{ family: number }>('SELECT family_id AS family FROM products WHERE family_id IS NOT NULL GROUP BY family_id HAVING count(*) > 2 LIMIT 1');
    const variants = await walk(`fm_id:${family}/`);
    expect(idsOf(variants)).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} AND family_id = ? ORDER BY id`, family));
    expect(variants.every((r) => r.fm_id === family)).toBe(true);
  });

  it("magazia_id: stoc_global is that workpoint's stock; 400 for a workpoint the account does not have", async () => {
    for (const workpoint of [1, 2]) {
      const rows = await walk(`magazia_id:${workpoint}/`);
      expect(idsOf(rows)).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} ORDER BY id`));
      for (const r of rows) {
        const s = one<{ q: number; r: number } | undefined>('SELECT quantity AS q, reserved AS r FROM stock WHERE product_id = ? AND workpoint_id = ?', r.product_id, workpoint);
        expect(r.magazia_id).toBe(workpoint);
        expect(r.stoc_global).toBe(s?.q ?? 0);
        expect(r.stock_available).toBeCloseTo((s?.q ?? 0) - (s?.r ?? 0), 3);
      }
    }
    const odd = (await list(`id:${ODD.id}/magazia_id:2/`)).data[0]!;
    expect([odd.stoc_global, odd.stock_reserved, odd.stock_available]).toEqual([25.5, 0, 25.5]);
    for (const bad of [900, 12345]) {
      const answer = await demo.h.rest('GET', `/1/product/list/magazia_id:${bad}/`, demo.user);
      expect(answer.status).toBe(400);
      expect(answer.body.messages[0]).toMatch(new RegExp(`magazia_id: workpoint ${bad} does not exist`));
    }
  });

  /** The pricelist price of a product, worked out from the store (the rules of docs/data-model.md). */
  function expectedPrice(productId: number, pricelistId: number): { net: number; minQuantity: number } | undefined {
    const today = formatDate(new Date());
    const p = one<{ category_id: number | null; manufacturer_id: number | null; pret_vanzare: number; selling_currency: string }>(
      'SELECT category_id, manufacturer_id, pret_vanzare, selling_currency FROM products WHERE id = ?',
      productId,
    );
    const pricelist = one<{ currency: string }>('SELECT currency FROM pricelists WHERE id = ?', pricelistId);
    const chain: number[] = [];
    for (let c = p.category_id; c !== null; ) {
      chain.push(c);
      c = one<{ parent_id: number | null }>('SELECT parent_id FROM product_categories WHERE id = ?', c).parent_id;
    }
    const rules = demo.db
      .prepare(
        `SELECT * FROM pricelist_rules WHERE pricelist_id = ? AND (valid_from IS NULL OR valid_from <= ?) AND (valid_to IS NULL OR valid_to >= ?)
          ORDER BY min_quantity, id`,
      )
      .all(pricelistId, today, today) as Array<{
      id: number; product_id: number | null; category_id: number | null; manufacturer_id: number | null; kind: string; value: number; min_quantity: number;
    }>;
    const rank = (r: (typeof rules)[number]): number => {
      if (r.product_id !== null) return r.product_id === productId ? 0 : Infinity;
      if (r.manufacturer_id !== null && r.manufacturer_id !== p.manufacturer_id) return Infinity;
      if (r.category_id !== null) {
        const depth = chain.indexOf(r.category_id);
        return depth < 0 ? Infinity : 1 + depth * 2 + (r.manufacturer_id === null ? 1 : 0);
      }
      return r.manufacturer_id !== null ? 1e6 : 2e6;
    };
    const best = rules.map((r) => ({ r, rank: rank(r) })).filter((x) => x.rank < Infinity).sort((a, b) => a.rank - b.rank)[0]?.r;
    if (!best) return undefined;
    const rate = (currency: string) =>
      currency === 'RON' ? 1 : one<{ rate: number }>('SELECT rate FROM exchange_rates WHERE currency = ? AND date <= ? ORDER BY date DESC LIMIT 1', currency, today).rate;
    const net =
      best.kind === 'discount_percent'
        ? round2(p.pret_vanzare * (1 - best.value / 100))
        : round2((best.value * rate(pricelist.currency)) / rate(p.selling_currency));
    return { net, minQuantity: best.min_quantity };
  }

  it('pricelist_id at a wholesale workpoint: the pricelist price in pret_vanzare(_cu_tva), the discounted fields null', async () => {
    for (const pricelist of [1, 2, 3, EUR_PRICELIST]) {
      const rows = await walk(`pricelist_id:${pricelist}/magazia_id:1/`);
      const withPrice = ids(`SELECT id FROM products WHERE ${LIVE} ORDER BY id`).filter((id) => expectedPrice(id, pricelist) !== undefined);
      expect(idsOf(rows), `pricelist ${pricelist}`).toEqual(withPrice);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        const expected = expectedPrice(r.product_id, pricelist)!;
        const retail = one<{ pret_vanzare: number; selling_currency: string }>('SELECT pret_vanzare, selling_currency FROM products WHERE id = ?', r.product_id);
        expect(r.pret_vanzare, `product ${r.product_id} in ${pricelist}`).toBe(expected.net);
        expect(r.pret_vanzare_cu_tva).toBe(round2(expected.net * (1 + r.cota_tva_vanzare / 100)));
        expect(r.pret_vanzare_discounted).toBeNull();
        expect(r.pret_vanzare_cu_tva_discounted).toBeNull();
        expect(r.selling_currency_txt).toBe(retail.selling_currency);
        expect(r.pricelist_id).toBe(pricelist);
        expect(r.pricelist_min_quantity).toBe(expected.minQuantity);
        expect(r.magazia_id).toBe(1);
      }
    }
  });

  it('pricelist_id at a retail workpoint: pret_vanzare stays the retail price, the pricelist price goes in the discounted fields', async () => {
    for (const pricelist of [1, 2, 3, EUR_PRICELIST]) {
      const rows = await walk(`magazia_id:2/pricelist_id:${pricelist}/`);
      expect(idsOf(rows)).toEqual(idsOf(await walk(`magazia_id:1/pricelist_id:${pricelist}/`)));
      for (const r of rows) {
        const expected = expectedPrice(r.product_id, pricelist)!;
        const retail = one<{ pret_vanzare: number }>('SELECT pret_vanzare FROM products WHERE id = ?', r.product_id);
        expect(r.pret_vanzare).toBe(retail.pret_vanzare);
        expect(r.pret_vanzare_cu_tva).toBe(round2(retail.pret_vanzare * (1 + r.cota_tva_vanzare / 100)));
        expect(r.pret_vanzare_discounted).toBe(expected.net);
        expect(r.pret_vanzare_cu_tva_discounted).toBe(round2(expected.net * (1 + r.cota_tva_vanzare / 100)));
      }
    }
  });

  it('pricelist rules: product beats category beats manufacturer; parent categories; validity; currency conversion', async () => {
    const today = formatDate(new Date());
    const eurRate = one<{ rate: number }>("SELECT rate FROM exchange_rates WHERE currency = 'EUR' AND date <= ? ORDER BY date DESC LIMIT 1", today).rate;
    const byId = new Map((await walk(`pricelist_id:${EUR_PRICELIST}/magazia_id:1/`)).map((r) => [r.product_id, r]));
    // 10 EUR fixed, for a RON product: converted at the BNR rate of the day.
    expect(byId.get(eurCase.ronProduct)!.pret_vanzare).toBe(round2(10 * eurRate));
    // an expired rule does not apply (and does not let the product in)
    expect(byId.has(eurCase.expired)).toBe(false);
    // 'Cafea și ceai' inherits the 3% of its parent 'Alimente și băuturi'
    const coffee = one<{ pret_vanzare: number }>('SELECT pret_vanzare FROM products WHERE id = ?', eurCase.coffee);
    expect(byId.get(eurCase.coffee)!.pret_vanzare).toBe(round2(coffee.pret_vanzare * 0.97));
    // the product's own rule (50%) beats its category's 3%
    const own = one<{ pret_vanzare: number }>('SELECT pret_vanzare FROM products WHERE id = ?', eurCase.beatsCategory);
    expect(byId.get(eurCase.beatsCategory)!.pret_vanzare).toBe(round2(own.pret_vanzare * 0.5));

    // Demo 'Distribuitori': a product rule beats the manufacturer rule; a category rule beats the manufacturer rule.
    const distrib = new Map((await walk('pricelist_id:1/magazia_id:1/')).map((r) => [r.product_id, r]));
    const fixed = one<{ product_id: number; value: number }>(
      `SELECT r.product_id, r.value FROM pricelist_rules r JOIN products p ON p.id = r.product_id
        WHERE r.pricelist_id = 1 AND p.selling_currency = 'RON' AND p.deleted = 0 AND p.is_sellable = 1 ORDER BY r.id LIMIT 1`,
    );
    expect(distrib.get(fixed.product_id)!.pret_vanzare).toBe(fixed.value);
    const byManufacturer = one<{ id: number; pret_vanzare: number } | undefined>(
      `SELECT id, pret_vanzare FROM products WHERE ${LIVE} AND manufacturer_id = 1 AND category_id NOT IN (3, 4)
          AND id NOT IN (SELECT product_id FROM pricelist_rules WHERE pricelist_id = 1 AND product_id IS NOT NULL) ORDER BY id LIMIT 1`,
    );
    if (byManufacturer) expect(distrib.get(byManufacturer.id)!.pret_vanzare).toBe(round2(byManufacturer.pret_vanzare * 0.92));
    const byCategory = one<{ id: number; pret_vanzare: number }>(
      `SELECT id, pret_vanzare FROM products WHERE ${LIVE} AND category_id = 3
          AND id NOT IN (SELECT product_id FROM pricelist_rules WHERE pricelist_id = 1 AND product_id IS NOT NULL) ORDER BY id LIMIT 1`,
    );
    expect(distrib.get(byCategory.id)!.pret_vanzare).toBe(round2(byCategory.pret_vanzare * 0.88));
    // Without a rule, a product is not in the list.
    const none = one<{ id: number }>(
      `SELECT id FROM products WHERE ${LIVE} AND category_id NOT IN (3, 4) AND manufacturer_id != 1
          AND id NOT IN (SELECT product_id FROM pricelist_rules WHERE pricelist_id = 1 AND product_id IS NOT NULL) ORDER BY id LIMIT 1`,
    );
    expect(distrib.has(none.id)).toBe(false);
  });

  it('pricelist_id needs magazia_id, and a pricelist of the account: 400 naming them', async () => {
    const alone = await demo.h.rest('GET', '/1/product/list/pricelist_id:1/', demo.user);
    expect(alone.status).toBe(400);
    expect(alone.body.is_error).toBe(true);
    expect(alone.body.messages[0]).toMatch(/pricelist_id requires magazia_id/);
    for (const bad of [901, 424242]) {
      const answer = await demo.h.rest('GET', `/1/product/list/pricelist_id:${bad}/magazia_id:1/`, demo.user);
      expect(answer.status).toBe(400);
      expect(answer.body.messages[0]).toMatch(new RegExp(`pricelist_id: pricelist ${bad} does not exist`));
    }
  });

  it('include adds images, properties and the last prices; nothing is included by default', async () => {
    const withImages = one<{ id: number }>(`SELECT product_id AS id FROM product_images i JOIN products p ON p.id = i.product_id WHERE p.${LIVE.replace(/ AND /g, ' AND p.')} GROUP BY product_id HAVING count(*) > 1 ORDER BY product_id LIMIT 1`).id;
    const plain = (await list(`id:${withImages}/`)).data[0]!;
    for (const key of ['images', 'properties', 'last_aquisition_price_ron', 'last_purchase_price_currency', 'last_purchase_currency']) {
      expect(plain).not.toHaveProperty(key);
    }
    const [full] = (await list(`id:${withImages}/include:images,properties,last_aquisition_price_ron,last_purchase_price_currency/`)).data;
    const images = demo.db.prepare('SELECT id, url, title, position FROM product_images WHERE product_id = ? ORDER BY position, id').all(withImages) as Array<{
      id: number; url: string; title: string; position: number;
    }>;
    expect(full!.images!.map((i) => [i.image_id, i.url, i.title, i.position, i.storage])).toEqual(images.map((i) => [i.id, i.url, i.title, i.position, 'url']));
    const properties = demo.db
      .prepare('SELECT pp.property_id, pr.name, pp.value FROM product_properties pp JOIN properties pr ON pr.id = pp.property_id WHERE pp.product_id = ? ORDER BY pp.property_id')
      .all(withImages);
    expect(full!.properties).toEqual(properties);
    const prices = one<{ a: number; p: number; c: string }>(
      'SELECT last_acquisition_price_ron AS a, last_purchase_price AS p, last_purchase_currency AS c FROM products WHERE id = ?',
      withImages,
    );
    expect([full!.last_aquisition_price_ron, full!.last_purchase_price_currency, full!.last_purchase_currency]).toEqual([prices.a, prices.p, prices.c]);
    // A whole page with includes: every row gets its own blocks (read for the page at once).
    const page = (await list('include:images,properties/')).data;
    for (const r of page) {
      expect(r.images!.map((i) => i.image_id)).toEqual(ids('SELECT id FROM product_images WHERE product_id = ? ORDER BY position, id', r.product_id));
      expect(r.properties!.map((p) => p.property_id)).toEqual(
        (demo.db.prepare('SELECT property_id AS id FROM product_properties WHERE product_id = ? ORDER BY property_id').all(r.product_id) as Array<{ id: number }>).map((x) => x.id),
      );
    }
    expect(page.some((r) => r.images!.length === 0)).toBe(true);
  });

  it('400 naming a filter or option the endpoint does not accept, or a bad value', async () => {
    const cases: Array<[string, RegExp]> = [
      ['skipcancelled:1/', /unknown filter 'skipcancelled'/],
      ['colour:red/', /unknown filter 'colour'/],
      ['include:onstock/', /include: 'onstock' is not accepted here; accepted: images, properties, last_aquisition_price_ron, last_purchase_price_currency/],
      ['include:pictures/', /include: 'pictures' is not accepted here/],
      ['exclude:cancelled/', /exclude: 'cancelled' is not accepted here; accepted: deleted, archived/],
      ['format:pdf/', /filter 'format' expects one of json, xml, csv/],
      ['visibility:hidden/', /filter 'visibility' expects one of all, partner, published/],
      ['cont:some/', /filter 'cont' expects one of sellable, all/],
      ['show_deleted:yes/', /filter 'show_deleted' expects 0 or 1/],
      ['magazia_id:abc/', /filter 'magazia_id' expects an integer/],
      ['codeb64:@@@/', /filter 'codeb64' expects base64/],
      ['code:/', /filter 'code'/],
      ['year:20x4/', /filter 'year' expects a year YYYY/],
      ['?code=P000001', /query string .* path segments/],
    ];
    for (const [filters, message] of cases) {
      const answer = await demo.h.rest('GET', `/1/product/list/${filters}`, demo.user);
      expect(answer.status, filters).toBe(400);
      expect(answer.body.is_error).toBe(true);
      expect(answer.body.messages[0], filters).toMatch(message);
    }
  });

  it('the query the connector feed reuses: products published to a connector, stock and prices of a workpoint', () => {
    const today = formatDate(new Date());
    const reader = demo.h.core.rest.products.open({ companyId: 1, today, connectorId: 1, workpointId: 2, pricelistId: 1 }, 'list');
    const rows: Product[] = [];
    for (let page = 1; ; page++) {
      const found = reader.page(page, 10);
      rows.push(...(found.rows as Product[]));
      if (!found.hasMore) break;
    }
    const published = ids(
      `SELECT p.id FROM connector_products cp JOIN products p ON p.id = cp.product_id
        WHERE cp.connector_id = 1 AND p.${LIVE.replace(/ AND /g, ' AND p.')} ORDER BY p.id`,
    ).filter((id) => expectedPrice(id, 1) !== undefined);
    expect(published.length).toBeGreaterThan(5);
    expect(idsOf(rows)).toEqual(published);
    for (const r of rows) {
      expect(r.stoc_global).toBe(one<{ q: number } | undefined>('SELECT quantity AS q FROM stock WHERE product_id = ? AND workpoint_id = 2', r.product_id)?.q ?? 0);
      expect(r.pret_vanzare_discounted).toBe(expectedPrice(r.product_id, 1)!.net);
    }
    expect(() => demo.h.core.rest.products.open({ companyId: 1, today, connectorId: 4 }, 'list')).toThrow(/connector 4 does not exist/);
  });

  it('sees only its own account', async () => {
    const everything = await walk('cont:all/show_deleted:1/');
    expect(everything.some((r) => r.product_id === 900002)).toBe(false);
    expect((await list('id:900002/cont:all/show_deleted:1/')).data).toEqual([]);
  });
});
