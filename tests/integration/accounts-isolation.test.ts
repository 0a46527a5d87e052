import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTables, accountRowsWhere } from '../../electron/core/store/account-tables.ts';
import { unmappedIdColumns } from '../../electron/core/store/account-copy.ts';
import { databaseFile, startHarness, type Answer, type Harness } from './harness.ts';

// An account per test worker (accounts.create / accounts.delete): isolation through the REST
// API, the demo copy, the delete of everything an account owns, and the refusals.

type Row = Record<string, any>;
interface Created {
  company_id: number;
  name: string;
  rest_enabled: boolean;
  seed: string;
  connector_ids: number[];
}

let h: Harness;
let db: BetterSqlite3.Database;
let users = 0;

beforeAll(async () => {
  h = await startHarness();
  db = new BetterSqlite3(databaseFile(h), { readonly: true });
});
afterAll(async () => {
  db?.close();
  await h?.close();
});

async function createAccount(body: unknown = { seed: 'demo' }): Promise<Created> {
  const answer = await h.control<Created>('POST', '/accounts', body);
  expect(answer.status, JSON.stringify(answer.body.messages)).toBe(201);
  return answer.body.data;
}

async function userOf(companyId: number): Promise<[string, string]> {
  const answer = await h.control<{ username: string; password: string }>('POST', `/accounts/${companyId}/api-users`, { username: `worker${++users}` });
  expect(answer.status).toBe(201);
  return [answer.body.data.username, answer.body.data.password];
}

function ok<T = Row[]>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
  return answer.body.data;
}

/** A REST answer's data without ids and the links made of them: what a copy must repeat exactly. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value === null || typeof value !== 'object') return value;
  const kept = Object.entries(value).filter(([key]) => !/(^id$|_id$|_url$|^view_link$)/i.test(key));
  return Object.fromEntries(kept.map(([key, v]) => [key, withoutIds(v)]));
}

/** Rows of account `companyId` in every table that holds accounts' rows (tables with none left out). */
function rowsOf(companyId: number): Record<string, number> {
  const tables = accountTables(db);
  const counts: Record<string, number> = {};
  for (const table of [...tables.direct, ...tables.children.map((c) => c.table)]) {
    const n = db.prepare(`SELECT count(*) FROM "${table}" WHERE ${accountRowsWhere(tables, table)}`).pluck().get(companyId) as number;
    if (n > 0) counts[table] = n;
  }
  return counts;
}

/** An order of two products of the account (by their codes), paid by card. */
function order(uid: string, codes: Array<{ code: string; price: number; vat: number }>): Row {
  const items = codes.map((p) => {
    const pwv = Math.round(p.price * (1 + p.vat / 100) * 100) / 100;
    return { type: 'product', code: p.code, ean: '', item_name: p.code, item_quantity: 1, item_price: p.price, item_vat_percent: p.vat, item_price_with_vat: pwv, line_value_with_vat: pwv };
  });
  const address = { city: 'Cluj-Napoca', county: 'Cluj', country: 'Romania', street: 'Strada Memorandumului', number: '28', zip: '' };
  return {
    order_unique_id: uid,
    order_reference: `#${uid}`,
    order_date: '2026-11-17',
    order_status: 'processing',
    order_cancelled: 0,
    order_currency_code: 'RON',
    shipping_method: 'courier',
    cod_amount: 0,
    cod_currency: '',
    client: {
      name: 'Ion Worker',
      email: 'ion@example.ro',
      phone: '0722000000',
      vat_id: '',
      registration_number: '',
      client_unique_id: 777001,
      invoice_address: address,
      delivery_address: { ...address, shipping_contact_name: 'Ion Worker', shipping_contact_phone: '0722000000' },
    },
    items,
  };
}

/** Products of an account that an order of its connector can sell (published to it, in stock, in RON). */
function orderable(companyId: number, connectorId: number): Array<{ code: string; price: number; vat: number }> {
  return db
    .prepare(
      `SELECT p.cod_produs AS code, p.pret_vanzare AS price, p.cota_tva_vanzare AS vat
         FROM products p JOIN connector_products cp ON cp.product_id = p.id AND cp.connector_id = ?
        WHERE p.company_id = ? AND p.deleted = 0 AND p.archived = 0 AND p.selling_currency = 'RON' AND p.stock_total >= 10
        ORDER BY p.id LIMIT 2`,
    )
    .all(connectorId, companyId) as Array<{ code: string; price: number; vat: number }>;
}

