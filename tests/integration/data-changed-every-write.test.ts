import { beforeAll, describe, expect, it } from 'vitest';
import { isWriteOperation, operations, type OperationInput, type OperationName, type OperationOutput } from '../../shared/contract/operations.ts';
import type { CoreEvents } from '../../shared/contract/events.ts';
import { changedByEvent, queryIsAffected, type Changed } from '../../renderer/src/api/invalidation.ts';
import { ANSWERS_ALWAYS_DEPEND_ON } from '../../electron/server/public/cached-answers.ts';
import { basicAuth, databaseFile, useDemo, withWritableDb } from './harness.ts';
import { PNG } from './fixtures.ts';
import { orderableProducts, payment, r2 } from './orders.ts';
import { multipart } from './requests.ts';
import { changedTables, listenToCore, readStore, settleBackground, tableDigests } from './write-effects.ts';
import { OPERATION_FLOOR, REST_FLOOR } from './hand-kept-change-lists.ts';

/*
 * Every write is announced from what it wrote (electron/core/announce-writes.ts), so no screen
 * misses a change. For every write operation of the map and every REST route that is not a GET
 * (both enumerated: a new one fails the first test until it is exercised here), a real write on
 * the demo account, and then:
 *
 * - every table whose rows changed (compared before and after from a second connection) is named
 *   by an event of the write as the window reads them (renderer/src/api/invalidation.ts), and
 *   every screen read that reads it (`reads`: the lists, the overview, the attention list ...)
 *   is refreshed;
 * - every REST answer kept by the answer cache that was made from a changed table is made again;
 * - the tables its old hand-kept list named are announced, unless the write left them as they were;
 * - a call that writes nothing announces nothing and changes nothing.
 */

/** The clock the OpenAPI examples were taken at (their requests are the REST writes sent here). */
const EXAMPLES_CLOCK = new Date('2026-11-27T08:00:00Z');

const demo = useDemo({ clock: { now: () => EXAMPLES_CLOCK } });

/**
 * Tables written besides the writes under test, each announced by an event of its own: the API
 * log (apiLog.appended), the webhook dispatcher's attempts (webhook.attempt) and a receiver's
 * pause (data.changed when it starts or ends). The screens see them through those events; a call
 * that writes nothing may still find them changed.
 */
const BACKGROUND = new Set(['api_log', 'webhook_outbox', 'webhook_attempts', 'receiver_health']);
/**
 * Columns moved without any announcement, by design: an API user's last use by a REST call
 * (apiUsers.list reads the API log too), the failures counted while a receiver stays paused (the
 * screens show the pause, announced when it starts or ends).
 */
const SILENT_COLUMNS: Record<string, readonly string[]> = { api_users: ['last_used_ts'], receiver_health: ['consecutive_failures', 'paused_until'] };

/** A data.changed of the dispatcher (deliveries progressing, a receiver paused), not of the write under test. */
const fromDispatcher = (changed: CoreEvents['data.changed']) =>
  !changed.records && changed.tables.every((t) => t === 'webhook_outbox' || t === 'webhook_attempts' || t === 'receiver_health');

type Row = Record<string, unknown>;

const store = () => databaseFile(demo.h);
const one = <T = Row>(sql: string, ...params: unknown[]) => readStore(store(), (db) => db.prepare(sql).get(...params) as T);
const all = <T = Row>(sql: string, ...params: unknown[]) => readStore(store(), (db) => db.prepare(sql).all(...params) as T[]);
const value = <T = number>(sql: string, ...params: unknown[]) => readStore(store(), (db) => db.prepare(sql).pluck().get(...params) as T);
const writeSql = (sql: string, ...params: unknown[]) => withWritableDb(demo.h, (db) => db.prepare(sql).run(...params));
const listen = () => listenToCore(demo.h.core);
const settle = () => settleBackground(demo.h.core);

const invoke = <K extends OperationName>(name: K, input: OperationInput<K>): Promise<OperationOutput<K>> => demo.h.core.invoke(name, input);

