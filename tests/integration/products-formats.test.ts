import { create } from 'xmlbuilder2';
import { describe, expect, it } from 'vitest';
import { PRODUCT_EXPORT_BATCH, PRODUCTS_PAGE_SIZE, type Product, type ProductStock } from '../../shared/domain/products.ts';
import { basicAuth, useDemo } from './harness.ts';
import { listClient } from './lists.ts';

/** Products added so the whole-catalogue export spans several batches and more than the socket buffers. */
const EXTRA = 3000;
const FIRST_EXTRA = 800001;
const HEAVY = 2000;
const FIRST_HEAVY = 850001;
const AWKWARD_NAME = 'Cană "Dacia", 0,5 l\nlinia 2 <&> ș ț';

const demo = useDemo({
  prepare(writable) {
    const insert = writable.prepare(
      `INSERT INTO products (id, company_id, cod_produs, product_name, product_description, category_id, manufacturer_id, pret_vanzare,
                             website_published, created_ts, last_changed_ts)
       VALUES (?, 1, ?, ?, ?, 1, 1, ?, ?, '2026-02-01 10:00:00', '2026-02-01 10:00:00')`,
    );
    const image = writable.prepare(
      "INSERT INTO product_images (company_id, product_id, url, position, created_ts) VALUES (1, ?, ?, ?, '2026-02-01 10:00:00')",
    );
    const stock = writable.prepare('INSERT INTO stock (company_id, product_id, workpoint_id, quantity) VALUES (1, ?, ?, ?)');
    writable.transaction(() => {
      for (let i = 0; i < EXTRA; i++) {
        const id = FIRST_EXTRA + i;
        insert.run(id, `X${id}`, i === 0 ? AWKWARD_NAME : `Produs de volum ${i}`, 'Descriere lunga. '.repeat(40), 10 + (i % 97) / 10, i % 3 === 0 ? 1 : 0);
        if (i % 5 === 0) {
          image.run(id, `https://cdn.example.ro/${id}-a.jpg`, 0);
          image.run(id, `https://cdn.example.ro/${id}-b.jpg`, 1);
        }
        if (i % 2 === 0) stock.run(id, 1, i % 7);
      }
      // Heavy, unsellable variants (only cont:all sees them): an export of them is far larger than
      // every buffer between the server and a reader that stops reading.
      const heavy = writable.prepare(
        `INSERT INTO products (id, company_id, cod_produs, product_name, product_description, is_sellable, created_ts, last_changed_ts)
         VALUES (?, 1, ?, 'Varianta grea', ?, 0, '2026-02-01 10:00:00', '2026-02-01 10:00:00')`,
      );
      for (let i = 0; i < HEAVY; i++) heavy.run(FIRST_HEAVY + i, `H${FIRST_HEAVY + i}`, 'Text de catalog foarte lung. '.repeat(700));
    })();
  },
});

const LIVE = 'company_id = 1 AND deleted = 0 AND is_sellable = 1';
const ids = (sql: string, ...params: unknown[]) => (demo.db.prepare(sql).all(...params) as Array<{ id: number }>).map((row) => row.id);

/** The documented column order (docs/data-model.md, Catalogue): the spec's, the pricelist's, ours. */
const SPEC_COLUMNS = [
  'product_id', 'cod_varianta', 'cod_produs', 'barcode', 'product_name', 'category_name', 'stoc_global', 'unitate_masura',
  'pret_vanzare', 'pret_vanzare_cu_tva', 'cota_tva_vanzare', 'selling_currency_txt', 'website_published', 'producator',
  'last_changed_ts',
];
const PRICELIST_COLUMNS = ['pret_vanzare_discounted', 'pret_vanzare_cu_tva_discounted', 'pricelist_id', 'pricelist_min_quantity'];
const OWN_COLUMNS = [
  'custom_barcode', 'cod_intern', 'is_deleted', 'is_archived', 'delistat', 'fm_id', 'category_id', 'manufacturer_id', 'magazia_id',
  'stock_reserved', 'stock_available', 'product_website_title', 'product_description', 'partner_visible', 'sellable', 'deleted',
  'weight', 'created_ts',
];
const WORKPOINT_COLUMNS = [
  'workpoint_magazia_id', 'workpoint_name', 'workpoint_kind', 'workpoint_stoc', 'workpoint_stock_reserved', 'workpoint_stock_available',
];

