import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seriousViolations as axeFindings } from './axe.ts';
import { type BrowserContext, type Page } from 'playwright-core';
import { ADMIN_TOKEN, RESULTS_DIR, useE2eServer } from './e2e-server.ts';
import { SCREENS, hashOf, heading, loaded, nav, tourEveryScreen } from './screen-tour.ts';

/*
 * The app shell in a real Chromium against a real server: every area and screen reached from
 * the sidebar (each one checked by axe-core and photographed in light and dark), the address as
 * the screen's state (back/forward, filters, a copied link), the theme toggle and the language
 * switch (both remembered), and the command palette on Ctrl+K.
 */

const e2e = useE2eServer();

/* Used inside page.evaluate (runs in Chromium); this file is type-checked with Node's types only. */
declare const localStorage: { getItem(key: string): string | null };
declare const navigator: { clipboard: { readText(): Promise<string> } };

/** axe-core on the page as it is: the serious and critical violations, in words. */
const seriousViolations = (page: Page, where: string) => axeFindings(page, { label: where });

interface Opened {
  context: BrowserContext;
  page: Page;
  pageErrors: Error[];
}

/** A fresh browser context (AxeBuilder needs one) on the UI with the token, at `hash`. */
async function openUi(options: { hash?: string; locale?: string; colorScheme?: 'light' | 'dark'; height?: number } = {}): Promise<Opened> {
  const context = await e2e().browser.newContext({
    viewport: { width: 1440, height: options.height ?? 900 },
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(`${e2e().server.url}/?token=${encodeURIComponent(ADMIN_TOKEN)}${options.hash ? `#${options.hash}` : ''}`);
  return { context, page, pageErrors };
}




describe('the app shell', () => {
  it('reaches every area and screen from the sidebar at 1440x900; axe finds nothing serious on any, in light or dark', async () => {
    await tourEveryScreen(e2e(), { width: 1440, height: 900 });
  }, 360_000);

  it('shows the active screen in the sidebar: all of them on a 900-pixel window, the opened one scrolled into view on a shorter one', async () => {
    /** Whether the entry lies wholly inside the sidebar's scrolling list (not under the listener card). */
    const inView = async (page: Page, screen: string) => {
      const box = await page.getByTestId(`nav-${screen}`).boundingBox();
      const frame = await nav(page).locator('.mantine-ScrollArea-viewport').boundingBox();
      if (!box || !frame) throw new Error('the entry or the sidebar list is not shown');
      // scrollTop is whole pixels, the boxes are not
      return box.y >= frame.y - 1 && box.y + box.height <= frame.y + frame.height + 1;
    };
    const tall = await openUi({ hash: '/c/1/settings/faults' });
    await heading(tall.page).filter({ hasText: 'Fault switches' }).waitFor();
    expect(await inView(tall.page, 'overview')).toBe(true);
    expect(await inView(tall.page, 'faults')).toBe(true);
    await tall.context.close();

    const short = await openUi({ hash: '/c/1/settings/faults', height: 600 });
    await heading(short.page).filter({ hasText: 'Fault switches' }).waitFor();
    await expect.poll(() => inView(short.page, 'faults')).toBe(true);
    expect(await inView(short.page, 'overview')).toBe(false);
    // Back to a screen at the top of the list: it comes into view again.
    await short.page.goto(`${e2e().server.url}/?token=${encodeURIComponent(ADMIN_TOKEN)}#/c/1/documents/sales`);
    await heading(short.page).filter({ hasText: 'Sales receipts' }).waitFor();
    await expect.poll(() => inView(short.page, 'sales')).toBe(true);
    expect(short.pageErrors).toEqual([]);
    await short.context.close();
  });

  it('keeps the screen, its filters and the open record in the address: back/forward and a copied link restore them', async () => {
    const { context, page, pageErrors } = await openUi({ hash: '/c/1/documents/sales?q=Ion&cancelled=false&open=5&sort=not_a_column' });
    await heading(page).filter({ hasText: 'Sales receipts' }).waitFor();
    /** The state the address gave the screen: the search box, the open record, the list answering. */
    const stateOf = async (target: Page) => {
      await target.getByTestId('sale-detail').waitFor();
      await expect.poll(() => target.getByTestId('sale-detail').locator('[aria-busy="true"]').count()).toBe(0);
      // Typed search params: an unknown sort is dropped (the list answers in its default order, not a 400).
      await target.locator('[role="grid"]').waitFor();
      expect(await target.getByTestId('data-table-error').count()).toBe(0);
      return { q: await target.getByTestId('filter-q').inputValue(), open: await target.getByTestId('sale-detail').getAttribute('aria-label') };
    };
    const start = await stateOf(page);
    expect(start.q).toBe('Ion');
    expect(start.open).toBeTruthy();

    await nav(page).getByRole('link', { name: 'Invoices', exact: true }).click();
    await heading(page).filter({ hasText: 'Invoices' }).waitFor();
    expect(hashOf(page)).toBe('#/c/1/documents/invoices');
    await nav(page).getByRole('link', { name: 'Webhook log', exact: true }).click();
    await heading(page).filter({ hasText: 'Webhook log' }).waitFor();

    await page.goBack();
    await heading(page).filter({ hasText: 'Invoices' }).waitFor();
    await page.goBack();
    await heading(page).filter({ hasText: 'Sales receipts' }).waitFor();
    expect(await stateOf(page)).toEqual(start);
    await page.goForward();
    await heading(page).filter({ hasText: 'Invoices' }).waitFor();
    await page.goForward();
    await heading(page).filter({ hasText: 'Webhook log' }).waitFor();

    // The address of a screen opens the same screen in another tab (with the token, as printed).
    await page.goBack();
    await page.goBack();
    await heading(page).filter({ hasText: 'Sales receipts' }).waitFor();
    const copied = new URL(page.url()).hash;
    expect(copied).not.toMatch(/token/);
    const other = await context.newPage();
    await other.goto(`${e2e().server.url}/?token=${encodeURIComponent(ADMIN_TOKEN)}${copied}`);
    await heading(other).filter({ hasText: 'Sales receipts' }).waitFor();
    expect(await stateOf(other)).toEqual(start);

    // An account that does not exist, and an address that names no screen, say so.
    await other.goto(`${e2e().server.url}/#/c/99/documents/sales`);
    await other.getByText('Account 99 does not exist.').waitFor();
    await other.goto(`${e2e().server.url}/#/no/such/screen`);
    await heading(other).filter({ hasText: 'There is no such screen.' }).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('toggles light and dark from the header and remembers the choice', async () => {
    const { context, page, pageErrors } = await openUi({ colorScheme: 'light' });
    await heading(page).filter({ hasText: 'Overview' }).waitFor();
    const html = page.locator('html');
    expect(await html.getAttribute('data-mantine-color-scheme')).toBe('light');

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => html.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('erp-workbench.ui'))) ?? '{}')).toMatchObject({ state: { colorScheme: 'dark' } });
    await page.reload();
    await heading(page).filter({ hasText: 'Overview' }).waitFor();
    expect(await html.getAttribute('data-mantine-color-scheme')).toBe('dark'); // though the system is light
    await page.screenshot({ path: join(RESULTS_DIR, 'shell-theme-dark-chosen.png') });

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(() => html.getAttribute('data-mantine-color-scheme')).toBe('light');
    // "Follow the system" from the preferences menu: the emulated system scheme rules again.
    await page.getByRole('button', { name: 'Display preferences' }).click();
    await page.getByRole('menuitem', { name: 'Follow the system' }).first().click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => html.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('switches to Romanian (ERP terms kept), remembers it, and starts in Romanian on a Romanian system', async () => {
    const { context, page, pageErrors } = await openUi({ locale: 'en-US' });
    await heading(page).filter({ hasText: 'Overview' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await page.getByTestId('language-switch').getByText('RO', { exact: true }).click();
    await heading(page).filter({ hasText: 'Prezentare generală' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ro');
    for (const screen of SCREENS) await nav(page).getByRole('link', { name: screen.ro, exact: true }).waitFor();
    for (const area of ['Documente', 'Catalog', 'Conectori', 'Jurnale', 'Setări']) await nav(page).getByRole('group', { name: area }).waitFor();
    expect(await page.getByTestId('health').textContent()).toMatch(/Serviciu: ok · versiunea 0\.1\.0/);

    await nav(page).getByRole('link', { name: 'Bonuri de vânzare', exact: true }).click();
    await heading(page).filter({ hasText: 'Bonuri de vânzare' }).waitFor();
    expect(await page.title()).toBe('Bonuri de vânzare · ERP Workbench');
    await loaded('sales')(page);
    await page.screenshot({ path: join(RESULTS_DIR, 'shell-sales-ro-light.png') });

    await page.reload();
    await heading(page).filter({ hasText: 'Bonuri de vânzare' }).waitFor();
    await page.getByTestId('language-switch').getByText('EN', { exact: true }).click();
    await heading(page).filter({ hasText: 'Sales receipts' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();

    // A Romanian system: Romanian from the start, nothing chosen.
    const ro = await openUi({ locale: 'ro-RO', hash: '/c/1/documents/payments' });
    await heading(ro.page).filter({ hasText: 'Încasări' }).waitFor();
    expect(ro.pageErrors).toEqual([]);
    await ro.context.close();
  });

  it('opens the command palette on Ctrl+K: screens by name, records through search.global (or says search is unavailable)', async () => {
    const { context, page, pageErrors } = await openUi();
    await heading(page).filter({ hasText: 'Overview' }).waitFor();
    await page.getByTestId('health').waitFor();

    await page.keyboard.press('Control+K');
    const search = page.getByPlaceholder('Document number, product code or EAN, order id, client name…');
    await search.waitFor();
    await page.getByTestId('palette-screen-payments').waitFor();
    const violations = await seriousViolations(page, 'palette');

    // A screen by name, accents and case aside.
    await search.fill('invoi');
    await page.getByTestId('palette-screen-invoices').click();
    await heading(page).filter({ hasText: 'Invoices' }).waitFor();
    expect(hashOf(page)).toBe('#/c/1/documents/invoices');
    await expect.poll(() => search.count()).toBe(0);

    // A record by its number: the core's search.global answers, or the palette says search is unavailable.
    await page.keyboard.press('Control+K');
    await search.fill('1');
    const records = page.locator('[data-testid="palette-unavailable"], .mantine-Spotlight-action:not([data-testid^="palette-screen-"])');
    await records.first().waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
      await page.screenshot({ path: join(RESULTS_DIR, 'shell-palette-debug.png') });
      throw error;
    });
    await page.screenshot({ path: join(RESULTS_DIR, 'shell-palette-light.png') });
    if ((await page.getByTestId('palette-unavailable').count()) === 0) {
      await records.first().click();
      await expect.poll(() => hashOf(page)).toMatch(/[?&]open=\d+/);
    } else {
      expect(await page.getByTestId('palette-unavailable').textContent()).toMatch(/Search unavailable/);
      await page.keyboard.press('Escape');
      await expect.poll(() => search.count()).toBe(0);
    }

    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the account in the switcher and the listener addresses with copy buttons', async () => {
    const { context, page, pageErrors } = await openUi();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await heading(page).filter({ hasText: 'Overview' }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Account' }).inputValue()).toBe('1 · Demo Retail SRL');

    const listener = page.getByTestId('listener');
    await listener.getByRole('button', { name: 'Copy REST base URL' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${e2e().server.url}/app/rest/v1/1/`);
    await listener.getByRole('button', { name: 'Copy Control token' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(ADMIN_TOKEN);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
