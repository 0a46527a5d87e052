import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, basicAuth, startHarness, writeSql, type Envelope, type Harness } from './harness.ts';

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
    const outside = await h.rest('GET', SALES, await h.apiUser({ ip_whitelist: ['192.0.2.7'] }));
    expect(outside.status).toBe(401);
    // The answer of a wrong password: it does not say the password was right.
    expect(outside.body.messages[0]).toMatch(/^invalid API user name or password \(or the user's IP whitelist does not include 127\.0\.0\.1\)$/);
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

/** An answer read byte for byte, from a chosen source address (127.0.0.x on Linux). */
interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: Envelope;
}

function rawCall(url: string, options: { method?: string; headers?: Record<string, string>; from?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers ?? {}, ...(options.from && { localAddress: options.from }), agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, body: JSON.parse(text) as Envelope });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Everything a caller can read of an answer but the Date header (the clock moves between two calls). */
const readable = (answer: RawAnswer) => ({
  status: answer.status,
  headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name !== 'date')),
  text: answer.text,
});

const status = (answer: { status: number }) => answer.status;

describe('lock-out of a caller IP', () => {
  let locked: Harness;
  const setClock = (body: Record<string, unknown>) => locked.control('PATCH', '/clock', body);
  const policy = (auth_lockout: Record<string, number>) => locked.control('PATCH', '/settings', { auth_lockout });
  const from = (address: string, auth?: string, path = SALES) =>
    rawCall(`${locked.url}/app/rest/v1${path}`, { from: address, headers: auth ? { authorization: auth } : {} });

  beforeAll(async () => {
    locked = await startHarness();
    // The lock-out reads the test clock: frozen, it moves only when a test moves it.
    expect((await setClock({ mode: 'frozen', now: '2026-12-08 12:00:00' })).status).toBe(200);
  });
  afterAll(() => locked.close());

  it('locks after the configured failures, answers 429 with Retry-After; the lock lasts lock_s', async () => {
    const settings = await policy({ max_failures: 3, window_s: 60, lock_s: 120 });
    expect(settings.body.data).toMatchObject({ auth_lockout: { max_failures: 3, window_s: 60, lock_s: 120 } });
    const user = await locked.apiUser();
    const wrong = basicAuth(user[0], 'wrong-password');
    expect((await from('127.0.0.11', wrong)).status).toBe(401);
    expect((await from('127.0.0.11', wrong)).status).toBe(401);
    const third = await from('127.0.0.11', wrong);
    expect(third.status).toBe(401);
    expect(third.body.messages[0]).toMatch(/127\.0\.0\.11 is now locked for 120 s$/);
    const answer = await from('127.0.0.11', basicAuth(...user));
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toBe('120');
    expect(answer.body.messages[0]).toBe('too many failed authentications from 127.0.0.11; try again in 120 s');
    // Another address is not concerned.
    expect((await from('127.0.0.12', basicAuth(...user))).status).toBe(200);
    await setClock({ advance_s: 119 });
    expect((await from('127.0.0.11', basicAuth(...user))).headers['retry-after']).toBe('1');
    await setClock({ advance_s: 1 });
    expect((await from('127.0.0.11', basicAuth(...user))).status).toBe(200);
  });

  it('16 wrong guesses interleaved with valid logins lock the IP after max_failures', async () => {
    await policy({ max_failures: 5, window_s: 300, lock_s: 900 });
    const user = await locked.apiUser();
    const right = basicAuth(...user);
    const seen: string[] = [];
    for (let i = 0; i < 16; i++) {
      const login = await from('127.0.0.21', right);
      const guess = await from('127.0.0.21', basicAuth(user[0], `guess-${i}`));
      seen.push(`${login.status}/${guess.status}`);
    }
    expect(seen).toEqual([...Array(5).fill('200/401'), ...Array(11).fill('429/429')]);
  });

  it('failures leave the count only as they grow older than the window', async () => {
    await policy({ max_failures: 3, window_s: 60, lock_s: 900 });
    const user = await locked.apiUser();
    const guess = (i: number) => from('127.0.0.31', basicAuth(user[0], `guess-${i}`));
    expect(status(await guess(1))).toBe(401);
    expect(status(await guess(2))).toBe(401);
    expect(status(await from('127.0.0.31', basicAuth(...user)))).toBe(200);
    await setClock({ advance_s: 61 });
    // Both left the window: two more failures do not lock, a third inside the window does.
    expect(status(await guess(3))).toBe(401);
    expect(status(await guess(4))).toBe(401);
    expect(status(await from('127.0.0.31', basicAuth(...user)))).toBe(200);
    expect((await guess(5)).body.messages[0]).toMatch(/is now locked for 900 s$/);
    expect(status(await from('127.0.0.31', basicAuth(...user)))).toBe(429);
  });

  it('a caller outside the whitelist gets the same answer for right and wrong passwords, and its failures count', async () => {
    await policy({ max_failures: 4, window_s: 300, lock_s: 900 });
    const [name, password] = await locked.apiUser({ ip_whitelist: ['127.0.0.1'] });
    const rightOutside = await from('127.0.0.41', basicAuth(name, password));
    const wrongOutside = await from('127.0.0.41', basicAuth(name, 'not-the-password'));
    expect(rightOutside.status).toBe(401);
    expect(rightOutside.headers['www-authenticate']).toMatch(/^Basic realm=/);
    expect(rightOutside.body).toMatchObject({ your_user: name, messages: [expect.stringMatching(/^invalid API user name or password/)] });
    expect(readable(rightOutside)).toEqual(readable(wrongOutside));
    // Whitelisted in, the same password passes.
    expect((await from('127.0.0.1', basicAuth(name, password))).status).toBe(200);
    // Two more from outside (right passwords) reach the limit of four: locked.
    expect((await from('127.0.0.41', basicAuth(name, password))).status).toBe(401);
    const fourth = await from('127.0.0.41', basicAuth(name, password));
    const fourthWrong = await from('127.0.0.42', basicAuth(name, 'x'));
    for (let i = 0; i < 3; i++) await from('127.0.0.42', basicAuth(name, `y${i}`));
    expect(fourth.body.messages[0]).toMatch(/127\.0\.0\.41 is now locked for 900 s$/);
    expect(status(await from('127.0.0.41', basicAuth(name, password)))).toBe(429);
    expect(status(fourthWrong)).toBe(401);
    expect(status(await from('127.0.0.42', basicAuth(name, password)))).toBe(429);
  });

  it('refusals of valid credentials by method or route do not count', async () => {
    await policy({ max_failures: 2, window_s: 300, lock_s: 900 });
    const getOnly = await locked.apiUser({ methods: ['POST'], routes: ['invoices'] });
    for (let i = 0; i < 4; i++) expect(status(await from('127.0.0.51', basicAuth(...getOnly)))).toBe(401);
    expect(status(await from('127.0.0.51', basicAuth(...(await locked.apiUser()))))).toBe(200);
  });

  it('a cached answer is not served once the whitelist no longer allows the caller, nor to a locked IP', async () => {
    await policy({ max_failures: 2, window_s: 300, lock_s: 900 });
    const user = await locked.apiUser();
    const auth = basicAuth(...user);
    // Asked three times: the third comes from the answer cache (kept from the second ask on).
    const answers = [await from('127.0.0.61', auth), await from('127.0.0.61', auth), await from('127.0.0.61', auth)];
    expect(answers.map(status)).toEqual([200, 200, 200]);
    expect(answers[2]!.text).toBe(answers[1]!.text);
    writeSql(locked, `UPDATE api_users SET ip_whitelist = '["10.0.0.1"]' WHERE company_id = 1 AND username = ?`, user[0]);
    const refused = await from('127.0.0.61', auth);
    expect(refused.status).toBe(401);
    expect(refused.body.messages[0]).toMatch(/^invalid API user name or password/);
    // That refusal counted: one more (a wrong password) locks, and the cache does not help then either.
    writeSql(locked, `UPDATE api_users SET ip_whitelist = '["*"]' WHERE company_id = 1 AND username = ?`, user[0]);
    expect((await from('127.0.0.61', auth)).status).toBe(200);
    expect((await from('127.0.0.61', auth)).status).toBe(200);
    expect((await from('127.0.0.61', basicAuth(user[0], 'wrong'))).status).toBe(401);
    expect((await from('127.0.0.61', auth)).status).toBe(429);
  });
});

