/**
 * The requests of the runs: URL and body generators for autocannon's setupRequest. Sequences are
 * seeded, so the service and the minimal implementation are sent the same requests in the same
 * order (each only as far as its speed takes it).
 */
import type autocannon from 'autocannon';
import type { OrderableProduct } from './dataset.ts';

/** mulberry32: a small seeded generator in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Endless shuffled passes over 0..size-1: every value once per pass, so a value comes back only
 * after all the others (an LRU cache smaller than the whole set never holds it by then).
 */
export function shuffledCycle(size: number, seed: number): () => number {
  const random = seededRandom(seed);
  const order = Array.from({ length: size }, (_, i) => i);
  let next = size;
  return () => {
    if (next === size) {
      for (let i = size - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      next = 0;
    }
    return order[next++]!;
  };
}

type Setup = (request: autocannon.Request) => autocannon.Request;
const dynamic = (method: autocannon.Request['method'], setup: Setup): autocannon.Request => ({
  method,
  setupRequest: (request) => setup(request),
});

/** GETs of `pathOf(i)` for i = 0, 1, 2 … (shared by every connection), each as user `i % users`. */
export function readSequence(pathOf: (i: number) => string, authorizations: string[]): autocannon.Request {
  let i = 0;
  return dynamic('GET', (request) => {
    const n = i++;
    return { ...request, path: pathOf(n), headers: { ...request.headers, authorization: authorizations[n % authorizations.length]! } };
  });
}

/** Sales pages in shuffled passes over every (page, user) pair: no two alike until all were sent. */
export function randomPages(rest: string, pages: number, authorizations: string[], seed: number): autocannon.Request {
  const users = authorizations.length;
  const next = shuffledCycle(pages * users, seed);
  return dynamic('GET', (request) => {
    const pair = next();
    const page = Math.floor(pair / users) + 1;
    const path = page === 1 ? `${rest}/sales/list/` : `${rest}/sales/list/page:${page}/`;
    return { ...request, path, headers: { ...request.headers, authorization: authorizations[pair % users]! } };
  });
}

/** minid:K over every id of the table (shuffled passes), alternately with skipcancelled:1. */
export function randomMinIds(rest: string, minId: number, maxId: number, authorizations: string[], seed: number) {
  const next = shuffledCycle(maxId - minId + 1, seed);
  return readSequence((i) => `${rest}/sales/list/minid:${minId + next()}/${i % 2 ? 'skipcancelled:1/' : ''}`, authorizations);
}

/** 'YYYY-MM-DD HH:MM:SS' of a time in ms (UTC: the stored timestamps are compared as text). */
const timestamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** modifiedafter:T/skipcancelled:1 with T a random second between `from` and `to` (a sync client's query). */
export function randomModifiedAfter(rest: string, from: string, to: string, authorizations: string[], seed: number) {
  const random = seededRandom(seed);
  const start = Date.parse(`${from.replace(' ', 'T')}Z`);
  const span = Date.parse(`${to.replace(' ', 'T')}Z`) - start;
  return readSequence(
    () => `${rest}/sales/list/modifiedafter:${encodeURIComponent(timestamp(start + random() * span))}/skipcancelled:1/`,
    authorizations,
  );
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const r2 = (x: number) => Math.round(x * 100 + 1e-7 * Math.max(1, Math.abs(x))) / 100;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * A connector order as a shop sends it: a new client, two catalogue products and shipping, a
 * confirmed card payment of the total. `n` makes the order id, the client and the payment unique.
 */
export function orderBody(uid: string, n: number, products: OrderableProduct[]): Record<string, unknown> {
  const address = { city: 'Cluj-Napoca', county: 'Cluj', country: 'Romania', street: 'Strada Memorandumului', number: '28', zip: '' };
  const line = (p: OrderableProduct) => {
    const withVat = r2(p.price * (1 + p.vat / 100));
    return {
      type: 'product', code: p.code, ean: '', item_name: `Produs ${p.code}`, item_quantity: 1,
      item_price: p.price, item_vat_percent: p.vat, item_price_with_vat: withVat, line_value_with_vat: withVat,
    };
  };
  const items = [
    line(products[(2 * n) % products.length]!),
    line(products[(2 * n + 1) % products.length]!),
    { type: 'service', code: 'SHIPPING', item_name: 'Transport curier', item_quantity: 1, item_price: 16.8, item_vat_percent: 19, item_price_with_vat: 19.99, line_value_with_vat: 19.99 },
  ];
  const total = r2(items.reduce((sum, item) => sum + item.line_value_with_vat, 0));
  const day = today();
  return {
    order_unique_id: uid,
    order_reference: `#${uid}`,
    order_date: day,
    order_status: 'processing',
    order_cancelled: 0,
    order_currency_code: 'RON',
    shipping_method: 'courier',
    cod_amount: 0,
    cod_currency: '',
    client: {
      name: `Client Bench ${uid}`,
      representative: '',
      email: `${uid.toLowerCase()}@bench.example.ro`,
      phone: `07${String(n % 1e8).padStart(8, '0')}`,
      vat_id: '',
      registration_number: '',
      client_unique_id: n,
      invoice_address: address,
      delivery_address: { ...address, shipping_contact_name: `Client Bench ${uid}`, shipping_contact_phone: '0722000000' },
    },
    items,
    payments: [
      {
        payment_method: 'card', payment_status: 'confirmed', payment_date: `${day} 09:30:00`, payment_amount: total,
        payment_currency: 'RON', payment_reference: `ch_${uid}`,
      },
    ],
  };
}

/**
 * Connector order POSTs on connector 1, each a new order. `tag` keeps ids unique across runs on
 * the same data folder (writes accumulate there).
 */
export function orderPosts(rest: string, products: OrderableProduct[], tag: string, firstClientId: number): autocannon.Request {
  let n = 0;
  return dynamic('POST', (request) => {
    const i = n++;
    const uid = `B${tag}-${i}`;
    return {
      ...request,
      path: `${rest}/connector/1/order/${uid}/`,
      headers: { ...request.headers, ...JSON_HEADERS },
      body: JSON.stringify(orderBody(uid, firstClientId + i, products)),
    };
  });
}

/** Cash payments of 1.00 on live sales across the table. */
export function paymentPosts(rest: string, sales: number[]): autocannon.Request {
  let n = 0;
  return dynamic('POST', (request) => ({
    ...request,
    path: `${rest}/sales/${sales[n++ % sales.length]}/payment/`,
    headers: { ...request.headers, ...JSON_HEADERS },
    body: JSON.stringify({ amount: 1, payment_type: 'cash', mentions: 'bench' }),
  }));
}

/** A price change (with its currency, as PATCH requires) on products across the catalogue. */
export function pricePatches(rest: string, products: number[], seed: number): autocannon.Request {
  const random = seededRandom(seed);
  let n = 0;
  return dynamic('PATCH', (request) => ({
    ...request,
    path: `${rest}/product/${products[n++ % products.length]}/`,
    headers: { ...request.headers, ...JSON_HEADERS },
    body: JSON.stringify({ pret_vanzare: Math.round(1000 + random() * 99_000) / 100, selling_currency_txt: 'RON' }),
  }));
}

/** The minimal implementation's write: the same price change as a bare UPDATE. */
export function minimalWrites(products: number[], seed: number): autocannon.Request {
  const random = seededRandom(seed);
  let n = 0;
  return dynamic('POST', (request) => ({
    ...request,
    path: '/_bench/write',
    headers: { ...request.headers, ...JSON_HEADERS },
    body: JSON.stringify({ product_id: products[n++ % products.length], pret_vanzare: Math.round(1000 + random() * 99_000) / 100 }),
  }));
}
