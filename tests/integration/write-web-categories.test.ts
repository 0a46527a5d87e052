import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WebCategoryDeleted, WebCategoryImage } from '../../shared/domain/images.ts';
import type { ProductDetail } from '../../shared/domain/products.ts';
import type { WebCategory } from '../../shared/domain/reference.ts';
import { GIF, nowTs, otherAccount, PDF, PNG, storedFiles } from './fixtures.ts';
import { queries, useDemo, withFailingTrigger } from './harness.ts';
import { expectRefused, media, multipart as form, restSend } from './requests.ts';

// POST /productwebcategories/{category_id}/image/ and DELETE /productwebcategories/{category_id}/.

const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

// Seed: 1 'Casa si bucatarie' (parent of 6 'Bacanie fina'), 2..5 top level with images, 7, 8 (deleted).
const OTHER_CATEGORY = 990031;
const TREE_ROOT = 990040; // 990040 > 990041 > 990042, and 990043 (already deleted) > 990044
const DELETED = 8;

const demo = useDemo({
  prepare(writable) {
    writable.exec(`
      ${otherAccount()}
      INSERT INTO web_categories (id, company_id, name, last_changed_ts) VALUES (${OTHER_CATEGORY}, 2, 'Other', '2026-01-01 00:00:00');
      INSERT INTO web_categories (id, company_id, name, parent_id, last_changed_ts) VALUES
        (${TREE_ROOT}, 1, 'Radacina', NULL, '2025-01-01 00:00:00'),
        (${TREE_ROOT + 1}, 1, 'Copil', ${TREE_ROOT}, '2025-01-01 00:00:00'),
        (${TREE_ROOT + 2}, 1, 'Nepot', ${TREE_ROOT + 1}, '2025-01-01 00:00:00');
      INSERT INTO web_categories (id, company_id, name, parent_id, deleted, last_changed_ts) VALUES
        (${TREE_ROOT + 3}, 1, 'Sters deja', ${TREE_ROOT}, 1, '2025-01-01 00:00:00');
      INSERT INTO web_categories (id, company_id, name, parent_id, last_changed_ts) VALUES
        (${TREE_ROOT + 4}, 1, 'Sub sters', ${TREE_ROOT + 3}, '2025-01-01 00:00:00');
    `);
    // Products linked to the tree's categories.
    const products = writable.prepare('SELECT id FROM products WHERE company_id = 1 AND deleted = 0 ORDER BY id LIMIT 2').all() as Array<{ id: number }>;
    for (const [i, p] of products.entries()) {
      writable.prepare('INSERT INTO product_web_categories (product_id, web_category_id) VALUES (?, ?)').run(p.id, TREE_ROOT + i);
    }
  },
});
const { one, all } = queries(demo);
const send = restSend(demo);

const upload = (categoryId: number, body: FormData) => send<WebCategoryImage>('POST', `/productwebcategories/${categoryId}/image/`, body);

function snapshot() {
  return {
    categories: all('SELECT * FROM web_categories ORDER BY id'),
    links: all('SELECT * FROM product_web_categories ORDER BY product_id, web_category_id'),
    files: storedFiles(demo.h),
  };
}

const category = (id: number) => one('SELECT * FROM web_categories WHERE id = ?', id);

