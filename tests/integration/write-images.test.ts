import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductImagesDeleted, StoredProductImage } from '../../shared/domain/images.ts';
import type { ProductImage } from '../../shared/domain/products.ts';
import { GIF, JPEG, nowTs, otherAccount, otherAccountProduct, PDF, PNG, storedFiles, SVG, WEBP } from './fixtures.ts';
import { queries, useDemo, withFailingTrigger } from './harness.ts';
import { expectRefused, media, multipart as form, restSend } from './requests.ts';

// Uploads (POST /product/{id}/image/) and deletions (DELETE /product/{id}/images/) of product images.

const LIMIT = 10 * 1024 * 1024;

const OTHER_PRODUCT = 990002;

let withImages: number; // a live product with seeded images
let noImages: number; // a live product without images
let spare: number; // another live product without images (deletions)
let deletedProduct: number;

const demo = useDemo({
  prepare(writable) {
    writable.exec(`
      ${otherAccount()}
      ${otherAccountProduct(OTHER_PRODUCT)}
      INSERT INTO product_images (company_id, product_id, url, mime_type, position, created_ts)
      VALUES (2, ${OTHER_PRODUCT}, 'https://cdn.example.invalid/other.jpg', 'image/jpeg', 0, '2026-01-01 00:00:00');
    `);
  },
});
const { one, all, value } = queries(demo);
const send = restSend(demo);

beforeAll(() => {
  withImages = value(
    `SELECT p.id FROM products p WHERE company_id = 1 AND deleted = 0
        AND (SELECT COUNT(*) FROM product_images i WHERE i.product_id = p.id) >= 2 ORDER BY id LIMIT 1`,
  );
  const without = all<{ id: number }>(
    `SELECT p.id FROM products p WHERE company_id = 1 AND deleted = 0
        AND NOT EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id) ORDER BY id LIMIT 2`,
  );
  [noImages, spare] = [without[0]!.id, without[1]!.id];
  deletedProduct = value('SELECT id FROM products WHERE company_id = 1 AND deleted = 1 ORDER BY id LIMIT 1');
});

const upload = (productId: number, body: FormData) => send<StoredProductImage>('POST', `/product/${productId}/image/`, body);

/** What a refused request must leave as it was: the image rows, the products' timestamps, the files. */
function snapshot() {
  return {
    images: all('SELECT * FROM product_images ORDER BY id'),
    products: all('SELECT id, last_changed_ts FROM products WHERE id IN (?, ?, ?, ?, ?)', withImages, noImages, spare, deletedProduct, OTHER_PRODUCT),
    files: storedFiles(demo.h),
  };
}

const productTs = (id: number) => one<{ last_changed_ts: string }>('SELECT last_changed_ts FROM products WHERE id = ?', id).last_changed_ts;
const imageRow = (id: number) => one<Record<string, unknown> | undefined>('SELECT * FROM product_images WHERE id = ?', id);

