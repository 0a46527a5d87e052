import { describe, expect, it } from 'vitest';
import { useDemo, writeSql } from './harness.ts';
import { listClient, restGet } from './lists.ts';
import type { ConnectorOrder, MarketplaceOrder } from '../../shared/domain/connectors.ts';

const demo = useDemo();
const get = restGet(demo);

type Row = Record<string, unknown>;
const ids = (sql: string, ...params: unknown[]) => demo.db.prepare(sql).pluck().all(...params) as number[];

describe('GET /connector/{id}/config/', () => {
  it('answers every group with option fields and their source, never a credential', async () => {
    writeSql(demo.h, "UPDATE connectors SET order_event_notification_url = 'http://127.0.0.1:9/hook', webhook_secret = 'top-secret', platform_credentials = 'api-key-123' WHERE id = 1");
    const { data } = await get<Record<string, Record<string, Row>>>('/connector/1/config/');
    expect(Object.keys(data)).toEqual(['connector', 'products', 'order_processing', 'invoicing', 'proforma', 'awb', 'status_sync']);
    expect(data.connector).toMatchObject({ id: 1, type: 'ecommerce', active: 1, order_event_notification_url: 'http://127.0.0.1:9/hook' });
    expect(data.connector!.order_api_url).toMatch(/\/app\/rest\/v1\/1\/connector\/1\/order\/$/);
    expect(data.products!.product_change_notify_url).toBe('http://127.0.0.1:9/hook');
    expect(data.products!.import_mode).toMatchObject({
      value: expect.any(String),
      label: expect.any(String),
      options: { all: expect.any(String), ordered_only: expect.any(String), only_categories_with_autoimport: expect.any(String) },
    });
    expect(JSON.stringify(data)).not.toMatch(/top-secret|api-key-123/);
  });

  it('says where each value comes from: the connector or the account default', async () => {
    const own = demo.db
      .prepare("SELECT grp, key, value FROM connector_settings WHERE company_id = 1 AND connector_id = 1 LIMIT 1")
      .get() as { grp: string; key: string; value: string } | undefined;
    const { data } = await get<Record<string, Record<string, Row>>>('/connector/2/config/');
    for (const group of ['order_processing', 'invoicing', 'proforma', 'awb', 'status_sync']) {
      for (const field of Object.values(data[group]!)) expect(['connector', 'global']).toContain(field.source);
    }
    if (own) {
      const one = await get<Record<string, Record<string, Row>>>('/connector/1/config/');
      expect(one.data[own.grp]![own.key]).toMatchObject({ value: JSON.parse(own.value), source: 'connector' });
    }
    writeSql(demo.h, "INSERT OR REPLACE INTO connector_settings VALUES (1, 2, 'invoicing', 'series', '\"DS\"')");
    const after = await get<Record<string, Record<string, Row>>>('/connector/2/config/');
    expect(after.data.invoicing!.series).toMatchObject({ value: 'DS', source: 'connector' });
  });

  it("every option field carries an options map (never null); id-valued settings list the account's choices", async () => {
    const { data } = await get<Record<string, Record<string, Row | string>>>('/connector/1/config/');
    for (const group of ['products', 'order_processing', 'invoicing', 'proforma', 'awb', 'status_sync']) {
      for (const [key, field] of Object.entries(data[group]!)) {
        if (typeof field === 'string') continue; // products_feed_url, product_change_notify_url
        // counter-case: free values (numbers, text, maps) answered null before; now an empty map
        expect(field.options, `${group}.${key}`).not.toBeNull();
        expect(typeof field.options, `${group}.${key}`).toBe('object');
      }
    }
    const rows = (sql: string) => Object.fromEntries((demo.db.prepare(sql).all() as Array<{ id: number | string; name: string }>).map((r) => [String(r.id), r.name]));
    expect((data.order_processing!.workpoint_id as Row).options).toEqual(rows('SELECT id, name FROM workpoints WHERE company_id = 1 AND deleted = 0'));
    expect((data.order_processing!.workpoint_id as Row).options).toMatchObject({ 1: 'Depozit central', 2: 'Magazin București' });
    const subs = (data.products!.target_sub_management_id as Row).options as Record<string, string>;
    expect(Object.keys(subs)).toEqual(Object.keys(rows('SELECT id, name FROM sub_managements WHERE company_id = 1 ORDER BY id')));
    expect(subs['1']).toMatch(/^Raft A - marfă curentă/);
    expect((data.invoicing!.series as Row).options).toMatchObject({ WEB: 'WEB', DMO: 'DMO' });
    expect((data.proforma!.series as Row).options).toMatchObject({ PFW: 'PFW', PF: 'PF' });
    expect((data.awb!.default_courier as Row).options).toMatchObject({ fan: expect.any(String) });
    expect((data.awb!.latest_issue_hour as Row).options).toEqual({});
    expect((data.awb!.skipped_weekdays as Row).options).toMatchObject({ 0: expect.any(String), 6: expect.any(String) });
    // the choices are the account's: a new workpoint appears, a deleted one goes
    writeSql(demo.h, "INSERT INTO workpoints (id, company_id, name, kind) VALUES (77, 1, 'Depozit nou', 'wholesale')");
    writeSql(demo.h, 'UPDATE workpoints SET deleted = 1 WHERE id = 2');
    try {
      const after = await get<Record<string, Record<string, Row>>>('/connector/1/config/');
      expect(after.data.order_processing!.workpoint_id!.options).toEqual({ 1: 'Depozit central', 77: 'Depozit nou' });
    } finally {
      writeSql(demo.h, 'UPDATE workpoints SET deleted = 0 WHERE id = 2');
      writeSql(demo.h, 'DELETE FROM workpoints WHERE id = 77');
    }
  });

  it('404 for an unknown or deleted connector', async () => {
    await get('/connector/99/config/', 404);
    await get('/connector/4/config/', 404);
  });
});

