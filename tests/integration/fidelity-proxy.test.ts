import { Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import type { ProxySettings } from '../../shared/domain/fidelity.ts';
import { closedPort, envelopeOf, proxyUpdate, REAL_AUTH, restRaw, setProxy, useFidelity } from './fidelity.ts';
import { basicAuth } from './harness.ts';

// Proxy mode seen from outside (issue 30, deliver 1): a twin whose account 1 forwards its REST
// calls to the stand-in upstream, a second process on loopback that remembers what arrived.

const world = useFidelity();

/** The ports of every TCP connection this process opened while `call` ran (the twin lives here). */
async function connectsDuring<T>(call: () => Promise<T>): Promise<[T, number[]]> {
  const spy = vi.spyOn(Socket.prototype, 'connect');
  try {
    const result = await call();
    const ports = spy.mock.calls.map((args) => {
      // net.connect hands the socket its arguments normalised: [[options, callback]].
      let first = args[0] as unknown;
      if (Array.isArray(first)) first = first[0];
      return Number(typeof first === 'object' && first !== null ? (first as { port?: unknown }).port : first);
    });
    return [result, ports];
  } finally {
    spy.mockRestore();
  }
}

/** Paths below /app/rest/v1 forwarded and compared byte for byte with the stand-in's own answer. */
const FORWARDED = [
  '/1/sales/list/', // a list the stand-in changes (renamed key)
  '/1/sales/list/modifiedafter:2025-01-01%2000:00:00/', // a filter value with an encoded space, as sent
  '/1/contacts/list/id:99999999/', // an empty page the stand-in shapes its own way
  '/1/invoices/list/documentnr:DMO1/', // a 400 of the stand-in's: passed on, not wrapped
  '/1/product/1/', // a record by id
  '/1/payments/types/?lang=ro', // a query, passed on as sent
];

describe('proxy mode, over the control API and the REST API', () => {
  it('is off by default: the twin answers, read-only and daily recording are the defaults', async () => {
    const { twin } = world;
    const answer = await twin.control<ProxySettings>('GET', '/accounts/1/proxy');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ company_id: 1, upstream_url: null, read_only: true, recording: 'day' });
    const sales = await restRaw(twin, 'GET', '/1/sales/list/', basicAuth(...world.twinUser));
    expect(sales.status).toBe(200);
    expect(await world.standIn.requests()).toEqual([]);
  });

  it("forwards GETs with the caller's own Authorization and answers the upstream's bytes unchanged", async () => {
    const { twin, standIn } = world;
    const settings = await setProxy(twin, { upstream_url: standIn.url });
    // Stored as the base URL of the real account: a bare origin means the same company id.
    expect(settings).toMatchObject({ company_id: 1, upstream_url: `${standIn.url}/app/rest/v1/1`, read_only: true });
    expect((await twin.control<ProxySettings>('GET', '/accounts/1/proxy')).body.data).toEqual(settings);
    await standIn.forget();
    for (const path of FORWARDED) {
      const through = await restRaw(twin, 'GET', path, REAL_AUTH);
      const direct = await standIn.call('GET', `/app/rest/v1${path}`, REAL_AUTH);
      expect(through.status, path).toBe(direct.status);
      expect(through.contentType, path).toBe(direct.contentType);
      expect(through.body.toString('utf8'), path).toBe(direct.body.toString('utf8'));
      expect(through.body.equals(direct.body), path).toBe(true);
    }
    // Each path arrived twice (through the twin, then directly), as sent, with the caller's own header.
    const expected = FORWARDED.flatMap((path) => {
      const arrived = { method: 'GET', url: `/app/rest/v1${path}`, authorization: REAL_AUTH };
      return [arrived, arrived];
    });
    expect((await standIn.requests()).map(({ method, url, authorization }) => ({ method, url, authorization }))).toEqual(expected);
  });

  it('the stand-in really differs from the twin (else the byte comparison above proves nothing)', async () => {
    const { twin, standIn } = world;
    await setProxy(twin, { upstream_url: null });
    const own = await restRaw(twin, 'GET', '/1/invoices/list/documentnr:DMO1/', basicAuth(...world.twinUser));
    const upstream = await standIn.call('GET', '/app/rest/v1/1/invoices/list/documentnr:DMO1/', REAL_AUTH);
    expect([own.status, upstream.status]).toEqual([200, 400]);
  });

  it('maps the account onto the company id named in the upstream URL', async () => {
    const { twin, standIn } = world;
    expect((await setProxy(twin, { upstream_url: `${standIn.url}/app/rest/v1/7` })).upstream_url).toBe(`${standIn.url}/app/rest/v1/7`);
    await standIn.forget();
    await restRaw(twin, 'GET', '/1/sales/list/page:2/', REAL_AUTH);
    expect((await standIn.requests()).map((r) => r.url)).toEqual(['/app/rest/v1/7/sales/list/page:2/']);
    await setProxy(twin, { upstream_url: standIn.url });
  });

  it('read-only (the default) refuses every write with 403 in the envelope before anything leaves the machine', async () => {
    const { twin, standIn } = world;
    expect((await setProxy(twin, { upstream_url: standIn.url })).read_only).toBe(true);
    await standIn.forget();
    const writes: Array<[string, string, string | undefined]> = [
      ['POST', '/1/sales/1/payment/', '{}'],
      ['PUT', '/1/connector/1/order/100001/', '{"order_unique_id":"100001","order_status":"cancelled"}'],
      ['PATCH', '/1/product/1/', '{"product_name":"x"}'],
      ['DELETE', '/1/awb/1/', undefined],
    ];
    const upstreamPort = Number(new URL(standIn.url).port);
    for (const [method, path, body] of writes) {
      const [answer, connects] = await connectsDuring(() => restRaw(twin, method, path, REAL_AUTH, body));
      // Not even a connection to the upstream was opened.
      expect(connects.filter((port) => port === upstreamPort), `${method} ${path}`).toEqual([]);
      expect(answer.status, `${method} ${path}`).toBe(403);
      const envelope = envelopeOf(answer);
      expect(envelope, `${method} ${path}`).toMatchObject({ is_error: true, http_code: 403 });
      expect(envelope.messages.length, `${method} ${path}`).toBeGreaterThan(0);
    }
    expect(await standIn.requests()).toEqual([]);
  });

  it('with read_only false a POST is forwarded, body and credentials as sent, and its answer passed on', async () => {
    const { twin, standIn } = world;
    expect((await setProxy(twin, { read_only: false })).read_only).toBe(false);
    try {
      await standIn.forget();
      // An invalid payment: refused by the stand-in, so the direct call below finds the same state.
      const [through, connects] = await connectsDuring(() => restRaw(twin, 'POST', '/1/sales/1/payment/', REAL_AUTH, '{}'));
      // The check of the read-only test above sees a forwarded call's connection.
      expect(connects).toContain(Number(new URL(standIn.url).port));
      const direct = await standIn.call('POST', '/app/rest/v1/1/sales/1/payment/', REAL_AUTH, '{}');
      expect(through.status).toBe(direct.status);
      expect(through.body.equals(direct.body), through.body.toString('utf8')).toBe(true);
      const [forwarded] = await standIn.requests();
      expect(forwarded).toEqual({ method: 'POST', url: '/app/rest/v1/1/sales/1/payment/', authorization: REAL_AUTH, body: '{}' });
    } finally {
      await setProxy(twin, { read_only: true });
    }
  });

  it('answers 502 in the envelope when the upstream is down', async () => {
    const { twin } = world;
    await setProxy(twin, { upstream_url: `http://127.0.0.1:${await closedPort()}` });
    const answer = await restRaw(twin, 'GET', '/1/sales/list/', REAL_AUTH);
    expect(answer.status).toBe(502);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(envelopeOf(answer)).toMatchObject({ is_error: true, http_code: 502, data: null });
  });

  it('answers 504 in the envelope when the upstream answers after timeout_ms', async () => {
    const { twin, standIn } = world;
    await setProxy(twin, { upstream_url: standIn.url, timeout_ms: 1000 });
    await standIn.slow(4000);
    try {
      await standIn.forget();
      const started = Date.now();
      const answer = await restRaw(twin, 'GET', '/1/sales/list/', REAL_AUTH);
      const took = Date.now() - started;
      expect(answer.status).toBe(504);
      expect(envelopeOf(answer)).toMatchObject({ is_error: true, http_code: 504, data: null });
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(3500);
      // It did leave: the slow upstream got the call.
      expect((await standIn.requests()).map((r) => r.url)).toEqual(['/app/rest/v1/1/sales/list/']);
    } finally {
      await standIn.slow(0);
      await setProxy(twin, { timeout_ms: 30_000 });
    }
  });

  it('refuses an upstream that is not https (loopback excepted) with a 400 naming upstream_url', async () => {
    const { twin, standIn } = world;
    await standIn.forget();
    const before = (await twin.control<ProxySettings>('GET', '/accounts/1/proxy')).body.data;
    for (const url of ['http://example.com', 'http://example.com/app/rest/v1/1', 'ftp://example.com', 'not a url', 'https://']) {
      const answer = await proxyUpdate(twin, { upstream_url: url });
      expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.messages.join(' '), url).toMatch(/upstream_url/);
    }
    // Nothing changed, nothing left.
    expect((await twin.control<ProxySettings>('GET', '/accounts/1/proxy')).body.data).toEqual(before);
    expect(await standIn.requests()).toEqual([]);
    // Loopback over http is the tests' exception; https anywhere public is accepted (not called here).
    expect((await setProxy(twin, { upstream_url: 'https://erp.example.ro/app/rest/v1/42' })).upstream_url).toBe('https://erp.example.ro/app/rest/v1/42');
    await setProxy(twin, { upstream_url: standIn.url });
  });

  it('refuses a private upstream address unless outbound_allow_private is on', async () => {
    const { twin } = world;
    for (const url of ['https://10.0.0.1', 'https://192.168.1.20/app/rest/v1/1']) {
      const answer = await proxyUpdate(twin, { upstream_url: url });
      expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.messages.join(' '), url).toMatch(/upstream_url/);
    }
    const allowed = await twin.control('PATCH', '/settings', { outbound_allow_private: true });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    try {
      // Accepted now (and never called: nothing here may leave loopback).
      expect((await setProxy(twin, { upstream_url: 'https://10.0.0.1' })).upstream_url).toBe('https://10.0.0.1/app/rest/v1/1');
      // Still https only.
      expect((await proxyUpdate(twin, { upstream_url: 'http://10.0.0.1' })).status).toBe(400);
    } finally {
      await setProxy(twin, { upstream_url: world.standIn.url });
      await twin.control('PATCH', '/settings', { outbound_allow_private: false });
    }
  });

  it('refuses bad settings with a 400 naming the field', async () => {
    const { twin } = world;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ timeout_ms: 10 }, /timeout_ms/],
      [{ timeout_ms: 999_999 }, /timeout_ms/],
      [{ read_only: 'yes' }, /read_only/],
      [{ recording: 'weekly' }, /recording/],
      [{ upstream: world.standIn.url }, /upstream/],
    ];
    for (const [patch, field] of cases) {
      const answer = await proxyUpdate(twin, patch);
      expect(answer.status, JSON.stringify(patch)).toBe(400);
      expect(answer.body.messages.join(' '), JSON.stringify(patch)).toMatch(field);
    }
    expect((await twin.control('GET', '/accounts/42/proxy')).status).toBe(404);
  });

  it('proxy off: the twin answers its own users again and nothing reaches the upstream', async () => {
    const { twin, standIn } = world;
    expect((await setProxy(twin, { upstream_url: null })).upstream_url).toBeNull();
    await standIn.forget();
    const own = await restRaw(twin, 'GET', '/1/sales/list/', basicAuth(...world.twinUser));
    expect(own.status).toBe(200);
    expect(envelopeOf(own).your_user).toBe(world.twinUser[0]);
    // The real service's user is unknown here.
    expect((await restRaw(twin, 'GET', '/1/sales/list/', REAL_AUTH)).status).toBe(401);
    expect(await standIn.requests()).toEqual([]);
  });
});
