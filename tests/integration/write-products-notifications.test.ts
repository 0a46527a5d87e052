import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../shared/domain/products.ts';
import { queries, useDemo, writeSql, type Answer } from './harness.ts';
import { restSend } from './requests.ts';

// Product notifications of PATCH / PUT / DELETE /product/{product_id}/ (spec, Events): a
// product_update with the full current state per connector publishing the product (stock of the
// connector's workpoint), when a tracked field, the stock or the price changes; product_unpublished
// on deletion; nothing for an unpublished product, an inactive or deleted connector, a change of
// a field nobody tracks, or a refused request.
//
// Demo connectors: 1 eCommerce active (workpoint 1), 2 dropship active (set to no workpoint
// here: stock of every workpoint), 3 inactive, 4 deleted; tracked_fields: stock and prices.

const URL_1 = 'https://shop.example.ro/erp-hook';
const URL_2 = 'https://partner.example.ro/erp-hook';

/** Products published to the connectors named, and to no other (chosen in beforeAll). */
const pick: Record<'both' | 'only1' | 'none' | 'inactive', number[]> = { both: [], only1: [], none: [], inactive: [] };

const demo = useDemo({
  prepare(writable) {
    const ids = (sql: string) => (writable.prepare(sql).all() as Array<{ id: number }>).map((r) => r.id);
    const publishedTo = (list: string) =>
      `SELECT p.id FROM products p WHERE p.company_id = 1 AND p.deleted = 0
          AND (SELECT group_concat(connector_id) FROM (SELECT connector_id FROM connector_products WHERE product_id = p.id ORDER BY connector_id)) IS '${list}'`;
    // Stock at both workpoints, so the two connectors' pushes differ.
    const stocked = `AND (SELECT count(*) FROM stock s WHERE s.product_id = p.id AND s.quantity > 0) = 2`;
    pick.both = ids(`${publishedTo('1,2')} ${stocked} ORDER BY p.id LIMIT 6`);
    pick.only1 = ids(`${publishedTo('1')} ORDER BY p.id LIMIT 6`);
    pick.none = ids(`SELECT p.id FROM products p WHERE p.company_id = 1 AND p.deleted = 0
                        AND NOT EXISTS (SELECT 1 FROM connector_products c WHERE c.product_id = p.id) ORDER BY p.id LIMIT 4`);
    // Published only to the inactive connector 3 and the deleted connector 4.
    pick.inactive = ids(`SELECT p.id FROM products p WHERE p.company_id = 1 AND p.deleted = 0
                            AND NOT EXISTS (SELECT 1 FROM connector_products c WHERE c.product_id = p.id) ORDER BY p.id DESC LIMIT 3`);
    const publish = writable.prepare("INSERT OR IGNORE INTO connector_products (connector_id, product_id, published_ts) VALUES (?, ?, '2026-01-01 00:00:00')");
    for (const id of pick.inactive) {
      publish.run(3, id);
      publish.run(4, id);
    }
    writable.prepare('UPDATE connectors SET order_event_notification_url = ? WHERE id = 1').run(URL_1);
    writable.prepare('UPDATE connectors SET order_event_notification_url = ?, workpoint_id = NULL WHERE id = 2').run(URL_2);
    for (const [name, list] of Object.entries(pick)) if (list.length < 3) throw new Error(`the demo has too few products for '${name}'`);
  },
});

type Row = Record<string, unknown>;
interface OutboxRow {
  id: number;
  company_id: number;
  connector_id: number;
  notification_type: string;
  payload: string;
  url: string;
  status: string;
}

const { one, all } = queries(demo);
const rest = restSend(demo);
const lastOutboxId = () => (one<{ id: number | null }>('SELECT max(id) AS id FROM webhook_outbox').id ?? 0);
const outboxAfter = (id: number) => all<OutboxRow>('SELECT * FROM webhook_outbox WHERE id > ? ORDER BY id', id);
const outboxCount = () => one<{ n: number }>('SELECT count(*) AS n FROM webhook_outbox').n;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

