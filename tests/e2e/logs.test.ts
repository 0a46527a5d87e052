import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seriousViolations as axeFindings } from './axe.ts';
import { type Locator, type Page } from 'playwright-core';
import { ADMIN_TOKEN, RESULTS_DIR, useE2eServer, openUi as openSharedUi } from './e2e-server.ts';

/*
 * The Logs and Settings screens in a real Chromium against a real server: a REST call made from
 * this test appears in the API log at once (no reload), with its request and a curl command to
 * run it again; a staff action's notification appears in the webhook log live, with its attempts,
 * Retry now and Cancel; the built-in inbox's captures; the service settings saved (and refused at
 * the field). Each screen is checked by axe-core and photographed in light and dark.
 */

const e2e = useE2eServer();

/* Used inside page.evaluate (runs in Chromium); this file is type-checked with Node's types only. */
declare const navigator: { clipboard: { readText(): Promise<string> } };


/** The UI at `hash` in a fresh context (e2e-server.ts). */
const openUi = (hash: string) => openSharedUi(e2e().server, e2e().browser, hash, { clipboard: true });

/**
 * Serious and critical axe-core violations of the screen as it is now: its root, its toasts and any
 * dialog (the shell around it is checked by shell.test.ts; a whole-page run costs seconds a time).
 */
async function axe(page: Page, where: string): Promise<string[]> {
  const include = ['[data-testid^="screen-"]'];
  if ((await page.locator('.mantine-Notification-root').count()) > 0) include.push('.mantine-Notification-root');
  if ((await page.getByRole('dialog').count()) > 0) include.push('[role="dialog"]');
  return axeFindings(page, { label: where, include });
}

async function useScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(colorScheme);
  await page.waitForTimeout(250); // transitions
}

/** Light and dark screenshots of the page (the UI follows the emulated system scheme), axe in both. */
async function shootBoth(page: Page, name: string): Promise<string[]> {
  const violations: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await useScheme(page, colorScheme);
    await page.screenshot({ path: join(RESULTS_DIR, `${name}-${colorScheme}.png`) });
    violations.push(...(await axe(page, `${name} ${colorScheme}`)));
  }
  await useScheme(page, 'light');
  return violations;
}

/** The rows of a grid whose text matches, loaded (not placeholders). */
const rowsOf = (grid: Locator, text: RegExp | string) => grid.locator('[role="row"][aria-rowindex]:not([aria-rowindex="1"])').filter({ hasText: text });

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** An order of connector 1 not cancelled, read from the store the core serves. */
async function orderOfConnector1(skip: number): Promise<string> {
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const db = new BetterSqlite3(join(e2e().dataDir, 'erp-workbench.sqlite'), { readonly: true });
  try {
    return db
      .prepare('SELECT order_unique_id FROM connector_orders WHERE company_id = 1 AND connector_id = 1 AND cancelled = 0 ORDER BY id LIMIT 1 OFFSET ?')
      .pluck()
      .get(skip) as string;
  } finally {
    db.close();
  }
}

