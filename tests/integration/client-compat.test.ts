import { beforeAll, describe, expect, it } from 'vitest';
import { basicAuth } from './harness.ts';
import { expectOk, orderableProducts, r2, useOrderDemo, type Body, type Row } from './orders.ts';
import { restSend } from './requests.ts';

// What public clients of the real service read where the spec is silent
// (../shared/docs/real-service.md): the paging keys of every list, no redirect, BOCP_order_id,
// "exists" in a refusal, the order-level payment_method, the reservation seen in the product
// lists, and the proforma of a bank_transfer order on the demo's connector 1.

/** Tuesday 2026-11-17 10:00 Europe/Bucharest. */
const TODAY = '2026-11-17';
const clock = { t: new Date('2026-11-17T08:00:00Z'), now() { return this.t; } };

interface Prod { id: number; code: string; price: number; vat: number; pwv: number }
let prods: Prod[];
let seq = 0;

const { demo, one, all, send } = useOrderDemo(clock);
const rest = restSend<Row>(demo);
const get = async (path: string) => {
  const answer = await rest<any>('GET', path);
  expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
  return answer.body as Row;
};

beforeAll(() => {
  prods = orderableProducts<Omit<Prod, 'pwv'>>(all, { column: 'p.is_sellable', where: 's.reserved = 0 AND p.is_sellable = 1 AND p.archived = 0', limit: 4 });
});

function setting(connectorId: number, grp: string, key: string, value: unknown): void {
  demo.db.prepare('INSERT OR REPLACE INTO connector_settings (company_id, connector_id, grp, key, value) VALUES (1, ?, ?, ?, ?)').run(
    connectorId, grp, key, JSON.stringify(value),
  );
}

const address = { city: 'București', county: 'Bucuresti', country: 'Romania', street: 'Strada Lipscani', number: '5', zip: '' };
const item = (p: Prod, qty: number) => ({
  type: 'product', code: p.code, item_name: `Produs ${p.code}`, item_quantity: qty, item_price: p.price, item_vat_percent: p.vat,
  item_price_with_vat: p.pwv, line_value_with_vat: r2(qty * p.pwv),
});
function order(over: Body = {}): Body {
  const uid = `CC-${++seq}`;
  return {
    order_unique_id: uid,
    order_reference: uid,
    order_date: TODAY,
    order_status: 'processing',
    order_currency_code: 'RON',
    shipping_method: 'personal_pickup',
    cod_amount: 0,
    client: { name: `Client ${uid}`, invoice_address: address, delivery_address: address },
    items: [item(prods[0]!, 2)],
    payments: [],
    ...over,
  };
}
const totalOf = (body: Body) => r2(body.items.reduce((s: number, i: Body) => s + i.line_value_with_vat, 0));
const orderRow = (uid: string, connectorId = 1) => one('SELECT * FROM connector_orders WHERE connector_id = ? AND order_unique_id = ?', connectorId, uid);

describe('the paging keys of every list', () => {
  const longLists = ['/sales/list/', '/invoices/list/', '/product/list/', '/contacts/list/', '/payments/list/'];
  const lists = [...longLists, '/connector/1/products/', '/proformas/list/', '/connector/1/order/list/', '/workpoints/list/'];

  it('page 1 with more pages: data_count, data_next_page_exists and data_next_page beside page and has_more_pages', async () => {
    for (const list of longLists) {
      const body = await get(`${list}page:1/`);
      expect(body.is_error, list).toBe(false);
      expect(body.page, list).toBe(1);
      expect(body.has_more_pages, list).toBe(true);
      expect(body.data_count, list).toBe(body.data.length);
      expect(body.data_count, list).toBeGreaterThan(0);
      expect(body.data_next_page_exists, list).toBe(true);
      expect(body.data_next_page, list).toBe(2);
    }
  });

  it('the last page has no data_next_page; a page past the end is data: []', async () => {
    for (const list of lists) {
      let n = 1;
      let body = await get(`${list}page:${n}/`);
      while (body.has_more_pages) body = await get(`${list}page:${++n}/`);
      expect(body.data_next_page_exists, list).toBe(false);
      expect(body, list).not.toHaveProperty('data_next_page');
      expect(body.data_count, list).toBe(body.data.length);
      const past = await get(`${list}page:${n + 1}/`);
      expect(past.data, list).toEqual([]);
      expect([past.data_count, past.has_more_pages, past.data_next_page_exists], list).toEqual([0, false, false]);
      expect(past, list).not.toHaveProperty('data_next_page');
    }
  });

  it('a list with nothing matching is data: [] (200), page 1', async () => {
    for (const list of ['/sales/list/id:999999999/', '/proformas/list/datefrom:2099-01-01/', '/connector/1/order/list/id:999999999/', '/awb/list/documentnr:NONE/']) {
      const body = await get(list);
      expect([body.data, body.data_count, body.data_next_page_exists, body.page], list).toEqual([[], 0, false, 1]);
    }
  });

  it('the marketplace order list keeps its 404 for an empty page and carries data_count and data_next_page', async () => {
    const first = await get('/marketplace/orders/list/');
    expect(first.data_count).toBe(first.data.length);
    if (first.data_next_page_exists) expect(first.data_next_page).toBe(2);
    else expect(first).not.toHaveProperty('data_next_page');
    const empty = await rest('GET', '/marketplace/orders/list/page:9999/');
    expect(empty.status).toBe(404);
  });
});

