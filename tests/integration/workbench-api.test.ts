import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWorkbench, startWorkbench, WorkbenchApiError, type Workbench } from '../../electron/lib/index.ts';

// The package's in-process API as a test runner uses it (the same module the package exports,
// here from its sources): a real listener on a free port, a real SQLite file in a temporary folder.
let wb: Workbench;
beforeAll(async () => {
  wb = await startWorkbench({ seed: 'demo' });
}, 120_000);
afterAll(async () => {
  await wb?.stop();
});

describe('startWorkbench', () => {
  it('listens on a free loopback port with a random token, and answers REST calls of a user it makes', async () => {
    expect(wb.url).toBe(`http://127.0.0.1:${wb.port}`);
    expect(wb.port).toBeGreaterThan(0);
    expect(wb.adminToken.length).toBeGreaterThanOrEqual(20);
    expect(wb.restBase(1)).toBe(`${wb.url}/app/rest/v1/1`);
    expect(wb.restBase()).toBe(wb.restBase(1));
    expect(wb.controlBase).toBe(`${wb.url}/_sandbox`);
    expect(wb.accounts).toEqual([1]);
    const user = await wb.client.createApiUser(1);
    expect(user.username).toMatch(/^test-[0-9a-f]{10}$/);
    const sales = await fetch(`${wb.restBase(1)}/sales/list/`, { headers: { authorization: user.authorization } });
    expect(sales.status).toBe(200);
    expect(((await sales.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    const openapi = await fetch(wb.openapiUrl);
    expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  });

  it('client.control: every operation typed and grouped by its name; errors carry status and messages', async () => {
    expect(await wb.client.control.service.health()).toMatchObject({ status: 'ok', api_version: '1.8.0' });
    const account = await wb.client.control.accounts.create({ seed: 'empty', name: 'Worker 2 SRL' });
    expect(account.company_id).toBeGreaterThan(1);
    const accounts = await wb.client.control.invoke('accounts.list');
    expect(accounts.map((a) => a.company_id)).toContain(account.company_id);
    const users = await wb.client.control.apiUsers.list({ company_id: account.company_id });
    expect(users).toEqual([]);
    const error = await wb.client.control.accounts.delete({ company_id: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkbenchApiError);
    expect(error).toMatchObject({ operation: 'accounts.delete', status: 409 });
    const missing = await wb.client.control.apiUsers.list({ company_id: 999 }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404 });
    // The same client against a service by URL and token (a container, another process).
    const remote = connectWorkbench({ url: `${wb.url}/`, adminToken: wb.adminToken });
    expect((await remote.control.accounts.list()).length).toBe(accounts.length);
    const wrongToken = connectWorkbench({ url: wb.url, adminToken: 'not-the-token' });
    await expect(wrongToken.control.accounts.list()).rejects.toMatchObject({ status: 401 });
  });

  it('client.control drives the clock, faults and the API log count that verify uses', async () => {
    const user = await wb.client.createApiUser(1, { username: 'count-user', methods: ['GET'] });
    const mark = await wb.client.control.apiLog.count({ company_id: 1 });
    await fetch(`${wb.restBase(1)}/invoices/list/`, { headers: { authorization: user.authorization } });
    const posted = await fetch(`${wb.restBase(1)}/sales/`, { method: 'POST', headers: { authorization: user.authorization, 'content-type': 'application/json' }, body: '{}' });
    expect(posted.status).toBeGreaterThanOrEqual(400);
    const counted = await wb.client.control.apiLog.count({ company_id: 1, after_id: mark.latest_id, user: 'count-user' });
    expect(counted.count).toBe(2);
    expect(await wb.client.control.apiLog.count({ company_id: 1, after_id: mark.latest_id, method: 'POST', status_class: '4xx' })).toMatchObject({ count: 1 });
    const clock = await wb.client.control.clock.get();
    expect(clock).toBeDefined();
  });

  it('refuses bad options before anything starts, naming the option', async () => {
    await expect(startWorkbench({ scale: 0 })).rejects.toThrow(/scale: 0 is not a whole number from 1 to 10000/);
    await expect(startWorkbench({ port: 70000 })).rejects.toThrow(/port: 70000/);
    await expect(startWorkbench({ adminToken: 'short' })).rejects.toThrow(/adminToken: use 8 to 200/);
    await expect(startWorkbench({ port: wb.port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('stop() closes the listener and removes the temporary data folder; a second stop is a no-op', async () => {
    const other = await startWorkbench({ seed: 'empty', adminToken: 'fixed-admin-token' });
    expect(other.adminToken).toBe('fixed-admin-token');
    expect(existsSync(other.dataDir)).toBe(true);
    await other.stop();
    await other.stop();
    expect(existsSync(other.dataDir)).toBe(false);
    await expect(fetch(`${other.url}/_sandbox/health`)).rejects.toThrow();
  });
});
