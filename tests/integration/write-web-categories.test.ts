import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join, relative } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../electron/core/create-core.ts';
import { formatTimestamp } from '../../electron/core/time.ts';
import type { WebCategoryDeleted, WebCategoryImage } from '../../shared/domain/images.ts';
import type { ProductDetail } from '../../shared/domain/products.ts';
import type { WebCategory } from '../../shared/domain/reference.ts';
import { startHarness, type Answer, type Harness } from './harness.ts';

// POST /productwebcategories/{category_id}/image/ and DELETE /productwebcategories/{category_id}/.

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

// Seed: 1 'Casa si bucatarie' (parent of 6 'Bacanie fina'), 2..5 top level with images, 7, 8 (deleted).
const OTHER_CATEGORY = 990031;
const TREE_ROOT = 990040; // 990040 > 990041 > 990042, and 990043 (already deleted) > 990044
const DELETED = 8;

let h: Harness;
let user: [string, string];
let db: BetterSqlite3.Database;

beforeAll(async () => {
  h = await startHarness();
  user = await h.apiUser();
  const writable = new BetterSqlite3(join(h.dataDir, DATABASE_FILE));
  writable.exec(`
    INSERT INTO accounts (company_id, name, rest_enabled, created_ts) VALUES (2, 'Other SRL', 1, '2026-01-01 00:00:00');
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
  writable.close();
  db = new BetterSqlite3(join(h.dataDir, DATABASE_FILE), { readonly: true });
});
afterAll(async () => {
  db?.close();
  await h?.close();
});

function form(parts: Array<[string, string] | [string, Buffer, string, string?]>): FormData {
  const body = new FormData();
  for (const part of parts) {
    if (typeof part[1] === 'string') body.append(part[0], part[1]);
    else body.append(part[0], new Blob([part[1]], { type: part[3] ?? 'application/octet-stream' }), part[2]);
  }
  return body;
}

const upload = (categoryId: number, body: FormData) =>
  h.rest<WebCategoryImage>('POST', `/1/productwebcategories/${categoryId}/image/`, user, { body });

function storedFiles(): string[] {
  const root = join(h.dataDir, 'files');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Array<{ isFile(): boolean; parentPath: string; name: string }>)
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

function snapshot() {
  return {
    categories: db.prepare('SELECT * FROM web_categories ORDER BY id').all(),
    links: db.prepare('SELECT * FROM product_web_categories ORDER BY product_id, web_category_id').all(),
    files: storedFiles(),
  };
}

function expectRefused(answer: Answer, status: number, ...patterns: RegExp[]) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.is_error).toBe(true);
  expect(answer.body.http_code).toBe(status);
  expect(answer.body.data).toBeNull();
  for (const pattern of patterns) expect(answer.body.messages.join(' | ')).toMatch(pattern);
}

function media(url: string): Promise<{ status: number; type: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, type: response.headers['content-type'], body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

const category = (id: number) => db.prepare('SELECT * FROM web_categories WHERE id = ?').get(id) as Record<string, unknown>;

describe('POST /productwebcategories/{category_id}/image/', () => {
  it('replaces the category image (an external URL before) with the stored file, its texts and a new last_changed_ts', async () => {
    expect(category(2)).toMatchObject({ image_path: null, image_url: expect.stringMatching(/^https:/) });
    const before = formatTimestamp(new Date());
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
      image_url: `${h.url}/media/${row.image_path as string}`,
      image_title: 'Moda',
      image_description: 'Colectia de toamna',
      image_alt_text: 'Haine de toamna',
      mime_type: 'image/png',
      size_bytes: PNG.length,
      last_changed_ts: row.last_changed_ts,
    });
    expect(readFileSync(join(h.dataDir, 'files', row.image_path as string))).toEqual(PNG);
    const served = await media(answer.body.data.image_url);
    expect([served.status, served.type]).toEqual([200, 'image/png']);
    expect(served.body).toEqual(PNG);

    // The list names the image by its service URL once the images domain fills it in.
    const listed = (await h.rest<WebCategory[]>('GET', '/1/productwebcategories/list/', user)).body.data;
    const entry = listed.find((c) => c.id === 2)!;
    expect(entry.last_changed_ts).toBe(row.last_changed_ts);
    h.core.rest.images.fillCategoryImageUrls(1, listed, (key) => `${h.url}/media/${key}`);
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
    expect(existsSync(join(h.dataDir, 'files', previous))).toBe(false);
    expect(existsSync(join(h.dataDir, 'files', row.image_path as string))).toBe(true);
    expect(storedFiles().filter((f) => f.startsWith('web-categories/'))).toEqual([row.image_path]);
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
      await h.rest('POST', '/1/productwebcategories/3/image/', user, { headers: { 'content-type': 'application/json' }, body: '{}' }),
      415,
    );
    expect(snapshot()).toEqual(before);
  });

  it('keeps the old image and leaves no new file when the row cannot be written', async () => {
    const writable = new BetterSqlite3(join(h.dataDir, DATABASE_FILE));
    writable.exec(`CREATE TRIGGER refuse_category BEFORE UPDATE ON web_categories WHEN OLD.id = 2
                   BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`);
    try {
      const before = snapshot();
      expect((await upload(2, form([['file', PNG, 'a.png']]))).status).toBe(500);
      expect(snapshot()).toEqual(before);
    } finally {
      writable.exec('DROP TRIGGER refuse_category');
      writable.close();
    }
  });
});

describe('DELETE /productwebcategories/{category_id}/', () => {
  it('soft-deletes the category and every live subcategory below it; product links and other categories stay', async () => {
    const others = db.prepare('SELECT * FROM web_categories WHERE id NOT IN (?, ?, ?) ORDER BY id').all(TREE_ROOT, TREE_ROOT + 1, TREE_ROOT + 2);
    const links = db.prepare('SELECT * FROM product_web_categories ORDER BY product_id, web_category_id').all();
    const linked = (db.prepare('SELECT product_id FROM product_web_categories WHERE web_category_id = ?').get(TREE_ROOT) as { product_id: number }).product_id;
    expect((await h.rest<ProductDetail>('GET', `/1/product/${linked}/`, user)).body.data.web_categories.map((w) => w.web_category_id)).toContain(TREE_ROOT);
    const before = formatTimestamp(new Date());

    const answer = await h.rest<WebCategoryDeleted>('DELETE', `/1/productwebcategories/${TREE_ROOT}/`, user);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // 990043 was deleted already and stays as it was; 990044 below it is deleted now.
    expect(answer.body.data).toEqual({ deleted_category_id: TREE_ROOT, deleted_category_ids: [TREE_ROOT, TREE_ROOT + 1, TREE_ROOT + 2, TREE_ROOT + 4] });
    for (const id of [TREE_ROOT, TREE_ROOT + 1, TREE_ROOT + 2, TREE_ROOT + 4]) {
      const row = category(id);
      expect(row.deleted).toBe(1);
      expect((row.last_changed_ts as string) >= before).toBe(true);
    }
    expect(category(TREE_ROOT + 3)).toMatchObject({ deleted: 1, last_changed_ts: '2025-01-01 00:00:00' });
    expect(db.prepare('SELECT * FROM web_categories WHERE id NOT IN (?, ?, ?, ?, ?) ORDER BY id').all(TREE_ROOT, TREE_ROOT + 1, TREE_ROOT + 2, TREE_ROOT + 3, TREE_ROOT + 4))
      .toEqual((others as Array<{ id: number }>).filter((c) => c.id !== TREE_ROOT + 3 && c.id !== TREE_ROOT + 4));
    expect(db.prepare('SELECT * FROM product_web_categories ORDER BY product_id, web_category_id').all()).toEqual(links);

    // The list flags it; the product no longer shows it; it is gone for the write endpoints.
    const listed = (await h.rest<WebCategory[]>('GET', '/1/productwebcategories/list/', user)).body.data;
    expect(listed.find((c) => c.id === TREE_ROOT)).toMatchObject({ deleted: 1 });
    expect((await h.rest<ProductDetail>('GET', `/1/product/${linked}/`, user)).body.data.web_categories.map((w) => w.web_category_id)).not.toContain(TREE_ROOT);
    const after = snapshot();
    expectRefused(await h.rest('DELETE', `/1/productwebcategories/${TREE_ROOT}/`, user), 404, new RegExp(`web category ${TREE_ROOT} does not exist`));
    expectRefused(await upload(TREE_ROOT + 1, form([['file', PNG, 'a.png']])), 404);
    expect(snapshot()).toEqual(after);
  });

  it('a category with an image keeps its row and file (soft deletion)', async () => {
    const stored = await upload(4, form([['file', PNG, 'copii.png']]));
    expect(stored.status).toBe(200);
    const answer = await h.rest<WebCategoryDeleted>('DELETE', '/1/productwebcategories/4/', user);
    expect(answer.body.data).toEqual({ deleted_category_id: 4, deleted_category_ids: [4] });
    expect(category(4)).toMatchObject({ deleted: 1, image_path: expect.stringMatching(/^web-categories\//) });
    expect((await media(stored.body.data.image_url)).status).toBe(200);
  });

  it('answers 404 for an absent, already deleted or other account\'s category, 400 for a bad id; nothing changes', async () => {
    for (const id of [99999999, DELETED, OTHER_CATEGORY]) {
      const before = snapshot();
      expectRefused(await h.rest('DELETE', `/1/productwebcategories/${id}/`, user), 404, new RegExp(`web category ${id} does not exist`));
      expect(snapshot()).toEqual(before);
    }
    const before = snapshot();
    expectRefused(await h.rest('DELETE', '/1/productwebcategories/0/', user), 400, /category_id/);
    expect(snapshot()).toEqual(before);
  });
});
