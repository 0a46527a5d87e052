import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { THUMB_MAX_PX } from '../../shared/domain/images.ts';
import { expectOk, orderableProducts, r2, useOrderDemo, type Row } from './orders.ts';
import { media, multipart, restSend } from './requests.ts';

// /product/list/ (JSON, CSV, XML), the connector feed and /contacts/list/ read as public clients
// of the real service read them (../shared/docs/real-service.md): the keys and their JSON types,
// flags as integers, images[] with absolute URLs and a real thumbnail, and none of our old
// duplicate names.

const clock = { t: new Date('2026-11-17T08:00:00Z'), now() { return this.t; } };
const { demo, one, all, send: sendOrder } = useOrderDemo(clock);
const send = restSend<Row>(demo);

async function list(path: string): Promise<Row[]> {
  const answer = await demo.h.rest<Row[]>('GET', `/1${path}`, demo.user, { redirect: 'error' });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body.messages)}`).toBe(200);
  expect(answer.body.is_error).toBe(false);
  return answer.body.data;
}

/** A CSV or XML export (outside the envelope), as text. */
async function exported(path: string): Promise<string> {
  const response = await fetch(`${demo.h.url}/app/rest/v1/1${path}`, {
    headers: { authorization: `Basic ${Buffer.from(demo.user.join(':')).toString('base64')}` },
  });
  expect(response.status, path).toBe(200);
  return response.text();
}

const isFlag = (value: unknown) => value === 0 || value === 1;
const ABSOLUTE = /^https?:\/\/[^/]+\//;

const PRODUCT_REAL_KEYS = ['custom_barcode', 'cod_intern', 'is_deleted', 'is_archived', 'delistat'];
const IMAGE_REAL_KEYS = ['cover_picture', 'img_url_thumb', 'img_url_normal'];

/** A JPEG photo of `width` x `height`, as a shop uploads one. */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } }).jpeg().toBuffer();

function checkProductRow(row: Row): void {
  expect(typeof row.cod_produs).toBe('string');
  expect(typeof row.barcode).toBe('string');
  expect(row.custom_barcode).toBe(row.barcode);
  expect(typeof row.cod_intern).toBe('string');
  for (const flag of ['is_deleted', 'is_archived', 'delistat', 'deleted', 'website_published', 'sellable']) {
    expect(isFlag(row[flag]), `${flag} of ${row.product_id}: ${JSON.stringify(row[flag])}`).toBe(true);
  }
  expect(row.is_deleted).toBe(row.deleted);
  expect(row).not.toHaveProperty('archived');
  for (const key of ['stoc_global', 'stock_reserved', 'stock_available', 'pret_vanzare', 'pret_vanzare_cu_tva', 'cota_tva_vanzare']) {
    expect(typeof row[key], key).toBe('number');
  }
}

/** A live, sellable product without images, and the JPEG uploaded to it (its cover) with a second one. */
let pictured: number;
let uploaded: Row[];

beforeAll(async () => {
  pictured = one<{ id: number }>(
    `SELECT id FROM products WHERE company_id = 1 AND deleted = 0 AND is_sellable = 1
        AND id NOT IN (SELECT product_id FROM product_images) ORDER BY id LIMIT 1`,
  ).id;
  uploaded = [];
  for (const [name, width, height] of [['front.jpg', 800, 600], ['back.jpg', 640, 960]] as const) {
    const answer = await send('POST', `/product/${pictured}/image/`, multipart([['file', await photo(width, height), name, 'image/jpeg']]));
    uploaded.push(expectOk(answer));
  }
});

describe('products: the real service keys', () => {
  it('every row: cod_produs a string, custom_barcode beside barcode, cod_intern, flags 0/1 (is_archived, delistat), no archived', async () => {
    const rows = await list('/product/list/cont:all/show_deleted:1/page:1/');
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) checkProductRow(row);
    // The demo's values: an internal code per product, delisted products among the live ones.
    const stored = all<{ id: number; archived: number; delisted: number; cod_intern: string }>(
      'SELECT id, archived, delisted, cod_intern FROM products WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id',
      JSON.stringify(rows.map((r) => r.product_id)),
    );
    expect(rows.map((r) => [r.product_id, r.is_archived, r.delistat, r.cod_intern])).toEqual(stored.map((s) => [s.id, s.archived, s.delisted, s.cod_intern]));
    for (const row of rows) expect(row.cod_intern).toMatch(/^\d+-[A-Z]{4}$/);
    expect(rows.some((r) => r.delistat === 1 && r.is_archived === 0 && r.is_deleted === 0)).toBe(true);
    expect(rows.filter((r) => r.is_archived === 1).every((r) => r.delistat === 1)).toBe(true);
  });

  it('include:images: cover_picture on the first image only, absolute img_url_thumb / img_url_normal', async () => {
    const rows = await list('/product/list/include:images/page:1/');
    const withImages = rows.filter((r) => (r.images as Row[]).length > 0);
    expect(withImages.length).toBeGreaterThan(0);
    for (const row of withImages) {
      const images = row.images as Row[];
      expect(images.map((i) => i.cover_picture)).toEqual(images.map((_, k) => (k === 0 ? 1 : 0)));
      for (const image of images) {
        for (const key of IMAGE_REAL_KEYS) expect(image, key).toHaveProperty(key);
        expect(image.img_url_normal).toMatch(ABSOLUTE);
        expect(image.img_url_thumb).toMatch(ABSOLUTE);
        // The demo's images are URLs stored as is: never contacted, so every version is that URL.
        if (image.storage === 'url') expect([image.img_url_thumb, image.img_url_normal]).toEqual([image.url, image.url]);
      }
    }
  });

  it('an uploaded image: its thumbnail is a real, smaller image served by the service (made once, then kept)', async () => {
    const [row] = await list(`/product/list/id:${pictured}/include:images/`);
    const images = row!.images as Row[];
    expect(images.map((i) => [i.image_id, i.cover_picture])).toEqual([[uploaded[0]!.image_id, 1], [uploaded[1]!.image_id, 0]]);
    for (const [k, [width, height]] of ([[800, 600], [640, 960]] as const).entries()) {
      const image = images[k]!;
      expect(image.img_url_normal).toBe(`${demo.h.url}/media/${one<{ p: string }>('SELECT storage_path AS p FROM product_images WHERE id = ?', image.image_id).p}`);
      expect(image.img_url_normal).toBe(image.url);
      expect(image.img_url_thumb).toBe(String(image.url).replace('/media/', '/media/thumb/'));
      // Fetched as a browser would: no credentials.
      const normal = await media(image.img_url_normal as string);
      const thumb = await media(image.img_url_thumb as string);
      expect([normal.status, thumb.status, thumb.type]).toEqual([200, 200, 'image/jpeg']);
      const full = await sharp(normal.body).metadata();
      const small = await sharp(thumb.body).metadata();
      expect([full.width, full.height]).toEqual([width, height]);
      expect(small.format).toBe('jpeg');
      expect(Math.max(small.width, small.height)).toBe(THUMB_MAX_PX);
      expect(small.width).toBeLessThan(full.width);
      expect(small.width / small.height).toBeCloseTo(width / height, 1);
      expect(thumb.body.length).toBeLessThan(normal.body.length);
      // Kept in the data folder: a second request answers the same file.
      const key = String(image.url).split('/media/')[1]!;
      expect(existsSync(join(demo.h.dataDir, 'files', 'thumbs', key))).toBe(true);
      expect((await media(image.img_url_thumb as string)).body).toEqual(thumb.body);
    }
    // The same URLs in the detail and the image list, on the Host the caller used.
    const detail = expectOk(await send('GET', `/product/${pictured}/`));
    expect(detail.images).toEqual(images);
    const viaLocalhost = await fetch(`${demo.h.url.replace('127.0.0.1', 'localhost')}/app/rest/v1/1/product/${pictured}/images/`, {
      headers: { authorization: `Basic ${Buffer.from(demo.user.join(':')).toString('base64')}` },
    });
    const listed = ((await viaLocalhost.json()) as { data: Row[] }).data;
    expect(listed[0]!.img_url_thumb).toMatch(/^http:\/\/localhost:\d+\/media\/thumb\/products\//);
  });

  it('an image the service cannot decode: its thumbnail link answers the file itself, never a 500; unknown keys 404', async () => {
    // JPEG magic numbers (accepted as a JPEG by content) followed by garbage.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0 not really a picture')]);
    const answer = expectOk(await send('POST', `/product/${pictured}/image/`, multipart([['file', broken, 'broken.jpg', 'image/jpeg']])));
    for (let attempt = 0; attempt < 2; attempt++) {
      const thumb = await media(answer.img_url_thumb as string);
      expect([thumb.status, thumb.body]).toEqual([200, broken]);
    }
    for (const path of ['/media/thumb/products/0123456789abcdef0123456789abcdef.jpg', '/media/thumb/../erp-workbench.sqlite', '/media/thumb/']) {
      const missing = await media(`${demo.h.url}${path}`);
      expect(missing.status, path).toBe(404);
    }
    await send('DELETE', `/product/${pictured}/images/`);
    // Deleting the images deletes their thumbnails too.
    const key = String(uploaded[0]!.url).split('/media/')[1]!;
    expect(existsSync(join(demo.h.dataDir, 'files', 'thumbs', key))).toBe(false);
    expect((await media(uploaded[0]!.img_url_thumb as string)).status).toBe(404);
  });

  it('CSV and XML carry the new keys; XML images carry the image keys with absolute URLs', async () => {
    const csv = (await exported('/product/list/format:csv/page:1/')).split('\r\n');
    const header = csv[0]!.split(',');
    expect(header).toEqual(expect.arrayContaining(['cod_produs', 'barcode', ...PRODUCT_REAL_KEYS]));
    expect(header).not.toContain('archived');
    const json = await list('/product/list/page:1/');
    const first = csv[1]!.split(',');
    for (const key of PRODUCT_REAL_KEYS) expect(first[header.indexOf(key)], key).toBe(String(json[0]![key]));

    const product = one<{ id: number }>('SELECT product_id AS id FROM product_images WHERE url IS NOT NULL ORDER BY id LIMIT 1').id;
    const xml = await exported(`/product/list/format:xml/id:${product}/cont:all/include:images/`);
    for (const key of PRODUCT_REAL_KEYS) expect(xml).toMatch(new RegExp(`<${key}>[^<]*</${key}>`));
    expect(xml).toMatch(/<image>.*<cover_picture>1<\/cover_picture><img_url_thumb>https?:\/\/[^<]+<\/img_url_thumb><img_url_normal>https?:\/\/[^<]+<\/img_url_normal><\/image>/);
    expect(xml).not.toContain('<archived>');
  });

  it('the connector feed has the same shape', async () => {
    const rows = await list('/connector/1/products/include:images/page:1/');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      checkProductRow(row);
      for (const image of row.images as Row[]) for (const key of IMAGE_REAL_KEYS) expect(image, key).toHaveProperty(key);
    }
  });
});

describe('contacts: the real service keys', () => {
  const CONTACT_STRINGS = ['name', 'vat_id', 'client_code', 'registration_nr', 'pricelist_name'];
  const ADDRESS_STRINGS = ['address', 'address2', 'city', 'county', 'postcode'];
  /** Our names of values the real service names otherwise (the spec names none of them). */
  const OLD_CONTACT = ['cui', 'reg_com'];
  const OLD_ADDRESS = ['is_default'];

  function checkContact(row: Row, withAddresses: boolean): void {
    expect(Number.isInteger(row.bocp_id)).toBe(true);
    expect(row.contact_id).toBe(row.bocp_id); // the spec's name of the id (/contacts/{contact_id}/)
    for (const key of CONTACT_STRINGS) expect(typeof row[key], `${key} of ${row.bocp_id}`).toBe('string');
    for (const key of OLD_CONTACT) expect(row, key).not.toHaveProperty(key);
    if (!withAddresses) return;
    const addresses = row.addresses as Row[];
    if (addresses.length > 0) expect(addresses.map((a) => a.is_main)).toEqual(addresses.map((_, k) => (k === 0 ? 1 : 0)));
    for (const address of addresses) {
      for (const key of ADDRESS_STRINGS) expect(typeof address[key], key).toBe('string');
      expect(isFlag(address.is_main)).toBe(true);
      for (const key of OLD_ADDRESS) expect(address, key).not.toHaveProperty(key);
      expect(address.postcode).toBe(address.zip); // zip: the spec's order-address name of it
    }
  }

  it('include:address,pricelist: every listed key, as strings; the demo clients have client codes', async () => {
    const rows = await list('/contacts/list/include:address,pricelist/page:1/');
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) {
      checkContact(row, true);
      expect(row.client_code).toBe(`CL${String(row.bocp_id).padStart(6, '0')}`);
    }
    expect(rows.some((r) => r.pricelist_name !== '')).toBe(true);
    expect(rows.some((r) => r.pricelist_name === '' && r.pricelist_id === null)).toBe(true);
    const block = rows.flatMap((r) => r.addresses as Row[]).find((a) => a.building !== '')!;
    expect(block.address2).toMatch(/^Bl\. \S+/);
    const stored = one<Row>('SELECT * FROM contact_addresses WHERE id = ?', block.address_id);
    expect(block.address).toBe(`${stored.street} ${stored.number}`.trim());
  });

  it('/contacts/{id}/ answers the same keys; a supplier has no client code', async () => {
    const [first] = await list('/contacts/list/include:pricelist/page:1/');
    const detail = expectOk(await send('GET', `/contacts/${first!.bocp_id}/include:pricelist/`));
    expect(detail).toEqual(first);
    checkContact(detail, false);
    const supplier = one<{ id: number }>('SELECT id FROM contacts WHERE company_id = 1 AND is_client = 0 ORDER BY id LIMIT 1').id;
    expect(expectOk(await send('GET', `/contacts/${supplier}/`))).toMatchObject({ bocp_id: supplier, client_code: '' });
  });

  it('a client created by a connector order gets its client code', async () => {
    const [product] = orderableProducts<{ id: number; code: string; price: number; vat: number }>(all, { column: 'p.id AS pid', where: 'p.is_sellable = 1', limit: 1 });
    const address = { city: 'Cluj-Napoca', county: 'Cluj', country: 'Romania', street: 'Strada Memorandumului', number: '28', zip: '' };
    const body = {
      order_unique_id: 'RK-1', order_reference: 'RK-1', order_date: '2026-11-17', order_status: 'processing',
      order_currency_code: 'RON', shipping_method: 'personal_pickup', cod_amount: 0, payments: [],
      client: { name: 'Client Cod Nou SRL', vat_id: 'RO98765432', invoice_address: address, delivery_address: address },
      items: [{
        type: 'product', code: product!.code, item_name: 'Produs', item_quantity: 1, item_price: product!.price,
        item_vat_percent: product!.vat, item_price_with_vat: product!.pwv, line_value_with_vat: r2(product!.pwv),
      }],
    };
    expectOk(await sendOrder('POST', 'RK-1', body));
    const id = one<{ id: number }>("SELECT id FROM contacts WHERE company_id = 1 AND name = 'Client Cod Nou SRL'").id;
    const [row] = await list(`/contacts/list/id:${id}/include:address,pricelist/`);
    expect(row).toMatchObject({ bocp_id: id, vat_id: 'RO98765432', client_code: `CL${String(id).padStart(6, '0')}` });
    checkContact(row!, true);
  });
});
