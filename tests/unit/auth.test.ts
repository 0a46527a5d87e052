import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../electron/core/store/database.ts';
import { createAccounts } from '../../electron/core/domains/accounts/index.ts';
import BetterSqlite3 from 'better-sqlite3';
import {
  LockoutTracker,
  createApiUsers,
  createAuthenticator,
  createAuthGeneration,
  generatePassword,
  hashPassword,
  ipAllowed,
  verifyPassword,
  whitelistEntryProblem,
  type RestCall,
} from '../../electron/core/domains/auth/index.ts';

class FakeClock {
  constructor(public ms = Date.UTC(2026, 10, 22, 10)) {}
  now = () => new Date(this.ms);
  advance(seconds: number) {
    this.ms += seconds * 1000;
  }
}

describe('passwords', () => {
  it('stores scrypt hashes and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('correct');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });
  it('salts: the same password hashes differently', async () => {
    expect(await hashPassword('same password!')).not.toBe(await hashPassword('same password!'));
  });
  it('generates long passwords from an unambiguous alphabet', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
    for (const p of passwords) expect(p).toMatch(/^[A-HJ-NP-Za-km-z2-9]{24}$/);
  });
});

describe('IP whitelist', () => {
  it('accepts the wildcard, single addresses and CIDR ranges', () => {
    expect(ipAllowed('203.0.113.9', ['*'])).toBe(true);
    expect(ipAllowed('127.0.0.1', ['10.0.0.1', '127.0.0.1'])).toBe(true);
    expect(ipAllowed('10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('2001:db8::5', ['2001:db8::/32'])).toBe(true);
  });
  it('refuses addresses outside every entry', () => {
    expect(ipAllowed('127.0.0.2', ['127.0.0.1'])).toBe(false);
    expect(ipAllowed('11.0.0.1', ['10.0.0.0/8'])).toBe(false);
    expect(ipAllowed('2001:db9::5', ['2001:db8::/32'])).toBe(false);
    expect(ipAllowed('garbage', ['10.0.0.0/8'])).toBe(false);
  });
  it('treats IPv4-mapped IPv6 callers as IPv4', () => {
    expect(ipAllowed('::ffff:127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(ipAllowed('::ffff:10.9.8.7', ['10.0.0.0/8'])).toBe(true);
  });
  it('reads IPv4 strictly: no octal or short forms, no mapped range wider than IPv4', () => {
    expect(whitelistEntryProblem('010.0.0.1')).toMatch(/not an IP address/);
    expect(whitelistEntryProblem('127.1')).toMatch(/not an IP address/);
    expect(whitelistEntryProblem('::ffff:0:0/90')).toMatch(/CIDR/);
    expect(ipAllowed('8.0.0.1', ['010.0.0.1'])).toBe(false);
    expect(ipAllowed('203.0.113.5', ['::ffff:0:0/90'])).toBe(false);
    expect(ipAllowed('10.1.2.3', ['::ffff:10.0.0.0/104'])).toBe(true);
  });
  it('names what is wrong with a bad entry', () => {
    expect(whitelistEntryProblem('10.0.0.0/8')).toBeUndefined();
    expect(whitelistEntryProblem('10.0.0.0/33')).toMatch(/CIDR/);
    expect(whitelistEntryProblem('localhost')).toMatch(/not an IP address/);
  });
});

describe('lock-out', () => {
  it('locks an IP after max failures within the window, then lifts the lock', () => {
    const clock = new FakeClock();
    const tracker = new LockoutTracker(clock, () => ({ max_failures: 3, window_s: 60, lock_s: 120 }));
    expect(tracker.recordFailure('1.1.1.1')).toBe(0);
    expect(tracker.recordFailure('1.1.1.1')).toBe(0);
    expect(tracker.retryAfterSeconds('1.1.1.1')).toBe(0);
    expect(tracker.recordFailure('1.1.1.1')).toBe(120);
    expect(tracker.retryAfterSeconds('1.1.1.1')).toBe(120);
    expect(tracker.retryAfterSeconds('2.2.2.2')).toBe(0);
    clock.advance(119.5);
    expect(tracker.retryAfterSeconds('1.1.1.1')).toBe(1);
    clock.advance(1);
    expect(tracker.retryAfterSeconds('1.1.1.1')).toBe(0);
  });
  it('forgets failures only as they leave the window: nothing else resets the count', () => {
    const clock = new FakeClock();
    const tracker = new LockoutTracker(clock, () => ({ max_failures: 3, window_s: 60, lock_s: 120 }));
    tracker.recordFailure('1.1.1.1');
    clock.advance(61);
    // The first failure left the window: two more do not lock.
    expect(tracker.recordFailure('1.1.1.1')).toBe(0);
    clock.advance(30);
    expect(tracker.recordFailure('1.1.1.1')).toBe(0);
    clock.advance(29);
    // Both still inside the window: the third locks.
    expect(tracker.recordFailure('1.1.1.1')).toBe(120);
  });
  it('a lock lasts lock_s and then starts a new count', () => {
    const clock = new FakeClock();
    const tracker = new LockoutTracker(clock, () => ({ max_failures: 2, window_s: 600, lock_s: 120 }));
    tracker.recordFailure('1.1.1.1');
    expect(tracker.recordFailure('1.1.1.1')).toBe(120);
    expect(tracker.lockEnd('1.1.1.1')).toBe(clock.ms + 120_000);
    clock.advance(119);
    expect(tracker.retryAfterSeconds('1.1.1.1')).toBe(1);
    clock.advance(1);
    expect(tracker.retryAfterSeconds('1.1.1.1')).toBe(0);
    expect(tracker.lockEnd('1.1.1.1')).toBeUndefined();
    // The failures that locked it are not counted again: one more does not lock at once.
    expect(tracker.recordFailure('1.1.1.1')).toBe(0);
    expect(tracker.recordFailure('1.1.1.1')).toBe(120);
  });
});

describe('authenticator layers', () => {
  let dir: string;
  let db: Database;
  let authenticate: ReturnType<typeof createAuthenticator>;
  let users: ReturnType<typeof createApiUsers>;
  const clock = new FakeClock();
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const call = (overrides: Partial<RestCall>): RestCall => ({
    companyId: 1,
    authorization: undefined,
    ip: '127.0.0.1',
    method: 'GET',
    module: 'sales',
    ...overrides,
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'erpwb-auth-'));
    db = openDatabase(join(dir, 'store.sqlite'));
    db.exec(`INSERT INTO accounts (company_id, name, rest_enabled, created_ts) VALUES (1, 'A', 1, 'x'), (2, 'B', 0, 'x');
             INSERT INTO connectors (id, company_id, type, name, created_ts, last_changed_ts) VALUES (1, 1, 'ecommerce', 'shop', 'x', 'x'), (2, 1, 'dropship', 'ds', 'x', 'x');`);
    const accounts = createAccounts(db);
    users = createApiUsers(db, clock);
    const lockout = new LockoutTracker(clock, () => ({ max_failures: 3, window_s: 60, lock_s: 30 }));
    authenticate = createAuthenticator({ accounts, apiUsers: users, lockout, generation: createAuthGeneration(db) });
    await users.create(1, { username: 'all', password: 'all-password-1' });
    await users.create(1, { username: 'office', password: 'office-password', ip_whitelist: ['10.0.0.0/8'] });
    await users.create(1, { username: 'reader', password: 'reader-password', methods: ['GET'], routes: ['sales', 'invoices'] });
    await users.create(1, { username: 'shop', password: 'shop-password-1', connector_id: 1 });
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an unknown account answers as a known one to missing or wrong credentials', async () => {
    for (const authorization of [undefined, basic('all', 'wrong'), basic('nobody', 'x')]) {
      const known = await authenticate(call({ companyId: 1, authorization, ip: '9.9.7.1' }));
      const unknown = await authenticate(call({ companyId: 9, authorization, ip: '9.9.7.2' }));
      const disabled = await authenticate(call({ companyId: 2, authorization, ip: '9.9.7.3' }));
      expect(known).toMatchObject({ ok: false, status: 401, challenge: true });
      const text = (o: typeof known) => JSON.stringify(o).replace(/9\.9\.7\.\d/g, 'IP');
      expect(text(unknown)).toBe(text(known));
      expect(text(disabled)).toBe(text(known));
    }
  });

  it('only valid credentials learn that an account does not exist, is not theirs, or has REST off', async () => {
    expect(await authenticate(call({ companyId: 9, authorization: basic('all', 'all-password-1') }))).toMatchObject({
      ok: false,
      status: 404,
      message: 'account 9 does not exist',
    });
    expect(await authenticate(call({ companyId: 2, authorization: basic('all', 'all-password-1') }))).toMatchObject({
      ok: false,
      status: 401,
      message: "API user 'all' belongs to account 1, not to account 2",
    });
    await users.create(2, { username: 'b-user', password: 'b-user-password' });
    expect(await authenticate(call({ companyId: 2, authorization: basic('b-user', 'b-user-password') }))).toMatchObject({
      ok: false,
      status: 401,
      message: expect.stringMatching(/REST module is not enabled for account 2/),
    });
  });

  it('Basic credentials: allowed with the right password, refused otherwise', async () => {
    expect(await authenticate(call({ authorization: basic('all', 'all-password-1') }))).toMatchObject({ ok: true, user: { username: 'all' } });
    expect(await authenticate(call({ authorization: basic('all', 'wrong'), ip: '9.9.9.1' }))).toMatchObject({ ok: false, status: 401, challenge: true });
    expect(await authenticate(call({ authorization: basic('nobody', 'x'), ip: '9.9.9.2' }))).toMatchObject({ ok: false, status: 401 });
    expect(await authenticate(call({ authorization: 'Bearer abc', ip: '9.9.9.3' }))).toMatchObject({ ok: false, status: 401 });
    expect(await authenticate(call({ ip: '9.9.9.3' }))).toMatchObject({ ok: false, status: 401, message: expect.stringMatching(/missing/) });
  });

  it('credentials of one account do not open another', async () => {
    db.prepare("UPDATE accounts SET rest_enabled = 1 WHERE company_id = 2").run();
    expect(await authenticate(call({ companyId: 2, authorization: basic('all', 'all-password-1'), ip: '9.9.9.4' }))).toMatchObject({
      ok: false,
      status: 401,
      message: expect.stringMatching(/belongs to account 1/),
    });
    db.prepare("UPDATE accounts SET rest_enabled = 0 WHERE company_id = 2").run();
  });

  it('IP whitelist: allowed inside the range; outside, right and wrong passwords answer alike and count', async () => {
    expect(await authenticate(call({ authorization: basic('office', 'office-password'), ip: '10.20.30.40' }))).toMatchObject({ ok: true });
    const right = await authenticate(call({ authorization: basic('office', 'office-password'), ip: '192.168.1.1' }));
    const wrong = await authenticate(call({ authorization: basic('office', 'not-the-password'), ip: '192.168.1.1' }));
    expect(right).toMatchObject({ ok: false, status: 401, challenge: true, message: expect.stringMatching(/invalid API user name or password .*IP whitelist/) });
    expect(wrong).toEqual(right);
    // Both counted: the third refusal from that IP locks it, the right password as much as a wrong one.
    expect(await authenticate(call({ authorization: basic('office', 'office-password'), ip: '192.168.1.1' }))).toMatchObject({
      status: 401,
      message: expect.stringMatching(/192\.168\.1\.1 is now locked for 30 s/),
    });
    expect(await authenticate(call({ authorization: basic('office', 'office-password'), ip: '192.168.1.1' }))).toMatchObject({ status: 429 });
    // A remembered check (passed inside the range) is no way around it from outside.
    expect(await authenticate(call({ authorization: basic('office', 'office-password'), ip: '10.20.30.40' }))).toMatchObject({ ok: true });
    expect(await authenticate(call({ authorization: basic('office', 'office-password'), ip: '192.168.1.2' }))).toEqual({
      ...right,
      message: right.ok ? '' : right.message.replace('192.168.1.1', '192.168.1.2'),
    });
  });

  it('valid logins interleaved with wrong guesses do not reset the count', async () => {
    const ip = '172.16.9.1';
    const outcomes: string[] = [];
    for (let i = 0; i < 8; i++) {
      const right = await authenticate(call({ authorization: basic('all', 'all-password-1'), ip }));
      const wrong = await authenticate(call({ authorization: basic('all', `guess-${i}`), ip }));
      outcomes.push(`${right.ok ? 200 : right.status}/${wrong.ok ? 200 : wrong.status}`);
    }
    expect(outcomes).toEqual(['200/401', '200/401', '200/401', '429/429', '429/429', '429/429', '429/429', '429/429']);
    clock.advance(31);
  });

  it('method and route restrictions', async () => {
    const auth = basic('reader', 'reader-password');
    expect(await authenticate(call({ authorization: auth, module: 'invoices' }))).toMatchObject({ ok: true });
    expect(await authenticate(call({ authorization: auth, method: 'POST' }))).toMatchObject({ ok: false, message: expect.stringMatching(/may not use POST/) });
    expect(await authenticate(call({ authorization: auth, module: 'product' }))).toMatchObject({ ok: false, message: expect.stringMatching(/may not reach \/product\//) });
  });

  it('a connector-bound key reaches only its connector (and the marketplace)', async () => {
    const auth = basic('shop', 'shop-password-1');
    expect(await authenticate(call({ authorization: auth, module: 'connector', connectorId: 1 }))).toMatchObject({ ok: true, user: { connectorId: 1 } });
    expect(await authenticate(call({ authorization: auth, module: 'marketplace' }))).toMatchObject({ ok: true });
    expect(await authenticate(call({ authorization: auth, module: 'connector', connectorId: 2 }))).toMatchObject({ ok: false, status: 401, message: expect.stringMatching(/bound to connector 1/) });
    expect(await authenticate(call({ authorization: auth, module: 'sales' }))).toMatchObject({ ok: false, status: 401 });
  });

  it('locks the caller IP after repeated failures, even for right credentials, and unlocks later', async () => {
    const ip = '172.16.0.1';
    for (let i = 0; i < 2; i++) await authenticate(call({ authorization: basic('all', 'bad'), ip }));
    const third = await authenticate(call({ authorization: basic('all', 'bad'), ip }));
    expect(third).toMatchObject({ ok: false, status: 401, message: expect.stringMatching(/locked for 30 s/) });
    expect(await authenticate(call({ authorization: basic('all', 'all-password-1'), ip }))).toMatchObject({ ok: false, status: 429, retryAfterSeconds: 30 });
    expect(await authenticate(call({ authorization: basic('all', 'all-password-1'), ip: '172.16.0.2' }))).toMatchObject({ ok: true });
    clock.advance(31);
    expect(await authenticate(call({ authorization: basic('all', 'all-password-1'), ip }))).toMatchObject({ ok: true });
  });

  it('a deleted user or a changed password no longer authenticates (no stale cache)', async () => {
    const created = await users.create(1, { username: 'temp', password: 'temp-password-1' });
    expect(await authenticate(call({ authorization: basic('temp', 'temp-password-1') }))).toMatchObject({ ok: true });
    users.delete(1, created.id);
    expect(await authenticate(call({ authorization: basic('temp', 'temp-password-1'), ip: '9.9.9.9' }))).toMatchObject({ ok: false, status: 401 });
  });

  it('a passed check is remembered only until an account or a user changes, by any connection', async () => {
    const created = await users.create(1, { username: 'memo', password: 'memo-password-1' });
    const auth = basic('memo', 'memo-password-1');
    const generation = createAuthGeneration(db);
    expect(await authenticate(call({ authorization: auth }))).toMatchObject({ ok: true });
    // Another connection (another process, a hand-made SQL write) changes what the check read.
    const other = new BetterSqlite3(db.name);
    try {
      const id = created.id;
      const changes: [string, string, RestCall, RegExp][] = [
        [`ip_whitelist = '["10.0.0.0/8"]'`, `ip_whitelist = '["*"]'`, call({ authorization: auth, ip: '9.9.8.4' }), /IP whitelist/],
        [`methods = '["GET"]'`, 'methods = NULL', call({ authorization: auth, method: 'POST' }), /may not use POST/],
        [`routes = '["invoices"]'`, 'routes = NULL', call({ authorization: auth }), /may not reach \/sales\//],
        ['connector_id = 1', 'connector_id = NULL', call({ authorization: auth }), /bound to connector 1/],
        [`username = 'memo-renamed'`, `username = 'memo'`, call({ authorization: auth, ip: '9.9.8.1' }), /invalid API user name or password/],
      ];
      for (const [change, restore, refused, why] of changes) {
        expect(await authenticate(call({ authorization: auth, method: 'POST' }))).toMatchObject({ ok: true });
        other.exec(`UPDATE api_users SET ${change} WHERE id = ${id}`);
        expect(await authenticate(refused)).toMatchObject({ ok: false, message: expect.stringMatching(why) });
        other.exec(`UPDATE api_users SET ${restore} WHERE id = ${id}`);
      }
      expect(await authenticate(call({ authorization: auth }))).toMatchObject({ ok: true });
      other.exec(`UPDATE api_users SET password_hash = 'scrypt$x' WHERE id = ${id}`);
      expect(await authenticate(call({ authorization: auth, ip: '9.9.8.3' }))).toMatchObject({ ok: false, status: 401 });
      const again = await users.create(1, { username: 'memo2', password: 'memo-password-2' });
      const auth2 = basic('memo2', 'memo-password-2');
      expect(await authenticate(call({ authorization: auth2 }))).toMatchObject({ ok: true });
      other.exec('UPDATE accounts SET rest_enabled = 0 WHERE company_id = 1');
      expect(await authenticate(call({ authorization: auth2 }))).toMatchObject({ ok: false, message: expect.stringMatching(/REST module is not enabled/) });
      other.exec('UPDATE accounts SET rest_enabled = 1 WHERE company_id = 1');
      expect(await authenticate(call({ authorization: auth2 }))).toMatchObject({ ok: true });
      other.exec(`DELETE FROM api_users WHERE id = ${again.id}`);
      expect(await authenticate(call({ authorization: auth2, ip: '9.9.8.2' }))).toMatchObject({ ok: false, status: 401 });
      // Writing last_used_ts (once a minute per user, on the request path) keeps remembered checks.
      const before = generation();
      other.exec(`UPDATE api_users SET last_used_ts = 'y' WHERE id = ${created.id}`);
      expect(generation()).toBe(before);
      // Without its counter row (deleted by hand), no two tokens are alike: nothing is remembered.
      other.exec('DELETE FROM auth_generation');
      expect(generation()).not.toBe(generation());
      other.exec('INSERT INTO auth_generation (id, n) VALUES (1, 0)');
    } finally {
      other.close();
    }
  });

  it('refuses bad user definitions naming the field', async () => {
    await expect(users.create(1, { username: 'x1x', ip_whitelist: ['10.0.0.0/40'] })).rejects.toThrow(/ip_whitelist\[0\]/);
    await expect(users.create(1, { username: 'x2x', connector_id: 99 })).rejects.toThrow(/connector_id: connector 99/);
    await expect(users.create(1, { username: 'all' })).rejects.toThrow(/username: .*already exists/);
    const stored = db.prepare("SELECT count(*) AS n FROM api_users WHERE username IN ('x1x', 'x2x')").get();
    expect(stored).toEqual({ n: 0 });
  });

  it('never stores the password itself', () => {
    const rows = db.prepare('SELECT password_hash FROM api_users').all() as Array<{ password_hash: string }>;
    for (const row of rows) {
      expect(row.password_hash.startsWith('scrypt$')).toBe(true);
      expect(row.password_hash).not.toMatch(/password/);
    }
  });
});

/** A store with one account and an authenticator locking after `maxFailures` failures. */
function freshAccount(maxFailures: number) {
  const dir = mkdtempSync(join(tmpdir(), 'erpwb-auth-par-'));
  const db = openDatabase(join(dir, 'store.sqlite'));
  db.exec("INSERT INTO accounts (company_id, name, rest_enabled, created_ts) VALUES (1, 'A', 1, 'x')");
  const clock = new FakeClock();
  const users = createApiUsers(db, clock);
  const authenticate = createAuthenticator({
    accounts: createAccounts(db),
    apiUsers: users,
    lockout: new LockoutTracker(clock, () => ({ max_failures: maxFailures, window_s: 60, lock_s: 60 })),
    generation: createAuthGeneration(db),
  });
  return { dir, db, users, authenticate };
}

describe('lock-out under parallel guessing', () => {
  it('checks no more distinct wrong passwords than the limit, however many arrive at once', async () => {
    const { db, dir, users, authenticate } = freshAccount(5);
    await users.create(1, { username: 'target', password: 'the-right-password' });
    const call = (password: string): RestCall => ({
      companyId: 1,
      authorization: `Basic ${Buffer.from(`target:${password}`).toString('base64')}`,
      ip: '198.51.100.7',
      method: 'GET',
      module: 'sales',
    });
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => authenticate(call(`guess-${i}`))));
    const checked = outcomes.filter((o) => !o.ok && o.status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(outcomes.filter((o) => !o.ok && o.status === 429).length).toBeGreaterThanOrEqual(35);
    expect(await authenticate(call('the-right-password'))).toMatchObject({ ok: false, status: 429 });
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('parallel repeats of one guess answer alike for a known user, an unknown one and a whitelisted-out right password', async () => {
    const { db, dir, users, authenticate } = freshAccount(3);
    await users.create(1, { username: 'known', password: 'known-password' });
    await users.create(1, { username: 'fenced', password: 'fenced-password', ip_whitelist: ['10.0.0.1'] });
    const burst = async (ip: string, username: string, password: string) => {
      const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => authenticate({ companyId: 1, authorization, ip, method: 'GET', module: 'sales' })));
      return outcomes.map((o) => JSON.stringify(o).replaceAll(ip, 'IP').replaceAll(username, 'NAME'));
    };
    const known = await burst('198.51.100.21', 'known', 'a-wrong-password');
    expect(known.every((o) => o.includes('"status":401'))).toBe(true);
    expect(await burst('198.51.100.22', 'unknown-name', 'a-wrong-password')).toEqual(known);
    expect(await burst('198.51.100.23', 'fenced', 'fenced-password')).toEqual(known);
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets parallel requests with the same right password through (one check)', async () => {
    const { db, dir, users, authenticate } = freshAccount(2);
    await users.create(1, { username: 'client', password: 'client-password' });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        authenticate({ companyId: 1, authorization: `Basic ${Buffer.from('client:client-password').toString('base64')}`, ip: '198.51.100.8', method: 'GET', module: 'sales' }),
      ),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