function send<T = ProductDetail>(method: string, id: number, body?: unknown): Promise<Answer<T>> {
  return rest<T>(method, `/product/${id}/`, body);
}

/** Runs a request and answers the outbox rows it wrote. */
async function written(request: () => Promise<Answer>, status = 200): Promise<OutboxRow[]> {
  const mark = lastOutboxId();
  const answer = await request();
  expect(answer.status, JSON.stringify(answer.body.messages)).toBe(status);
  return outboxAfter(mark);
}

/**
 * The push body expected for a product as a connector sees it, from the tables: stock of that
 * workpoint, or of every workpoint that is not deleted; prices as given (the caller sets them).
 */
function expectedPush(id: number, workpointId: number | null, priceWithVat: number): Row {
  const p = one('SELECT * FROM products WHERE id = ?', id);
  const category = p.category_id === null ? '' : one<{ name: string }>('SELECT name FROM product_categories WHERE id = ?', p.category_id).name;
  const maker = p.manufacturer_id === null ? '' : one<{ name: string }>('SELECT name FROM manufacturers WHERE id = ?', p.manufacturer_id).name;
  const stock = one<{ q: number; r: number }>(
    `SELECT coalesce(sum(s.quantity), 0) AS q, coalesce(sum(s.reserved), 0) AS r FROM stock s JOIN workpoints w ON w.id = s.workpoint_id
      WHERE s.product_id = ? AND w.deleted = 0 AND (? IS NULL OR s.workpoint_id = ?)`,
    id, workpointId, workpointId,
  );
  return {
    notification_type: 'product_update',
    cod_produs: p.cod_produs,
    barcode: p.barcode,
    product_name: p.product_name,
    product_website_title: p.product_website_title,
    product_description: p.product_description,
    category_name: category,
    producator: maker,
    stoc_global: round3(stock.q),
    stock_reserved: round3(stock.r),
    stock_available: round3(stock.q - stock.r),
    pret_vanzare: p.pret_vanzare,
    pret_vanzare_cu_tva: priceWithVat,
    cota_tva_vanzare: p.cota_tva_vanzare,
    selling_currency_txt: p.selling_currency,
    deleted: p.deleted,
    last_changed_ts: p.last_changed_ts,
  };
}

const PUSH_KEYS = [
  'notification_type', 'cod_produs', 'barcode', 'product_name', 'product_website_title', 'product_description', 'category_name',
  'producator', 'stoc_global', 'stock_reserved', 'stock_available', 'pret_vanzare', 'pret_vanzare_cu_tva', 'cota_tva_vanzare',
  'selling_currency_txt', 'deleted', 'last_changed_ts',
];

