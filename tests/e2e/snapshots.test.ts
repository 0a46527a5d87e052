import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_TOKEN, RESULTS_DIR, useE2eServer } from './e2e-server.ts';

/*
 * Settings › Service settings › Snapshots in a real Chromium against a real server: a bad name
 * said at the field, save, save again over it (asked first), change the data, restore (asked
 * first) and see the change gone, delete. Screenshots of the panel in light and dark.
 */

const e2e = useE2eServer();

async function scheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(colorScheme);
  await page.waitForTimeout(300);
}

async function shoot(page: Page, target: Locator, name: string): Promise<void> {
  await scheme(page, 'light');
  await target.screenshot({ path: join(RESULTS_DIR, `${name}-light.png`) });
  await scheme(page, 'dark');
  await target.screenshot({ path: join(RESULTS_DIR, `${name}-dark.png`) });
  await scheme(page, 'light');
}

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${e2e().server.url}/_sandbox${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return ((await response.json()) as { data: T }).data;
}

const accountName = async () => (await control<Array<{ name: string }>>('GET', '/accounts'))[0]!.name;

describe('the snapshots panel', () => {
  it('saves, asks before saving over a name, restores and deletes', { timeout: 120_000 }, async () => {
    const page = await e2e().browser.newPage({ colorScheme: 'light', viewport: { width: 1280, height: 900 } });
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto(`${e2e().server.url}/?token=${encodeURIComponent(ADMIN_TOKEN)}#/c/1/settings/service`);
    const panel = page.getByTestId('snapshots-panel');
    await panel.getByTestId('snapshots-none').waitFor();

    // A refused name is said at the field.
    await panel.getByTestId('snapshot-name').fill('bad name');
    await panel.getByTestId('snapshot-save').click();
    await expect.poll(() => panel.textContent()).toMatch(/must match pattern/);

    await panel.getByTestId('snapshot-name').fill('clean-demo');
    await panel.getByTestId('snapshot-save').click();
    await panel.getByTestId('snapshot-clean-demo').waitFor();
    expect(await panel.getByTestId('snapshot-clean-demo').textContent()).toMatch(/clean-demo.*Demo Retail SRL/);

    // The same name again: replaced only once confirmed.
    await panel.getByTestId('snapshot-name').fill('clean-demo');
    await panel.getByTestId('snapshot-save').click();
    await page.getByTestId('confirm-action').click();
    await expect.poll(async () => (await control<unknown[]>('GET', '/snapshots')).length).toBe(1);
    // The confirmed replacement may still be running (the list has one entry either way), and a
    // save beside it is refused with 409: ask again until this one is taken.
    await expect
      .poll(async () => (await fetch(`${e2e().server.url}/_sandbox/snapshots`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'second' }),
      })).status, { timeout: 30_000 })
      .toBe(201);
    await panel.getByTestId('snapshot-second').waitFor();
    await shoot(page, panel, 'snapshots');

    // The data changes, then comes back with a restore (confirmed).
    await control('PATCH', '/accounts/1', { rest_enabled: false });
    await panel.getByTestId('snapshot-restore-clean-demo').click();
    await page.getByTestId('confirm-action').click();
    await expect.poll(async () => (await control<Array<{ rest_enabled: boolean }>>('GET', '/accounts'))[0]!.rest_enabled).toBe(true);
    expect(await accountName()).toBe('Demo Retail SRL');

    await panel.getByTestId('snapshot-delete-second').click();
    await page.getByTestId('confirm-action').click();
    await expect.poll(() => panel.getByTestId('snapshot-second').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