describe('the schema is covered', () => {
  it('every table is shared or tied to an account (the delete misses none)', () => {
    expect(accountTables(db).unclassified).toEqual([]);
  });

  it('every id column of a copied table is mapped (the demo copy moves every reference)', () => {
    expect(unmappedIdColumns(db)).toEqual([]);
  });
});

describe('two accounts created in parallel', () => {
  let a: Created;
  let b: Created;
  let userA: [string, string];
  let userB: [string, string];

  beforeAll(async () => {
    [a, b] = await Promise.all([createAccount(), createAccount()]);
    [userA, userB] = await Promise.all([userOf(a.company_id), userOf(b.company_id)]);
  });

  it('are two distinct accounts with connectors of their own', () => {
    expect(a.company_id).not.toBe(b.company_id);
    expect([a.company_id, b.company_id].every((id) => id > 1)).toBe(true);
    expect(a).toMatchObject({ seed: 'demo', rest_enabled: true, name: 'Demo Retail SRL' });
    expect(a.connector_ids).toHaveLength(4);
    const all = [1, 2, 3, 4, ...a.connector_ids, ...b.connector_ids];
    expect(new Set(all).size).toBe(all.length);
  });

  it('are listed by accounts.list', async () => {
    const listed = ok(await h.control<Row[]>('GET', '/accounts')).map((r) => r['company_id']);
    expect(listed).toEqual(expect.arrayContaining([1, a.company_id, b.company_id]));
  });

  it("a user of one account cannot read the other's data", async () => {
    ok(await h.rest('GET', `/${a.company_id}/sales/list/`, userA));
    const crossed = await h.rest('GET', `/${b.company_id}/sales/list/`, userA);
    expect(crossed.status).toBe(401);
    expect((await h.rest('GET', `/1/product/list/`, userB)).status).toBe(401);
  });

  it("ids of one account are not found through the other's path", async () => {
    const productOfA = db.prepare('SELECT id FROM products WHERE company_id = ? AND deleted = 0 ORDER BY id LIMIT 1').pluck().get(a.company_id) as number;
    const saleOfA = db.prepare('SELECT id FROM sales WHERE company_id = ? ORDER BY id LIMIT 1').pluck().get(a.company_id) as number;
    ok(await h.rest('GET', `/${a.company_id}/product/${productOfA}/`, userA));
    expect((await h.rest('GET', `/${b.company_id}/product/${productOfA}/`, userB)).status).toBe(404);
    expect((await h.rest('GET', `/${b.company_id}/connector/${a.connector_ids[0]}/order/list/`, userB)).status).toBe(404);
    expect((await h.control('GET', `/accounts/${b.company_id}/sales/${saleOfA}`)).status).toBe(404);
    const intoA = await h.rest('POST', `/${b.company_id}/connector/${a.connector_ids[0]}/order/X-1/`, userB, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(order('X-1', orderable(a.company_id, a.connector_ids[0]!))),
    });
    expect(intoA.status).toBe(404);
    expect((await h.rest('POST', `/${b.company_id}/sales/${saleOfA}/payment/`, userB, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_type: 'cash', amount: 1 }),
    })).status).toBe(404);
  });

  it('an order posted to one account is seen there only', async () => {
    const connectorA = a.connector_ids[0]!;
    const connectorB = b.connector_ids[0]!;
    const before = ok(await h.rest<Row[]>('GET', `/${b.company_id}/connector/${connectorB}/order/list/`, userB));
    const salesBefore = ok(await h.rest<Row[]>('GET', `/${b.company_id}/sales/list/`, userB));
    const posted = await h.rest<Row>('POST', `/${a.company_id}/connector/${connectorA}/order/W-1/`, userA, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(order('W-1', orderable(a.company_id, connectorA))),
    });
    expect(posted.status, JSON.stringify(posted.body.messages)).toBe(200);
    const orderId = posted.body.data['import_summary']['bocp_order_id'] as number;
    const ofA = ok(await h.rest<Row[]>('GET', `/${a.company_id}/connector/${connectorA}/order/list/id:${orderId}/`, userA));
    expect(ofA.map((o) => o['order_unique_id'])).toEqual(['W-1']);
    const ofB = ok(await h.rest<Row[]>('GET', `/${b.company_id}/connector/${connectorB}/order/list/id:${orderId}/`, userB));
    expect(ofB).toEqual([]);
    expect(ok(await h.rest<Row[]>('GET', `/${b.company_id}/connector/${connectorB}/order/list/`, userB))).toEqual(before);
    expect(ok(await h.rest<Row[]>('GET', `/${b.company_id}/sales/list/`, userB))).toEqual(salesBefore);
    // Account 1 has no order W-1 either.
    expect(db.prepare("SELECT company_id FROM connector_orders WHERE order_unique_id = 'W-1'").pluck().all()).toEqual([a.company_id]);
  });

  it("the copy's notifications go to an inbox of its own", async () => {
    const url = db.prepare('SELECT order_event_notification_url FROM connectors WHERE id = ?').pluck().get(a.connector_ids[0]) as string;
    expect(url).toBe(`/_sandbox/inbox/demo-shop-${a.company_id}`);
    const deliveries = ok(await h.control<Row[]>('GET', `/accounts/${a.company_id}/webhooks`));
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((d) => a.connector_ids.includes(d['connector_id']))).toBe(true);
    const ofFirst = deliveries.filter((d) => d['connector_id'] === a.connector_ids[0]);
    expect(ofFirst.length).toBeGreaterThan(0);
    expect(ofFirst.every((d) => d['url'] === url)).toBe(true);
    expect(ok(await h.control<Row[]>('GET', `/accounts/${b.company_id}/webhooks`))).toEqual([]);
  });
});

