import { describe, expect, it } from 'vitest';
import type { Product, ProductDetail, ProductImage } from '../../shared/domain/products.ts';
import { useDemo } from './harness.ts';

const LOCAL_IMAGE = 990001;

const demo = useDemo({
  prepare(writable) {
    writable.exec(`
      INSERT INTO accounts (company_id, name, rest_enabled, created_ts) VALUES (2, 'Other SRL', 1, '2026-01-01 00:00:00');
      INSERT INTO products (id, company_id, cod_produs, product_name, created_ts, last_changed_ts)
      VALUES (900002, 2, 'P000001', 'Other account product', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
      INSERT INTO product_images (id, company_id, product_id, url, storage_path, mime_type, size_bytes, position, created_ts)
      VALUES (${LOCAL_IMAGE}, 1, 1, NULL, 'images/1/upload.png', 'image/png', 1234, 9, '2026-01-01 00:00:00');
    `);
  },
});

const one = <T>(sql: string, ...params: unknown[]) => demo.db.prepare(sql).get(...params) as T;

async function detail(id: number | string) {
  return demo.h.rest<ProductDetail>('GET', `/1/product/${id}/`, demo.user);
}

describe('GET /product/{product_id}/', () => {
  it('the full variant record: the list record, description, family, stock per workpoint, images, properties, web categories, connectors', async () => {
    const id = one<{ id: number }>(
      `SELECT p.id FROM products p WHERE p.company_id = 1 AND p.deleted = 0 AND p.family_id IS NOT NULL AND p.website_published = 1
          AND EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id)
          AND EXISTS (SELECT 1 FROM connector_products c WHERE c.product_id = p.id)
        ORDER BY p.id LIMIT 1`,
    ).id;
    const answer = await detail(id);
    expect(answer.status).toBe(200);
    const record = answer.body.data;
    const p = one<Record<string, unknown>>('SELECT * FROM products WHERE id = ?', id);
    expect(record).toMatchObject({
      product_id: id,
      cod_produs: p.cod_produs,
      cod_varianta: p.cod_varianta,
      barcode: p.barcode,
      product_name: p.product_name,
      product_website_title: p.product_website_title,
      product_description: p.product_description,
      fm_id: p.family_id,
      family_name: one<{ name: string }>('SELECT name FROM product_families WHERE id = ?', p.family_id).name,
      category_id: p.category_id,
      manufacturer_id: p.manufacturer_id,
      pret_vanzare: p.pret_vanzare,
      cota_tva_vanzare: p.cota_tva_vanzare,
      selling_currency_txt: p.selling_currency,
      last_aquisition_price_ron: p.last_acquisition_price_ron,
      last_purchase_price_currency: p.last_purchase_price,
      last_purchase_currency: p.last_purchase_currency,
      weight: p.weight_kg,
      sellable: p.is_sellable,
      partner_visible: p.partner_visible,
      website_published: 1,
      is_archived: p.archived,
      cod_intern: p.cod_intern,
      delistat: p.delisted,
      deleted: 0,
      created_ts: p.created_ts,
      last_changed_ts: p.last_changed_ts,
      magazia_id: null,
    });
    // The list record's fields are all there.
    const [listed] = (await demo.h.rest<Product[]>('GET', `/1/product/list/id:${id}/cont:all/`, demo.user)).body.data;
    for (const [key, value] of Object.entries(listed!)) expect(record[key as keyof ProductDetail], key).toEqual(value);

    const stock = demo.db.prepare('SELECT workpoint_id, quantity, reserved, acquisition_value_ron FROM stock WHERE product_id = ? ORDER BY workpoint_id').all(id) as Array<{
      workpoint_id: number; quantity: number; reserved: number; acquisition_value_ron: number;
    }>;
    expect(record.workpoints.map((w) => [w.magazia_id, w.stoc, w.stock_reserved, w.aquisition_value_ron])).toEqual(
      stock.map((s) => [s.workpoint_id, s.quantity, s.reserved, s.acquisition_value_ron]),
    );
    expect(record.aquisition_value_ron).toBeCloseTo(stock.reduce((sum, s) => sum + s.acquisition_value_ron, 0), 2);
    expect(record.images.map((i) => i.image_id)).toEqual(
      (demo.db.prepare('SELECT id FROM product_images WHERE product_id = ? ORDER BY position, id').all(id) as Array<{ id: number }>).map((r) => r.id),
    );
    expect(record.properties).toEqual(
      demo.db.prepare('SELECT pp.property_id, pr.name, pp.value FROM product_properties pp JOIN properties pr ON pr.id = pp.property_id WHERE pp.product_id = ? ORDER BY pp.property_id').all(id),
    );
    expect(record.web_categories).toEqual(
      demo.db.prepare('SELECT w.id AS web_category_id, w.name FROM product_web_categories pw JOIN web_categories w ON w.id = pw.web_category_id WHERE pw.product_id = ? AND w.deleted = 0 ORDER BY w.id').all(id),
    );
    expect(record.web_categories.length).toBeGreaterThan(0);
    expect(record.connectors).toEqual(
      demo.db.prepare('SELECT c.id AS connector_id, c.name, c.type, c.active, cp.published_ts FROM connector_products cp JOIN connectors c ON c.id = cp.connector_id WHERE cp.product_id = ? AND c.deleted = 0 ORDER BY c.id').all(id),
    );
    expect(record.connectors.length).toBeGreaterThan(0);
  });

  it('archived and unsellable variants are answered, flagged; a deleted variant is 404 (detail and images)', async () => {
    for (const flag of ['archived = 1 AND deleted = 0', 'is_sellable = 0 AND deleted = 0']) {
      const { id } = one<{ id: number }>(`SELECT id FROM products WHERE company_id = 1 AND ${flag} ORDER BY id LIMIT 1`);
      const answer = await detail(id);
      expect(answer.status, flag).toBe(200);
      expect(answer.body.data.product_id).toBe(id);
    }
    const { id } = one<{ id: number }>('SELECT id FROM products WHERE company_id = 1 AND deleted = 1 LIMIT 1');
    for (const path of [`/1/product/${id}/`, `/1/product/${id}/images/`]) {
      const answer = await demo.h.rest('GET', path, demo.user);
      expect([answer.status, answer.body.messages[0]], path).toEqual([404, `product ${id} does not exist`]);
    }
  });

  it('404 for a product that does not exist or is another account\'s; 400 for an id that is not one', async () => {
    for (const id of [777777, 900002]) {
      const answer = await detail(id);
      expect(answer.status).toBe(404);
      expect(answer.body.is_error).toBe(true);
      expect(answer.body.messages[0]).toBe(`product ${id} does not exist`);
    }
    const bad = await detail('abc');
    expect(bad.status).toBe(400);
    expect(bad.body.messages[0]).toMatch(/product_id: 'abc' is not a positive integer id/);
  });
});

