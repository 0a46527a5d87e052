import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile, startHarness, writeSql, type Harness } from './harness.ts';
import { DEFAULT_SERVICE_SETTINGS } from '../../shared/domain/settings.ts';

/**
 * The REST answer cache (electron/server/public/answer-cache.ts, cached-answers.ts): a repeated
 * GET is answered from the cache before Fastify sees it, with the very bytes of the first answer,
 * and never after the data changed, whoever changed it: this process (a REST write, an operation),
 * another process writing the file, or SQL written beside the service.
 */

let h: Harness;
let user: [string, string];

beforeAll(async () => {
  h = await startHarness();
  user = await h.apiUser();
});
afterAll(async () => {
  await h.close();
});

/** The raw answer: status, the headers that matter and the body's bytes. */
async function raw(path: string, auth: [string, string] = user) {
  const response = await fetch(`${h.url}/app/rest/v1/1${path}`, {
    headers: { authorization: `Basic ${Buffer.from(auth.join(':')).toString('base64')}` },
  });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    contentLength: response.headers.get('content-length'),
    connection: response.headers.get('connection'),
    keepAlive: response.headers.get('keep-alive'),
    body,
    json: JSON.parse(body.toString('utf8')) as { data: Array<Record<string, unknown>>; your_user: string; messages: string[] },
  };
}