describe('no API path redirects', () => {
  const paths = [
    '/1/sales/list/', '/1/sales/list', '/1/sales/list/page:2/', '/1/sales/list/page:2', '/1/product/list/include:images/page:1/',
    '/1/product/list/include:images/page:1', '/1/contacts/list/include:address,pricelist/page:1', '/1/connector/1/config',
    '/1/connector/1/config/', '/1/marketplace/orders/list', '/1/proformas/list/datefrom:2026-11-01',
  ];
  it('with and without the trailing slash: the same 200, never a 3xx', async () => {
    for (const path of paths) {
      const response = await fetch(`${demo.h.url}/app/rest/v1${path}`, {
        headers: { authorization: basicAuth(...demo.user) },
        redirect: 'manual',
      });
      expect(response.status, path).toBe(200);
      const body = (await response.json()) as Row;
      expect(body.is_error, path).toBe(false);
    }
    // redirect: 'error' (what clients send) passes too.
    const strict = await fetch(`${demo.h.url}/app/rest/v1/1/invoices/list/datefrom:${TODAY}`, {
      headers: { authorization: basicAuth(...demo.user) },
      redirect: 'error',
    });
    expect(strict.status).toBe(200);
  });
});

describe('connector order answer', () => {
  it('BOCP_order_id equals SERVICE_order_id and the marketplace rec_id', async () => {
    const body = order();
    const data = expectOk(await send('POST', body.order_unique_id, body));
    expect(data.BOCP_order_id).toBe(data.SERVICE_order_id);
    expect(data.BOCP_order_id).toBe(orderRow(body.order_unique_id).id);
    const market = await get(`/marketplace/orders/list/id:${data.SERVICE_order_id}/`);
    expect(market.data.map((r: Row) => r.rec_id)).toEqual([data.BOCP_order_id]);
    const put = expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, order_status: 'packed' }));
    expect([put.SERVICE_order_id, put.BOCP_order_id]).toEqual([data.SERVICE_order_id, data.SERVICE_order_id]);
  });

  it('the repeated-order refusal says "exists"', async () => {
    // The demo's threshold is 3: the third POST within the hour is refused.
    const body = order();
    expectOk(await send('POST', body.order_unique_id, body));
    expectOk(await send('POST', body.order_unique_id, body));
    const refused = await send('POST', body.order_unique_id, body);
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors.join(' ')).toMatch(/exists/);
    expect(refused.body.messages.join(' ')).toMatch(/exists/);
    expect(refused.body.data.BOCP_order_id).toBe(orderRow(body.order_unique_id).id);
  });
});