describe('a demo account', () => {
  let copy: Created;
  let userCopy: [string, string];
  let userOne: [string, string];

  beforeAll(async () => {
    copy = await createAccount({ seed: 'demo', name: 'Worker 7' });
    [userCopy, userOne] = await Promise.all([userOf(copy.company_id), userOf(1)]);
  });

  it('is named as asked', () => {
    expect(copy.name).toBe('Worker 7');
  });

  it.each([
    '/sales/list/include:items/',
    '/sales/list/page:2/',
    '/invoices/list/',
    '/proformas/list/',
    '/payments/list/',
    '/product/list/',
    '/product/stocks/',
    '/contacts/list/',
    '/awb/list/',
  ])("answers %s as account 1 does, but for the ids", async (path) => {
    const ofOne = await h.rest<Row[]>('GET', `/1${path}`, userOne);
    const ofCopy = await h.rest<Row[]>('GET', `/${copy.company_id}${path}`, userCopy);
    expect(ofCopy.status).toBe(200);
    expect(ofOne.body.data.length).toBeGreaterThan(0);
    expect(withoutIds(ofCopy.body.data)).toEqual(withoutIds(ofOne.body.data));
    expect(ofCopy.body.has_more_pages).toBe(ofOne.body.has_more_pages);
  });

  it("has connector 1's orders and configuration on its first connector", async () => {
    const first = copy.connector_ids[0]!;
    const ofOne = ok(await h.rest<Row[]>('GET', `/1/connector/1/order/list/`, userOne));
    const ofCopy = ok(await h.rest<Row[]>('GET', `/${copy.company_id}/connector/${first}/order/list/`, userCopy));
    expect(withoutIds(ofCopy)).toEqual(withoutIds(ofOne));
    const configOne = ok(await h.rest<Row>('GET', `/1/connector/1/config/`, userOne));
    const configCopy = ok(await h.rest<Row>('GET', `/${copy.company_id}/connector/${first}/config/`, userCopy));
    // The settings that name a workpoint name the copy's own (its options list its workpoints).
    const workpoint = (config: Row) => config['order_processing']?.['workpoint_id'];
    expect(Object.keys(configCopy)).toEqual(Object.keys(configOne));
    if (workpoint(configOne)) expect(workpoint(configCopy)?.value).not.toBe(workpoint(configOne).value);
  });

  it('has no API users, API log or deliveries of account 1', async () => {
    expect(ok(await h.control<Row[]>('GET', `/accounts/${copy.company_id}/api-users`)).map((u) => u['username'])).toEqual([userCopy[0]]);
  });
});

