import { describe, expect, it } from 'vitest';
import type { CoreEvents } from '../../shared/contract/events.ts';
import type { ProductDetail } from '../../shared/domain/products.ts';
import { vatRatesOn } from '../../shared/domain/vat.ts';
import { otherAccount, otherAccountProduct, PDF, PNG, today } from './fixtures.ts';
import { queries, refusal, useDemo } from './harness.ts';
import { restSend } from './requests.ts';

/*
 * The Products screen's operations (shared/contract/operations-products.ts) through the core and
 * the control API: the same answers and refusals as GET / PATCH /product/{id}/ and the image
 * routes they stand beside, the notifications each write queued, 404s and data.changed.
 * Demo connectors: 1 eCommerce and 2 dropship active, 3 inactive, 4 deleted.
 */

const URL_1 = 'https://shop.example.ro/erp-hook';
const pick = { published: 0, unpublished: 0, images: 0, deleted: 0 };

const demo = useDemo({
  prepare(writable) {
    const id = (sql: string) => (writable.prepare(sql).pluck().get() as number | undefined) ?? 0;
    pick.published = id(`SELECT p.id FROM products p WHERE p.company_id = 1 AND p.deleted = 0 AND p.selling_currency = 'RON'
                           AND EXISTS (SELECT 1 FROM connector_products c WHERE c.product_id = p.id AND c.connector_id = 1)
                           AND NOT EXISTS (SELECT 1 FROM connector_products c WHERE c.product_id = p.id AND c.connector_id <> 1) ORDER BY p.id`);
    pick.unpublished = id(`SELECT p.id FROM products p WHERE p.company_id = 1 AND p.deleted = 0
                             AND NOT EXISTS (SELECT 1 FROM connector_products c WHERE c.product_id = p.id) ORDER BY p.id`);
    pick.images = id(`SELECT p.id FROM products p WHERE p.company_id = 1 AND p.deleted = 0 AND p.id NOT IN (${pick.published}, ${pick.unpublished})
                        AND NOT EXISTS (SELECT 1 FROM connector_products c WHERE c.product_id = p.id) ORDER BY p.id DESC`);
    pick.deleted = id(`SELECT id FROM products WHERE company_id = 1 AND deleted = 1 ORDER BY id`);
    if (!pick.deleted) {
      pick.deleted = id(`SELECT max(id) FROM products WHERE company_id = 1 AND id NOT IN (${pick.published}, ${pick.unpublished}, ${pick.images})`);
      writable.prepare('UPDATE products SET deleted = 1 WHERE id = ?').run(pick.deleted);
    }
    writable.prepare('UPDATE connectors SET order_event_notification_url = ? WHERE id = 1').run(URL_1);
    writable.exec(otherAccount());
    writable.exec(otherAccountProduct(900_001));
    for (const [name, value] of Object.entries(pick)) if (!value) throw new Error(`the demo has no product for '${name}'`);
  },
});
const { all, value } = queries(demo);
const rest = restSend(demo);
const invoke = <K extends Parameters<typeof demo.h.core.invoke>[0]>(name: K, input: unknown) => demo.h.core.invoke(name, input);

/** The data.changed events emitted while `run` runs. */
async function changesDuring(run: () => Promise<unknown>): Promise<CoreEvents['data.changed'][]> {
  const seen: CoreEvents['data.changed'][] = [];
  const off = demo.h.core.events.on('data.changed', (event) => seen.push(event));
  try {
    await run();
  } finally {
    off();
  }
  return seen;
}

describe('products.get', () => {
  it('answers GET /product/{id}/ (same images URLs) plus the price of every pricelist', async () => {
    const id = pick.published;
    const restAnswer = await rest<ProductDetail>('GET', `/product/${id}/`);
    expect(restAnswer.status).toBe(200);
    const { pricelist_prices, ...product } = await invoke('products.get', { company_id: 1, product_id: id });
    expect(product).toEqual(restAnswer.body.data);
    expect(product.connectors.map((c) => c.connector_id)).toEqual([1]);
    expect(product.workpoints.length).toBeGreaterThan(0);

    // One entry per pricelist, each what the product list says with that pricelist at a workpoint.
    const pricelists = all<{ id: number }>('SELECT id FROM pricelists WHERE company_id = 1 ORDER BY id');
    expect(pricelist_prices.map((p) => p.pricelist_id)).toEqual(pricelists.map((p) => p.id));
    const workpoint = all<{ id: number; kind: string }>('SELECT id, kind FROM workpoints WHERE company_id = 1 AND deleted = 0 ORDER BY id')[0]!;
    for (const entry of pricelist_prices) {
      const listed = await rest<Array<Record<string, number | null>>>(
        'GET',
        `/product/list/product_id:${id}/cont:all/magazia_id:${workpoint.id}/pricelist_id:${entry.pricelist_id}/`,
      );
      expect(listed.status, JSON.stringify(listed.body.messages)).toBe(200);
      const row = listed.body.data[0];
      const expected = row ? (workpoint.kind === 'wholesale' ? row.pret_vanzare : row.pret_vanzare_discounted) : null;
      expect(entry.price).toBe(expected ?? null);
    }
    expect(pricelist_prices.some((p) => p.price !== null)).toBe(true);

    const control = await demo.h.control<{ product_id: number }>('GET', `/accounts/1/products/${id}`);
    expect(control.status).toBe(200);
    expect(control.body.data.product_id).toBe(id);
  });

  it('is 404 for an absent, deleted or other account product, and an unknown account', async () => {
    for (const id of [9_999_999, pick.deleted, 900_001]) {
      const error = await refusal(() => invoke('products.get', { company_id: 1, product_id: id }));
      expect(error.status).toBe(404);
      expect(error.message).toContain(`product ${id} does not exist`);
    }
    expect((await refusal(() => invoke('products.get', { company_id: 77, product_id: pick.published }))).status).toBe(404);
  });
});

