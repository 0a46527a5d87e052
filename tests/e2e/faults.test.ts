import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations as axeFindings } from './axe.ts';
import { ADMIN_TOKEN, RESULTS_DIR, useE2eServer } from './e2e-server.ts';

/*
 * Settings › Fault switches in a real Chromium against a real server: add a fault from the form
 * (a refused path said at its field), watch its counters move as REST calls hit it, find the
 * marked calls in the API log, remove it; the heavy-list limit switch on the Service settings
 * form. Screenshots of the page and the marked API log in light and dark.
 */

const e2e = useE2eServer();

async function open(hash: string): Promise<{ page: Page; pageErrors: Error[] }> {
  // A context of its own: axe-core needs one.
  const context = await e2e().browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(`${e2e().server.url}/?token=${encodeURIComponent(ADMIN_TOKEN)}#${hash}`);
  return { page, pageErrors };
}

async function scheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(colorScheme);
  await page.waitForTimeout(300);
}

/** Screenshots in light and dark; axe-core finds nothing serious in either. */
async function shoot(page: Page, target: Locator, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await scheme(page, colorScheme);
    await target.screenshot({ path: join(RESULTS_DIR, `${name}-${colorScheme}.png`) });
    expect(await axeFindings(page, { label: `${name} ${colorScheme}` })).toEqual([]);
  }
  await scheme(page, 'light');
}

async function control(method: string, path: string, body?: unknown): Promise<{ status: number; data: unknown }> {
  const response = await fetch(`${e2e().server.url}/_sandbox${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: unknown };
  return { status: response.status, data: json.data };
}

describe('the fault switches page', () => {
  // axe-core runs four times (two screens, two schemes): slow on a busy machine.
  it('adds a fault, shows it firing, marks the calls in the API log, and removes it', { timeout: 240_000 }, async () => {
    const created = (await control('POST', '/accounts/1/api-users', { username: 'faults-e2e' })).data as { username: string; password: string };
    const auth = `Basic ${Buffer.from(`${created.username}:${created.password}`).toString('base64')}`;
    const call = (path: string) => fetch(`${e2e().server.url}/app/rest/v1/1${path}`, { headers: { authorization: auth } }).then((r) => r.status);

    const { page, pageErrors } = await open('/c/1/settings/faults');
    const screen = page.getByTestId('screen-faults');
    await screen.getByTestId('faults-empty').waitFor();

    // A refused path is said at the path field.
    const form = screen.getByTestId('add-fault');
    await form.getByLabel('Path pattern').fill('sales/list');
    await form.getByRole('button', { name: 'Add fault' }).click();
    await expect.poll(() => form.textContent()).toMatch(/must start with '\/'/);

    await form.getByLabel('Path pattern').fill('/sales/list/*');
    await form.getByLabel('Count').fill('2');
    await form.getByRole('button', { name: 'Add fault' }).click();
    const table = screen.getByTestId('faults-table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr').first().textContent()).toMatch(/GET.*\/sales\/list\/\*.*status 503.*2 of 2/);

    // A latency fault too, for the picture; then calls come in and the counters follow them live.
    await control('POST', '/accounts/1/faults', { method: '*', path: '/invoices/list/*', latency_ms: { min: 10, max: 30 }, probability: 0.5 });
    await control('POST', '/accounts/1/faults', { storage_down: true, count: 3 });
    expect([await call('/sales/list/'), await call('/sales/list/'), await call('/sales/list/')]).toEqual([503, 503, 200]);
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toMatch(/used up/);
    await shoot(page, screen, 'faults');

    // The API log marks the faulted calls.
    await page.goto(`${e2e().server.url}/?token=${encodeURIComponent(ADMIN_TOKEN)}#/c/1/logs/api`);
    const log = page.getByTestId('screen-apiLog');
    await log.getByText('fault', { exact: true }).nth(1).waitFor();
    await shoot(page, log, 'faults-api-log');

    // Removed from the page.
    await page.goto(`${e2e().server.url}/?token=${encodeURIComponent(ADMIN_TOKEN)}#/c/1/settings/faults`);
    await screen.getByTestId('faults-table').locator('tbody tr').nth(2).waitFor();
    for (let i = 0; i < 3; i++) {
      await screen.getByTestId('faults-table').locator('tbody tr').first().getByRole('button', { name: /Remove fault/ }).click();
      await expect.poll(async () => ((await control('GET', '/accounts/1/faults')).data as unknown[]).length).toBe(2 - i);
      // The page follows the change event (merged with others within 250 ms): the row leaves first, as a person would wait for.
      await expect.poll(() => screen.getByTestId('faults-table').locator('tbody tr').count()).toBe(2 - i);
    }
    await screen.getByTestId('faults-empty').waitFor();
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it("switches the real service's heavy-list limit on from the Service settings form", { timeout: 120_000 }, async () => {
    const { page, pageErrors } = await open('/c/1/settings/service');
    const form = page.getByTestId('service-settings-form');
    const limit = form.getByRole('group', { name: "The real service's limits" });
    await limit.waitFor();
    await limit.getByLabel('429 for too many heavy lists at once').check({ force: true });
    await limit.getByLabel('Heavy lists at once per API user').fill('3');
    await shoot(page, limit, 'faults-heavy-list-limit');
    await form.getByTestId('settings-save').click();
    await expect.poll(async () => ((await control('GET', '/settings')).data as { heavy_list_limit: unknown }).heavy_list_limit).toEqual({ enabled: true, max_concurrent: 3 });
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
