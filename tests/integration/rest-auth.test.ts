import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const SALES = '/1/sales/list/';

describe('REST authentication layers, each refused and allowed', () => {
  it('the account REST switch', async () => {
    const user = await h.apiUser();
    expect((await h.rest('GET', SALES, user)).status).toBe(200);
    expect((await h.control('PATCH', '/accounts/1', { rest_enabled: false })).body.data).toMatchObject({ rest_enabled: false });
    const refused = await h.rest('GET', SALES, user);
    expect(refused.status).toBe(401);
    expect(refused.body.messages[0]).toMatch(/REST module is not enabled for account 1/);
    await h.control('PATCH', '/accounts/1', { rest_enabled: true });
    expect((await h.rest('GET', SALES, user)).status).toBe(200);
  });

  it('Basic credentials', async () => {
    const [name, password] = await h.apiUser();
    const none = await h.rest('GET', SALES);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    const wrong = await h.rest('GET', SALES, [name, `${password}x`]);
    expect(wrong.status).toBe(401);
    expect(wrong.body.messages[0]).toMatch(/invalid API user name or password/);
    expect(wrong.body.your_user).toBe(name);
    expect((await h.rest('GET', SALES, 'Basic !!!notbase64')).status).toBe(401);
    const right = await h.rest('GET', SALES, [name, password]);
    expect(right.status).toBe(200);
    expect(right.body.your_user).toBe(name);
  });

  it('a password set by the administrator works, a generated one is long', async () => {
    const chosen = await h.control<{ password: string }>('POST', '/accounts/1/api-users', {
      username: 'chosen.user',
      password: 'my-chosen-password-42',
    });
    expect(chosen.status).toBe(201);
    expect(chosen.body.data.password).toBe('my-chosen-password-42');
    expect((await h.rest('GET', SALES, ['chosen.user', 'my-chosen-password-42'])).status).toBe(200);
    const [, generated] = await h.apiUser();
    expect(generated).toHaveLength(24);
  });

  it('IP whitelist: single address, CIDR range, wildcard', async () => {
    expect((await h.rest('GET', SALES, await h.apiUser({ ip_whitelist: ['10.0.0.0/8'] }))).status).toBe(401);
    expect((await h.rest('GET', SALES, await h.apiUser({ ip_whitelist: ['192.0.2.7'] }))).status).toBe(401);
    const outside = await h.rest('GET', SALES, await h.apiUser({ ip_whitelist: ['10.0.0.0/8'] }));
    expect(outside.body.messages[0]).toMatch(/may not connect from 127\.0\.0\.1/);
    expect((await h.rest('GET', SALES, await h.apiUser({ ip_whitelist: ['127.0.0.0/8'] }))).status).toBe(200);
    expect((await h.rest('GET', SALES, await h.apiUser({ ip_whitelist: ['127.0.0.1'] }))).status).toBe(200);
    expect((await h.rest('GET', SALES, await h.apiUser({ ip_whitelist: ['*'] }))).status).toBe(200);
  });

  it('route restriction by module', async () => {
    const refused = await h.rest('GET', SALES, await h.apiUser({ routes: ['invoices'] }));
    expect(refused.status).toBe(401);
    expect(refused.body.messages[0]).toMatch(/may not reach \/sales\//);
    expect((await h.rest('GET', SALES, await h.apiUser({ routes: ['sales', 'invoices'] }))).status).toBe(200);
  });

  it('HTTP method restriction', async () => {
    const postOnly = await h.apiUser({ methods: ['POST'] });
    const refused = await h.rest('GET', SALES, postOnly);
    expect(refused.status).toBe(401);
    expect(refused.body.messages[0]).toMatch(/may not use GET/);
    expect((await h.rest('GET', SALES, await h.apiUser({ methods: ['GET'] }))).status).toBe(200);
  });

  it('connector-bound users reach only their connector', async () => {
    const bound = await h.apiUser({ connector_id: 1 });
    const other = await h.rest('GET', '/1/connector/2/order/list/', bound);
    expect(other.status).toBe(401);
    expect(other.body.messages[0]).toMatch(/bound to connector 1, not to connector 2/);
    // Its own connector passes authentication (the route itself arrives with the connector issue).
    const own = await h.rest('GET', '/1/connector/1/order/list/', bound);
    expect(own.status).not.toBe(401);
    expect((await h.rest('GET', SALES, bound)).status).toBe(401);
    const unbound = await h.apiUser({ connector_id: null });
    expect((await h.rest('GET', SALES, unbound)).status).toBe(200);
  });

  it('refuses a user definition that names a connector of nobody', async () => {
    const answer = await h.control('POST', '/accounts/1/api-users', { username: 'ghost', connector_id: 77 });
    expect(answer.status).toBe(400);
    expect(answer.body.messages[0]).toMatch(/connector_id: connector 77 does not exist/);
  });
});

describe('lock-out of a caller IP', () => {
  let locked: Harness;
  beforeAll(async () => {
    locked = await startHarness();
  });
  afterAll(() => locked.close());

  it('locks after the configured failures, answers 429 with Retry-After, then lets the right user in', async () => {
    const settings = await locked.control('PATCH', '/settings', { auth_lockout: { max_failures: 3, window_s: 60, lock_s: 2 } });
    expect(settings.body.data).toMatchObject({ auth_lockout: { max_failures: 3, window_s: 60, lock_s: 2 } });
    const user = await locked.apiUser();
    for (let i = 0; i < 3; i++) expect((await locked.rest('GET', SALES, [user[0], 'wrong-password'])).status).toBe(401);
    const answer = await locked.rest('GET', SALES, user);
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(2);
    expect(answer.body.messages[0]).toMatch(/too many failed authentications from 127\.0\.0\.1/);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await locked.rest('GET', SALES, user)).status).toBe(200);
  });

  it('does not count failures of other layers (IP whitelist) toward the lock', async () => {
    await locked.control('PATCH', '/settings', { auth_lockout: { max_failures: 2 } });
    const outsider = await locked.apiUser({ ip_whitelist: ['10.0.0.1'] });
    for (let i = 0; i < 4; i++) expect((await locked.rest('GET', SALES, outsider)).status).toBe(401);
    expect((await locked.rest('GET', SALES, await locked.apiUser())).status).toBe(200);
    expect(basicAuth('a', 'b')).toBe('Basic YTpi');
  });
});
