import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seriousViolations as axeFindings } from './axe.ts';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_TOKEN, RESULTS_DIR, useE2eServer, openUi as openSharedUi } from './e2e-server.ts';

/*
 * Connectors › Connector orders and Connectors & API users in Chromium against a real server on
 * the demo data: open an order, change its status and watch the `status` delivery reach the
 * built-in inbox (its state in the panel, live), cancel another after the confirmation; edit a
 * connector's notification URL (a refused value shown at its field first); create an API user,
 * see its password once (and log in with it), delete it after the confirmation. Screenshots in
 * light and dark, axe-core on both screens.
 */

const e2e = useE2eServer();

/** The UI at `hash` in a fresh context (e2e-server.ts). */
const openUi = (hash: string) => openSharedUi(e2e().server, e2e().browser, hash);

async function scheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(colorScheme);
  await page.waitForTimeout(250);
}

/** `name`-light.png and `name`-dark.png of the page (or of one element, a dialog). */
async function shoot(page: Page, name: string, target?: Locator): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await scheme(page, mode);
    const path = join(RESULTS_DIR, `${name}-${mode}.png`);
    await (target ? target.screenshot({ path }) : page.screenshot({ path }));
  }
  await scheme(page, 'light');
}

/**
 * axe-core's serious and critical violations (of the page, or of `only`: a dialog over a page
 * already checked), toasts included.
 */
const seriousViolations = (page: Page, only?: string) => axeFindings(page, { include: only ? [only] : [] });

describe('connector orders', () => {
  it('opens an order, changes its status and follows the status delivery live, cancels another after confirming', async () => {
    const { core } = e2e();
    const list = await core.invoke('lists.connectorOrders', { company_id: 1, connector_id: 1, cancelled: false, limit: 2 });
    const [first, second] = list.rows as [(typeof list.rows)[number], (typeof list.rows)[number]];
    const { context, page, pageErrors } = await openUi('/c/1/connectors/orders?connector_id=1&cancelled=false');
    const screen = page.getByTestId('screen-connectorOrders');
    await screen.waitFor();
    const grid = page.getByRole('grid', { name: 'Connector orders' });
    await expect.poll(() => grid.getAttribute('aria-rowcount')).toBe(String(list.total + 1));

    // Open the first order from its row: the address says which, the panel shows it.
    await grid.getByRole('row').filter({ hasText: first.order_unique_id }).first().click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain(`open=${first.SERVICE_order_id}`);
    const detail = page.getByTestId('order-detail');
    await expect.poll(() => detail.getByRole('heading', { level: 2 }).textContent()).toBe(`Order ${first.order_unique_id}`);
    expect(await detail.getByTestId('section-lines').getByRole('row').count()).toBeGreaterThan(1);
    expect(await detail.getByRole('group', { name: 'The last JSON body received for this order' }).textContent()).toContain(first.order_unique_id);
    expect(await detail.getByTestId('section-documents').textContent()).toMatch(/Sales receipt \(bon de vânzare\)/);
    await shoot(page, 'connector-orders-detail');
    expect(await seriousViolations(page)).toEqual([]);

    // Change status: the dialog, then the status delivery queued → delivered 200 in the panel.
    await detail.getByTestId('action-status').click();
    const dialog = page.getByRole('dialog', { name: 'Change the order status' });
    await dialog.getByLabel('New status').fill('packed-e2e');
    await shoot(page, 'connector-orders-status-dialog', dialog);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByTestId('status-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const last = detail.getByTestId('last-action');
    await expect.poll(() => last.textContent()).toMatch(/Change status.*status#\d+/);
    const deliveryId = Number(/#(\d+)/.exec((await last.textContent()) ?? '')![1]);
    const state = last.getByTestId(`delivery-state-${deliveryId}`);
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 15_000 }).toBe('delivered');
    expect(await state.textContent()).toBe('delivered 200');
    expect(await detail.getByTestId('order-status').textContent()).toBe('packed-e2e');
    expect(await detail.getByTestId('section-notifications').getByTestId(`delivery-state-${deliveryId}`).textContent()).toBe('delivered 200');
    // What the receiver got: the status notification of this order.
    const inbox = await core.invoke('inbox.list', { name: 'demo-shop' });
    expect(inbox.messages.map((m) => JSON.parse(m.body) as Record<string, unknown>)).toContainEqual({
      notification_type: 'status', order_unique_id: first.order_unique_id, status_text: 'packed-e2e',
    });
    expect(await page.getByRole('alert').filter({ hasText: 'Status changed to packed-e2e' }).count()).toBeGreaterThan(0);
    await shoot(page, 'connector-orders-status-delivered');

    // Cancel the second: asked first (keeping it changes nothing), then cancelled.
    await page.goto(`${e2e().server.url}/#/c/1/connectors/orders?connector_id=1&open=${second.SERVICE_order_id}`);
    await expect.poll(() => detail.getByRole('heading', { level: 2 }).textContent()).toBe(`Order ${second.order_unique_id}`);
    await detail.getByTestId('action-cancel').click();
    const confirm = page.getByRole('dialog', { name: `Cancel order ${second.order_unique_id}?` });
    // The dialog says what cancelling does in the window's words (as when the shop cancels it), not the API field.
    expect(await confirm.textContent()).toMatch(/as when the shop cancels it/);
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await core.invoke('orders.get', { company_id: 1, SERVICE_order_id: second.SERVICE_order_id })).order_cancelled).toBe(0);
    await detail.getByTestId('action-cancel').click();
    await confirm.getByTestId('confirm-action').click();
    await expect.poll(() => detail.getByTestId('section-order').textContent()).toMatch(/cancelled/);
    expect(await detail.getByTestId('action-cancel').isDisabled()).toBe(true);
    const cancelled = await core.invoke('orders.get', { company_id: 1, SERVICE_order_id: second.SERVICE_order_id });
    expect(cancelled.order_cancelled).toBe(1);
    expect(cancelled.received_payload).toEqual({ order_unique_id: second.order_unique_id, order_cancelled: 1 });
    expect(await detail.getByTestId('section-summary').textContent()).toMatch(/update/);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: `Order ${second.order_unique_id} cancelled` }).count()).toBeGreaterThan(0);

    expect(pageErrors).toEqual([]);
    await context.close();
    // A busy CI machine (axe-core on a full screen, screenshots in two schemes) needs more than the default minute.
  }, 120_000);
});