describe('accounts.delete', () => {
  it('removes the account with everything it owns', async () => {
    const doomed = await createAccount();
    const user = await userOf(doomed.company_id);
    const connector = doomed.connector_ids[0]!;
    const posted = await h.rest('POST', `/${doomed.company_id}/connector/${connector}/order/D-1/`, user, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(order('D-1', orderable(doomed.company_id, connector))),
    });
    expect(posted.status, JSON.stringify(posted.body.messages)).toBe(200);
    expect((await h.control('PATCH', `/accounts/${doomed.company_id}/storage`, { embedded: true })).status).toBe(200);
    const sale = db.prepare('SELECT id FROM sales WHERE company_id = ? ORDER BY id LIMIT 1').pluck().get(doomed.company_id) as number;
    const upload = await h.control('POST', `/accounts/${doomed.company_id}/attachments`, {
      doctype: 'sale',
      doc_id: sale,
      file_name: 'note.txt',
      content_base64: Buffer.from('a file of the doomed account').toString('base64'),
    });
    expect(upload.status, JSON.stringify(upload.body.messages)).toBe(201);
    const ftpFolder = join(h.dataDir, 'ftp', String(doomed.company_id));
    expect(readdirSync(ftpFolder, { recursive: true }).length).toBeGreaterThan(0);
    const before = rowsOf(doomed.company_id);
    for (const table of ['sales', 'products', 'contacts', 'connectors', 'api_users', 'attachments', 'account_storage', 'webhook_outbox', 'connector_settings']) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const untouched = rowsOf(1);

    const deleted = await h.control<Row>('DELETE', `/accounts/${doomed.company_id}`);
    expect(deleted.status, JSON.stringify(deleted.body.messages)).toBe(200);
    expect(deleted.body.data).toMatchObject({ deleted_company_id: doomed.company_id, files: { removed: 1, failed: 0 } });
    expect(deleted.body.data['rows']).toMatchObject({ sales: before['sales'], accounts: 1 });

    expect(rowsOf(doomed.company_id)).toEqual({});
    expect(db.prepare('SELECT count(*) FROM api_log WHERE company_id = ?').pluck().get(doomed.company_id)).toBe(0);
    expect(existsSync(ftpFolder)).toBe(false);
    expect(rowsOf(1)).toEqual(untouched);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    // The account is gone for every door. Its users went with it: their credentials prove
    // nothing any more and get the 401 of any wrong credentials; only a valid user (of another
    // account) learns that the account does not exist.
    expect((await h.rest('GET', `/${doomed.company_id}/sales/list/`, user)).status).toBe(401);
    const other = await userOf(1);
    expect((await h.rest('GET', `/${doomed.company_id}/sales/list/`, other)).body.messages).toEqual([`account ${doomed.company_id} does not exist`]);
    expect((await h.control('GET', `/accounts/${doomed.company_id}/api-users`)).status).toBe(404);
    expect((await h.control('DELETE', `/accounts/${doomed.company_id}`)).status).toBe(404);
  });

  it("goes while its notifications are under way, and the other accounts' deliveries go on", async () => {
    const [doomed, survivor] = await Promise.all([createAccount(), createAccount()]);
    const [doomedUser, survivorUser] = await Promise.all([userOf(doomed.company_id), userOf(survivor.company_id)]);
    // The doomed account's receiver answers slowly: its attempts are under way when it goes.
    expect((await h.control('PUT', `/inbox/demo-shop-${doomed.company_id}/behaviour`, { status: 200, delay_ms: 400 })).status).toBe(200);
    const post = (account: Created, user: [string, string], uid: string) =>
      h.rest('POST', `/${account.company_id}/connector/${account.connector_ids[0]}/order/${uid}/`, user, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(order(uid, orderable(account.company_id, account.connector_ids[0]!))),
      });
    expect((await post(doomed, doomedUser, 'G-1')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await h.control('DELETE', `/accounts/${doomed.company_id}`)).status).toBe(200);
    expect((await post(survivor, survivorUser, 'S-1')).status).toBe(200);

    const deadline = Date.now() + 15_000;
    let open: Row[] = [];
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Those of its first connector (the one with a receiver: its inbox).
      const deliveries = ok(await h.control<Row[]>('GET', `/accounts/${survivor.company_id}/webhooks?connector_id=${survivor.connector_ids[0]}`));
      open = deliveries.filter((d) => d['status'] !== 'delivered');
      if (deliveries.length > 0 && open.length === 0) break;
    } while (Date.now() < deadline);
    expect(open).toEqual([]);
    const inbox = ok(await h.control<Row>('GET', `/inbox/demo-shop-${survivor.company_id}`));
    expect(inbox['messages'].length).toBeGreaterThan(0);
    // The doomed attempts' results (they end after the delete) wrote nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(rowsOf(doomed.company_id)).toEqual({});
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare('SELECT count(*) FROM webhook_attempts WHERE delivery_id NOT IN (SELECT id FROM webhook_outbox)').pluck().get()).toBe(0);
  });

  it('a cached answer of a deleted account is not served again', async () => {
    const gone = await createAccount();
    const user = await userOf(gone.company_id);
    for (let i = 0; i < 3; i++) ok(await h.rest('GET', `/${gone.company_id}/sales/list/`, user));
    expect((await h.control('DELETE', `/accounts/${gone.company_id}`)).status).toBe(200);
    // Its user went with it: the 401 of credentials that prove nothing, not the cached answer.
    expect((await h.rest('GET', `/${gone.company_id}/sales/list/`, user)).status).toBe(401);
  });

  it('never gives a deleted account id again', async () => {
    const first = await createAccount({ seed: 'empty' });
    expect((await h.control('DELETE', `/accounts/${first.company_id}`)).status).toBe(200);
    const next = await createAccount({ seed: 'empty' });
    expect(next.company_id).toBeGreaterThan(first.company_id);
  });
});

