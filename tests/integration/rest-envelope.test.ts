import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let user: [string, string];
beforeAll(async () => {
  h = await startHarness({ bodyLimit: 1024 });
  user = await h.apiUser();
});
afterAll(() => h.close());

function expectEnvelope(body: Record<string, unknown>, status: number) {
  expect(body).toMatchObject({
    is_error: status >= 400,
    http_code: status,
    messages: expect.any(Array),
    request_route: expect.any(String),
    your_ip: '127.0.0.1',
    your_method: expect.any(String),
  });
  expect(body).toHaveProperty('data');
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+|node_modules/);
}

describe('the envelope on every answer', () => {
  it('fills request_route, your_ip, your_user, your_method on success', async () => {
    const answer = await h.rest('GET', '/1/sales/list/page:1/', user);
    expect(answer.status).toBe(200);
    expectEnvelope(answer.body as never, 200);
    expect(answer.body).toMatchObject({ request_route: '/sales/list/page:1/', your_user: user[0], your_method: 'GET', page: 1 });
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('unknown route: 404 in the envelope, after authentication', async () => {
    const answer = await h.rest('GET', '/1/no-such-thing/', user);
    expect(answer.status).toBe(404);
    expectEnvelope(answer.body as never, 404);
    expect(answer.body.messages[0]).toMatch(/no such endpoint: GET \/no-such-thing\//);
    expect((await h.rest('GET', '/1/no-such-thing/')).status).toBe(401);
  });

  it('unknown company: 404 naming it, numeric or not', async () => {
    const unknown = await h.rest('GET', '/999/sales/list/', user);
    expect(unknown.status).toBe(404);
    expect(unknown.body.messages[0]).toMatch(/account 999 does not exist/);
    const text = await h.rest('GET', '/abc/sales/list/', user);
    expect(text.status).toBe(404);
    expectEnvelope(text.body as never, 404);
  });

  it('a path outside the API: 404 envelope, never an HTML page', async () => {
    const response = await fetch(`${h.url}/nothing/here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expectEnvelope((await response.json()) as never, 404);
  });

  it('malformed JSON: 400 in the envelope', async () => {
    const answer = await h.rest('POST', '/1/sales/list/', user, {
      headers: { 'content-type': 'application/json' },
      body: '{"amount": 1,',
    });
    expect(answer.status).toBe(400);
    expectEnvelope(answer.body as never, 400);
    expect(answer.body.messages[0]).toMatch(/malformed JSON/);
  });

  it('body over the limit: 413', async () => {
    const answer = await h.rest('POST', '/1/sales/list/', user, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ blob: 'x'.repeat(5000) }),
    });
    expect(answer.status).toBe(413);
    expectEnvelope(answer.body as never, 413);
    expect(answer.body.messages[0]).toMatch(/limit of 1024 bytes/);
  });

  it('unsupported content type: 415', async () => {
    for (const type of ['text/plain', 'application/xml']) {
      const answer = await h.rest('POST', '/1/sales/list/', user, { headers: { 'content-type': type }, body: '<a/>' });
      expect(answer.status).toBe(415);
      expectEnvelope(answer.body as never, 415);
      expect(answer.body.messages[0]).toMatch(/unsupported Content-Type/);
    }
  });

  it('a URL that is not valid percent-encoding: 400 envelope', async () => {
    for (const bad of ['%', '%zz', '%E0%A4%A']) {
      const answer = await h.rest('GET', `/1/sales/list/${bad}/`, user);
      expect(answer.status, bad).toBe(400);
      expectEnvelope(answer.body as never, 400);
    }
  });

  it('headers over the limit: 431 envelope', async () => {
    const response = await fetch(`${h.url}/app/rest/v1/1/sales/list/`, { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(await response.json()).toMatchObject({ is_error: true, http_code: 431 });
  });

  it('HEAD answers like GET without a body, also for a GET-only user', async () => {
    const getOnly = await h.apiUser({ methods: ['GET'] });
    const response = await fetch(`${h.url}/app/rest/v1/1/sales/list/`, {
      method: 'HEAD',
      headers: { authorization: `Basic ${Buffer.from(getOnly.join(':')).toString('base64')}` },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('an unexpected failure is a 500 envelope without details, and the process keeps serving', async () => {
    const original = h.core.rest.sales.list;
    h.core.rest.sales.list = () => {
      throw new Error('secret internal detail');
    };
    try {
      const answer = await h.rest('GET', '/1/sales/list/', user);
      expect(answer.status).toBe(500);
      expectEnvelope(answer.body as never, 500);
      expect(JSON.stringify(answer.body)).not.toMatch(/secret internal detail/);
    } finally {
      h.core.rest.sales.list = original;
    }
    expect((await h.rest('GET', '/1/sales/list/', user)).status).toBe(200);
  });

  it('a write lock held elsewhere beyond the busy timeout is a 503 to retry, not a 500', async () => {
    const original = h.core.rest.sales.list;
    // What better-sqlite3 throws when SQLite gives up waiting for the lock (another process holds it).
    h.core.rest.sales.list = () => {
      throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    };
    try {
      const response = await fetch(`${h.url}/app/rest/v1/1/sales/list/`, {
        headers: { authorization: `Basic ${Buffer.from(user.join(':')).toString('base64')}` },
      });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      const body = (await response.json()) as { messages: string[] };
      expectEnvelope(body as never, 503);
      expect(body.messages[0]).toMatch(/^database busy: .*changed nothing, try it again$/);
    } finally {
      h.core.rest.sales.list = original;
    }
    expect((await h.rest('GET', '/1/sales/list/', user)).status).toBe(200);
  });
});