/** A REST call of the demo's API user; the status and the parsed answer (when JSON). */
async function rest(method: string, path: string, body?: unknown): Promise<{ status: number; data: Row }> {
  const headers: Record<string, string> = { authorization: basicAuth(...demo.user) };
  let payload: FormData | string | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const answer = await fetch(`${demo.h.url}/app/rest/v1/1${path}`, { method, headers, ...(payload !== undefined && { body: payload }) });
  const text = await answer.text();
  const data = answer.headers.get('content-type')?.includes('json') ? ((JSON.parse(text) as { data: Row }).data ?? {}) : {};
  return { status: answer.status, data };
}

async function restOk(method: string, path: string, body?: unknown): Promise<Row> {
  const answer = await rest(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.data).slice(0, 300)}`).toBeLessThan(300);
  return answer.data;
}

/** The OpenAPI document's example request of a REST route: its path below the account and its JSON body. */
interface Example {
  path: string;
  body: unknown;
}
let examples: Map<string, Example>;
/** Every REST route that is not a GET, as 'METHOD /path' below /app/rest/v1/{company_id}. */
let restWrites: string[];
/** The GET routes of the account without other path parameters: answers the cache keeps. */
let restReads: string[];

const REST_PREFIX = '/app/rest/v1/{company_id}';
const example = (route: string): Example => {
  const found = examples.get(route);
  if (!found) throw new Error(`no example for ${route}`);
  return found;
};
const sendExample = (route: string) => {
  const { path, body } = example(route);
  return restOk(route.split(' ')[0]!, path, body);
};

let orders = 0;
/** A connector order sent through REST: one line of a product connector 1 sells, paid by card. */
async function placeOrder(connectorId: number, uid: string): Promise<number> {
  const [product] = orderableProducts<{ code: string; price: number; vat: number }>(all, { column: '1 AS one', where: 's.reserved = 0', limit: 1 });
  const address = { city: 'Cluj-Napoca', county: 'Cluj', country: 'Romania', street: 'Strada Memorandumului', number: '28', zip: '400001' };
  const total = r2(2 * product!.pwv);
  const body = {
    order_unique_id: uid,
    order_status: 'processing',
    order_currency_code: 'RON',
    shipping_method: 'courier',
    client: { name: 'Ana Pop', email: 'ana@example.ro', client_unique_id: 790000 + ++orders, invoice_address: address, delivery_address: address },
    items: [
      {
        type: 'product', code: product!.code, item_name: `Produs ${product!.code}`, item_quantity: 2, item_price: product!.price,
        item_vat_percent: product!.vat, item_price_with_vat: product!.pwv, line_value_with_vat: total,
      },
    ],
    payments: [payment(`CARD-${uid}`, total)],
  };
  const data = await restOk('POST', `/connector/${connectorId}/order/${encodeURIComponent(uid)}/`, body);
  return data.SERVICE_order_id as number;
}

/** A connector setting (its own value), written as another program would. */
const setting = (connectorId: number, grp: string, key: string, json: unknown) =>
  writeSql('INSERT OR REPLACE INTO connector_settings (company_id, connector_id, grp, key, value) VALUES (1, ?, ?, ?, ?)', connectorId, grp, key, JSON.stringify(json));

interface Write {
  /** The operation's name, or 'METHOD /path' of the REST route. */
  name: string;
  /** False: a call that must write nothing (run to show it). */
  writes: boolean;
  /** The account whose screens are checked (default 1). */
  company?: () => number;
  /** What the write needs, made before it is measured. */
  prepare?: () => Promise<unknown> | unknown;
  /** The write; throws when it is refused. */
  run: () => Promise<unknown>;
}

/** What earlier writes made that later ones use. */
const made: Record<string, number> = {};

const WRITES: Write[] = [
  // The attachments' storage first: the REST upload needs it.
  { name: 'storage.update', writes: true, run: () => invoke('storage.update', { company_id: 1, embedded: true }) },
  { name: 'storage.test', writes: false, run: () => invoke('storage.test', { company_id: 1 }) },

  // The REST writes, with the OpenAPI examples' requests, in the order the examples were taken (openapi-examples.test.ts).
  { name: 'POST /payments/fiscalreceipt/', writes: true, run: () => sendExample('POST /payments/fiscalreceipt/') },
  { name: 'POST /awb/add/', writes: true, run: () => sendExample('POST /awb/add/') },
  { name: 'POST /workmanager/sendinrequest/', writes: true, run: () => sendExample('POST /workmanager/sendinrequest/') },
  {
    name: 'POST /product/add/',
    writes: false,
    run: async () => expect((await rest('POST', example('POST /product/add/').path, example('POST /product/add/').body)).status).toBe(501),
  },
  { name: 'POST /sales/{bv_id}/payment/', writes: true, run: () => sendExample('POST /sales/{bv_id}/payment/') },
  {
    name: 'POST /product/{product_id}/image/',
    writes: true,
    run: () => restOk('POST', example('POST /product/{product_id}/image/').path, multipart([['file', PNG, 'detaliu.png', 'image/png'], ['title', 'Detaliu']])),
  },
  {
    name: 'POST /productwebcategories/{category_id}/image/',
    writes: true,
    run: () => restOk('POST', example('POST /productwebcategories/{category_id}/image/').path, multipart([['file', PNG, 'moda.png', 'image/png']])),
  },
  { name: 'POST /connector/{connector_id}/order/{order_id}/', writes: true, run: () => sendExample('POST /connector/{connector_id}/order/{order_id}/') },
  {
    name: 'POST /attachments/upload/',
    writes: true,
    run: async () => {
      const invoice = value('SELECT id FROM invoices WHERE company_id = 1 AND cancelled = 0 ORDER BY id DESC LIMIT 1');
      const form = multipart([['doctype', 'invoice'], ['doc_id', String(invoice)], ['file', Buffer.from('proces-verbal'), 'pv.txt', 'text/plain']]);
      made.restAttachment = ((await restOk('POST', example('POST /attachments/upload/').path, form)).attached_file_rec_ids as number[])[0]!;
    },
  },
  { name: 'PUT /product/{product_id}/', writes: true, run: () => sendExample('PUT /product/{product_id}/') },
  { name: 'PUT /product/{product_id}/image/', writes: true, run: () => sendExample('PUT /product/{product_id}/image/') },
  { name: 'PUT /connector/{connector_id}/order/{order_id}/', writes: true, run: () => sendExample('PUT /connector/{connector_id}/order/{order_id}/') },
  { name: 'PATCH /product/{product_id}/', writes: true, run: () => sendExample('PATCH /product/{product_id}/') },
  { name: 'DELETE /awb/{awb_id}/', writes: true, run: () => sendExample('DELETE /awb/{awb_id}/') },
  { name: 'DELETE /product/{product_id}/', writes: true, run: () => sendExample('DELETE /product/{product_id}/') },
  { name: 'DELETE /product/{product_id}/images/', writes: true, run: () => sendExample('DELETE /product/{product_id}/images/') },
  { name: 'DELETE /productwebcategories/{category_id}/', writes: true, run: () => sendExample('DELETE /productwebcategories/{category_id}/') },
  { name: 'DELETE /attachments/{attachment_id}/', writes: true, run: () => restOk('DELETE', `/attachments/${made.restAttachment}/`) },

  // The operations of the map.
  {
    name: 'orders.setStatus',
    writes: true,
    run: () => invoke('orders.setStatus', { company_id: 1, connector_id: 1, order_unique_id: 'WEB-10045', status_text: 'packed' }),
  },
  {
    name: 'orders.issueInvoice',
    writes: true,
    prepare: async () => {
      setting(1, 'invoicing', 'auto_issue', 'off');
      await placeOrder(1, 'EVERY-WRITE-INVOICE');
    },
    run: async () => {
      const done = await invoke('orders.issueInvoice', { company_id: 1, connector_id: 1, order_unique_id: 'EVERY-WRITE-INVOICE' });
      made.orderInvoice = done.bocp_id;
    },
  },
  {
    name: 'orders.generateAwb',
    writes: true,
    prepare: () => placeOrder(2, 'EVERY-WRITE-AWB'),
    run: async () => {
      const done = await invoke('orders.generateAwb', { company_id: 1, connector_id: 2, order_unique_id: 'EVERY-WRITE-AWB', awb_type: 'cargus' });
      made.awb = done.awb_id;
    },
  },
  { name: 'awbs.cancel', writes: true, run: () => invoke('awbs.cancel', { company_id: 1, awb_id: made.awb! }) },
  {
    name: 'orders.cancel',
    writes: true,
    prepare: () => placeOrder(1, 'EVERY-WRITE-CANCEL'),
    run: () => invoke('orders.cancel', { company_id: 1, connector_id: 1, order_unique_id: 'EVERY-WRITE-CANCEL' }),
  },
  {
    name: 'invoices.storno',
    writes: true,
    run: () => invoke('invoices.storno', { company_id: 1, bocp_id: made.orderInvoice! }),
  },
  {
    name: 'proformas.invoice',
    writes: true,
    run: () =>
      invoke('proformas.invoice', {
        company_id: 1,
        proforma_id: value(
          `SELECT id FROM proformas WHERE company_id = 1 AND cancelled = 0 AND invoice_id IS NULL
            ORDER BY id NOT IN (SELECT proforma_id FROM connector_orders WHERE proforma_id IS NOT NULL), paid_amount = 0, id LIMIT 1`,
        ),
      }),
  },
  {
    name: 'sales.registerPayment',
    writes: true,
    run: async () => {
      const sale = value(
        `SELECT id FROM sales WHERE company_id = 1 AND cancelled = 0 AND invoice_id IS NOT NULL AND paid_amount < total_with_vat - 5 AND currency = 'RON'
          ORDER BY id LIMIT 1`,
      );
      made.payment = (await invoke('sales.registerPayment', { company_id: 1, bv_id: sale, amount: 1, payment_type: 'cash' })).incasare_id;
    },
  },
  { name: 'payments.cancel', writes: true, run: () => invoke('payments.cancel', { company_id: 1, incasare_id: made.payment! }) },
  {
    name: 'products.publish',
    writes: true,
    run: async () => {
      made.published = value(
        `SELECT id FROM products WHERE company_id = 1 AND deleted = 0 AND id NOT IN (SELECT product_id FROM connector_products WHERE connector_id = 1)
          ORDER BY id LIMIT 1`,
      );
      await invoke('products.publish', { company_id: 1, connector_id: 1, product_id: made.published });
    },
  },
  {
    name: 'products.update',
    writes: true,
    run: () => invoke('products.update', { company_id: 1, product_id: made.published!, pret_vanzare: 123.45, selling_currency_txt: 'RON' }),
  },
  {
    name: 'products.uploadImage',
    writes: true,
    run: () => invoke('products.uploadImage', { company_id: 1, product_id: made.published!, file_name: 'fata.png', content_base64: PNG.toString('base64') }),
  },
  { name: 'products.deleteImages', writes: true, run: () => invoke('products.deleteImages', { company_id: 1, product_id: made.published! }) },
  {
    name: 'contacts.update',
    writes: true,
    run: async () => {
      const address = one<{ contact_id: number; id: number }>('SELECT contact_id, id FROM contact_addresses WHERE company_id = 1 ORDER BY id LIMIT 1');
      await invoke('contacts.update', {
        company_id: 1,
        contact_id: address.contact_id,
        phone: '0744 000 111',
        addresses: [{ address_id: address.id, street: 'Strada Lungă', number: '7', city: 'Brașov', county: 'Brașov' }],
      });
    },
  },
  // The built-in inbox is kept in memory: answering 503 keeps the next deliveries of connector 1 pending.
  { name: 'inbox.setBehaviour', writes: false, run: () => invoke('inbox.setBehaviour', { name: 'demo-shop', status: 503 }) },
  {
    name: 'webhooks.retry',
    writes: true,
    run: async () => {
      made.delivery = value("SELECT id FROM webhook_outbox WHERE company_id = 1 AND connector_id = 1 ORDER BY id DESC LIMIT 1");
      await invoke('webhooks.retry', { company_id: 1, delivery_id: made.delivery });
    },
  },
  {
    name: 'webhooks.cancel',
    writes: true,
    prepare: () => invoke('products.update', { company_id: 1, product_id: made.published!, pret_vanzare: 99.5, selling_currency_txt: 'RON' }),
    run: async () => {
      const pending = value("SELECT id FROM webhook_outbox WHERE company_id = 1 AND status = 'pending' ORDER BY id DESC LIMIT 1");
      await invoke('webhooks.cancel', { company_id: 1, delivery_id: pending });
    },
  },
  { name: 'inbox.clear', writes: false, run: () => invoke('inbox.clear', { name: 'demo-shop' }) },
  {
    name: 'products.unpublish',
    writes: true,
    run: () => invoke('products.unpublish', { company_id: 1, connector_id: 1, product_id: made.published! }),
  },
  {
    name: 'connectors.update',
    writes: true,
    run: () => invoke('connectors.update', { company_id: 1, connector_id: 2, order_event_notification_url: '/_sandbox/inbox/every-write' }),
  },
  {
    name: 'attachments.upload',
    writes: true,
    run: async () => {
      const invoice = value('SELECT id FROM invoices WHERE company_id = 1 AND cancelled = 0 ORDER BY id LIMIT 1');
      const done = await invoke('attachments.upload', {
        company_id: 1, doctype: 'invoice', doc_id: invoice, file_name: 'nota.txt', content_base64: Buffer.from('nota').toString('base64'),
      });
      made.attachment = done.bocp_id;
    },
  },
  { name: 'attachments.delete', writes: true, run: () => invoke('attachments.delete', { company_id: 1, attachment_id: made.attachment! }) },
  {
    name: 'faults.add',
    writes: true,
    run: async () => {
      made.fault = (await invoke('faults.add', { company_id: 1, method: 'GET', path: '/nothing/here/', status: 503 })).fault_id;
    },
  },
  { name: 'faults.delete', writes: true, run: () => invoke('faults.delete', { company_id: 1, fault_id: made.fault! }) },
  { name: 'proxy.update', writes: true, run: () => invoke('proxy.update', { company_id: 1, timeout_ms: 15_000 }) },
  {
    name: 'drift.compareHar',
    writes: false,
    run: () => invoke('drift.compareHar', { company_id: 1, har: { log: { version: '1.2', creator: { name: 'every-write', version: '1' }, entries: [] } } as OperationInput<'drift.compareHar'>['har'] }),
  },
  {
    name: 'drift.clear',
    writes: true,
    // A shadow comparison needs an upstream: the route it would have kept is written as another program would.
    prepare: () => writeSql("INSERT INTO fidelity_routes (company_id, template, updated_ts) VALUES (1, 'GET /sales/list/', '2026-11-27 10:00:00')"),
    run: () => invoke('drift.clear', { company_id: 1 }),
  },
  {
    name: 'apiUsers.create',
    writes: true,
    run: async () => {
      made.apiUser = (await invoke('apiUsers.create', { company_id: 1, username: 'every-write' })).id;
    },
  },
  { name: 'apiUsers.delete', writes: true, run: () => invoke('apiUsers.delete', { company_id: 1, id: made.apiUser! }) },
  { name: 'settings.update', writes: true, run: () => invoke('settings.update', { api_log_max_rows: 50_000 }) },
  {
    name: 'accounts.update',
    writes: true,
    run: () => invoke('accounts.update', { company_id: 1, catalogue_download_images: !value<number>('SELECT catalogue_download_images FROM accounts WHERE company_id = 1') }),
  },
  { name: 'clock.update', writes: true, run: () => invoke('clock.update', { mode: 'frozen', now: '2026-11-27 10:00:00' }) },
  { name: 'preferences.set', writes: false, run: () => invoke('preferences.set', { key: 'every-write', value: '{}' }) },
  {
    name: 'fixtures.apply',
    writes: true,
    run: () =>
      invoke('fixtures.apply', {
        accounts: [
          {
            company_id: 1,
            products: [{ code: 'EVERY-WRITE', name: 'Produs scris o dată', price: 10, vat: 21, stock: 3 }],
            contacts: [{ name: 'Popescu Every Write', addresses: [{ kind: 'delivery', county: 'Cluj', city: 'Cluj-Napoca', street: 'Strada Lungă', number: '3' }] }],
          },
        ],
      }),
  },
  {
    name: 'accounts.create',
    writes: true,
    run: async () => {
      made.account = (await invoke('accounts.create', { seed: 'demo', name: 'Every write' })).company_id;
    },
  },
  { name: 'accounts.delete', writes: true, company: () => made.account!, run: () => invoke('accounts.delete', { company_id: made.account! }) },
  {
    name: 'service.cancelReset',
    writes: false,
    run: async () => {
      await expect(invoke('service.cancelReset', {})).rejects.toMatchObject({ status: 404 });
    },
  },
  { name: 'snapshots.save', writes: true, run: () => invoke('snapshots.save', { name: 'every-write' }) },
  {
    name: 'snapshots.restore',
    writes: true,
    // Something for the restore to take back.
    prepare: () => invoke('products.update', { company_id: 1, product_id: made.published!, pret_vanzare: 77, selling_currency_txt: 'RON' }),
    run: () => invoke('snapshots.restore', { name: 'every-write' }),
  },
  { name: 'snapshots.delete', writes: true, run: () => invoke('snapshots.delete', { name: 'every-write' }) },
  // Last: the demo's API user goes with the old data.
  { name: 'service.reset', writes: true, run: () => invoke('service.reset', {}) },
];

/** A REST GET's status, the tables its statements read, and whether its answer was made now (it read the route's tables) or came from the answer cache. */
async function restRead(path: string, routeTables: ReadonlySet<string>): Promise<{ status: number; made: boolean; read: readonly string[] }> {
  const reads = demo.h.core.rest.dataVersion.dependencies.collect();
  let status = 0;
  let read: readonly string[] = [];
  try {
    status = (await rest('GET', path)).status;
  } finally {
    read = reads.stop();
  }
  return { status, made: read.includes('*') || read.some((table) => routeTables.has(table)), read };
}

/** Tables authentication and the bookkeeping read with any request: not what tells a made answer from a kept one. */
const NOT_ANSWER_DATA = new Set([...ANSWERS_ALWAYS_DEPEND_ON, ...BACKGROUND, 'accounts', 'api_users']);

/** The REST reads the cache keeps, with the tables each answer is made from. */
const cachedReads = new Map<string, Set<string>>();

beforeAll(async () => {
  const doc = (await (await fetch(`${demo.h.url}/app/rest/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { 'x-example-path'?: string; requestBody?: { content: Record<string, { example?: unknown }> } }>>;
  };
  examples = new Map();
  restWrites = [];
  restReads = [];
  for (const [fullPath, item] of Object.entries(doc.paths)) {
    if (!fullPath.startsWith(REST_PREFIX)) continue;
    const path = fullPath.slice(REST_PREFIX.length);
    for (const [method, operation] of Object.entries(item)) {
      const route = `${method.toUpperCase()} ${path}`;
      const examplePath = operation['x-example-path']?.replace(/^\/app\/rest\/v1\/1/, '') ?? path;
      examples.set(route, { path: examplePath, body: operation.requestBody?.content['application/json']?.example });
      if (method === 'get') {
        if (!path.slice(1).includes('{')) restReads.push(path);
      } else restWrites.push(route);
    }
  }
  // Each GET asked three times: the second answer is kept, the third comes from the cache.
  await settle();
  for (const path of restReads) {
    const first = await restRead(path, new Set());
    const tables = new Set(first.read.filter((table) => !NOT_ANSWER_DATA.has(table)));
    if (first.status !== 200 || tables.size === 0) continue;
    await restRead(path, tables);
    if (!(await restRead(path, tables)).made) cachedReads.set(path, tables);
  }
}, 120_000);

