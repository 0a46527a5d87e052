import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DashboardOverview } from '../../shared/contract/operations-dashboard.ts';
import { RESULTS_DIR, useE2eServer, openUi as openSharedUi } from './e2e-server.ts';
import { seriousViolations } from './axe.ts';

/*
 * The overview (issue 29): the business figures as links, each opening its list filtered to
 * exactly the rows it counts (the list's row count, aria-rowcount, equals the figure the core
 * answers), the four charts drawn with their tables for assistive technology, "Connect your code"
 * once, no horizontal scroll at 1280x720 and 1440x900, nothing serious for axe in light and
 * dark. Screenshots: docs/screenshots/overview-{light,dark}.png (1440x900), and 1280x720 ones in
 * test-results/.
 */

const e2e = useE2eServer();
const openUi = (hash: string) => openSharedUi(e2e().server, e2e().browser, hash);
const SHOTS = join(import.meta.dirname, '../../docs/screenshots');

const overview = () => e2e().core.invoke('dashboard.overview', { company_id: 1, days: 30 }) as Promise<DashboardOverview>;

/** What each figure counts, as the core answers it (the money figures: their documents). */
function counted(o: DashboardOverview): Record<string, number> {
  return {
    salesToday: o.sales.today.count,
    salesMonth: o.sales.month.count,
    receivablesOpen: o.receivables.open.count,
    receivablesOverdue: o.receivables.overdue.count,
    waitingInvoice: o.orders.waiting_invoice,
    waitingAwb: o.orders.waiting_awb,
    pending: o.notifications.pending,
    failed: o.notifications.failed,
    calls: o.api.calls,
    errors: o.api.errors,
  };
}

/** The chip the opened list shows for the filter it has no control for. */
const FILTER_CHIPS: Record<string, RegExp> = {
  receivablesOverdue: /^Due before \d\d\.\d\d\.\d{4}$/,
  waitingInvoice: /^Waiting for an invoice$/,
  waitingAwb: /^Waiting for an AWB$/,
  calls: /^Since \d\d\.\d\d\.\d{4}, \d\d:\d\d:\d\d$/,
  errors: /^Errors only/,
};

async function figuresShown(page: Page): Promise<void> {
  await page.getByTestId('overview-figures').waitFor();
  await page.getByTestId('chart-sales').locator('svg.recharts-surface').first().waitFor();
}

async function noHorizontalScroll(page: Page): Promise<void> {
  // A string: this file is type-checked with Node's types only.
  const widths = await page.evaluate<{ scroll: number; client: number }>(
    '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
  );
  expect(widths.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(widths.client);
}

async function shoot(page: Page, name: string, docs: boolean): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
    await page.waitForTimeout(300);
    await noHorizontalScroll(page);
    expect(await seriousViolations(page, { label: `${name} ${scheme}` })).toEqual([]);
    const file = join(RESULTS_DIR, `${name}-${scheme}.png`);
    await page.screenshot({ path: file, fullPage: true });
    if (docs) {
      mkdirSync(SHOTS, { recursive: true });
      copyFileSync(file, join(SHOTS, `overview-${scheme}.png`));
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('overview', () => {
  it('every figure opens its list, filtered to exactly the rows it counts', async () => {
    const { page, context, pageErrors } = await openUi('/c/1');
    await figuresShown(page);
    const expected = counted(await overview());
    // The demo has business on the money cards and orders waiting.
    expect(expected.salesMonth).toBeGreaterThan(0);
    expect(expected.receivablesOpen).toBeGreaterThan(0);
    for (const [figure, count] of Object.entries(expected)) {
      const card = page.getByTestId(`figure-${figure}`);
      // The link's accessible name says what it counts and that it opens the list.
      await expect.poll(() => card.getAttribute('aria-label')).toMatch(/Open the list$/);
      await card.click();
      const grid = page.getByRole('grid').first();
      await expect.poll(() => grid.getAttribute('aria-rowcount'), { message: figure, timeout: 10_000 }).toBe(String(count + 1));
      // A filter the list has no control for is shown as a chip (and can be removed there).
      const chip = FILTER_CHIPS[figure];
      if (chip) await expect.poll(() => page.getByTestId('filter-chip').filter({ hasText: chip }).count(), { message: `${figure} chip` }).toBe(1);
      await page.screenshot({ path: join(RESULTS_DIR, `overview-opens-${figure}.png`) });
      await page.goBack();
      await figuresShown(page);
    }
    // An age group of the receivables chart opens its invoices too.
    const age = (await overview()).receivables_by_age.find((g) => g.count > 0)!;
    await page.getByTestId(`age-${age.age}`).click();
    await expect.poll(() => page.getByRole('grid').first().getAttribute('aria-rowcount')).toBe(String(age.count + 1));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('draws the four charts with their tables, says "Connect your code" once, and switches the sales range', async () => {
    const { page, context, pageErrors } = await openUi('/c/1');
    await figuresShown(page);
    for (const name of ['Sales per day', 'Receivables by age', 'Orders by status', 'Deliveries per hour']) {
      const figure = page.getByRole('figure', { name });
      await expect.poll(() => figure.isVisible(), { message: name }).toBe(true);
      // The data as a table for assistive technology.
      expect(await figure.getByRole('table').count()).toBe(1);
    }
    expect(await page.getByText('Connect your code', { exact: true }).count()).toBe(1);
    await page.getByRole('radiogroup', { name: 'Range of the sales chart' }).getByText('90 days').click();
    // The 90 days' read and the charts' render of their own (a loaded CI machine takes seconds).
    await expect.poll(() => page.getByRole('figure', { name: 'Sales per day' }).getByRole('table').locator('tbody tr').count(), { timeout: 20_000 }).toBe(90);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('refreshes its figures when the data changes', async () => {
    const { page, context } = await openUi('/c/1');
    await figuresShown(page);
    const before = await overview();
    const value = page.getByTestId('figure-waitingInvoice').getByTestId('figure-value');
    await expect.poll(() => value.textContent()).toBe(String(before.orders.waiting_invoice));
    // A staff action elsewhere (the control API) invoices a waiting order.
    const waiting = (await e2e().core.invoke('lists.connectorOrders', { company_id: 1, waiting_for: 'invoice', limit: 1 })).rows[0]!;
    await e2e().core.invoke('orders.issueInvoice', { company_id: 1, connector_id: waiting.connector_id, order_unique_id: waiting.order_unique_id });
    const after = await overview();
    expect(after.orders.waiting_invoice).toBe(before.orders.waiting_invoice - 1);
    await expect.poll(() => value.textContent()).toBe(String(after.orders.waiting_invoice));
    await context.close();
  });

  it('fits 1440x900 and 1280x720 without sideways scrolling, light and dark, nothing serious for axe', async () => {
    const { page, context, pageErrors } = await openUi('/c/1');
    await figuresShown(page);
    await shoot(page, 'overview-1440x900', true);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.waitForTimeout(300);
    await shoot(page, 'overview-1280x720', false);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