describe('POST /product/{product_id}/image/', () => {
  it('stores an uploaded PNG after the existing images, with its texts, and serves it back at its service URL', async () => {
    const positions = one<{ max: number; n: number }>('SELECT MAX(position) AS max, COUNT(*) AS n FROM product_images WHERE product_id = ?', withImages);
    const before = nowTs();
    const answer = await upload(withImages, form([
      ['title', 'Fata'], ['description', 'Vedere din fata'], ['alt_text', 'Produs vazut din fata'], ['file', PNG, 'front.png', 'image/png'],
    ]));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.is_error).toBe(false);
    const image = answer.body.data;
    const row = imageRow(image.image_id)!;
    expect(row).toMatchObject({
      company_id: 1, product_id: withImages, url: null, mime_type: 'image/png', size_bytes: PNG.length,
      title: 'Fata', description: 'Vedere din fata', alt_text: 'Produs vazut din fata', position: positions.max + 1,
    });
    expect(row.storage_path).toMatch(/^products\/[0-9a-f]{32}\.png$/);
    expect(image).toEqual({
      product_id: withImages,
      image_id: row.id,
      url: `${demo.h.url}/media/${row.storage_path as string}`,
      storage: 'local',
      title: 'Fata',
      description: 'Vedere din fata',
      alt_text: 'Produs vazut din fata',
      position: positions.max + 1,
      mime_type: 'image/png',
      size_bytes: PNG.length,
      created_ts: row.created_ts,
      // After the existing images: not the cover; its thumbnail is made by the service.
      cover_picture: positions.n === 0 ? 1 : 0,
      img_url_thumb: `${demo.h.url}/media/thumb/${row.storage_path as string}`,
      img_url_normal: `${demo.h.url}/media/${row.storage_path as string}`,
    });
    expect(row.created_ts as string >= before).toBe(true);
    expect(productTs(withImages)).toBe(row.created_ts);
    expect(readFileSync(join(demo.h.dataDir, 'files', row.storage_path as string))).toEqual(PNG);

    const served = await media(image.url);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/png');
    expect(served.body).toEqual(PNG);

    // The read side lists it with its service URL: the images route, the variant, the list.
    const listed = (await send<ProductImage[]>('GET', `/product/${withImages}/images/`)).body.data;
    expect(listed).toHaveLength(positions.n + 1);
    const last = listed[listed.length - 1]!;
    expect(last).toMatchObject({ image_id: image.image_id, storage: 'local', position: image.position, mime_type: 'image/png' });
    expect(last.url).toBe(image.url);
    expect(listed.slice(0, -1).every((i) => i.storage === 'url' && i.url !== null)).toBe(true);
    const detail = (await send<{ images: ProductImage[] }>('GET', `/product/${withImages}/`)).body.data;
    expect(detail.images.at(-1)!.url).toBe(image.url);
    const rows = (await send<Array<{ images: ProductImage[] }>>('GET', `/product/list/product_id:${withImages}/include:images/`)).body.data;
    expect(rows[0]!.images.at(-1)!.url).toBe(image.url);
  });

  it('recognises the image by its content: a JPEG named .png declared text/plain, a GIF, a WebP; position 0 for a first image', async () => {
    const cases: Array<[Buffer, string, string, string]> = [
      [JPEG, 'photo.png', 'text/plain', 'image/jpeg'],
      [GIF, 'anim.bin', 'application/octet-stream', 'image/gif'],
      [WEBP, 'picture', 'image/jpeg', 'image/webp'],
    ];
    for (const [index, [content, name, declared, mime]] of cases.entries()) {
      const answer = await upload(noImages, form([['file', content, name, declared]]));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data).toMatchObject({ position: index, mime_type: mime, size_bytes: content.length, title: '', description: '', alt_text: '' });
      const row = imageRow(answer.body.data.image_id)!;
      expect(row.storage_path).toMatch(new RegExp(`\\.${{ 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' }[mime]}$`));
      const served = await media(answer.body.data.url);
      expect(served.type).toBe(mime);
      expect(served.body).toEqual(content);
    }
  });

  it('accepts texts at their length limits (title 255, description 2000, alt_text 255 characters)', async () => {
    const answer = await upload(noImages, form([
      ['title', 'ț'.repeat(255)], ['description', 'd'.repeat(2000)], ['alt_text', 'a'.repeat(255)], ['file', PNG, 'x.png'],
    ]));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(imageRow(answer.body.data.image_id)).toMatchObject({ title: 'ț'.repeat(255), description: 'd'.repeat(2000), alt_text: 'a'.repeat(255) });
  });

  it('refuses what is not an accepted image, naming the file and the type found; nothing is stored', async () => {
    const cases: Array<[Buffer, string, string, RegExp]> = [
      [PDF, 'invoice.jpg', 'image/jpeg', /file: 'invoice\.jpg' is application\/pdf, not an accepted image/],
      [Buffer.from('just some text, not a picture'), 'notes.png', 'image/png', /file: 'notes\.png' is not a known file type/],
      [SVG, 'logo.svg', 'image/svg+xml', /file: 'logo\.svg' is image\/svg\+xml: SVG images are refused/],
      [Buffer.alloc(0), 'empty.png', 'image/png', /file: 'empty\.png' is empty/],
    ];
    for (const [content, name, declared, pattern] of cases) {
      const before = snapshot();
      expectRefused(await upload(withImages, form([['title', 't'], ['file', content, name, declared]])), 400, pattern);
      expect(snapshot()).toEqual(before);
    }
  });

  it('refuses a form without file, with an unknown field, a file under another name, a field twice or two files', async () => {
    const cases: Array<[FormData, RegExp]> = [
      [form([['title', 'no file']]), /^file: required field is missing/],
      [form([['file', 'text instead of a file']]), /file: must be a file part/],
      [form([['colour', 'red'], ['file', PNG, 'a.png']]), /colour: unknown field/],
      [form([['image', PNG, 'a.png']]), /image: unknown field \(the image goes in the file part named 'file'\)/],
      [form([['title', 'a'], ['title', 'b'], ['file', PNG, 'a.png']]), /title: sent more than once/],
      [form([['file', PNG, 'a.png'], ['file', GIF, 'b.gif']]), /file: only one file per request/],
    ];
    for (const [body, pattern] of cases) {
      const before = snapshot();
      expectRefused(await upload(withImages, body), 400, pattern);
      expect(snapshot()).toEqual(before);
    }
  });

  it('refuses texts over their limits, naming each field', async () => {
    const cases: Array<[string, number]> = [['title', 256], ['description', 2001], ['alt_text', 256]];
    for (const [field, length] of cases) {
      const before = snapshot();
      expectRefused(await upload(withImages, form([[field, 'x'.repeat(length)], ['file', PNG, 'a.png']])), 400, new RegExp(`^${field}: `));
      expect(snapshot()).toEqual(before);
    }
  });

  it('answers 413 in the envelope for a file over 10 MiB; nothing is stored', async () => {
    const before = snapshot();
    const big = Buffer.concat([PNG, Buffer.alloc(LIMIT + 1 - PNG.length)]);
    expectRefused(await upload(withImages, form([['file', big, 'big.png', 'image/png']])), 413, /file: larger than the limit of 10485760 bytes/);
    expect(snapshot()).toEqual(before);
    // Exactly at the limit is accepted.
    const atLimit = Buffer.concat([PNG, Buffer.alloc(LIMIT - PNG.length)]);
    const answer = await upload(spare, form([['file', atLimit, 'limit.png', 'image/png']]));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.size_bytes).toBe(LIMIT);
  });

  it('answers 404 for an absent, deleted or other account\'s product; nothing is stored', async () => {
    for (const id of [99999999, deletedProduct, OTHER_PRODUCT]) {
      const before = snapshot();
      expectRefused(await upload(id, form([['file', PNG, 'a.png']])), 404, new RegExp(`product ${id} does not exist`));
      expect(snapshot()).toEqual(before);
    }
  });

  it('answers 415 for a body that is not multipart/form-data and 400 for a malformed one', async () => {
    let before = snapshot();
    expectRefused(
      await send('POST', `/product/${withImages}/image/`, '{"title":"x"}'),
      415,
      /multipart\/form-data/,
    );
    expect(snapshot()).toEqual(before);
    before = snapshot();
    const broken = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc';
    const answer = await send('POST', `/product/${withImages}/image/`, broken, 'multipart/form-data; boundary=XYZ');
    expect([400]).toContain(answer.status);
    expect(answer.body.is_error).toBe(true);
    expect(snapshot()).toEqual(before);
  });

  it('removes the stored file again when the row cannot be written (nothing left behind)', async () => {
    await withFailingTrigger(demo.h, 'refuse_image', `BEFORE INSERT ON product_images WHEN NEW.product_id = ${spare}`, async () => {
      const before = snapshot();
      const answer = await upload(spare, form([['file', PNG, 'a.png']]));
      expect(answer.status).toBe(500);
      expect(snapshot()).toEqual(before);
    });
  });
});