describe('product_update', () => {
  it('a price change: one packet per connector publishing the product, full state with that connector\'s stock, in the spec\'s fields', async () => {
    const id = pick.both[0]!;
    const rows = await written(() => send('PATCH', id, { pret_vanzare: 100, selling_currency_txt: 'RON', cota_tva_vanzare: 21 }));
    expect(rows.map((r) => [r.company_id, r.connector_id, r.notification_type, r.url, r.status])).toEqual([
      [1, 1, 'product_update', URL_1, 'pending'],
      [1, 2, 'product_update', URL_2, 'pending'],
    ]);
    const [toShop, toPartner] = rows.map((r) => JSON.parse(r.payload) as Row);
    expect(Object.keys(toShop!)).toEqual(PUSH_KEYS);
    expect(Object.keys(toPartner!)).toEqual(PUSH_KEYS);
    expect(toShop).toEqual(expectedPush(id, 1, 121));
    expect(toPartner).toEqual(expectedPush(id, null, 121));
    expect(toShop!.stoc_global).not.toEqual(toPartner!.stoc_global);
    expect(toShop).toMatchObject({ pret_vanzare: 100, pret_vanzare_cu_tva: 121, selling_currency_txt: 'RON', deleted: 0 });
    // The state is the one GET answers (same last_changed_ts, names, prices).
    const record = (await send('GET', id)).body.data;
    for (const key of PUSH_KEYS.slice(1).filter((k) => !k.startsWith('sto'))) expect(toPartner![key], key).toEqual(record[key as keyof ProductDetail]);
    expect(toPartner).toMatchObject({ stoc_global: record.stoc_global, stock_reserved: record.stock_reserved, stock_available: record.stock_available });
  });

  it('a VAT rate change and a currency change are price changes: notified', async () => {
    const id = pick.both[1]!;
    await send('PATCH', id, { pret_vanzare: 200, selling_currency_txt: 'RON', cota_tva_vanzare: 11 });
    const vat = await written(() => send('PATCH', id, { cota_tva_vanzare: 21 }));
    expect(vat.map((r) => [r.connector_id, JSON.parse(r.payload).pret_vanzare_cu_tva, JSON.parse(r.payload).cota_tva_vanzare])).toEqual([
      [1, 242, 21],
      [2, 242, 21],
    ]);
    const currency = await written(() => send('PATCH', id, { pret_vanzare: 200, selling_currency_txt: 'EUR' }));
    expect(currency.map((r) => JSON.parse(r.payload).selling_currency_txt)).toEqual(['EUR', 'EUR']);
  });

  it('a change of fields nobody tracks writes no notification (last_changed_ts still moves); several fields: one packet', async () => {
    const id = pick.both[2]!;
    const before = one<{ last_changed_ts: string }>('SELECT last_changed_ts FROM products WHERE id = ?', id).last_changed_ts;
    expect(await written(() => send('PATCH', id, { product_name: 'Nume fara notificare', weight: 3.5, barcode: '123', is_archived: 1 }))).toEqual([]);
    expect(one<{ last_changed_ts: string }>('SELECT last_changed_ts FROM products WHERE id = ?', id).last_changed_ts > before).toBe(true);
    // Name and price together: one packet per connector, carrying both.
    const rows = await written(() => send('PATCH', id, { product_name: 'Nume si pret', pret_vanzare: 10, selling_currency_txt: 'RON' }));
    expect(rows.map((r) => r.connector_id)).toEqual([1, 2]);
    expect(rows.map((r) => JSON.parse(r.payload).product_name)).toEqual(['Nume si pret', 'Nume si pret']);
  });

  it("a connector's tracked_fields add fields: only that connector is notified of them", async () => {
    const id = pick.both[3]!;
    writeSql(demo.h, `UPDATE connectors SET tracked_fields = '["stoc_global","product_name","category_name"]' WHERE id = 1`);
    const named = await written(() => send('PATCH', id, { product_name: 'Urmarit de magazin' }));
    expect(named.map((r) => [r.connector_id, r.notification_type, JSON.parse(r.payload).product_name])).toEqual([[1, 'product_update', 'Urmarit de magazin']]);
    // category_name follows category_id: tracked by name, notified when the id changes.
    const category = one<{ id: number; name: string }>(
      'SELECT id, name FROM product_categories WHERE company_id = 1 AND id IS NOT (SELECT category_id FROM products WHERE id = ?) ORDER BY id LIMIT 1', id,
    );
    const moved = await written(() => send('PATCH', id, { category_id: category.id }));
    expect(moved.map((r) => [r.connector_id, JSON.parse(r.payload).category_name])).toEqual([[1, category.name]]);
    // A field it does not track: nothing.
    expect(await written(() => send('PATCH', id, { product_description: 'Descriere noua' }))).toEqual([]);
  });

  it('PUT: the GET record with a new price notifies; sent back unchanged, it does not', async () => {
    const id = pick.only1[0]!;
    const record = (await send('GET', id)).body.data;
    expect(await written(() => send('PUT', id, record))).toEqual([]);
    const rows = await written(() => send('PUT', id, { ...record, pret_vanzare: 300, cota_tva_vanzare: 21 }));
    expect(rows.map((r) => [r.connector_id, r.notification_type])).toEqual([[1, 'product_update']]);
    expect(JSON.parse(rows[0]!.payload)).toEqual(expectedPush(id, 1, 363));
  });

  it('nothing for a product no connector publishes, or only inactive and deleted connectors publish', async () => {
    for (const id of [pick.none[0]!, pick.inactive[0]!]) {
      expect(await written(() => send('PATCH', id, { pret_vanzare: 1, selling_currency_txt: 'RON', cota_tva_vanzare: 21 }))).toEqual([]);
      expect(one<{ pret_vanzare: number }>('SELECT pret_vanzare FROM products WHERE id = ?', id).pret_vanzare).toBe(1);
    }
  });

  it('a refused write or a write that changes nothing enqueues nothing', async () => {
    const id = pick.only1[1]!;
    const count = outboxCount();
    const record = (await send('GET', id)).body.data;
    for (const body of [
      { pret_vanzare: 55 },
      { pret_vanzare: 55, selling_currency_txt: 'RON', stoc_global: -1 },
      { pret_vanzare: 55, selling_currency_txt: 'RON', cota_tva_vanzare: 20 },
      { pret_vanzare: 55, selling_currency_txt: 'RON', colour: 'red' },
    ]) {
      expect((await send('PATCH', id, body)).status).toBe(400);
    }
    expect((await send('PATCH', id, { pret_vanzare: record.pret_vanzare, selling_currency_txt: record.selling_currency_txt })).status).toBe(200);
    expect(outboxCount()).toBe(count);
    expect((await send('GET', id)).body.data).toEqual(record);
  });
});