describe('an unknown account answers as a known one without valid credentials', () => {
  let same: Harness;
  let disabled: number;
  beforeAll(async () => {
    same = await startHarness();
    // No lock during the comparisons: a "now locked" suffix on one answer only would differ.
    await same.control('PATCH', '/settings', { auth_lockout: { max_failures: 1000, window_s: 300, lock_s: 900 } });
    const created = await same.control<{ company_id: number }>('POST', '/accounts', { seed: 'empty' });
    disabled = created.body.data.company_id;
    expect((await same.control('PATCH', `/accounts/${disabled}`, { rest_enabled: false })).status).toBe(200);
  });
  afterAll(() => same.close());

  const at = (company: number, auth?: string) =>
    rawCall(`${same.url}/app/rest/v1/${company}/sales/list/page:1/`, { headers: auth ? { authorization: auth } : {} });

  it('byte for byte: status, headers and body, for every kind of missing or wrong credentials', async () => {
    const [name, password] = await same.apiUser();
    const [outsider, outsiderPassword] = await same.apiUser({ ip_whitelist: ['10.0.0.1'] });
    const cases: Array<[string, string | undefined]> = [
      ['no credentials', undefined],
      ['not Basic', 'Bearer abc'],
      ['malformed Basic', 'Basic !!!'],
      ['wrong password of an existing user', basicAuth(name, 'not-the-password')],
      ['unknown user', basicAuth('no-such-user-anywhere', 'x')],
      ['right password outside the whitelist', basicAuth(outsider, outsiderPassword)],
      ['wrong password outside the whitelist', basicAuth(outsider, 'x')],
    ];
    for (const [what, auth] of cases) {
      const known = await at(1, auth);
      expect(known.status, what).toBe(401);
      expect(readable(await at(987654, auth)), what).toEqual(readable(known));
      expect(readable(await at(disabled, auth)), what).toEqual(readable(known));
    }
    // The control: valid credentials tell the account apart (only them).
    const right = basicAuth(name, password);
    expect((await at(1, right)).status).toBe(200);
    const unknown = await at(987654, right);
    expect(unknown.status).toBe(404);
    expect(unknown.body.messages).toEqual(['account 987654 does not exist']);
    const notTheirs = await at(disabled, right);
    expect(notTheirs.status).toBe(401);
    expect(notTheirs.body.messages).toEqual([`API user '${name}' belongs to account 1, not to account ${disabled}`]);
  });

  it('guesses against an unknown account count toward the lock as any other', async () => {
    await same.control('PATCH', '/settings', { auth_lockout: { max_failures: 3 } });
    try {
      const from = (company: number, auth: string) =>
        rawCall(`${same.url}/app/rest/v1/${company}/sales/list/`, { from: '127.0.0.71', headers: { authorization: auth } });
      for (let i = 0; i < 3; i++) expect((await from(555555, basicAuth('someone', `guess-${i}`))).status).toBe(401);
      expect((await from(1, basicAuth(...(await same.apiUser())))).status).toBe(429);
    } finally {
      await same.control('PATCH', '/settings', { auth_lockout: { max_failures: 1000 } });
    }
  });
});