describe('connectors and API users', () => {
  it('edits the notification URL, shows the configuration, creates an API user whose password is shown once, deletes it', async () => {
    const { core, server } = e2e();
    const { context, page, pageErrors } = await openUi('/c/1/connectors/settings?connector_id=2');
    const screen = page.getByTestId('screen-connectors');
    await screen.waitFor();
    const settings = page.getByTestId('connector-settings');
    await settings.waitFor();
    expect(await page.getByTestId('config-order_processing').textContent()).toMatch(/La anularea comenzii/);
    expect(await page.getByTestId('config-status_sync').isVisible()).toBe(true);

    // A refused URL comes back at its field; a good one is saved.
    const url = settings.getByLabel('Notification URL');
    await url.fill('ftp://nope');
    await settings.getByTestId('connector-save').click();
    await expect.poll(() => settings.locator('.mantine-InputWrapper-error').first().textContent()).toMatch(/http/);
    await url.fill('http://127.0.0.1:9/e2e-hook');
    await settings.getByTestId('connector-save').click();
    await expect.poll(async () => (await core.invoke('connectors.get', { company_id: 1, connector_id: 2 })).connector.order_event_notification_url).toBe('http://127.0.0.1:9/e2e-hook');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: /saved/ }).count()).toBeGreaterThan(0);
    await shoot(page, 'connectors-settings');
    await shoot(page, 'connectors-config', page.getByTestId('config-order_processing'));
    expect(await seriousViolations(page)).toEqual([]);

    // API users: create one; its password is shown once, and logs in.
    await page.getByRole('tab', { name: 'API users' }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain('tab=apiUsers');
    await page.getByTestId('api-user-create').click();
    const form = page.getByRole('dialog', { name: 'Create an API user' });
    await form.getByLabel('Username').fill('e2e-shop');
    await form.getByTestId('api-user-submit').click();
    const once = page.getByRole('dialog', { name: 'Password of e2e-shop' });
    await once.waitFor();
    expect(await once.textContent()).toMatch(/only time it is shown/);
    const password = await once.getByTestId('password-value').inputValue();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(await once.getByRole('button', { name: 'Copy password' }).isVisible()).toBe(true);
    const login = await fetch(`${server.url}/app/rest/v1/1/workpoints/list/`, { headers: { Authorization: `Basic ${Buffer.from(`e2e-shop:${password}`).toString('base64')}` } });
    expect(login.status).toBe(200);
    await shoot(page, 'connectors-password-once', once);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await once.getByTestId('password-done').click();
    await once.waitFor({ state: 'hidden' });
    const row = page.getByTestId('api-users-table').locator('tr[data-username="e2e-shop"]');
    await row.waitFor();
    // The REST call above is its last use, shown without a reload (an API log entry refreshes the list).
    await expect.poll(() => row.textContent()).not.toMatch(/never/);
    expect(await page.content()).not.toContain(password);
    await shoot(page, 'connectors-api-users');

    // Deleted after the confirmation.
    await row.getByRole('button', { name: 'Delete e2e-shop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the API user e2e-shop?' });
    await confirm.getByTestId('confirm-action').click();
    await row.waitFor({ state: 'detached' });
    expect((await core.invoke('apiUsers.list', { company_id: 1 })).map((u) => u.username)).not.toContain('e2e-shop');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