describe('an empty account', () => {
  it('has its configuration and no documents, connectors or users', async () => {
    const empty = await createAccount({ seed: 'empty' });
    expect(empty).toMatchObject({ seed: 'empty', name: 'Firma Noua SRL', connector_ids: [], rest_enabled: true });
    const user = await userOf(empty.company_id);
    expect(ok(await h.rest('GET', `/${empty.company_id}/sales/list/`, user))).toEqual([]);
    expect(ok(await h.rest('GET', `/${empty.company_id}/product/list/`, user))).toEqual([]);
    const workpoints = ok(await h.rest<Row[]>('GET', `/${empty.company_id}/workpoints/list/`, user));
    expect(workpoints).toHaveLength(1);
  });
});

describe('refusals', () => {
  it.each([
    [{ seed: 'full' }, /^seed: /],
    [{}, /^seed: /],
    [{ seed: 'demo', scale: 2 }, /^scale: /],
    [{ seed: 'demo', name: '' }, /^name: /],
  ])('POST /accounts %j answers 400 naming the field', async (body, message) => {
    const answer = await h.control('POST', '/accounts', body);
    expect(answer.status).toBe(400);
    expect(answer.body.messages.join('\n')).toMatch(message);
  });

  it('an unknown account is 404, account 1 is 409, a bad id 400', async () => {
    const unknown = await h.control('DELETE', '/accounts/999999');
    expect(unknown.status).toBe(404);
    const demo = await h.control('DELETE', '/accounts/1');
    expect(demo.status).toBe(409);
    expect(demo.body.messages[0]).toMatch(/^company_id: account 1 is the demo account/);
    const bad = await h.control('DELETE', '/accounts/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.messages.join('\n')).toMatch(/company_id/);
  });
});

describe('a store seeded empty', () => {
  it('has no demo to copy (409) and makes empty accounts', async () => {
    const empty = await startHarness({ seed: 'empty' });
    try {
      const demo = await empty.control('POST', '/accounts', { seed: 'demo' });
      expect(demo.status).toBe(409);
      expect(demo.body.messages[0]).toMatch(/^seed: /);
      const created = await empty.control<Created>('POST', '/accounts', { seed: 'empty' });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ company_id: 2, connector_ids: [] });
    } finally {
      await empty.close();
    }
  });
});