describe('the order-level payment_method', () => {
  it('is stored and shown in the order lists; a later request without it keeps it', async () => {
    const body = order({ payment_method: 'credit' });
    const data = expectOk(await send('POST', body.order_unique_id, body));
    expect(data.import_summary.payment_method_applied).toBe('credit');
    expect(orderRow(body.order_unique_id).payment_method).toBe('credit');
    expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, order_status: 'packed' }));
    const list = await get(`/connector/1/order/list/id:${data.SERVICE_order_id}/`);
    expect(list.data[0].payment_method).toBe('credit');
    const market = await get(`/marketplace/orders/list/id:${data.SERVICE_order_id}/`);
    expect(market.data[0].payment_method).toBe('credit');
    // An order without it shows null.
    const plain = order();
    const plainData = expectOk(await send('POST', plain.order_unique_id, plain));
    expect((await get(`/connector/1/order/list/id:${plainData.SERVICE_order_id}/`)).data[0].payment_method).toBeNull();
  });

  it('drives invoicing.excluded_payment_methods while payments[] is empty; a payment method wins over it', async () => {
    setting(2, 'invoicing', 'auto_issue', 'on_import');
    setting(2, 'invoicing', 'only_if_paid', false);
    setting(2, 'invoicing', 'excluded_payment_methods', ['credit']);
    try {
      const saleOf = (uid: string) => one('SELECT id, invoice_id FROM sales WHERE connector_order_id = ?', orderRow(uid, 2).id);
      const credit = order({ payment_method: 'credit' });
      expectOk(await send('POST', credit.order_unique_id, credit, 2));
      expect(saleOf(credit.order_unique_id)).toMatchObject({ invoice_id: null });

      const card = order({ payment_method: 'card' });
      expectOk(await send('POST', card.order_unique_id, card, 2));
      expect(saleOf(card.order_unique_id).invoice_id).not.toBeNull();

      // A payment's method counts before the order-level one.
      const paid = order({
        payment_method: 'credit',
        payments: [{ payment_method: 'card', payment_status: 'pending', payment_date: `${TODAY} 09:00:00`, payment_amount: 1, payment_currency: 'RON', payment_reference: 'p1' }],
      });
      const answer = expectOk(await send('POST', paid.order_unique_id, paid, 2));
      expect(answer.import_summary.payment_method_applied).toBe('card');
      expect(saleOf(paid.order_unique_id).invoice_id).not.toBeNull();
    } finally {
      demo.db.prepare("DELETE FROM connector_settings WHERE company_id = 1 AND connector_id = 2 AND grp = 'invoicing' AND key IN ('excluded_payment_methods')").run();
      setting(2, 'invoicing', 'auto_issue', 'on_awb');
    }
  });

  it('a bank_transfer order on connector 1 gets its proforma at once, listed by /proformas/list/datefrom:<today>/ with the order total', async () => {
    const body = order({ payment_method: 'bank_transfer', items: [item(prods[0]!, 2), item(prods[2]!, 1)] });
    const total = totalOf(body);
    const data = expectOk(await send('POST', body.order_unique_id, body));
    expect(data.import_summary.payment_method_applied).toBe('bank_transfer');
    const proformaId = orderRow(body.order_unique_id).proforma_id;
    expect(proformaId).not.toBeNull();
    const list = await get(`/proformas/list/datefrom:${TODAY}/`);
    const row = list.data.find((p: Row) => p.proforma_id === proformaId);
    expect(row).toBeDefined();
    expect(Math.abs(row.total - total)).toBeLessThan(0.005);

    // Counter-case: card (no payment yet) makes no proforma.
    const card = order({ payment_method: 'card' });
    expectOk(await send('POST', card.order_unique_id, card));
    expect(orderRow(card.order_unique_id).proforma_id).toBeNull();
  });
});

describe('a reservation in the product lists', () => {
  it('connector 1 reserves on import: stock_reserved up, stock_available down in /product/list/ and the feed; cancelling releases it', async () => {
    const p = prods[1]!;
    const read = async () => {
      const list = (await get(`/product/list/id:${p.id}/`)).data[0];
      const feed = (await get(`/connector/1/products/code:${encodeURIComponent(p.code)}/`)).data.find((r: Row) => r.id === p.id || r.cod_produs === p.code);
      return { list: [list.stock_reserved, list.stock_available, list.stoc_global], feed: [feed.stock_reserved, feed.stock_available, feed.stoc_global] };
    };
    const before = await read();
    const body = order({ items: [item(p, 3)] });
    const data = expectOk(await send('POST', body.order_unique_id, body));
    expect(one('SELECT count(*) AS n FROM sales WHERE connector_order_id = ?', data.SERVICE_order_id).n).toBe(0);
    const reserved = await read();
    expect(reserved.list).toEqual([r2(before.list[0] + 3), r2(before.list[1] - 3), before.list[2]]);
    expect(reserved.feed).toEqual([r2(before.feed[0] + 3), r2(before.feed[1] - 3), before.feed[2]]);

    expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, order_status: 'cancelled', order_cancelled: 1 }));
    expect(await read()).toEqual(before);
  });

  it('connector 2 keeps creating the sales receipt at import', async () => {
    const body = order();
    const data = expectOk(await send('POST', body.order_unique_id, body, 2));
    expect(one('SELECT count(*) AS n FROM sales WHERE connector_order_id = ?', data.SERVICE_order_id).n).toBe(1);
  });
});