describe('POST /productwebcategories/{category_id}/image/', () => {
  it('replaces the category image (an external URL before) with the stored file, its texts and a new last_changed_ts', async () => {
    expect(category(2)).toMatchObject({ image_path: null, image_url: expect.stringMatching(/^https:/) });
    const before = nowTs();
    const answer = await upload(2, form([
      ['title', 'Moda'], ['description', 'Colectia de toamna'], ['alt_text', 'Haine de toamna'], ['file', PNG, 'moda.jpg', 'image/jpeg'],
    ]));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const row = category(2);
    expect(row).toMatchObject({
      image_url: null, image_title: 'Moda', image_description: 'Colectia de toamna', image_alt_text: 'Haine de toamna', deleted: 0,
    });
    expect(row.image_path).toMatch(/^web-categories\/[0-9a-f]{32}\.png$/);
    expect((row.last_changed_ts as string) >= before).toBe(true);
    expect(answer.body.data).toEqual({
      category_id: 2,
      name: 'Moda',
      image_url: `${demo.h.url}/media/${row.image_path as string}`,
      image_title: 'Moda',
      image_description: 'Colectia de toamna',
      image_alt_text: 'Haine de toamna',
      mime_type: 'image/png',
      size_bytes: PNG.length,
      last_changed_ts: row.last_changed_ts,
    });
    expect(readFileSync(join(demo.h.dataDir, 'files', row.image_path as string))).toEqual(PNG);
    const served = await media(answer.body.data.image_url);
    expect([served.status, served.type]).toEqual([200, 'image/png']);
    expect(served.body).toEqual(PNG);

    // The list names the image by its service URL once the images domain fills it in.
    const listed = (await send<WebCategory[]>('GET', '/productwebcategories/list/')).body.data;
    const entry = listed.find((c) => c.id === 2)!;
    expect(entry.last_changed_ts).toBe(row.last_changed_ts);
    demo.h.core.rest.images.fillCategoryImageUrls(1, listed, (key) => `${demo.h.url}/media/${key}`);
    expect(entry.image_url).toBe(answer.body.data.image_url);
    expect(listed.find((c) => c.id === 3)!.image_url).toMatch(/^https:\/\/cdn\./);
  });

  it('replacing again removes the previous stored file; texts not sent become empty', async () => {
    const previous = category(2).image_path as string;
    const answer = await upload(2, form([['file', GIF, 'new.gif', 'image/gif']]));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const row = category(2);
    expect(row).toMatchObject({ image_title: '', image_description: '', image_alt_text: '', image_url: null });
    expect(row.image_path).toMatch(/\.gif$/);
    expect(existsSync(join(demo.h.dataDir, 'files', previous))).toBe(false);
    expect(existsSync(join(demo.h.dataDir, 'files', row.image_path as string))).toBe(true);
    expect(storedFiles(demo.h).filter((f) => f.startsWith('web-categories/'))).toEqual([row.image_path]);
  });

  it('refuses a non-image, an SVG, a missing file, unknown fields and over-long texts, naming them; nothing changes', async () => {
    const cases: Array<[FormData, RegExp]> = [
      [form([['file', PDF, 'banner.png', 'image/png']]), /file: 'banner\.png' is application\/pdf, not an accepted image/],
      [form([['file', SVG, 'banner.svg', 'image/svg+xml']]), /file: 'banner\.svg' is image\/svg\+xml: SVG images are refused/],
      [form([['title', 'no file']]), /^file: required field is missing/],
      [form([['name', 'Moda noua'], ['file', PNG, 'a.png']]), /name: unknown field/],
      [form([['title', 't'.repeat(256)], ['file', PNG, 'a.png']]), /^title: /],
      [form([['description', 'd'.repeat(2001)], ['file', PNG, 'a.png']]), /^description: /],
      [form([['file', PNG, 'a.png'], ['file', PNG, 'b.png']]), /file: only one file per request/],
    ];
    for (const [body, pattern] of cases) {
      const before = snapshot();
      expectRefused(await upload(3, body), 400, pattern);
      expect(snapshot()).toEqual(before);
    }
  });

  it('answers 413 for a file over 10 MiB; nothing changes', async () => {
    const before = snapshot();
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG.length)]);
    expectRefused(await upload(3, form([['file', big, 'big.png', 'image/png']])), 413, /file: larger than the limit/);
    expect(snapshot()).toEqual(before);
  });

  it('answers 404 for an absent, deleted or other account\'s category, 415 for JSON; nothing changes', async () => {
    for (const id of [99999999, DELETED, OTHER_CATEGORY]) {
      const before = snapshot();
      expectRefused(await upload(id, form([['file', PNG, 'a.png']])), 404, new RegExp(`web category ${id} does not exist`));
      expect(snapshot()).toEqual(before);
    }
    const before = snapshot();
    expectRefused(
      await send('POST', '/productwebcategories/3/image/', '{}'),
      415,
    );
    expect(snapshot()).toEqual(before);
  });

  it('keeps the old image and leaves no new file when the row cannot be written', async () => {
    await withFailingTrigger(demo.h, 'refuse_category', 'BEFORE UPDATE ON web_categories WHEN OLD.id = 2', async () => {
      const before = snapshot();
      expect((await upload(2, form([['file', PNG, 'a.png']]))).status).toBe(500);
      expect(snapshot()).toEqual(before);
    });
  });
});