describe('control API lock-out', () => {
  let c: Harness;
  // The control API's lock runs on the machine's clock (the base clock of the core): this one,
  // standing still unless the test moves it (a busy machine's real seconds would otherwise run
  // the 600 s lock out between "599 s later" and the call that expects Retry-After: 1).
  let shift = 0;
  const start = Date.now();
  const machine = { now: () => new Date(start + shift) };
  // /accounts: the health probe answers without a token, so it proves nothing about the lock.
  const control = (from: string, token?: string, path = '/accounts') =>
    rawCall(`${c.url}/_sandbox${path}`, { from, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    c = await startHarness({ clock: machine });
    await c.control('PATCH', '/settings', { auth_lockout: { max_failures: 3, window_s: 300, lock_s: 600 } });
  });
  afterAll(() => c.close());

  it('max_failures bad tokens lock the IP: 429 with Retry-After, the right token refused too, other IPs unaffected', async () => {
    expect((await control('127.0.0.2', 'wrong-1')).status).toBe(401);
    expect((await control('127.0.0.2', 'wrong-2')).status).toBe(401);
    const third = await control('127.0.0.2', 'wrong-3');
    expect(third.status).toBe(401);
    expect(third.headers['www-authenticate']).toMatch(/^Bearer realm=/);
    expect(third.body.messages[0]).toMatch(/127\.0\.0\.2 is now locked for 600 s$/);

    const lockedOut = await control('127.0.0.2', ADMIN_TOKEN);
    expect(lockedOut.status).toBe(429);
    expect(lockedOut.headers['retry-after']).toBe('600');
    expect(lockedOut.body).toMatchObject({ is_error: true, http_code: 429, data: null });
    expect(lockedOut.body.messages[0]).toMatch(/^too many failed control API authentications from 127\.0\.0\.2: locked until \d{4}-\d\d-\d\dT[\d:.]+Z \(600 s\)/);
    const end = Date.parse(/locked until (\S+)/.exec(lockedOut.body.messages[0]!)![1]!);
    expect(end - machine.now().getTime()).toBeGreaterThan(599_000);

    expect((await control('127.0.0.1', ADMIN_TOKEN)).status).toBe(200);
    expect((await c.control('GET', '/health')).status).toBe(200);

    // Counted apart from REST: the locked address still reaches the REST API.
    const user = await c.apiUser();
    const rest = await rawCall(`${c.url}/app/rest/v1${SALES}`, { from: '127.0.0.2', headers: { authorization: basicAuth(...user) } });
    expect(rest.status).toBe(200);

    // Neither the test clock nor a REST lock of the same address moves it.
    await c.control('PATCH', '/clock', { advance_s: 86_400 });
    expect((await control('127.0.0.2', ADMIN_TOKEN)).status).toBe(429);
    shift += 599_000;
    expect((await control('127.0.0.2', ADMIN_TOKEN)).headers['retry-after']).toBe('1');
    shift += 1_000;
    expect((await control('127.0.0.2', ADMIN_TOKEN)).status).toBe(200);
  });

  it('calls without an Authorization header are refused but not counted; REST failures do not lock the control API', async () => {
    for (let i = 0; i < 6; i++) expect((await control('127.0.0.3')).status).toBe(401);
    expect((await control('127.0.0.3', ADMIN_TOKEN)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const refused = await rawCall(`${c.url}/app/rest/v1${SALES}`, { from: '127.0.0.4', headers: { authorization: basicAuth('nobody', `x${i}`) } });
      expect(refused.status).toBe(401);
    }
    expect((await rawCall(`${c.url}/app/rest/v1${SALES}`, { from: '127.0.0.4', headers: { authorization: basicAuth('nobody', 'y') } })).status).toBe(429);
    expect((await control('127.0.0.4', ADMIN_TOKEN)).status).toBe(200);
  });

  it('one stale token sent again and again (a tab left open after a restart) counts once and locks nobody', async () => {
    for (let i = 0; i < 10; i++) expect((await control('127.0.0.6', 'token-of-an-earlier-start')).status).toBe(401);
    expect((await control('127.0.0.6', ADMIN_TOKEN)).status).toBe(200);
    // New guesses still count: two more distinct wrong tokens reach the limit of 3.
    expect((await control('127.0.0.6', 'guess-a')).status).toBe(401);
    expect((await control('127.0.0.6', 'guess-b')).body.messages[0]).toMatch(/127\.0\.0\.6 is now locked for 600 s$/);
    expect((await control('127.0.0.6', ADMIN_TOKEN)).status).toBe(429);
  });
});
