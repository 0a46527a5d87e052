import { join } from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe.ts';
import { ADMIN_TOKEN, RESULTS_DIR, type E2eContext } from './e2e-server.ts';

/*
 * Every screen of the app, reached the way staff reach it (the sidebar), checked by axe-core and
 * photographed in light and dark at one window size: the 1440x900 tour runs in shell.test.ts,
 * the 1280x720 one in screens-small.test.ts (two files, so the two sizes run side by side).
 * Screenshots: test-results/screen-<id>-<width>x<height>-<scheme>.png.
 */

export interface Screen {
  id: string;
  path: string;
  en: string;
  ro: string;
  /** The area the sidebar lists it under (null: the overview, above the areas). */
  area: string | null;
  /** Shown once the screen has its data. */
  ready: (page: Page) => Promise<unknown>;
}

/** A screen's root (`screen-<id>`) and, for a list, its first loaded row. */
export const loaded = (id: string, list = true) => async (page: Page) => {
  await page.getByTestId(`screen-${id}`).waitFor();
  if (list) await page.locator('[role="grid"] [role="row"][aria-rowindex="2"]:not([aria-busy="true"])').first().waitFor();
};

export const SCREENS: Screen[] = [
  { id: 'overview', path: '/c/1', en: 'Overview', ro: 'Prezentare generală', area: null, ready: (p) => p.getByTestId('health').waitFor() },
  { id: 'sales', path: '/c/1/documents/sales', en: 'Sales receipts', ro: 'Bonuri de vânzare', area: 'Documents', ready: loaded('sales') },
  { id: 'invoices', path: '/c/1/documents/invoices', en: 'Invoices', ro: 'Facturi', area: 'Documents', ready: loaded('invoices') },
  { id: 'proformas', path: '/c/1/documents/proformas', en: 'Proformas', ro: 'Proforme', area: 'Documents', ready: loaded('proformas') },
  { id: 'fiscal-receipts', path: '/c/1/documents/fiscal-receipts', en: 'Fiscal receipts', ro: 'Bonuri fiscale', area: 'Documents', ready: loaded('fiscalReceipts') },
  { id: 'payments', path: '/c/1/documents/payments', en: 'Payments', ro: 'Încasări', area: 'Documents', ready: loaded('payments') },
  { id: 'awbs', path: '/c/1/documents/awbs', en: 'AWBs', ro: 'AWB-uri', area: 'Documents', ready: loaded('awbs') },
  { id: 'products', path: '/c/1/catalogue/products', en: 'Products', ro: 'Produse', area: 'Catalogue', ready: loaded('products') },
  { id: 'contacts', path: '/c/1/catalogue/contacts', en: 'Contacts', ro: 'Contacte', area: 'Catalogue', ready: loaded('contacts') },
  { id: 'connector-orders', path: '/c/1/connectors/orders', en: 'Connector orders', ro: 'Comenzi conectori', area: 'Connectors', ready: loaded('connectorOrders') },
  { id: 'connectors', path: '/c/1/connectors/settings', en: 'Connectors & API users', ro: 'Conectori și utilizatori API', area: 'Connectors', ready: loaded('connectors', false) },
  { id: 'webhook-log', path: '/c/1/logs/webhooks', en: 'Webhook log', ro: 'Jurnal webhook', area: 'Logs', ready: (p) => p.getByTestId('webhook-rules').waitFor() },
  { id: 'api-log', path: '/c/1/logs/api', en: 'API log', ro: 'Jurnal API', area: 'Logs', ready: loaded('apiLog', false) },
  { id: 'storage', path: '/c/1/settings/storage', en: 'Storage & attachments', ro: 'Stocare și atașamente', area: 'Settings', ready: (p) => p.getByTestId('storage-status').waitFor() },
  { id: 'service-settings', path: '/c/1/settings/service', en: 'Service settings', ro: 'Setări serviciu', area: 'Settings', ready: loaded('serviceSettings', false) },
  { id: 'faults', path: '/c/1/settings/faults', en: 'Fault switches', ro: 'Defecte simulate', area: 'Settings', ready: (p) => p.getByTestId('faults-empty').waitFor() },
  { id: 'fidelity', path: '/c/1/settings/fidelity', en: 'Fidelity', ro: 'Fidelitate', area: 'Settings', ready: (p) => p.getByTestId('drift-empty').waitFor() },
];

export const heading = (page: Page) => page.getByRole('heading', { level: 1 });
export const nav = (page: Page) => page.getByRole('navigation', { name: /Main navigation|Navigare principală/ });
export const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);

/** Switches the emulated system scheme (the UI follows it by default) and waits for Mantine. */
export async function scheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(colorScheme);
  await page.waitForTimeout(250); // the controls' color transitions
}

/**
 * Clicks through every screen in the sidebar at `viewport`: each one's address, title, heading
 * and sidebar mark; axe-core's serious and critical findings in light and dark (expected none);
 * a screenshot of each; no page error.
 */
export async function tourEveryScreen(e2e: E2eContext, viewport: { width: number; height: number }): Promise<void> {
  const context = await e2e.browser.newContext({ viewport, locale: 'en-US', colorScheme: 'light' });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(`${e2e.server.url}/?token=${encodeURIComponent(ADMIN_TOKEN)}`);
  await heading(page).filter({ hasText: 'Overview' }).waitFor();
  const size = `${viewport.width}x${viewport.height}`;
  const violations: string[] = [];

  for (const screen of SCREENS) {
    const group = screen.area ? nav(page).getByRole('group', { name: screen.area }) : nav(page);
    const link = group.getByRole('link', { name: screen.en, exact: true });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expect.poll(() => hashOf(page)).toBe(`#${screen.path}`);
    await heading(page).filter({ hasText: screen.en }).waitFor();
    await screen.ready(page);
    expect(await page.title()).toBe(`${screen.en} · ERP Workbench`);
    // The sidebar marks where we are (one entry).
    expect(await nav(page).locator('[aria-current="page"]').allTextContents()).toEqual([screen.en]);

    for (const colorScheme of ['light', 'dark'] as const) {
      await scheme(page, colorScheme);
      violations.push(...(await seriousViolations(page, { label: `${screen.id} ${size} (${colorScheme})` })));
      await page.screenshot({ path: join(RESULTS_DIR, `screen-${screen.id}-${size}-${colorScheme}.png`) });
    }
    await scheme(page, 'light');
  }

  expect(violations).toEqual([]);
  expect(pageErrors).toEqual([]);
  await context.close();
}