describe('DELETE /productwebcategories/{category_id}/', () => {
  it('soft-deletes the category and every live subcategory below it; product links and other categories stay', async () => {
    const others = all('SELECT * FROM web_categories WHERE id NOT IN (?, ?, ?) ORDER BY id', TREE_ROOT, TREE_ROOT + 1, TREE_ROOT + 2);
    const links = all('SELECT * FROM product_web_categories ORDER BY product_id, web_category_id');
    const linked = one<{ product_id: number }>('SELECT product_id FROM product_web_categories WHERE web_category_id = ?', TREE_ROOT).product_id;
    expect((await send<ProductDetail>('GET', `/product/${linked}/`)).body.data.web_categories.map((w) => w.web_category_id)).toContain(TREE_ROOT);
    const before = nowTs();

    const answer = await send<WebCategoryDeleted>('DELETE', `/productwebcategories/${TREE_ROOT}/`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // 990043 was deleted already and stays as it was; 990044 below it is deleted now.
    expect(answer.body.data).toEqual({ deleted_category_id: TREE_ROOT, deleted_category_ids: [TREE_ROOT, TREE_ROOT + 1, TREE_ROOT + 2, TREE_ROOT + 4] });
    for (const id of [TREE_ROOT, TREE_ROOT + 1, TREE_ROOT + 2, TREE_ROOT + 4]) {
      const row = category(id);
      expect(row.deleted).toBe(1);
      expect((row.last_changed_ts as string) >= before).toBe(true);
    }
    expect(category(TREE_ROOT + 3)).toMatchObject({ deleted: 1, last_changed_ts: '2025-01-01 00:00:00' });
    expect(all('SELECT * FROM web_categories WHERE id NOT IN (?, ?, ?, ?, ?) ORDER BY id', TREE_ROOT, TREE_ROOT + 1, TREE_ROOT + 2, TREE_ROOT + 3, TREE_ROOT + 4))
      .toEqual((others as Array<{ id: number }>).filter((c) => c.id !== TREE_ROOT + 3 && c.id !== TREE_ROOT + 4));
    expect(all('SELECT * FROM product_web_categories ORDER BY product_id, web_category_id')).toEqual(links);

    // The list flags it; the product no longer shows it; it is gone for the write endpoints.
    const listed = (await send<WebCategory[]>('GET', '/productwebcategories/list/')).body.data;
    expect(listed.find((c) => c.id === TREE_ROOT)).toMatchObject({ deleted: 1 });
    expect((await send<ProductDetail>('GET', `/product/${linked}/`)).body.data.web_categories.map((w) => w.web_category_id)).not.toContain(TREE_ROOT);
    const after = snapshot();
    expectRefused(await send('DELETE', `/productwebcategories/${TREE_ROOT}/`), 404, new RegExp(`web category ${TREE_ROOT} does not exist`));
    expectRefused(await upload(TREE_ROOT + 1, form([['file', PNG, 'a.png']])), 404);
    expect(snapshot()).toEqual(after);
  });

  it('a category with an image keeps its row and file (soft deletion)', async () => {
    const stored = await upload(4, form([['file', PNG, 'copii.png']]));
    expect(stored.status).toBe(200);
    const answer = await send<WebCategoryDeleted>('DELETE', '/productwebcategories/4/');
    expect(answer.body.data).toEqual({ deleted_category_id: 4, deleted_category_ids: [4] });
    expect(category(4)).toMatchObject({ deleted: 1, image_path: expect.stringMatching(/^web-categories\//) });
    expect((await media(stored.body.data.image_url)).status).toBe(200);
  });

  it('answers 404 for an absent, already deleted or other account\'s category, 400 for a bad id; nothing changes', async () => {
    for (const id of [99999999, DELETED, OTHER_CATEGORY]) {
      const before = snapshot();
      expectRefused(await send('DELETE', `/productwebcategories/${id}/`), 404, new RegExp(`web category ${id} does not exist`));
      expect(snapshot()).toEqual(before);
    }
    const before = snapshot();
    expectRefused(await send('DELETE', '/productwebcategories/0/'), 400, /category_id/);
    expect(snapshot()).toEqual(before);
  });
});
