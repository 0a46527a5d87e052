import { describe, expect, it } from 'vitest';
import { PRODUCTS_PAGE_SIZE, type ProductStock } from '../../shared/domain/products.ts';
import { useDemo } from './harness.ts';
import { listClient } from './lists.ts';

const demo = useDemo({
  prepare(writable) {
    // A deleted workpoint still holding stock: it is no workpoint for the API.
    writable.exec(`
      INSERT INTO workpoints (id, company_id, name, kind, deleted) VALUES (3, 1, 'Depozit inchis', 'wholesale', 1);
      INSERT INTO stock (company_id, product_id, workpoint_id, quantity, reserved, acquisition_value_ron)
        SELECT 1, id, 3, 5, 0, 50 FROM products WHERE company_id = 1 AND deleted = 0;
    `);
  },
});

const LIVE = 'company_id = 1 AND deleted = 0 AND is_sellable = 1';
const ids = (sql: string, ...params: unknown[]) => (demo.db.prepare(sql).all(...params) as Array<{ id: number }>).map((row) => row.id);
const idsOf = (rows: ProductStock[]) => rows.map((r) => r.product_id);

interface StockRow {
  workpoint_id: number;
  quantity: number;
  reserved: number;
  acquisition_value_ron: number;
}
const stockOf = (productId: number) =>
  new Map(
    (demo.db.prepare('SELECT workpoint_id, quantity, reserved, acquisition_value_ron FROM stock WHERE product_id = ?').all(productId) as StockRow[]).map((s) => [
      s.workpoint_id,
      s,
    ]),
  );

const { list, walk } = listClient<ProductStock>(demo, '/product/stocks/', { pageSize: PRODUCTS_PAGE_SIZE });

describe('GET /product/stocks/', () => {
  it('one row per product (the product record) with workpoints[]: every workpoint not deleted, zero where none', async () => {
    const rows = await walk('');
    expect(idsOf(rows)).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} ORDER BY id`));
    for (const row of rows) {
      const stock = stockOf(row.product_id);
      expect(row.workpoints.map((w) => [w.magazia_id, w.workpoint_name, w.workpoint_kind])).toEqual([
        [1, 'Depozit central', 'wholesale'],
        [2, 'Magazin București', 'retail'],
      ]);
      for (const w of row.workpoints) {
        const s = stock.get(w.magazia_id);
        expect(w.stoc).toBe(s?.quantity ?? 0);
        expect(w.stock_reserved).toBe(s?.reserved ?? 0);
        expect(w.stock_available).toBeCloseTo((s?.quantity ?? 0) - (s?.reserved ?? 0), 3);
        expect(w).not.toHaveProperty('aquisition_value_ron');
      }
      // the deleted workpoint's 5 pieces count nowhere
      expect(row.stoc_global).toBeCloseTo((stock.get(1)?.quantity ?? 0) + (stock.get(2)?.quantity ?? 0), 3);
      expect(row).not.toHaveProperty('aquisition_value_ron');
      expect(row).not.toHaveProperty('last_purchase_price_currency');
      expect(row).toMatchObject({ cod_produs: expect.any(String), pret_vanzare: expect.any(Number), magazia_id: null });
    }
  });

  it('magazia_id: only that workpoint; 400 for a deleted or unknown one', async () => {
    const rows = await walk('magazia_id:2/');
    expect(idsOf(rows)).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} ORDER BY id`));
    for (const row of rows) {
      expect(row.workpoints.map((w) => w.magazia_id)).toEqual([2]);
      expect(row.stoc_global).toBe(stockOf(row.product_id).get(2)?.quantity ?? 0);
      expect(row.magazia_id).toBe(2);
    }
    for (const bad of [3, 99]) {
      const answer = await demo.h.rest('GET', `/1/product/stocks/magazia_id:${bad}/`, demo.user);
      expect(answer.status).toBe(400);
      expect(answer.body.messages[0]).toMatch(/^magazia_id: workpoint \d+ does not exist/);
    }
  });

  it('include:onstock keeps products with stock above zero at a workpoint in scope', async () => {
    const any = await walk('include:onstock/');
    expect(idsOf(any)).toEqual(
      ids(`SELECT id FROM products WHERE ${LIVE} AND id IN (SELECT product_id FROM stock WHERE workpoint_id IN (1, 2) AND quantity > 0) ORDER BY id`),
    );
    expect(any.length).toBeLessThan((await walk('')).length);
    const retail = await walk('include:onstock/magazia_id:2/');
    expect(idsOf(retail)).toEqual(
      ids(`SELECT id FROM products WHERE ${LIVE} AND id IN (SELECT product_id FROM stock WHERE workpoint_id = 2 AND quantity > 0) ORDER BY id`),
    );
    expect(retail.every((r) => r.stoc_global > 0)).toBe(true);
    expect(retail.length).toBeLessThan(any.length);
  });

  it('include:aquisition_value_ron and include:last_purchase_price_currency', async () => {
    const rows = await walk('include:aquisition_value_ron,last_purchase_price_currency/');
    for (const row of rows) {
      const stock = stockOf(row.product_id);
      for (const w of row.workpoints) expect(w.aquisition_value_ron).toBe(stock.get(w.magazia_id)?.acquisition_value_ron ?? 0);
      expect(row.aquisition_value_ron).toBeCloseTo((stock.get(1)?.acquisition_value_ron ?? 0) + (stock.get(2)?.acquisition_value_ron ?? 0), 2);
      const p = demo.db.prepare('SELECT last_purchase_price AS price, last_purchase_currency AS currency FROM products WHERE id = ?').get(row.product_id) as {
        price: number; currency: string;
      };
      expect([row.last_purchase_price_currency, row.last_purchase_currency]).toEqual([p.price, p.currency]);
    }
    expect(rows.some((r) => (r.aquisition_value_ron ?? 0) > 0)).toBe(true);
  });

  it('takes the product list filters (code, fm_id, visibility, pricelist placement ...)', async () => {
    const { cod_produs, id } = demo.db.prepare(`SELECT cod_produs, id FROM products WHERE ${LIVE} ORDER BY id LIMIT 1 OFFSET 7`).get() as { cod_produs: string; id: number };
    expect(idsOf((await list(`code:${cod_produs}/`)).data)).toEqual([id]);
    expect(idsOf(await walk('visibility:published/'))).toEqual(ids(`SELECT id FROM products WHERE ${LIVE} AND website_published = 1 ORDER BY id`));
    const retail = await walk('pricelist_id:1/magazia_id:2/');
    const wholesale = await walk('pricelist_id:1/magazia_id:1/');
    expect(idsOf(retail)).toEqual(idsOf(wholesale));
    retail.forEach((r, i) => {
      expect(r.pret_vanzare_discounted).toBe(wholesale[i]!.pret_vanzare);
      expect(wholesale[i]!.pret_vanzare_discounted).toBeNull();
    });
  });

  it('400 for options the stocks list does not take', async () => {
    const cases: Array<[string, RegExp]> = [
      ['include:images/', /include: 'images' is not accepted here; accepted: last_purchase_price_currency, onstock, aquisition_value_ron/],
      ['include:last_aquisition_price_ron/', /include: 'last_aquisition_price_ron' is not accepted here/],
      ['skipcancelled:1/', /unknown filter 'skipcancelled'/],
      ['pricelist_id:2/', /pricelist_id requires magazia_id/],
    ];
    for (const [filters, message] of cases) {
      const answer = await demo.h.rest('GET', `/1/product/stocks/${filters}`, demo.user);
      expect(answer.status, filters).toBe(400);
      expect(answer.body.messages[0], filters).toMatch(message);
    }
  });
});