describe('products.update', () => {
  it('changes only the fields sent, as PATCH /product/{id}/ does', async () => {
    const id = pick.unpublished;
    const before = await invoke('products.get', { company_id: 1, product_id: id });
    const { product, notifications } = await invoke('products.update', { company_id: 1, product_id: id, product_name: 'Renamed from the screen' });
    expect(product.product_name).toBe('Renamed from the screen');
    expect(product.pret_vanzare).toBe(before.pret_vanzare);
    expect(product.cod_produs).toBe(before.cod_produs);
    expect(notifications).toEqual([]);
    const restAnswer = await rest<ProductDetail>('GET', `/product/${id}/`);
    const { pricelist_prices: _prices, ...shown } = product;
    expect(shown).toEqual(restAnswer.body.data);
  });

  it('refuses a price without its currency, and a read-only field, naming the fields; nothing changes', async () => {
    const id = pick.unpublished;
    const before = value<string>('SELECT last_changed_ts FROM products WHERE id = ?', id);
    const outbox = value('SELECT count(*) FROM webhook_outbox');
    const price = await refusal(() => invoke('products.update', { company_id: 1, product_id: id, pret_vanzare: 12.5 }));
    expect(price.status).toBe(400);
    expect(price.messages[0]).toMatch(/^pret_vanzare, selling_currency_txt: must be sent together .*selling_currency_txt is missing/);

    const readOnly = await refusal(() => invoke('products.update', { company_id: 1, product_id: id, stoc_global: 123456 }));
    expect(readOnly.status).toBe(400);
    expect(readOnly.messages[0]).toMatch(/^stoc_global: read-only field/);

    const rules = await refusal(() =>
      invoke('products.update', { company_id: 1, product_id: id, pret_vanzare: 1.234, selling_currency_txt: 'RON', cota_tva_vanzare: 7, product_name: ' ' }),
    );
    expect(rules.messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^pret_vanzare: at most 2 decimals/),
        expect.stringMatching(/^cota_tva_vanzare: must be one of the Romanian VAT rates/),
        expect.stringMatching(/^product_name: must not be blank/),
      ]),
    );
    const unknown = await refusal(() => invoke('products.update', { company_id: 1, product_id: id, colour: 'red' }));
    expect(unknown.messages[0]).toBe('colour: unknown field');

    expect(value<string>('SELECT last_changed_ts FROM products WHERE id = ?', id)).toBe(before);
    expect(value('SELECT count(*) FROM webhook_outbox')).toBe(outbox);
  });

  it('answers the product_update it queued for the connector publishing the product, and announces it', async () => {
    const id = pick.published;
    const events = await changesDuring(async () => {
      const { product, notifications } = await invoke('products.update', {
        company_id: 1,
        product_id: id,
        pret_vanzare: 77.7,
        selling_currency_txt: 'RON',
      });
      expect(product.pret_vanzare).toBe(77.7);
      expect(notifications).toHaveLength(1);
      expect(notifications[0]).toMatchObject({ notification_type: 'product_update', webhook_id: expect.stringMatching(/^msg_/) });
      const row = all<{ connector_id: number; payload: string; webhook_id: string }>(
        'SELECT connector_id, payload, webhook_id FROM webhook_outbox WHERE id = ?',
        notifications[0]!.delivery_id,
      )[0]!;
      expect(row.connector_id).toBe(1);
      expect(row.webhook_id).toBe(notifications[0]!.webhook_id);
      expect(JSON.parse(row.payload)).toMatchObject({ notification_type: 'product_update', cod_produs: product.cod_produs, pret_vanzare: 77.7 });
      const delivery = await invoke('webhooks.get', { company_id: 1, delivery_id: notifications[0]!.delivery_id });
      expect(delivery.notification_type).toBe('product_update');
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ company_id: 1, tables: ['products', 'webhook_outbox'], records: { products: [id] } });
    expect(events[0]!.records!.webhook_outbox).toHaveLength(1);
  });

  it('serves PATCH on the control API with the same refusals (400 naming the field) and 404s', async () => {
    const id = pick.unpublished;
    const ok = await demo.h.control<{ product: ProductDetail; notifications: unknown[] }>('PATCH', `/accounts/1/products/${id}`, { weight: 1.25 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.product.weight).toBe(1.25);
    const refused = await demo.h.control('PATCH', `/accounts/1/products/${id}`, { selling_currency_txt: 'RON' });
    expect(refused.status).toBe(400);
    expect(refused.body.messages[0]).toMatch(/^pret_vanzare, selling_currency_txt: must be sent together/);
    for (const productId of [9_999_999, pick.deleted, 900_001]) {
      const missing = await demo.h.control('PATCH', `/accounts/1/products/${productId}`, { weight: 1 });
      expect(missing.status).toBe(404);
    }
  });
});

