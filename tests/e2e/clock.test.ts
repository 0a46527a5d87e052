import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seriousViolations as axeFindings } from './axe.ts';
import type { Page } from 'playwright-core';
import { openUi, RESULTS_DIR, useE2eServer } from './e2e-server.ts';

/*
 * The test clock banner in a real Chromium: nothing on the system clock; a clock moved through
 * the control API (another door) appears on the open screen by itself, frozen or running ahead;
 * "Return to system time" removes it. Photographed in light and dark, checked by axe-core.
 */

const e2e = useE2eServer();

async function setClock(body: unknown): Promise<void> {
  const answer = await e2e().core.invoke('clock.update', body);
  expect(answer.mode).toBeDefined();
}

async function scheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(colorScheme);
  await page.waitForTimeout(250);
}

const serious = (page: Page) => axeFindings(page, { include: ['[data-testid="clock-banner"]'] });

describe('the test clock banner', () => {
  it('shows a frozen or advanced clock on every screen, live, and returns to system time in one click', async () => {
    const { server, browser } = e2e();
    const { context, page, pageErrors } = await openUi(server, browser, '/c/1/documents/sales');
    await page.getByTestId('screen-sales').waitFor();
    const banner = page.getByTestId('clock-banner');
    expect(await banner.count()).toBe(0);

    // Changed by another door: the open screen shows it without a reload.
    await setClock({ mode: 'frozen', now: '2026-12-01 09:00:00' });
    await expect.poll(() => banner.getAttribute('data-mode')).toBe('frozen');
    expect(await page.getByTestId('clock-banner-time').textContent()).toBe('Frozen at 01.12.2026, 09:00:00');
    await page.locator('[role="grid"] [role="row"][aria-rowindex="2"]:not([aria-busy="true"])').first().waitFor();
    const violations: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      await scheme(page, colorScheme);
      violations.push(...(await serious(page)));
      await page.screenshot({ path: join(RESULTS_DIR, `clock-banner-frozen-${colorScheme}.png`) });
    }

    await setClock({ mode: 'system' });
    await setClock({ advance_s: 90_000 });
    await expect.poll(() => banner.getAttribute('data-mode')).toBe('offset');
    await expect.poll(() => page.getByTestId('clock-banner-time').textContent()).toMatch(/, 1 day 1 hour ahead of system time$/);
    violations.push(...(await serious(page)));
    await page.screenshot({ path: join(RESULTS_DIR, `clock-banner-offset-dark.png`) });
    await scheme(page, 'light');
    await page.getByTestId('language-switch').getByText('RO', { exact: true }).click();
    await expect.poll(() => page.getByTestId('clock-banner-time').textContent()).toMatch(/, cu 1 zi 1 oră înaintea orei sistemului$/);
    await page.screenshot({ path: join(RESULTS_DIR, `clock-banner-offset-light-ro.png`) });

    await page.getByTestId('clock-back-to-system').click();
    await banner.waitFor({ state: 'detached' });
    expect((await e2e().core.invoke('clock.get', {})).mode).toBe('system');
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe("the payment dialog's date", () => {
  it("offers today on the service's clock as the date an empty field stands for, not an example day", async () => {
    const { server, browser, core } = e2e();
    await setClock({ mode: 'frozen', now: '2026-03-15 10:00:00' });
    const [sale] = (await core.invoke('lists.sales', { company_id: 1, cancelled: false, limit: 1 })).rows;
    const { context, page, pageErrors } = await openUi(server, browser, `/c/1/documents/sales?open=${sale!.bv_id}`);
    await page.getByTestId('sale-detail').getByRole('button', { name: 'Register payment' }).click();
    const dialog = page.getByRole('dialog', { name: /^Register a payment/ });
    const date = dialog.getByTestId('payment-date');
    // Filled with the service's today (the form's default), and that day again as the placeholder once cleared.
    await expect.poll(() => date.inputValue()).toBe('15.03.2026');
    await date.fill('');
    expect(await date.getAttribute('placeholder')).toBe('15.03.2026');
    for (const colorScheme of ['light', 'dark'] as const) {
      await scheme(page, colorScheme);
      await page.screenshot({ path: join(RESULTS_DIR, `payment-date-placeholder-${colorScheme}.png`) });
    }
    await setClock({ mode: 'system' });
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