describe('product_unpublished', () => {
  it('DELETE: notification_type and cod_produs only, to every active connector publishing the product', async () => {
    const id = pick.both[4]!;
    const code = one<{ cod_produs: string }>('SELECT cod_produs FROM products WHERE id = ?', id).cod_produs;
    const rows = await written(() => send('DELETE', id));
    expect(rows.map((r) => [r.connector_id, r.notification_type, r.url])).toEqual([
      [1, 'product_unpublished', URL_1],
      [2, 'product_unpublished', URL_2],
    ]);
    for (const row of rows) expect(JSON.parse(row.payload)).toEqual({ notification_type: 'product_unpublished', cod_produs: code });
    // Deleted: a second DELETE is 404 and writes nothing.
    expect(await written(() => send('DELETE', id), 404)).toEqual([]);
  });

  it('nothing for an unpublished product or one published only to inactive and deleted connectors', async () => {
    for (const id of [pick.none[1]!, pick.inactive[1]!]) expect(await written(() => send('DELETE', id))).toEqual([]);
  });
});

describe('the products domain functions other domains call', () => {
  it('push.payload builds the body; capture + enqueueChanges notify a stock change (stock is always tracked)', async () => {
    const products = demo.h.core.rest.products;
    const id = pick.both[5]!;
    const before = products.push.capture(1, [id]);
    writeSql(demo.h, 'UPDATE stock SET quantity = quantity + 7, reserved = reserved + 2 WHERE product_id = ? AND workpoint_id = 2', id);
    const mark = lastOutboxId();
    // Only workpoint 2 changed: connector 1 (workpoint 1) sees no change, connector 2 (every workpoint) does.
    expect(products.push.enqueueChanges(before)).toBe(1);
    const rows = outboxAfter(mark);
    expect(rows.map((r) => [r.connector_id, r.notification_type])).toEqual([[2, 'product_update']]);
    const payload = JSON.parse(rows[0]!.payload) as Row;
    const withVat = (await send('GET', id)).body.data.pret_vanzare_cu_tva;
    expect(payload).toEqual(expectedPush(id, null, withVat));
    expect({ notification_type: 'product_update', ...products.push.payload(1, id, null) }).toEqual(payload);
    const atWorkpoint1 = expectedPush(id, 1, withVat);
    delete atWorkpoint1.notification_type;
    expect(products.push.payload(1, id, 1)).toEqual(atWorkpoint1);
    expect(products.push.payload(1, 777777, null)).toBeUndefined();
    // A workpoint that is not a live one of the account: every workpoint, as for a connector without one.
    expect(products.push.payload(1, id, 999)).toEqual(products.push.payload(1, id, null));
    // Nothing captured changes: nothing enqueued.
    expect(products.push.enqueueChanges(products.push.capture(1, [id, pick.none[2]!]))).toBe(0);
  });
});