describe('the API log', { timeout: 90_000 }, () => {
  it('shows a REST call made from the test at once, with its request, and copies it as curl', async () => {
    const user = await e2e().core.invoke('apiUsers.create', { company_id: 1, username: 'e2e-logs', ip_whitelist: ['*'] });
    const { context, page, pageErrors } = await openUi('/c/1/logs/api');
    await page.getByTestId('screen-apiLog').waitFor();
    const grid = page.getByRole('grid', { name: 'API log' });
    await grid.waitFor();

    // A call from outside the window (Node's fetch, Basic auth): it appears without a reload.
    const rest = `${e2e().server.url}/app/rest/v1/1`;
    const listed = await fetch(`${rest}/sales/list/`, { headers: { authorization: basic(user.username, user.password) } });
    expect(listed.status).toBe(200);
    await rowsOf(grid, /\/sales\/list\//).first().waitFor({ timeout: 10_000 });
    expect(await rowsOf(grid, /\/sales\/list\//).first().textContent()).toMatch(/GET.*\/sales\/list\/.*200.*e2e-logs/);

    const posted = await fetch(`${rest}/sales/1/payment/`, {
      method: 'POST',
      headers: { authorization: basic(user.username, user.password), 'content-type': 'application/json' },
      body: JSON.stringify({ e2e_marker: 'ăîșț' }),
    });
    expect(posted.status).toBe(400);
    const postRow = rowsOf(grid, /POST.*\/sales\/1\/payment\//).first();
    await postRow.waitFor({ timeout: 10_000 });

    // Filters are in the address: the route's start and the method.
    await page.getByTestId('filter-route').fill('/sales/1');
    await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toMatch(/route="?\/sales\/1/);
    await expect.poll(() => rowsOf(grid, /\/sales\/list\//).count()).toBe(0);
    await postRow.waitFor();

    // The detail: the request as it came, the answer, and the call as a curl command.
    await postRow.click();
    const detail = page.getByTestId('api-log-detail');
    await detail.waitFor();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/open=\d+/);
    await expect.poll(() => detail.getByTestId('api-log-request').textContent()).toMatch(/e2e_marker.*ăîșț/);
    expect(await detail.getByTestId('api-log-response').textContent()).toMatch(/is_error.*true/);
    expect(await detail.getByTestId('api-log-status').textContent()).toBe('400');
    const shown = await detail.getByTestId('curl-command').textContent();
    expect(shown).toBe(
      [
        `curl '${e2e().server.url}/app/rest/v1/1/sales/1/payment/' \\`,
        `  -X POST \\`,
        `  -u 'e2e-logs:<password>' \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  --data-raw '{"e2e_marker":"ăîșț"}'`,
      ].join('\n'),
    );
    await detail.getByTestId('copy-curl').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    expect(shown).not.toContain(user.password);

    const violations = await shootBoth(page, 'apiLog-detail');
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('the webhook log', { timeout: 90_000 }, () => {
  it('shows a staff action\'s delivery live, its attempts, Retry now and Cancel, and the inbox captures', async () => {
    const { context, page, pageErrors } = await openUi('/c/1/logs/webhooks');
    await page.getByTestId('screen-webhookLog').waitFor();
    expect(await page.getByTestId('webhook-rules').textContent()).toMatch(/200.*delivered.*Any 4xx means stop.*never retried.*201 and 204 too/s);
    const grid = page.getByRole('grid', { name: 'Webhook deliveries' });
    await grid.waitFor();

    // A staff action queues a status notification: it appears, then turns delivered, in place.
    const uid = await orderOfConnector1(0);
    const done = await e2e().core.invoke('orders.setStatus', { company_id: 1, connector_id: 1, order_unique_id: uid, status_text: 'e2e packed' });
    const id = done.notifications[0]!.delivery_id;
    const row = rowsOf(grid, new RegExp(`^${id}`));
    await expect.poll(() => row.first().textContent(), { timeout: 10_000 }).toMatch(new RegExp(`^${id}.*delivered.*status.*${uid}.*HTTP 200`));

    // Its detail lists the attempt: what was sent and what came back.
    await row.first().click();
    const detail = page.getByTestId('delivery-detail');
    await detail.waitFor();
    await expect.poll(() => detail.getByTestId('delivery-attempt').count()).toBe(1);
    const first = detail.getByTestId('delivery-attempt').first();
    expect(await first.textContent()).toMatch(/Attempt 1.*HTTP 200.*ms.*delivered/s);
    expect(await first.textContent()).toMatch(/Request headers.*content-type.*application\/json/s);
    expect(await first.textContent()).toMatch(/Request body.*e2e packed/s);
    expect(await first.textContent()).toMatch(/Response body.*demo-shop/s);

    // Retry now: a second attempt (manual), a toast with its answer; the list says 2 attempts.
    await detail.getByTestId('delivery-retry').click();
    await page.getByText(`Delivery ${id} sent again`).waitFor();
    await expect.poll(() => detail.getByTestId('delivery-attempt').count()).toBe(2);
    expect(await detail.getByTestId('delivery-attempt').first().textContent()).toMatch(/Attempt 2.*HTTP 200.*Retry now/s);
    // Beside the panel the row keeps its key columns (#, created, status, type); the panel has the rest.
    await expect.poll(async () => (await row.first().getByRole('gridcell').allTextContents()).slice(2, 4)).toEqual(['delivered', 'status']);
    // With the panel closed the row shows the subject and the last answer too (the attempts: in the panel).
    await detail.getByTestId('detail-close').click();
    await expect.poll(async () => (await row.first().getByRole('gridcell').allTextContents()).slice(2)).toEqual(
      expect.arrayContaining(['delivered', 'status', uid, 'HTTP 200']),
    );
    await row.first().click();
    await detail.waitFor();
    const violations = await shootBoth(page, 'webhookLog-detail');
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('cancels a pending delivery after a confirmation, filters by status, and shows the inbox captures', async () => {
    const { context, page, pageErrors } = await openUi('/c/1/logs/webhooks');
    const grid = page.getByRole('grid', { name: 'Webhook deliveries' });
    await grid.waitFor();
    const detail = page.getByTestId('delivery-detail');

    // A receiver that fails (500): the next delivery stays pending for a retry; Cancel it.
    await e2e().core.invoke('inbox.setBehaviour', { name: 'demo-shop', status: 500 });
    const other = await orderOfConnector1(1);
    await expect.poll(async () => (await e2e().core.invoke('inbox.names', {})).find((i) => i.name === 'demo-shop')?.behaviour.status).toBe(500);
    const failing = await e2e().core.invoke('orders.setStatus', { company_id: 1, connector_id: 1, order_unique_id: other, status_text: 'e2e failing' });
    const pendingId = failing.notifications[0]!.delivery_id;
    const pendingRow = rowsOf(grid, new RegExp(`^${pendingId}`)).first();
    await expect.poll(() => pendingRow.textContent(), { timeout: 10_000 }).toMatch(/pending.*HTTP 500/);
    await pendingRow.click();
    await expect.poll(() => new URL(page.url()).hash).toContain(`open=${pendingId}`);
    await detail.getByTestId('delivery-cancel').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(new RegExp(`Cancel delivery ${pendingId}\\?.*no further attempt`, 's'));
    const violations = await shootBoth(page, 'webhookLog-cancel-dialog');
    await page.getByTestId('confirm-action').click();
    await page.getByText(`Delivery ${pendingId} cancelled`).waitFor();
    await expect.poll(() => detail.getByTestId('delivery-status').textContent()).toBe('cancelled');
    await expect.poll(() => pendingRow.textContent()).toMatch(/cancelled/);
    await e2e().core.invoke('inbox.setBehaviour', { name: 'demo-shop', status: 200 });

    // The status filter is in the address; back shows them all again.
    await page.getByTestId('filter-status').click();
    await page.getByRole('option', { name: 'cancelled' }).click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/status=cancelled/);
    await expect.poll(() => rowsOf(grid, /delivered/).count()).toBe(0);
    await pendingRow.waitFor();
    await page.goBack();
    await expect.poll(() => rowsOf(grid, /delivered/).count()).toBeGreaterThan(0);

    // The built-in inbox: what demo-shop received (the 500 included), live, with headers and body.
    await page.getByTestId('webhook-view').getByText('Built-in inbox').click();
    const inbox = page.getByRole('grid', { name: 'Inbox captures' });
    await inbox.waitFor();
    await expect.poll(() => page.getByTestId('inbox-choose').inputValue()).toMatch(/^demo-shop \(\d+\)$/);
    await expect.poll(() => rowsOf(inbox, /status/).count()).toBeGreaterThanOrEqual(3);
    expect(await rowsOf(inbox, /500/).count()).toBeGreaterThanOrEqual(1);
    await rowsOf(inbox, /200/).first().click();
    const capture = page.getByTestId('capture-detail');
    await capture.waitFor();
    await expect.poll(() => capture.textContent()).toMatch(/Headers.*content-type.*Body.*order_unique_id/s);
    violations.push(...(await shootBoth(page, 'webhookLog-inbox')));
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('the service settings', { timeout: 90_000 }, () => {
  it('shows the settings with their help, refuses a value at its field, saves with a toast', async () => {
    const { context, page, pageErrors } = await openUi('/c/1/settings/service');
    await page.getByTestId('screen-serviceSettings').waitFor();
    const timeout = page.getByLabel('Attempt timeout (ms)');
    await expect.poll(() => timeout.inputValue()).toBe('10.000');
    // The help is the schema's description.
    expect(await page.getByTestId('service-settings-form').textContent()).toContain('An attempt without a full answer by then is a transient failure.');

    // Below the schema's minimum: the core's message at the field.
    await timeout.fill('50');
    await page.getByTestId('settings-save').click();
    const field = page.getByTestId('service-settings-form').locator('.mantine-NumberInput-root').filter({ has: page.getByLabel('Attempt timeout (ms)') });
    await expect.poll(() => field.locator('.mantine-NumberInput-error').textContent()).toMatch(/100/);
    const violations = await shootBoth(page, 'serviceSettings-error');

    await timeout.fill('15000');
    await page.getByLabel('Lock duration (seconds)').fill('600');
    await page.getByTestId('settings-save').click();
    await page.getByText('Service settings saved').waitFor();
    expect(await page.getByText(/Changed: Attempt timeout \(ms\), Lock duration \(seconds\)/).count()).toBe(1);
    const saved = await e2e().core.invoke('settings.get', {});
    expect(saved.webhook_timeout_ms).toBe(15000);
    expect(saved.auth_lockout.lock_s).toBe(600);
    await expect.poll(() => page.getByTestId('settings-changed').textContent()).toBe('Nothing changed yet.');
    violations.push(...(await shootBoth(page, 'serviceSettings-saved')));

    // The security settings: host names typed as a person types them (commas, spaces), a bad one
    // refused at its field, then saved as a list; the connection cap and the private-address switch.
    const hosts = page.getByTestId('setting-allowed_hosts');
    await hosts.pressSequentially('workbench.test,  *.ci.test bad host!');
    await page.getByTestId('settings-save').click();
    const hostsField = page.getByTestId('service-settings-form').locator('.mantine-TextInput-root').filter({ has: hosts });
    await expect.poll(() => hostsField.locator('.mantine-TextInput-error').textContent()).toMatch(/'host!' is not a host name/);
    await hosts.fill('workbench.test,  *.ci.test');
    await page.getByLabel('Connections at once').fill('256');
    await page.getByLabel('Image URLs may name private addresses').check({ force: true });
    await page.getByTestId('settings-save').click();
    await expect.poll(async () => (await e2e().core.invoke('settings.get', {})).allowed_hosts).toEqual(['workbench.test', '*.ci.test']);
    const security = await e2e().core.invoke('settings.get', {});
    expect(security.max_connections).toBe(256);
    expect(security.outbound_allow_private).toBe(true);
    await e2e().core.invoke('settings.update', { allowed_hosts: [], max_connections: 512, outbound_allow_private: false });
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