async function raw(path: string) {
  const response = await fetch(`${demo.h.url}/app/rest/v1/1${path}`, { headers: { authorization: basicAuth(...demo.user) } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const products = listClient<Product>(demo, '/product/');
const walk = <T = Product>(endpoint: string, filters: string) => products.walk<T>(`${endpoint}/${filters}`);

/** RFC 4180: quoted fields may hold commas, quotes ("") and line breaks; records end with CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') record.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      (record = []), (field = ''), i++;
    } else field += c;
  }
  expect(field).toBe('');
  expect(record).toEqual([]);
  return records;
}

/** A JSON value as the CSV writes it. */
function csvText(column: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (column === 'images') return (value as Array<{ url: string }>).map((i) => i.url).join('|');
  if (column === 'properties') return (value as Array<{ name: string; value: string }>).map((p) => `${p.name}=${p.value}`).join('; ');
  return String(value);
}

interface XmlNode {
  nodeType: number;
  nodeName: string;
  textContent: string;
  childNodes: Iterable<XmlNode>;
  getAttribute(name: string): string | null;
}
const elements = (node: XmlNode) => [...node.childNodes].filter((n) => n.nodeType === 1);

/** An element as the JSON value it stands for (numbers compared as text). */
function xmlValue(node: XmlNode): unknown {
  if (node.getAttribute('nil') === 'true') return null;
  if (['images', 'properties', 'workpoints'].includes(node.nodeName)) {
    return elements(node).map((item) => Object.fromEntries(elements(item).map((f) => [f.nodeName, xmlValue(f)])));
  }
  return node.textContent;
}
function jsonAsText(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => Object.fromEntries(Object.entries(item as object).map(([k, v]) => [k, jsonAsText(v)])));
  return String(value);
}

describe('product exports: format:csv and format:xml', () => {
  it('csv: text/csv, the documented header, every matching row once (streamed in batches), the same values as the JSON list', async () => {
    const answer = await raw('/product/list/format:csv/include:images,properties/');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('x-has-more-pages')).toBeNull();
    const [header, ...records] = parseCsv(answer.text);
    expect(header).toEqual([...SPEC_COLUMNS, ...OWN_COLUMNS, 'images', 'properties']);
    const expected = ids(`SELECT id FROM products WHERE ${LIVE} ORDER BY id`);
    expect(expected.length).toBeGreaterThan(PRODUCT_EXPORT_BATCH * 4);
    expect(records.map((r) => Number(r[0]))).toEqual(expected);

    const json = await walk('list', 'include:images,properties/');
    expect(json.length).toBe(records.length);
    json.forEach((row, i) => {
      const record = records[i]!;
      header!.forEach((column, c) => expect(record[c], `${row.product_id} ${column}`).toBe(csvText(column, (row as Record<string, unknown>)[column])));
    });
    const awkward = records.find((r) => Number(r[0]) === FIRST_EXTRA)!;
    expect(awkward[header!.indexOf('product_name')]).toBe(AWKWARD_NAME);
    expect(awkward[header!.indexOf('images')]).toBe(`https://cdn.example.ro/${FIRST_EXTRA}-a.jpg|https://cdn.example.ro/${FIRST_EXTRA}-b.jpg`);
  });

  it('xml: application/xml, one <product> per row in column order, the same values as the JSON list', async () => {
    const answer = await raw('/product/list/format:xml/include:images,properties,last_purchase_price_currency/visibility:published/');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(answer.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const root = create(answer.text).root().node as unknown as XmlNode;
    expect(root.nodeName).toBe('products');
    expect(root.getAttribute('page')).toBeNull();
    const products = elements(root);
    const json = await walk('list', 'include:images,properties,last_purchase_price_currency/visibility:published/');
    expect(products.length).toBe(json.length);
    expect(json.length).toBeGreaterThan(PRODUCT_EXPORT_BATCH);
    const columns = [...SPEC_COLUMNS, ...OWN_COLUMNS, 'last_purchase_price_currency', 'last_purchase_currency', 'images', 'properties'];
    products.forEach((product, i) => {
      const fields = elements(product);
      expect(fields.map((f) => f.nodeName)).toEqual(columns);
      const row = json[i] as unknown as Record<string, unknown>;
      for (const field of fields) expect(xmlValue(field), `${row.product_id} ${field.nodeName}`).toEqual(jsonAsText(row[field.nodeName]));
    });
    const awkward = products.find((p) => elements(p)[0]!.textContent === String(FIRST_EXTRA))!;
    expect(elements(awkward).find((f) => f.nodeName === 'product_name')!.textContent).toBe(AWKWARD_NAME);
    // null is nil="true"; '' is an empty element
    const first = elements(products[0]!);
    expect(first.find((f) => f.nodeName === 'magazia_id')!.getAttribute('nil')).toBe('true');
  });

  it('with page: only that page, with X-Page and X-Has-More-Pages (csv) or attributes (xml)', async () => {
    const expected = ids(`SELECT id FROM products WHERE ${LIVE} ORDER BY id`);
    const first = await raw('/product/list/format:csv/page:1/');
    expect(first.headers.get('x-page')).toBe('1');
    expect(first.headers.get('x-has-more-pages')).toBe('true');
    const [, ...rows] = parseCsv(first.text);
    expect(rows.map((r) => Number(r[0]))).toEqual(expected.slice(0, PRODUCTS_PAGE_SIZE));
    const lastPage = Math.ceil(expected.length / PRODUCTS_PAGE_SIZE);
    const last = await raw(`/product/list/format:csv/page:${lastPage}/`);
    expect(last.headers.get('x-has-more-pages')).toBe('false');
    expect(parseCsv(last.text).slice(1).map((r) => Number(r[0]))).toEqual(expected.slice((lastPage - 1) * PRODUCTS_PAGE_SIZE));
    const empty = await raw(`/product/list/format:csv/page:${lastPage + 5}/`);
    expect(parseCsv(empty.text)).toEqual([[...SPEC_COLUMNS, ...OWN_COLUMNS]]);

    const xml = await raw('/product/list/format:xml/page:2/');
    const root = create(xml.text).root().node as unknown as XmlNode;
    expect([root.getAttribute('page'), root.getAttribute('has_more_pages')]).toEqual(['2', 'true']);
    expect(elements(root).map((p) => Number(elements(p)[0]!.textContent))).toEqual(expected.slice(PRODUCTS_PAGE_SIZE, 2 * PRODUCTS_PAGE_SIZE));
  });

  it('filters, include and the pricelist columns apply to the exports', async () => {
    const answer = await raw('/product/list/format:csv/pricelist_id:1/magazia_id:2/exclude:archived/include:last_aquisition_price_ron/');
    const [header, ...records] = parseCsv(answer.text);
    expect(header).toEqual([...SPEC_COLUMNS, ...PRICELIST_COLUMNS, ...OWN_COLUMNS, 'last_aquisition_price_ron']);
    const json = await walk('list', 'pricelist_id:1/magazia_id:2/exclude:archived/include:last_aquisition_price_ron/');
    expect(records.length).toBe(json.length);
    json.forEach((row, i) => header!.forEach((column, c) => expect(records[i]![c]).toBe(csvText(column, (row as Record<string, unknown>)[column]))));
    expect(json.some((row) => row.pret_vanzare_discounted !== null)).toBe(true);
  });

  it('stocks csv: one line per product and workpoint, the workpoint columns after the product', async () => {
    const answer = await raw('/product/stocks/format:csv/include:aquisition_value_ron,onstock/');
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const [header, ...records] = parseCsv(answer.text);
    expect(header).toEqual([...SPEC_COLUMNS, ...OWN_COLUMNS, 'aquisition_value_ron', ...WORKPOINT_COLUMNS, 'workpoint_aquisition_value_ron']);
    const json = await walk<ProductStock>('stocks', 'include:aquisition_value_ron,onstock/');
    const lines = json.flatMap((row) => row.workpoints.map((w) => [row.product_id, w.magazia_id, w.stoc]));
    expect(records.map((r) => [Number(r[0]), Number(r[header!.indexOf('workpoint_magazia_id')]), Number(r[header!.indexOf('workpoint_stoc')])])).toEqual(lines);
    expect(json.length).toBe(ids(`SELECT id FROM products WHERE ${LIVE} AND id IN (SELECT product_id FROM stock WHERE quantity > 0) ORDER BY id`).length);

    const xml = await raw('/product/stocks/format:xml/magazia_id:1/page:1/');
    const product = elements(create(xml.text).root().node as unknown as XmlNode)[0]!;
    const workpoints = elements(product).find((e) => e.nodeName === 'workpoints')!;
    expect(elements(workpoints).map((w) => elements(w).map((f) => f.nodeName))).toEqual([
      ['magazia_id', 'workpoint_name', 'workpoint_kind', 'stoc', 'stock_reserved', 'stock_available'],
    ]);
  });

  it('a refused csv or xml request answers the JSON envelope (400) before anything streams', async () => {
    for (const path of [
      '/product/list/format:csv/skipcancelled:1/',
      '/product/list/format:csv/pricelist_id:1/',
      '/product/list/format:xml/magazia_id:77/',
      '/product/stocks/format:csv/include:images/',
    ]) {
      const answer = await raw(path);
      expect(answer.status, path).toBe(400);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = JSON.parse(answer.text) as { is_error: boolean; messages: string[] };
      expect(body.is_error).toBe(true);
      expect(body.messages.length).toBe(1);
    }
  });

  it('a slow reader does not hold the database: writes go on while an export is half read', async () => {
    const response = await fetch(`${demo.h.url}/app/rest/v1/1/product/list/format:csv/cont:all/`, { headers: { authorization: basicAuth(...demo.user) } });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const firstChunk = await reader.read();
    text += decoder.decode(firstChunk.value, { stream: true });
    // The export is far larger than what has been read: the server is waiting for this reader.
    // A write on the same connection (creating an API user) must not be refused as "busy".
    const [name] = await demo.h.apiUser();
    expect(name).toMatch(/^user/);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
    expect(text.length).toBeGreaterThan(HEAVY * 20_000);
    // Records end with CRLF (the one line break inside a value is a bare LF): header + one per product.
    expect(text.split('\r\n').length - 2).toBe(ids('SELECT id FROM products WHERE company_id = 1 AND deleted = 0').length);
  });
});