describe('every write', () => {
  it('is exercised here, or said to write nothing (operations of the map, REST routes that are not a GET)', () => {
    const names = WRITES.map((w) => w.name);
    expect(names.length).toBe(new Set(names).size);
    const expected = [
      ...(Object.keys(operations) as OperationName[]).filter((name) => isWriteOperation(operations[name])),
      ...restWrites,
    ].sort();
    expect([...names].sort()).toEqual(expected);
    // The floors name writes that exist.
    for (const name of [...Object.keys(OPERATION_FLOOR), ...Object.keys(REST_FLOOR)]) expect(names).toContain(name);
    // Most of the account's GETs are kept by the cache (one it does not keep has nothing to make again).
    expect(cachedReads.size).toBeGreaterThanOrEqual(10);
  });

  for (const write of WRITES) {
    it(`${write.name}: ${write.writes ? 'every changed table is announced and read again' : 'writes and announces nothing'}`, async () => {
      await write.prepare?.();
      await settle();
      // The kept REST answers, each asked until it comes from the cache.
      for (const [path, tables] of cachedReads) {
        for (let tries = 0; tries < 4 && (await restRead(path, tables)).made; tries++);
      }
      const before = tableDigests(store(), SILENT_COLUMNS);
      const { events, stop } = listen();
      try {
        await write.run();
      } finally {
        stop();
      }
      const changed = changedTables(before, tableDigests(store(), SILENT_COLUMNS));
      const own = events.flatMap((e) => (e.name === 'data.changed' && !fromDispatcher(e.payload) ? [e.payload] : []));
      const seen = events.map(changedByEvent).filter((c): c is Changed => c !== null);
      const named = new Set(seen.flatMap((c) => c.tables));
      const ownTables = new Set(own.flatMap((c) => c.tables));

      if (!write.writes) {
        expect(own, 'announced').toEqual([]);
        expect(changed.filter((table) => !BACKGROUND.has(table)), 'changed').toEqual([]);
        return;
      }
      const floor = OPERATION_FLOOR[write.name as OperationName] ?? REST_FLOOR[write.name] ?? [];
      expect(floor.length, 'its old list (the floor)').toBeGreaterThan(0);
      // It is the write its old list was about: it changes a table of it ('*': any; a list of no
      // table, as the snapshots' folders, says nothing of the tables).
      const floorTables = floor.includes('*') ? [...before.keys()] : floor.filter((table) => before.has(table));
      if (floorTables.length > 0) expect(floorTables.filter((table) => changed.includes(table)), 'tables of its old list it changed').not.toEqual([]);

      // Its own data.changed names every table it changed (so every table of its old list it
      // changed; one it left as it was is not named any more: no screen has anything to read
      // again); those the background writes too are named by some event of the write.
      const ownNames = (table: string) => ownTables.has('*') || ownTables.has(table);
      expect(changed.filter((table) => !BACKGROUND.has(table) && !ownNames(table)), `not in its data.changed (${[...ownTables].join(', ')})`).toEqual([]);
      expect(changed.filter((table) => !named.has(table) && !named.has('*')), `changed, and no event says so (${[...named].join(', ')})`).toEqual([]);

      // Every screen read that reads a changed table is refreshed (the account's, or one of no
      // account; a read of one record follows the ids in `records`: change-records.ts).
      const company = write.company?.() ?? 1;
      const stale = (Object.keys(operations) as OperationName[]).filter((name) => {
        const def = operations[name] as { reads?: readonly string[]; record?: unknown };
        if (!def.reads || def.record || !def.reads.some((table) => changed.includes(table))) return false;
        return !seen.some((c) => queryIsAffected(name, { company_id: company }, c));
      });
      expect(stale, 'screen reads not refreshed').toEqual([]);

      // Every kept REST answer made from a changed table is made again.
      const kept: string[] = [];
      for (const [path, tables] of cachedReads) {
        if (!changed.some((table) => tables.has(table))) continue;
        const again = await restRead(path, tables);
        if (again.status === 200 && !again.made) kept.push(path);
      }
      expect(kept, 'REST answers still taken from the cache').toEqual([]);
    }, 60_000);
  }
});
