import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoredProductImage } from '../../shared/domain/images.ts';
import { nowTs, otherAccount, otherAccountProduct, PDF, PNG, storedFiles, SVG } from './fixtures.ts';
import { queries, useDemo, withFailingTrigger, writeSql, type Answer } from './harness.ts';
import { expectRefusal, media, restSend } from './requests.ts';

// PUT /product/{product_id}/image/: an image by URL, stored as is or downloaded (catalogue
// setting accounts.catalogue_download_images). Downloads go to a real HTTP server on 127.0.0.1.

const OTHER_PRODUCT = 990012;

let product: number;
let deletedProduct: number;

// The image server: every path the download can meet.
let images: Server;
let base: string;
let closedPort: number;
const hits: string[] = [];
const CHUNK = Buffer.alloc(64 * 1024, 1);

function serve(path: string, response: import('node:http').ServerResponse): void {
  switch (path) {
    case '/img.png':
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);
      return;
    case '/img-no-length.png':
      response.writeHead(200, { 'content-type': 'image/png; charset=binary' });
      response.write(PNG.subarray(0, 10));
      response.end(PNG.subarray(10));
      return;
    case '/redirect':
      response.writeHead(302, { location: '/img.png' }).end();
      return;
    case '/redirect-absolute':
      response.writeHead(301, { location: `${base}/redirect` }).end();
      return;
    case '/loop':
      response.writeHead(302, { location: '/loop' }).end();
      return;
    case '/to-ftp':
      response.writeHead(302, { location: 'ftp://127.0.0.1/img.png' }).end();
      return;
    case '/missing.png':
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    case '/fake.png': // a PDF served as image/png
      response.writeHead(200, { 'content-type': 'image/png' }).end(PDF);
      return;
    case '/logo.svg':
      response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
      return;
    case '/page.png': // a real PNG served as text/html
      response.writeHead(200, { 'content-type': 'text/html' }).end(PNG);
      return;
    case '/untyped.png':
      response.writeHead(200).end(PNG);
      return;
    case '/slow.png': { // headers at once, the body never completes
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(PNG.subarray(0, 8));
      const timer = setTimeout(() => response.end(PNG.subarray(8)), 5000);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    case '/slow-headers.png': { // no answer at all for a while
      const timer = setTimeout(() => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG), 5000);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    case '/huge.png': { // a PNG that never ends, no Content-Length: the reading must stop
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(PNG);
      const pump = () => {
        while (!response.destroyed && response.write(CHUNK));
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
      return;
    }
    case '/huge-declared.png': // announces 20 MiB
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': 20 * 1024 * 1024 });
      response.write(PNG);
      return;
    default:
      response.writeHead(404).end();
  }
}

beforeAll(async () => {
  images = createServer((request, response) => {
    hits.push(request.url!);
    serve(request.url!, response);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  // A port nobody listens on: bound, read, closed again.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(async () => {
  images?.closeAllConnections();
  await new Promise((resolve) => images?.close(resolve));
});

const demo = useDemo({
  prepare(writable) {
    writable.exec(`
      ${otherAccount()}
      ${otherAccountProduct(OTHER_PRODUCT)}
    `);
  },
});
const { one, all, value } = queries(demo);
const send = restSend(demo);

beforeAll(() => {
  product = value('SELECT id FROM products WHERE company_id = 1 AND deleted = 0 ORDER BY id LIMIT 1');
  deletedProduct = value('SELECT id FROM products WHERE company_id = 1 AND deleted = 1 ORDER BY id LIMIT 1');
});

/** Switches the catalogue setting in the SQLite file, as the account's administration would. */
function setDownload(on: boolean): void {
  writeSql(demo.h, 'UPDATE accounts SET catalogue_download_images = ? WHERE company_id = 1', on ? 1 : 0);
}

const put = (productId: number, body: unknown) => send<StoredProductImage>('PUT', `/product/${productId}/image/`, body);

function snapshot() {
  return {
    images: all('SELECT * FROM product_images ORDER BY id'),
    products: all('SELECT id, last_changed_ts FROM products WHERE id IN (?, ?, ?)', product, deletedProduct, OTHER_PRODUCT),
    files: storedFiles(demo.h),
  };
}

/** A refusal in the envelope (its data is not checked), each pattern matching the messages joined. */
const expectRefused = (answer: Answer, status: number, ...patterns: RegExp[]) => expectRefusal(answer, status, patterns, { joined: true, noData: false });

/**
 * The answer of `call` and the lines the service wrote for the admin meanwhile: the caller learns
 * only "download failed", the reason goes to stderr (electron/core/outbound, reportOutbound).
 */
async function withAdminLog<T>(call: () => Promise<T>): Promise<[T, string]> {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    const answer = await call();
    return [answer, warn.mock.calls.map((args) => args.join(' ')).join('\n')];
  } finally {
    warn.mockRestore();
  }
}

const imageRow = (id: number) => one('SELECT * FROM product_images WHERE id = ?', id);
const nextPosition = () =>
  value('SELECT COALESCE(MAX(position) + 1, 0) AS p FROM product_images WHERE product_id = ?', product);

describe('PUT /product/{product_id}/image/, URL stored as is (catalogue setting off)', () => {
  it('stores the URL exactly as sent, with its texts, after the existing images; the URL is not contacted', async () => {
    setDownload(false);
    const position = nextPosition();
    const before = nowTs();
    const seen = hits.length;
    const url = `${base}/img.png?size=large&v=2`;
    const answer = await put(product, { url, title: 'Spate', description: 'Vedere din spate', alt_text: 'Produs din spate' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const row = imageRow(answer.body.data.image_id);
    expect(row).toMatchObject({
      company_id: 1, product_id: product, url, storage_path: null, mime_type: 'image/png', size_bytes: 0,
      title: 'Spate', description: 'Vedere din spate', alt_text: 'Produs din spate', position,
    });
    expect(answer.body.data).toEqual({
      product_id: product, image_id: row.id, url, storage: 'url', title: 'Spate', description: 'Vedere din spate',
      alt_text: 'Produs din spate', position, mime_type: 'image/png', size_bytes: 0, created_ts: row.created_ts,
      // Never contacted, so no smaller version: every URL is the one stored.
      cover_picture: position === 0 ? 1 : 0, img_url_thumb: url, img_url_normal: url,
    });
    expect((row.created_ts as string) >= before).toBe(true);
    expect(value<string>('SELECT last_changed_ts FROM products WHERE id = ?', product)).toBe(row.created_ts);
    expect(hits.length).toBe(seen);
    // The read side lists it with its URL.
    const listed = (await send<Array<{ image_id: number; url: string; storage: string }>>('GET', `/product/${product}/images/`)).body.data;
    expect(listed.find((i) => i.image_id === row.id)).toMatchObject({ url, storage: 'url' });
  });

  it('accepts the spec\'s spelling URL, texts left out default to empty, an unknown extension gives no type', async () => {
    setDownload(false);
    const answer = await put(product, { URL: 'https://cdn.example.invalid/catalog/item' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ url: 'https://cdn.example.invalid/catalog/item', storage: 'url', mime_type: '', title: '', description: '', alt_text: '' });
  });

  it('refuses a missing, relative, non-http(s), credentialed, blank-containing or over-long URL, both spellings, unknown fields, long texts', async () => {
    setDownload(false);
    const cases: Array<[unknown, RegExp]> = [
      [{ title: 'no url' }, /^url: required field is missing/],
      [{ url: '' }, /^url: /],
      [{ url: '/images/a.png' }, /url: '\/images\/a\.png' is not an absolute URL/],
      [{ url: 'ftp://example.invalid/a.png' }, /url: only http and https URLs are accepted, not ftp:/],
      [{ URL: 'javascript:alert(1)' }, /URL: only http and https URLs are accepted/],
      [{ url: 'file:///etc/passwd' }, /url: only http and https URLs are accepted, not file:/],
      [{ url: 'https://user:secret@example.invalid/a.png' }, /url: must not carry credentials/],
      [{ url: 'https://example.invalid/a b.png' }, /url: must not contain spaces/],
      [{ url: `https://example.invalid/${'a'.repeat(2048)}.png` }, /^url: /],
      [{ url: 'https://example.invalid/a.png', URL: 'https://example.invalid/b.png' }, /URL: send url or URL, not both/],
      [{ url: 'https://example.invalid/a.png', position: 1 }, /position: unknown field/],
      [{ url: 'https://example.invalid/a.png', title: 't'.repeat(256) }, /^title: /],
      [{ url: 'https://example.invalid/a.png', alt_text: 'a'.repeat(256) }, /^alt_text: /],
      [{ url: 42 }, /^url: /],
    ];
    for (const [body, pattern] of cases) {
      const before = snapshot();
      expectRefused(await put(product, body), 400, pattern);
      expect(snapshot()).toEqual(before);
    }
  });

  it('answers 404 for an absent, deleted or other account\'s product, 415 for a body that is not JSON', async () => {
    setDownload(false);
    for (const id of [99999999, deletedProduct, OTHER_PRODUCT]) {
      const before = snapshot();
      expectRefused(await put(id, { url: 'https://example.invalid/a.png' }), 404, new RegExp(`product ${id} does not exist`));
      expect(snapshot()).toEqual(before);
    }
    const before = snapshot();
    const body = new FormData();
    body.append('url', 'https://example.invalid/a.png');
    expectRefused(await send('PUT', `/product/${product}/image/`, body), 415, /application\/json/);
    expect(snapshot()).toEqual(before);
  });
});

describe('PUT /product/{product_id}/image/, downloaded (catalogue setting on)', () => {
  it('downloads the image into local storage and serves it at its service URL', async () => {
    setDownload(true);
    const position = nextPosition();
    const answer = await put(product, { url: `${base}/img.png`, title: 'Descarcata' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const row = imageRow(answer.body.data.image_id);
    expect(row).toMatchObject({ url: null, mime_type: 'image/png', size_bytes: PNG.length, title: 'Descarcata', position });
    expect(row.storage_path).toMatch(/^products\/[0-9a-f]{32}\.png$/);
    expect(answer.body.data).toMatchObject({ storage: 'local', url: `${demo.h.url}/media/${row.storage_path as string}`, size_bytes: PNG.length });
    expect(readFileSync(join(demo.h.dataDir, 'files', row.storage_path as string))).toEqual(PNG);
    const served = await media(answer.body.data.url);
    expect([served.status, served.type]).toEqual([200, 'image/png']);
    expect(served.body).toEqual(PNG);
  });

  it('follows redirects (relative and absolute), reads a body without Content-Length', async () => {
    setDownload(true);
    for (const path of ['/redirect', '/redirect-absolute', '/img-no-length.png']) {
      const answer = await put(product, { url: `${base}${path}` });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.data).toMatchObject({ storage: 'local', mime_type: 'image/png', size_bytes: PNG.length });
    }
  });

  it('refuses every failed download with a 400 "url: download failed" (nothing about the target); the reason goes to the admin; nothing is written', async () => {
    setDownload(true);
    const url = (path: string) => `${base}${path}`;
    const cases: Array<[string, RegExp]> = [
      ['/missing.png', new RegExp(`${url('/missing.png')} answered HTTP 404`)],
      ['/fake.png', new RegExp(`the content of ${url('/fake.png')} is application/pdf, not an accepted image`)],
      ['/logo.svg', /the content of .* is image\/svg\+xml: SVG images are refused/],
      ['/page.png', /.*\/page\.png answered Content-Type 'text\/html', not an image\/\* type/],
      ['/untyped.png', /.*\/untyped\.png answered Content-Type 'none'/],
      ['/huge.png', /.*\/huge\.png is larger than the limit of 10485760 bytes; stopped/],
      ['/huge-declared.png', /.*\/huge-declared\.png is 20971520 bytes, larger than the limit of 10485760 bytes/],
      ['/loop', /.*\/loop took more than 5 redirects/],
      ['/to-ftp', /.*\/to-ftp redirects to ftp: \(only http and https are followed\)/],
    ];
    for (const [path, reason] of cases) {
      const before = snapshot();
      const [answer, log] = await withAdminLog(() => put(product, { url: url(path) }));
      expectRefused(answer, 400, /^url: download failed$/);
      expect(answer.body.messages).toEqual(['url: download failed']);
      expect(log).toMatch(reason);
      expect(snapshot()).toEqual(before);
    }
    const before = snapshot();
    const refused = `http://127.0.0.1:${closedPort}/img.png`;
    const [answer, log] = await withAdminLog(() => put(product, { URL: refused }));
    expectRefused(answer, 400, /^URL: download failed$/);
    expect(log).toMatch(new RegExp(`${refused}\\): .*ECONNREFUSED`));
    expect(snapshot()).toEqual(before);
  });

  it('stops a download over its time limit with a 400 naming url; nothing is written', async () => {
    setDownload(true);
    const limits = demo.h.core.rest.images.downloadLimits;
    const saved = limits.timeoutMs;
    limits.timeoutMs = 400;
    try {
      for (const path of ['/slow.png', '/slow-headers.png']) {
        const before = snapshot();
        const [answer, log] = await withAdminLog(() => put(product, { url: `${base}${path}` }));
        expectRefused(answer, 400, /^url: download failed$/);
        // The service's own reason says the time limit ended it (no wall-clock assertion here).
        expect(log).toMatch(new RegExp(`${base}${path}\\): took longer than 0.4 s`));
        expect(snapshot()).toEqual(before);
      }
    } finally {
      limits.timeoutMs = saved;
    }
  });

  it('checks the product before downloading anything', async () => {
    setDownload(true);
    const seen = hits.length;
    const before = snapshot();
    expectRefused(await put(deletedProduct, { url: `${base}/img.png` }), 404);
    expect(hits.length).toBe(seen);
    expect(snapshot()).toEqual(before);
  });

  it('removes the downloaded file again when the row cannot be written', async () => {
    setDownload(true);
    await withFailingTrigger(demo.h, 'refuse_image', 'BEFORE INSERT ON product_images', async () => {
      const before = snapshot();
      expect((await put(product, { url: `${base}/img.png` })).status).toBe(500);
      expect(snapshot()).toEqual(before);
    });
  });
});
