import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RESULTS_DIR, useE2eServer, openUi as openSharedUi } from './e2e-server.ts';

/*
 * How the screens speak (issue 29): counts through plural forms in both languages, order statuses
 * and notification types in words with the API value beside them, a dialog without API jargon, the
 * service settings as wide as every other screen, and the storage form after the embedded FTP is
 * switched on (what it uses, Save enabled only after a change). Screenshots 1440x900 and 1280x720,
 * light and dark.
 */

const e2e = useE2eServer();
const openUi = (hash: string) => openSharedUi(e2e().server, e2e().browser, hash);

async function shoot(page: Page, name: string): Promise<void> {
  for (const [width, height] of [[1440, 900], [1280, 720]] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
      await page.waitForTimeout(250);
      await page.screenshot({ path: join(RESULTS_DIR, `wording-${name}-${width}-${scheme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

async function romanian(page: Page): Promise<void> {
  await page.getByTestId('language-switch').getByText('RO', { exact: true }).click();
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ro');
}

describe('wording', () => {
  it('an order: its status in words with the API value, notification types labelled, attempts as plurals in both languages', async () => {
    const { rows } = await e2e().core.invoke('lists.connectorOrders', { company_id: 1, connector_id: 1, limit: 50, offset: 0, sort: 'SERVICE_order_id', direction: 'asc' });
    const order = rows.find((row) => !row.order_cancelled && row.order_status === 'processing') ?? rows.find((row) => !row.order_cancelled)!;
    const { context, page, pageErrors } = await openUi(`/c/1/connectors/orders?connector_id=1&open=${order.SERVICE_order_id}`);
    const status = page.getByTestId('order-status');
    await status.waitFor();
    expect(await status.locator('[data-api-value]').textContent()).toBe(order.order_status);
    const words = (await status.textContent())!.replace(order.order_status, '').trim();
    expect(words.length).toBeGreaterThan(0);
    expect(words).not.toBe(order.order_status);
    const notifications = page.getByTestId('order-notifications');
    if (await notifications.count()) {
      expect(await notifications.textContent()).not.toMatch(/\b1 attempts\b/);
      expect(await notifications.textContent()).toMatch(/\d+ attempts?\b/);
    }
    await shoot(page, 'order');
    await romanian(page);
    await expect.poll(() => status.textContent()).not.toContain(words);
    if (await notifications.count()) expect(await notifications.textContent()).toMatch(/\d+ (încercare|încercări|de încercări)/);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the create-API-user dialog says the user name rule in words, not as a regular expression', async () => {
    const { context, page, pageErrors } = await openUi('/c/1/connectors/settings?connector_id=1&tab=apiUsers');
    await page.getByTestId('api-user-create').click();
    const form = page.getByRole('dialog', { name: 'Create an API user' });
    expect(await form.textContent()).toContain('3 to 64 characters: letters, digits');
    await form.getByLabel('Username').fill('a b');
    await form.getByTestId('api-user-submit').click();
    await expect.poll(() => form.textContent()).toContain('no spaces or diacritics');
    expect(await form.textContent()).not.toMatch(/\^\[|\$|pattern|GET \//);
    await shoot(page, 'api-user-dialog');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('service settings use the full width at 1440', async () => {
    const { context, page, pageErrors } = await openUi('/c/1/settings/service');
    const form = page.getByTestId('service-settings-form');
    await form.waitFor();
    const box = (await form.boundingBox())!;
    expect(box.width).toBeGreaterThan(1100);
    const snapshots = (await page.getByTestId('snapshots-panel').boundingBox())!;
    expect(Math.abs(snapshots.width - box.width)).toBeLessThan(4);
    await shoot(page, 'service-settings');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the storage form with the embedded FTP on shows what it uses; Save only after a change', async () => {
    await e2e().core.invoke('storage.update', { company_id: 1, embedded: true });
    const settings = await e2e().core.invoke('storage.get', { company_id: 1 });
    const { context, page, pageErrors } = await openUi('/c/1/settings/storage');
    const storage = page.getByRole('region', { name: 'Storage (attachments)' });
    await expect.poll(() => storage.getByTestId('storage-status').textContent(), { timeout: 15_000 }).toMatch(/configured.*embedded/);
    await storage.getByTestId('storage-embedded-values').waitFor();
    expect(await storage.getByLabel('Host').inputValue()).toBe(settings.ftp!.host);
    expect(await storage.getByLabel('User').inputValue()).toBe(settings.ftp!.user);
    const save = storage.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await storage.getByLabel('Root folder').fill('/other');
    expect(await save.isDisabled()).toBe(false);
    await storage.getByLabel('Root folder').fill(settings.ftp!.root);
    expect(await save.isDisabled()).toBe(true);
    await shoot(page, 'storage-embedded');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