describe('DELETE /product/{product_id}/images/', () => {
  it('deletes every image of the product (rows, then the stored files) and answers their ids', async () => {
    const local = await upload(withImages, form([['file', GIF, 'x.gif']]));
    expect(local.status).toBe(200);
    const rows = all<{ id: number; storage_path: string | null }>('SELECT id, storage_path FROM product_images WHERE product_id = ? ORDER BY position, id', withImages);
    const keys = rows.flatMap((row) => (row.storage_path ? [row.storage_path] : []));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(rows.length).toBeGreaterThan(keys.length); // seeded URL images too
    const others = one('SELECT COUNT(*) AS n FROM product_images WHERE product_id <> ?', withImages);
    const before = nowTs();

    const answer = await send<ProductImagesDeleted>('DELETE', `/product/${withImages}/images/`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ product_id: withImages, deleted_count: rows.length, deleted_image_ids: rows.map((r) => r.id) });
    expect(one('SELECT COUNT(*) AS n FROM product_images WHERE product_id = ?', withImages)).toEqual({ n: 0 });
    expect(one('SELECT COUNT(*) AS n FROM product_images WHERE product_id <> ?', withImages)).toEqual(others);
    for (const key of keys) expect(existsSync(join(demo.h.dataDir, 'files', key))).toBe(false);
    expect(productTs(withImages) >= before).toBe(true);
    expect((await media(local.body.data.url)).status).toBe(404);
    expect((await send<ProductImage[]>('GET', `/product/${withImages}/images/`)).body.data).toEqual([]);
  });

  it('answers deleted_count 0 for a product without images and leaves it unchanged', async () => {
    const product = one<{ id: number }>(
      `SELECT id FROM products p WHERE company_id = 1 AND deleted = 0 AND id NOT IN (?, ?, ?)
          AND NOT EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id) ORDER BY id LIMIT 1`,
      withImages, noImages, spare,
    );
    const ts = productTs(product.id);
    const answer = await send<ProductImagesDeleted>('DELETE', `/product/${product.id}/images/`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ product_id: product.id, deleted_count: 0, deleted_image_ids: [] });
    expect(productTs(product.id)).toBe(ts);
  });

  it('answers 404 for an absent, deleted or other account\'s product; nothing changes', async () => {
    for (const id of [99999999, deletedProduct, OTHER_PRODUCT]) {
      const before = snapshot();
      expectRefused(await send('DELETE', `/product/${id}/images/`), 404, new RegExp(`product ${id} does not exist`));
      expect(snapshot()).toEqual(before);
    }
    expectRefused(await send('DELETE', '/product/abc/images/'), 400, /product_id/);
  });

  it('keeps the rows when the deletion fails, and the files with them', async () => {
    const stored = await upload(noImages, form([['file', PNG, 'keep.png']]));
    expect(stored.status).toBe(200);
    await withFailingTrigger(demo.h, 'refuse_delete', `BEFORE DELETE ON product_images WHEN OLD.product_id = ${noImages}`, async () => {
      const before = snapshot();
      expect((await send('DELETE', `/product/${noImages}/images/`)).status).toBe(500);
      expect(snapshot()).toEqual(before);
      expect((await media(stored.body.data.url)).status).toBe(200);
    });
  });
});