describe('GET /connector/{id}/order/list/', () => {
  const orders = listClient<ConnectorOrder>(demo, '/connector/1/order/list/');

  it('lists the connector\'s orders with their sales receipts, invoices and AWBs', async () => {
    const rows = await orders.walk('');
    expect(rows.map((r) => r.SERVICE_order_id)).toEqual(ids('SELECT id FROM connector_orders WHERE company_id = 1 AND connector_id = 1 ORDER BY id'));
    const withSale = rows.find((r) => r.sales_receipts.length > 0)!;
    const saleIds = ids('SELECT id FROM sales WHERE connector_order_id = ? ORDER BY id', withSale.SERVICE_order_id);
    expect(withSale.sales_receipts.map((s) => s.bv_id)).toEqual(saleIds);
    const invoiced = rows.find((r) => r.invoices.length > 0)!;
    expect(invoiced.invoices[0]).toMatchObject({ bocp_id: expect.any(Number), seria: expect.any(String), nr: expect.any(Number), document_cancelled: expect.any(Number) });
    const shipped = rows.find((r) => r.awbs.length > 0)!;
    expect(shipped.awbs[0]).toMatchObject({ awb_nr: expect.any(String), awb_type: expect.any(String) });
  });

  it('date filters act on the order date, modifiedafter on the last change; skipcancelled', async () => {
    const day = demo.db.prepare('SELECT order_date FROM connector_orders WHERE connector_id = 1 ORDER BY id LIMIT 1 OFFSET 5').pluck().get() as string;
    expect((await orders.walk(`date:${day}/`)).map((r) => r.SERVICE_order_id)).toEqual(
      ids('SELECT id FROM connector_orders WHERE connector_id = 1 AND order_date = ? ORDER BY id', day),
    );
    const ts = demo.db.prepare('SELECT last_changed_ts FROM connector_orders WHERE connector_id = 1 ORDER BY last_changed_ts DESC LIMIT 1 OFFSET 10').pluck().get() as string;
    expect((await orders.walk(`modifiedafter:${ts.replace(' ', '%20')}/`)).map((r) => r.SERVICE_order_id)).toEqual(
      ids('SELECT id FROM connector_orders WHERE connector_id = 1 AND last_changed_ts > ? ORDER BY id', ts),
    );
    expect((await orders.walk('skipcancelled:1/')).every((r) => r.order_cancelled === 0)).toBe(true);
  });

  it('404 for an unknown connector, 400 for an unknown filter', async () => {
    await get('/connector/99/order/list/', 404);
    await get('/connector/1/order/list/colour:red/', 400);
  });

  it('a key bound to another connector is refused with 401', async () => {
    const bound = await demo.h.apiUser({ connector_id: 2 });
    expect((await demo.h.rest('GET', '/1/connector/1/order/list/', bound)).status).toBe(401);
    expect((await demo.h.rest('GET', '/1/connector/2/order/list/', bound)).status).toBe(200);
  });
});

