import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';
import type { ApiLogEntry } from '../../shared/domain/api-log.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('control API', () => {
  it('refuses calls without the admin token', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: 'Basic YTpi' }] as Array<Record<string, string>>) {
      const response = await fetch(`${h.url}/_sandbox/accounts`, { headers });
      expect(response.status).toBe(401);
      const body = (await response.json()) as { is_error: boolean; messages: string[] };
      expect(body.is_error).toBe(true);
      expect(body.messages[0]).toMatch(/Bearer <admin token>/);
    }
  });

  it('health answers with or without the token: status and versions, nothing of any account', async () => {
    const answer = await h.control('GET', '/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ is_error: false, http_code: 200, data: { status: 'ok', version: expect.any(String), api_version: '1.8.0' } });
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }] as Array<Record<string, string>>) {
      const open = await fetch(`${h.url}/_sandbox/health`, { headers });
      expect(open.status).toBe(200);
      expect(((await open.json()) as { data: unknown }).data).toEqual(answer.body.data);
    }
    // Only GET /health: another method, or a path below it, still needs the token.
    expect((await fetch(`${h.url}/_sandbox/health`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${h.url}/_sandbox/health/x`)).status).toBe(401);
  });

  it('accounts and the REST switch', async () => {
    const accounts = await h.control('GET', '/accounts');
    expect(accounts.body.data).toEqual([expect.objectContaining({ company_id: 1, name: expect.any(String), rest_enabled: true })]);
    expect((await h.control('PATCH', '/accounts/1', { rest_enabled: 'yes' })).status).toBe(400);
    expect((await h.control('PATCH', '/accounts/42', { rest_enabled: false })).status).toBe(404);
  });

  it('api users: created with a password shown once, listed without it, deleted', async () => {
    const created = await h.control<{ id: number; password: string; username: string }>('POST', '/accounts/1/api-users', {
      username: 'shop-sync',
      ip_whitelist: ['*'],
      routes: null,
      methods: ['GET'],
      connector_id: null,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ username: 'shop-sync', methods: ['GET'], routes: null, connector_id: null });
    expect(created.body.data.password).toHaveLength(24);
    const listed = await h.control<Array<Record<string, unknown>>>('GET', '/accounts/1/api-users');
    const row = listed.body.data.find((u) => u.username === 'shop-sync');
    expect(row).toBeDefined();
    expect(row).not.toHaveProperty('password');
    expect(JSON.stringify(listed.body)).not.toContain(created.body.data.password);
    expect((await h.control('DELETE', `/accounts/1/api-users/${created.body.data.id}`)).body.data).toEqual({ deleted_id: created.body.data.id });
    expect((await h.control('DELETE', `/accounts/1/api-users/${created.body.data.id}`)).status).toBe(404);
  });

  it('api users: every bad field is a 400 that names it', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /username: required/],
      [{ username: 'a' }, /username/],
      [{ username: 'okname', password: 'short' }, /password/],
      [{ username: 'okname', methods: ['FETCH'] }, /methods/],
      [{ username: 'okname', routes: ['nowhere'] }, /routes/],
      [{ username: 'okname', ip_whitelist: ['300.1.1.1'] }, /ip_whitelist\[0\]/],
      [{ username: 'okname', colour: 'red' }, /colour: unknown field/],
    ];
    for (const [body, message] of cases) {
      const answer = await h.control('POST', '/accounts/1/api-users', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.messages.join(' | '), JSON.stringify(body)).toMatch(message);
    }
    expect((await h.control('POST', '/accounts/9/api-users', { username: 'okname' })).status).toBe(404);
    const dup = await h.control('POST', '/accounts/1/api-users', { username: 'twice' });
    expect(dup.status).toBe(201);
    expect((await h.control('POST', '/accounts/1/api-users', { username: 'twice' })).status).toBe(409);
  });

  it('settings: read, partial change, refusal of bad values', async () => {
    const before = await h.control<{ webhook_timeout_ms: number }>('GET', '/settings');
    expect(before.body.data).toMatchObject({ webhook_retry_schedule_s: expect.any(Array), auth_lockout: { max_failures: expect.any(Number) } });
    const changed = await h.control('PATCH', '/settings', { webhook_timeout_ms: 2500, webhook_retry_schedule_s: [1, 5] });
    expect(changed.body.data).toMatchObject({ webhook_timeout_ms: 2500, webhook_retry_schedule_s: [1, 5] });
    expect((await h.control('GET', '/settings')).body.data).toMatchObject({ webhook_timeout_ms: 2500 });
    const bad = await h.control('PATCH', '/settings', { webhook_timeout_ms: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.messages[0]).toMatch(/webhook_timeout_ms/);
    expect((await h.control('PATCH', '/settings', { nonsense: 1 })).status).toBe(400);
  });

  it('unknown control path: 404 envelope', async () => {
    const answer = await h.control('GET', '/nothing');
    expect(answer.status).toBe(404);
    expect(answer.body.is_error).toBe(true);
  });

  it('the API log records each REST call, newest first, filterable by status and user', async () => {
    const user = await h.apiUser();
    await h.rest('GET', '/1/sales/list/page:2/', user);
    await h.rest('GET', '/1/sales/list/colour:red/', user);
    await h.rest('GET', '/1/sales/list/', [user[0], 'wrong password']);
    const log = await h.control<ApiLogEntry[]>('GET', `/accounts/1/api-log?limit=3`);
    expect(log.body.data).toHaveLength(3);
    const [failed, refused, ok] = log.body.data;
    expect(failed).toMatchObject({ status: 401, user: user[0], method: 'GET', route: '/sales/list/', ip: '127.0.0.1' });
    expect(refused).toMatchObject({ status: 400, route: '/sales/list/colour:red/' });
    expect(refused!.response_head).toMatch(/unknown filter 'colour'/);
    expect(ok).toMatchObject({ status: 200, route: '/sales/list/page:2/', duration_ms: expect.any(Number) });
    expect(ok!.response_head.startsWith('{"is_error":false')).toBe(true);
    expect(failed!.id).toBeGreaterThan(refused!.id);
    const only400 = await h.control<ApiLogEntry[]>('GET', '/accounts/1/api-log?status=400');
    expect(only400.body.data.every((e) => e.status === 400)).toBe(true);
    const byUser = await h.control<ApiLogEntry[]>('GET', `/accounts/1/api-log?user=${user[0]}`);
    expect(byUser.body.data).toHaveLength(3);
    expect((await h.control('GET', '/accounts/1/api-log?limit=abc')).status).toBe(400);
  });

  it('the API log stays within its configured size', async () => {
    await h.control('PATCH', '/settings', { api_log_max_rows: 100 });
    const user = await h.apiUser();
    await Promise.all(Array.from({ length: 260 }, () => h.rest('GET', '/1/sales/list/page:999/', user)));
    const log = await h.control<ApiLogEntry[]>('GET', '/accounts/1/api-log?limit=1000');
    expect(log.body.data.length).toBeGreaterThanOrEqual(100);
    expect(log.body.data.length).toBeLessThanOrEqual(200);
  });

  it('reset wipes users and data changes and seeds again', async () => {
    const user = await h.apiUser();
    await h.control('PATCH', '/accounts/1', { rest_enabled: false });
    const reset = await h.control<{ accounts: Array<{ rest_enabled: boolean }> }>('POST', '/reset', { seed: 'empty' });
    expect(reset.status).toBe(200);
    expect(reset.body.data.accounts[0]!.rest_enabled).toBe(true);
    expect((await h.rest('GET', '/1/sales/list/', user)).status).toBe(401);
    const fresh = await h.apiUser();
    expect((await h.rest('GET', '/1/sales/list/', fresh)).body.data).toEqual([]);
    await h.control('POST', '/reset', { seed: 'demo', scale: 1 });
    const again = await h.apiUser();
    expect(((await h.rest<unknown[]>('GET', '/1/sales/list/', again)).body.data).length).toBeGreaterThan(0);
    expect((await h.control('POST', '/reset', { seed: 'huge' })).status).toBe(400);
  });
});