describe('GET /product/{product_id}/images/', () => {
  it('the images in display order: the stored URL, or the /media service URL for a file the service keeps', async () => {
    const answer = await demo.h.rest<ProductImage[]>('GET', '/1/product/1/images/', demo.user);
    expect(answer.status).toBe(200);
    const stored = demo.db.prepare('SELECT * FROM product_images WHERE product_id = 1 ORDER BY position, id').all() as Array<Record<string, unknown>>;
    expect(answer.body.data.map((i) => i.image_id)).toEqual(stored.map((s) => s.id));
    const local = answer.body.data.find((i) => i.image_id === LOCAL_IMAGE)!;
    const key = stored.find((s) => s.id === LOCAL_IMAGE)!.storage_path as string;
    expect(local).toEqual({
      image_id: LOCAL_IMAGE,
      url: `${demo.h.url}/media/${key}`,
      storage: 'local',
      title: '',
      description: '',
      alt_text: '',
      position: 9,
      mime_type: 'image/png',
      size_bytes: 1234,
      created_ts: '2026-01-01 00:00:00',
      cover_picture: stored[0]!.id === LOCAL_IMAGE ? 1 : 0,
      img_url_thumb: `${demo.h.url}/media/thumb/${key}`,
      img_url_normal: `${demo.h.url}/media/${key}`,
    });
    // The first image is the cover, the only one.
    expect(answer.body.data.map((i) => i.cover_picture)).toEqual(stored.map((_, i) => (i === 0 ? 1 : 0)));
    const withUrl = one<{ product_id: number }>('SELECT product_id FROM product_images WHERE url IS NOT NULL ORDER BY id LIMIT 1').product_id;
    const images = (await demo.h.rest<ProductImage[]>('GET', `/1/product/${withUrl}/images/`, demo.user)).body.data;
    expect(images[0]).toMatchObject({ url: expect.stringMatching(/^https:\/\//), storage: 'url', cover_picture: 1 });
    // A URL stored as is is never contacted: every version is that URL.
    expect(images[0]!.img_url_thumb).toBe(images[0]!.url);
    expect(images[0]!.img_url_normal).toBe(images[0]!.url);
  });

  it('an empty list for a product without images; 404 when the product does not exist', async () => {
    const { id } = one<{ id: number }>('SELECT id FROM products WHERE company_id = 1 AND id NOT IN (SELECT product_id FROM product_images) ORDER BY id LIMIT 1');
    const empty = await demo.h.rest<ProductImage[]>('GET', `/1/product/${id}/images/`, demo.user);
    expect([empty.status, empty.body.data]).toEqual([200, []]);
    for (const missing of [777777, 900002]) {
      const answer = await demo.h.rest('GET', `/1/product/${missing}/images/`, demo.user);
      expect(answer.status).toBe(404);
      expect(answer.body.messages[0]).toBe(`product ${missing} does not exist`);
    }
  });
});
