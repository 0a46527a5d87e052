import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Page } from 'playwright-core';
import { ADMIN_TOKEN, RESULTS_DIR, useE2eServer } from './e2e-server.ts';

const e2e = useE2eServer();

/* Used inside page.evaluate (runs in Chromium); this file is type-checked with Node's types only. */
declare const sessionStorage: { getItem(key: string): string | null };

/** A fresh page that records its control API answers and fails the test on any script error. */
async function openPage(path: string): Promise<{ page: Page; pageErrors: Error[]; controlCalls: string[]; failed: string[] }> {
  const page = await e2e().browser.newPage();
  const pageErrors: Error[] = [];
  const controlCalls: string[] = [];
  /** Every request of the page answered 4xx/5xx (the browser's own ones too, like its icon). */
  const failed: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/_sandbox/')) controlCalls.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
    if (response.status() >= 400) failed.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
  });
  await page.goto(`${e2e().server.url}${path}`);
  return { page, pageErrors, controlCalls, failed };
}

/** The id of a product connector 1 publishes (read from the store the core serves). */
async function firstPublished(): Promise<number> {
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const db = new BetterSqlite3(join(e2e().dataDir, 'erp-workbench.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT product_id FROM connector_products WHERE connector_id = 1 ORDER BY product_id LIMIT 1').pluck().get() as number;
  } finally {
    db.close();
  }
}

describe('the web UI served by the headless server', () => {
  it('shows the service health and the accounts, read over the control API', async () => {
    const { page, pageErrors, controlCalls, failed } = await openPage(`/?token=${encodeURIComponent(ADMIN_TOKEN)}`);
    // `/` goes on to the first account's overview; the window's title names the screen.
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/c/1');
    await expect.poll(() => page.title()).toBe('Overview · ERP Workbench');
    await expect.poll(() => page.getByTestId('health').textContent()).toMatch(/ok .*version 0\.1\.0.*via HTTP/);

    const table = page.getByRole('table', { name: 'Accounts' });
    await table.waitFor();
    const cells = await table.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(cells[0]).toBe('1');
    expect(cells[1]).toMatch(/^Demo Retail SRL/);
    expect(cells[2]).toBe('enabled');
    // The data came over the HTTP transport, through the control API.
    expect(controlCalls).toEqual(expect.arrayContaining(['GET /_sandbox/health 200', 'GET /_sandbox/accounts 200']));

    // Where partner code connects: the account's REST base URL and the control API.
    const base = e2e().server.url;
    expect(await page.getByTestId('listener-rest').textContent()).toBe(`${base}/app/rest/v1/1/`);
    expect(await page.getByTestId('listener-control').textContent()).toBe(`${base}/_sandbox/`);
    expect(await page.getByTestId('listener-token').textContent()).toBe(`••••••••${ADMIN_TOKEN.slice(-4)}`);

    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: join(RESULTS_DIR, 'renderer-home.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
    // The tab's icon is the header's logo (renderer/public/favicon.svg), not a 404 for /favicon.ico.
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('./favicon.svg');
    const icon = await page.request.get(`${e2e().server.url}/favicon.svg`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(failed).toEqual([]);
    await page.close();
  });

  it('takes the token out of the address bar, keeps it for the tab, and a reload still gets in', async () => {
    const { page, pageErrors, controlCalls } = await openPage(`/?token=${encodeURIComponent(ADMIN_TOKEN)}#/c/1/logs/webhooks`);
    await page.getByRole('heading', { level: 1, name: 'Webhook log' }).waitFor();
    const url = new URL(page.url());
    expect(url.search).toBe(''); // gone from the address (history.replaceState), the screen kept
    expect(url.hash).toBe('#/c/1/logs/webhooks');
    expect(await page.evaluate(() => sessionStorage.getItem('erp-workbench.control-token'))).toBe(ADMIN_TOKEN);

    controlCalls.length = 0;
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Webhook log' }).waitFor();
    await page.getByTestId('webhook-rules').waitFor();
    await expect.poll(() => controlCalls).toEqual(expect.arrayContaining(['GET /_sandbox/accounts 200']));
    expect(controlCalls.filter((c) => / 401$/.test(c))).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('shows a product change\'s webhook delivery live, with the answer rules, in light and dark', async () => {
    // A product change on connector 1 (which notifies the built-in inbox out of the box).
    const user = await e2e().core.invoke('apiUsers.create', { company_id: 1, username: 'e2e-shop', ip_whitelist: ['*'] });
    await e2e().core.invoke('connectors.update', { company_id: 1, connector_id: 1, tracked_fields: ['product_website_title'] });
    const config = await e2e().core.invoke('connectors.get', { company_id: 1, connector_id: 1 });
    expect(config.connector.order_event_notification_url).toMatch(/\/_sandbox\/inbox\/demo-shop$/);

    const { page, pageErrors } = await openPage(`/?token=${encodeURIComponent(ADMIN_TOKEN)}`);
    // Reached from the sidebar (Logs › Webhook log).
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Webhook log' }).click();
    const rules = page.getByTestId('webhook-rules');
    await rules.waitFor();
    expect(await rules.textContent()).toMatch(/Any 4xx means stop.*never retried.*201 and 204 too/s);
    const grid = page.getByRole('grid', { name: 'Webhook deliveries' });
    await grid.waitFor();

    const patched = await fetch(`${e2e().server.url}/app/rest/v1/1/product/${await firstPublished()}/`, {
      method: 'PATCH',
      headers: {
        authorization: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ product_website_title: 'Titlu schimbat în e2e – ăîșț' }),
    });
    expect(patched.status).toBe(200);
    // The delivery appears by itself (the log is live, not polled) and turns delivered in place.
    const row = grid.locator('[role="row"][aria-rowindex="2"]');
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toMatch(/delivered.*product_update.*HTTP 200/);

    // The status filter is in the address: "failed" shows none of them, back shows them again.
    await page.getByTestId('filter-status').click();
    await page.getByRole('option', { name: 'failed' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/c/1/logs/webhooks?status=failed');
    await page.getByTestId('data-table-empty').waitFor();
    await page.goBack();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toMatch(/product_update.*delivered|delivered.*product_update/);

    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: join(RESULTS_DIR, 'renderer-webhooks-light.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' }); // the UI follows the system scheme by default
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await page.waitForTimeout(300); // transitions
    await page.screenshot({ path: join(RESULTS_DIR, 'renderer-webhooks-dark.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('without the token, says the control API refused it (401) and how to get in', async () => {
    const { page, pageErrors, controlCalls } = await openPage('/');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toMatch(/401/);
    expect(text).toMatch(/Authorization: Bearer/);
    expect(text).toMatch(/no admin token/);
    expect(text).toMatch(/\?token=/);
    expect(await page.getByRole('table', { name: 'Accounts' }).count()).toBe(0);
    // The health probe answers without a token; the first call that needs one is refused.
    expect(controlCalls).toContain('GET /_sandbox/health 200');
    expect(controlCalls).toContain('GET /_sandbox/accounts 401');
    // Nothing was kept from another tab: the session of this one has no token.
    expect(await page.evaluate(() => sessionStorage.getItem('erp-workbench.control-token'))).toBeNull();
    expect(await page.getByTestId('listener-token').textContent()).toBe('none in this tab');
    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: join(RESULTS_DIR, 'renderer-no-token.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