/** A GET from another local source address (127.0.0.x on Linux): its status. */
function rawFrom(address: string, path: string, auth: [string, string] = user): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${h.url}/app/rest/v1/1${path}`,
      { localAddress: address, agent: false, headers: { authorization: `Basic ${Buffer.from(auth.join(':')).toString('base64')}` } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const firstSale = async () => (await raw('/sales/list/')).json.data[0]!;

describe('a repeated GET', () => {
  it('answers the same status, headers and bytes from the cache as the first time', async () => {
    // The first answer is made, the second made and kept (a request seen twice), the third is the kept bytes.
    const first = await raw('/product/list/');
    const second = await raw('/product/list/');
    const third = await raw('/product/list/');
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
  });

  it('is logged every time, each line with the answer head, though the head is stored once', async () => {
    await h.control('PATCH', '/settings', { api_log_max_rows: 1000 });
    const route = '/sales/list/page:2/';
    for (let i = 0; i < 4; i++) await raw(route);
    const log = await h.control<Array<{ route: string; response_head: string; user: string }>>('GET', `/accounts/1/api-log?limit=50&user=${user[0]}`);
    const lines = log.body.data.filter((line) => line.route === route);
    expect(lines).toHaveLength(4);
    const expected = (await raw(route)).body.toString('utf8').slice(0, 2048);
    for (const line of lines) expect(line.response_head).toBe(expected);
    // Stored once in the file for the cached repeats (the first answer and its first repeat write it).
    const stored = h.core.rest.apiLog;
    stored.flush();
    const copies = spawnSync(process.execPath, [
      '-e',
      `const D = require('better-sqlite3'); const db = new D(process.argv[1], { readonly: true });
       console.log(db.prepare("SELECT count(*) FROM api_log WHERE route = ? AND response_head <> ''").pluck().get(process.argv[2]));`,
      databaseFile(h),
      route,
    ], { encoding: 'utf8' });
    expect(copies.stderr).toBe('');
    expect(Number(copies.stdout.trim())).toBeLessThanOrEqual(3);
  });
});

describe('the cache never answers stale data', () => {
  it('after a write by this process (a REST write)', async () => {
    const before = await firstSale();
    const product = async () => (await raw('/product/2/')).json.data as unknown as { product_name: string };
    const name = (await product()).product_name;
    expect((await product()).product_name).toBe(name);
    const changed = await h.rest('PATCH', '/1/product/2/', user, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product_name: `Renamed ${Date.now()}` }),
    });
    expect(changed.status, JSON.stringify(changed.body.messages)).toBe(200);
    expect((await product()).product_name).toMatch(/^Renamed /);
    expect(await firstSale()).toEqual(before);
  });

  it('after an operation of the control API', async () => {
    await raw('/sales/list/');
    const disabled = await h.control('PATCH', '/accounts/1', { rest_enabled: false });
    expect(disabled.status).toBe(200);
    try {
      const refused = await raw('/sales/list/');
      expect(refused.status).toBe(401);
    } finally {
      await h.control('PATCH', '/accounts/1', { rest_enabled: true });
    }
    expect((await raw('/sales/list/')).status).toBe(200);
  });

  it('after SQL written on another connection beside the service', async () => {
    const before = await firstSale();
    writeSql(h, 'UPDATE sales SET mentions = ? WHERE company_id = 1 AND id = ?', 'written beside the service', before.bv_id);
    expect((await firstSale()).mentions).toBe('written beside the service');
  });

  it('after another process wrote the file', async () => {
    const before = await firstSale();
    const child = spawnSync(process.execPath, [
      '-e',
      `const D = require('better-sqlite3'); const db = new D(process.argv[1]);
       db.prepare('UPDATE sales SET mentions = ? WHERE company_id = 1 AND id = ?').run('written by another process', Number(process.argv[2]));
       db.close();`,
      databaseFile(h),
      String(before.bv_id),
    ], { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect((await firstSale()).mentions).toBe('written by another process');
  });

  it('for a deleted API user (401, not the cached answer)', async () => {
    const [name, password] = await h.apiUser();
    const ok = await raw('/sales/list/', [name, password]);
    expect(ok.status).toBe(200);
    const users = await h.control<Array<{ id: number; username: string }>>('GET', '/accounts/1/api-users');
    const id = users.body.data.find((u) => u.username === name)!.id;
    expect((await h.control('DELETE', `/accounts/1/api-users/${id}`)).status).toBe(200);
    expect((await raw('/sales/list/', [name, password])).status).toBe(401);
  });

  it('for a locked IP (429, even with a cached answer and valid credentials)', async () => {
    await h.control('PATCH', '/settings', { auth_lockout: { max_failures: 2, window_s: 60, lock_s: 1 } });
    // From an address of its own: a success does not clear the failures counted before (the
    // deleted user's 401 above), so 127.0.0.1 may hold some already.
    const from = '127.0.0.5';
    try {
      for (let i = 0; i < 3; i++) expect((await rawFrom(from, '/invoices/list/')).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await rawFrom(from, '/invoices/list/', [user[0], 'wrong password'])).status).toBe(401);
      expect((await rawFrom(from, '/invoices/list/')).status).toBe(429);
      // The lock (one second) runs out: the cached answer is served again.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await rawFrom(from, '/invoices/list/')).status).toBe(200);
    } finally {
      await h.control('PATCH', '/settings', { auth_lockout: { max_failures: 5, window_s: 300, lock_s: 900 } });
    }
  });
});

describe('an answer depends on the tables it was read from', () => {
  /** The API log lines of `route` so far: whether each was answered from the cache (a cached repeat refers to the line holding its head). */
  function logged(route: string): Array<{ cached: boolean }> {
    h.core.rest.apiLog.flush();
    return withReadonlyDb((db) =>
      (db.prepare('SELECT response_head_of IS NOT NULL AS cached FROM api_log WHERE route = ? ORDER BY id').all(route) as Array<{ cached: number }>).map(
        (line) => ({ cached: line.cached === 1 }),
      ),
    );
  }
  const withReadonlyDb = <R>(use: (db: BetterSqlite3.Database) => R): R => {
    const db = new BetterSqlite3(databaseFile(h), { readonly: true });
    try {
      return use(db);
    } finally {
      db.close();
    }
  };
  const lastWasCached = (route: string) => logged(route).at(-1)!.cached;
  /**
   * Asks for `route` until an answer comes from the cache and refers to the log line of an
   * earlier repeat: made, made and kept, first repeat (it writes the head to the log), second
   * repeat; more when something changed meanwhile (an API user's first request of the minute
   * writes its last_used_ts).
   */
  async function cachedRepeat(route: string) {
    for (let i = 0; i < 8; i++) {
      const answer = await raw(route);
      if (lastWasCached(route)) return answer;
    }
    throw new Error(`${route} never came from the cache`);
  }

  it('stays cached through writes to other tables, and is made again after a write to one of its own', async () => {
    const salesPage = '/sales/list/skipcancelled:1/';
    const productRoute = '/product/3/';
    const sales = await cachedRepeat(salesPage);
    expect(sales.json.data.length).toBeGreaterThan(0);
    await cachedRepeat(productRoute);

    // A price change writes products (and the webhook outbox): the product is made again, the sales page is not.
    const patched = await h.rest('PATCH', '/1/product/3/', user, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pret_vanzare: 123.45, selling_currency_txt: 'RON' }),
    });
    expect(patched.status, JSON.stringify(patched.body.messages)).toBe(200);
    const salesAfter = await raw(salesPage);
    expect(lastWasCached(salesPage)).toBe(true);
    expect(salesAfter.body.equals(sales.body)).toBe(true);
    const product = await raw(productRoute);
    expect(lastWasCached(productRoute)).toBe(false);
    expect((product.json.data as unknown as { pret_vanzare: number }).pret_vanzare).toBe(123.45);
  });

  it('is made again after any write by another connection, whatever table it wrote', async () => {
    const route = '/sales/list/skipcancelled:0/';
    await cachedRepeat(route);
    writeSql(h, 'UPDATE products SET pret_vanzare = pret_vanzare + 1 WHERE company_id = 1 AND id = ?', 3);
    await raw(route);
    expect(lastWasCached(route)).toBe(false);
  });
});

describe('an answer made while its caller changed', () => {
  it('is not served to an API user deleted after its request was authenticated', async () => {
    const [name, password] = await h.apiUser();
    const route = '/invoices/list/skipcancelled:1/';
    expect((await raw(route, [name, password])).status).toBe(200); // asked once: the next answer is kept
    // Hold the next call after its authentication (a fault's latency), delete the user, let it go.
    const fault = await h.control<{ fault_id: number }>('POST', '/accounts/1/faults', { method: 'GET', path: '/invoices/list/*', latency_ms: 600000, count: 1 });
    expect(fault.status, JSON.stringify(fault.body.messages)).toBe(201);
    const held = raw(route, [name, password]);
    for (;;) {
      const faults = await h.control<Array<{ fault_id: number; fired: number }>>('GET', '/accounts/1/faults');
      if (faults.body.data.find((f) => f.fault_id === fault.body.data.fault_id)?.fired === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const users = await h.control<Array<{ id: number; username: string }>>('GET', '/accounts/1/api-users');
    const id = users.body.data.find((u) => u.username === name)!.id;
    expect((await h.control('DELETE', `/accounts/1/api-users/${id}`)).status).toBe(200);
    expect((await h.control('DELETE', `/accounts/1/faults/${fault.body.data.fault_id}`)).status).toBe(200);
    expect((await held).status).toBe(200); // authenticated before the delete
    expect((await raw(route, [name, password])).status).toBe(401);
  });
});

describe('the answer cache setting', () => {
  it('0 MB turns the cache off: answers are still right after changes', async () => {
    await h.control('PATCH', '/settings', { answer_cache_mb: 0 });
    try {
      const first = await raw('/contacts/list/');
      const again = await raw('/contacts/list/');
      expect(again.body.equals(first.body)).toBe(true);
      const before = await firstSale();
      writeSql(h, 'UPDATE sales SET mentions = ? WHERE company_id = 1 AND id = ?', 'without a cache', before.bv_id);
      expect((await firstSale()).mentions).toBe('without a cache');
    } finally {
      await h.control('PATCH', '/settings', { answer_cache_mb: DEFAULT_SERVICE_SETTINGS.answer_cache_mb });
    }
  });

  it('is refused out of its range, naming the field', async () => {
    const refused = await h.control('PATCH', '/settings', { answer_cache_mb: -1 });
    expect(refused.status).toBe(400);
    expect(refused.body.messages.join(' ')).toMatch(/answer_cache_mb/);
  });
});