describe('GET /marketplace/connectors/list/', () => {
  it('lists every connector oldest first with active and deleted flags, no credentials', async () => {
    const { data } = await get<Row[]>('/marketplace/connectors/list/');
    expect(data.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(data.map((c) => [c.active, c.deleted])).toEqual([[1, 0], [1, 0], [0, 0], [0, 1]]);
    for (const row of data) expect(Object.keys(row)).not.toEqual(expect.arrayContaining(['webhook_secret']));
    expect(JSON.stringify(data)).not.toMatch(/notification_url|secret|credentials/);
  });

  it('id, minid, skipcancelled; date filters are a 400; no match is a 404', async () => {
    expect((await get<Row[]>('/marketplace/connectors/list/id:2/')).data.map((c) => c.id)).toEqual([2]);
    expect((await get<Row[]>('/marketplace/connectors/list/minid:3/')).data.map((c) => c.id)).toEqual([3, 4]);
    expect((await get<Row[]>('/marketplace/connectors/list/skipcancelled:1/')).data.map((c) => c.id)).toEqual([1, 2, 3]);
    for (const filter of ['year:2026', 'datefrom:2026-01-01', 'modifiedafter:2026-01-01']) await get(`/marketplace/connectors/list/${filter}/`, 400);
    await get('/marketplace/connectors/list/id:77/', 404);
  });

  it('a connector-bound key sees only its connector', async () => {
    const bound = await demo.h.apiUser({ connector_id: 2 });
    const answer = await demo.h.rest<Row[]>('GET', '/1/marketplace/connectors/list/', bound);
    expect(answer.body.data.map((c) => c.id)).toEqual([2]);
  });
});

describe('GET /marketplace/orders/list/', () => {
  type Page = { data: MarketplaceOrder[]; data_next_page_exists: boolean; data_next_page_url: string | null; has_more_pages?: boolean };

  it('newest first with the connector block, paged by data_next_page_url', async () => {
    for (let i = 0; i < 300; i++) {
      writeSql(
        demo.h,
        `INSERT INTO connector_orders (company_id, connector_id, order_unique_id, order_date, currency, shipping_method, created_ts, last_changed_ts)
         VALUES (1, 2, ?, '2026-03-01', 'RON', 'courier', '2026-03-01 10:00:00', '2026-03-01 10:00:00')`,
        `BULK-${i}`,
      );
    }
    const all = ids('SELECT id FROM connector_orders WHERE company_id = 1 ORDER BY id DESC');
    const first = (await get('/marketplace/orders/list/')) as unknown as Page;
    expect(first.data).toHaveLength(250);
    expect(first.data.map((r) => r.rec_id)).toEqual(all.slice(0, 250));
    expect(first.data[0]!.connector).toMatchObject({ connector_id: expect.any(Number), type: 'WooCommerce', connector_type: 'dropship', active: expect.any(Number), deleted: expect.any(Number) });
    expect(first).not.toHaveProperty('has_more_pages');
    expect(first.data_next_page_exists).toBe(true);
    const response = await fetch(first.data_next_page_url!, { headers: { authorization: `Basic ${Buffer.from(demo.user.join(':')).toString('base64')}` } });
    const second = (await response.json()) as Page;
    expect(second.data.map((r) => r.rec_id)).toEqual(all.slice(250, 500));
  });

  it('filters by connector and dates; an empty page is a 404', async () => {
    const rows = ((await get('/marketplace/orders/list/connector_id:1/')) as unknown as Page).data;
    expect(rows.every((r) => r.connector_id === 1)).toBe(true);
    const march = ((await get('/marketplace/orders/list/yearmonth:202603/connector_id:2/')) as unknown as Page).data;
    expect(march.every((r) => r.order_date.startsWith('2026-03'))).toBe(true);
    await get('/marketplace/orders/list/page:999/', 404);
    await get('/marketplace/orders/list/yearmonthday:20260301/', 400);
  });

  it('a connector-bound key sees only its orders; another connector_id is a 401', async () => {
    const bound = await demo.h.apiUser({ connector_id: 1 });
    const mine = await demo.h.rest<MarketplaceOrder[]>('GET', '/1/marketplace/orders/list/', bound);
    expect(mine.status).toBe(200);
    expect(mine.body.data.every((r) => r.connector_id === 1)).toBe(true);
    expect((await demo.h.rest('GET', '/1/marketplace/orders/list/connector_id:2/', bound)).status).toBe(401);
  });
});

describe('GET /connector/{id}/products/', () => {
  const feed = listClient<Row>(demo, '/connector/1/products/');

  it('lists only the products published to the connector, not deleted', async () => {
    const rows = await feed.walk('');
    const expected = ids(
      `SELECT p.id FROM connector_products cp JOIN products p ON p.id = cp.product_id
        WHERE cp.connector_id = 1 AND p.company_id = 1 AND p.deleted = 0 AND p.is_sellable = 1 ORDER BY p.id`,
    );
    expect(rows.map((r) => r.product_id)).toEqual(expected);
    expect(rows.length).toBeGreaterThan(0);
  });

  it("prices and stock of the connector's workpoint; magazia_id overrides it", async () => {
    const workpoint = demo.db.prepare('SELECT workpoint_id FROM connectors WHERE id = 1').pluck().get() as number | null;
    const [first] = (await feed.list('')).data;
    const stockAt = (wp: number) =>
      (demo.db.prepare('SELECT quantity FROM stock WHERE product_id = ? AND workpoint_id = ?').pluck().get(first!.product_id, wp) as number | undefined) ?? 0;
    if (workpoint !== null) expect(first!.stoc_global).toBe(stockAt(workpoint));
    const other = workpoint === 1 ? 2 : 1;
    const [overridden] = (await feed.list(`magazia_id:${other}/`)).data;
    expect(overridden!.stoc_global).toBe(stockAt(other));
  });

  it('code, modifiedafter, include:images, format:csv', async () => {
    const [first] = (await feed.list('')).data;
    expect((await feed.list(`code:${encodeURIComponent(String(first!.cod_produs))}/`)).data.map((r) => r.product_id)).toEqual([first!.product_id]);
    expect((await feed.list('modifiedafter:2099-01-01%2000:00:00/')).data).toEqual([]);
    expect((await feed.list('include:images/')).data[0]).toHaveProperty('images');
    const response = await fetch(`${demo.h.url}/app/rest/v1/1/connector/1/products/format:csv/`, {
      headers: { authorization: `Basic ${Buffer.from(demo.user.join(':')).toString('base64')}` },
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^product_id,/);
    expect(lines.length - 1).toBe((await feed.walk('')).length);
  });

  it('404 for an unknown or deleted connector; 400 for a filter the feed does not take', async () => {
    await get('/connector/99/products/', 404);
    await get('/connector/4/products/', 404);
    await get('/connector/1/products/fm_id:1/', 400);
    await get('/connector/1/products/include:last_aquisition_price_ron/', 400);
  });
});

describe('connectors.list (control API)', () => {
  it("lists the account's connectors oldest first, deleted ones flagged, without credentials or URLs", async () => {
    const answer = await demo.h.control<Array<Record<string, unknown>>>('GET', '/accounts/1/connectors');
    expect(answer.status).toBe(200);
    const ids = answer.body.data.map((c) => c.id as number);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const connector of answer.body.data) {
      expect(Object.keys(connector).sort()).toEqual(['active', 'connector_type', 'created_ts', 'deleted', 'id', 'last_changed_ts', 'name', 'site_domain', 'type']);
    }
  });

  it('404 for an account that does not exist', async () => {
    expect((await demo.h.control('GET', '/accounts/999/connectors')).status).toBe(404);
  });
});