describe('products.uploadImage / deleteImages', () => {
  it('stores an uploaded image as POST /product/{id}/image/ does, then deletes every image', async () => {
    const id = pick.images;
    const existing = value('SELECT count(*) FROM product_images WHERE product_id = ?', id);
    const events = await changesDuring(async () => {
      const { image, notifications } = await invoke('products.uploadImage', {
        company_id: 1,
        product_id: id,
        file_name: 'front.png',
        content_base64: PNG.toString('base64'),
        title: 'Front',
      });
      expect(image).toMatchObject({ product_id: id, storage: 'local', mime_type: 'image/png', size_bytes: PNG.length, title: 'Front' });
      expect(image.url).toBe(`${demo.h.url}/media/${value<string>('SELECT storage_path FROM product_images WHERE id = ?', image.image_id)}`);
      // Images are no field a connector is notified of: nothing queued, said as an empty list.
      expect(notifications).toEqual([]);
      const served = await fetch(image.url);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    });
    expect(events[0]).toMatchObject({ tables: ['product_images', 'products', 'webhook_outbox'], records: { products: [id] } });

    const detail = await invoke('products.get', { company_id: 1, product_id: id });
    expect(detail.images).toHaveLength(existing + 1);

    const deleted = await invoke('products.deleteImages', { company_id: 1, product_id: id });
    expect(deleted).toMatchObject({ product_id: id, deleted_count: existing + 1, notifications: [] });
    expect(deleted.deleted_image_ids).toContain(detail.images.at(-1)!.image_id);
    expect(value('SELECT count(*) FROM product_images WHERE product_id = ?', id)).toBe(0);
    const again = await invoke('products.deleteImages', { company_id: 1, product_id: id });
    expect(again.deleted_count).toBe(0);
  });

  it('refuses what the REST upload refuses, naming the field, and 404s', async () => {
    const id = pick.images;
    const pdf = await refusal(() => invoke('products.uploadImage', { company_id: 1, product_id: id, file_name: 'x.png', content_base64: PDF.toString('base64') }));
    expect(pdf.status).toBe(400);
    expect(pdf.messages[0]).toMatch(/^file: 'x\.png'/);
    const notBase64 = await refusal(() => invoke('products.uploadImage', { company_id: 1, product_id: id, file_name: 'x.png', content_base64: '***' }));
    expect(notBase64.messages[0]).toBe('content_base64: not base64');
    const long = await refusal(() =>
      invoke('products.uploadImage', { company_id: 1, product_id: id, file_name: 'x.png', content_base64: PNG.toString('base64'), alt_text: 'a'.repeat(300) }),
    );
    expect(long.messages[0]).toMatch(/^alt_text:/);
    for (const productId of [9_999_999, pick.deleted, 900_001]) {
      const up = await refusal(() => invoke('products.uploadImage', { company_id: 1, product_id: productId, file_name: 'x.png', content_base64: PNG.toString('base64') }));
      expect(up.status).toBe(404);
      expect((await refusal(() => invoke('products.deleteImages', { company_id: 1, product_id: productId }))).status).toBe(404);
    }
    expect(value('SELECT count(*) FROM product_images WHERE product_id = ?', id)).toBe(0);
  });
});

describe('catalogue.options', () => {
  it('answers the categories, manufacturers, pricelists, workpoints, VAT rates in force and currencies of the account', async () => {
    const options = await invoke('catalogue.options', { company_id: 1 });
    expect(options.categories.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      all<{ id: number }>('SELECT id FROM product_categories WHERE company_id = 1 ORDER BY id').map((r) => r.id),
    );
    expect(options.manufacturers).toHaveLength(value('SELECT count(*) FROM manufacturers WHERE company_id = 1'));
    expect(options.pricelists).toHaveLength(value('SELECT count(*) FROM pricelists WHERE company_id = 1'));
    expect(options.workpoints).toHaveLength(value('SELECT count(*) FROM workpoints WHERE company_id = 1'));
    expect(options.vat_rates).toEqual(vatRatesOn(today()));
    expect(options.currencies).toEqual(all<{ currency: string }>('SELECT currency FROM account_currencies WHERE company_id = 1 ORDER BY currency').map((r) => r.currency));
    expect(options.currencies).toContain('RON');
    expect((await refusal(() => invoke('catalogue.options', { company_id: 77 }))).status).toBe(404);
  });
});
