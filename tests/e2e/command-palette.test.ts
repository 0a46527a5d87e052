import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe.ts';
import { RESULTS_DIR, useE2eServer, openUi as openSharedUi } from './e2e-server.ts';

/*
 * Ctrl+K in a real Chromium: the first result is active from the start (Enter opens it), a name
 * typed without diacritics finds the one written with them, an exact product code ranks above a
 * proforma of the same number, dates and amounts read as the screens write them; the shortcut
 * stays quiet on a toggle and opens from a text field. Also: the skip link, every sidebar entry
 * visible at 1280x720, the payment dialog's buttons on screen at 1280x720.
 */

const e2e = useE2eServer();
const core = () => e2e().core;
const openUi = (hash: string) => openSharedUi(e2e().server, e2e().browser, hash);

const palette = (page: Page) => page.getByRole('dialog', { name: 'Open the command palette (Ctrl+K)' });

async function search(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+K');
  const box = palette(page).getByRole('textbox');
  await box.waitFor();
  await box.fill(text);
}

describe('the command palette', () => {
  it('opens the first result on Enter, folds diacritics, ranks an exact code first, formats dates and amounts', { timeout: 120_000 }, async () => {
    const proforma = (await core().invoke('lists.proformas', { company_id: 1, limit: 1 })).rows[0] as Record<string, unknown>;
    const number = Number(proforma.doc_nr ?? proforma.number);
    const applied = await core().invoke('fixtures.apply', {
      accounts: [
        {
          company_id: 1,
          contacts: [{ name: 'Ștefănescu Paleta', addresses: [{ city: 'Brașov', county: 'Brașov', street: 'Str. Lungă', number: '1' }] }],
          products: [{ code: String(number), name: 'Cod egal cu o proformă', price: 157.98, vat: 21 }],
        },
      ],
    });
    expect(applied.accounts).toHaveLength(1);
    const contact = (await core().invoke('search.global', { company_id: 1, q: 'Ștefănescu Paleta' })).find((hit) => hit.kind === 'contact')!;
    const { context, page, pageErrors } = await openUi('/c/1');
    await page.getByTestId('health').waitFor();

    for (const typed of ['stefanescu', 'STEFANESCU', 'ștefănescu']) {
      await search(page, typed);
      const hit = palette(page).getByRole('button', { name: /Ștefănescu Paleta/ });
      await hit.waitFor();
      // Active from the start (shown as the selected entry), without an arrow key.
      await expect.poll(() => hit.getAttribute('data-selected')).toBe('true');
      if (typed === 'stefanescu') {
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
          await page.waitForTimeout(300);
          // The palette itself (the screen behind it is the screens' own tests' concern).
          expect(await seriousViolations(page, { label: `palette (${scheme})`, include: ['.mantine-Spotlight-content'] })).toEqual([]);
          await page.screenshot({ path: join(RESULTS_DIR, `palette-diacritics-${scheme}.png`) });
        }
        await page.emulateMedia({ colorScheme: 'light' });
      }
      // No arrow key: Enter opens the first result, the contact.
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`#/c/1/catalogue/contacts\\?.*open=${contact.id}`));
      await expect.poll(() => palette(page).count()).toBe(0);
    }

    // An exact product code opens the product, not the proforma of the same number.
    await search(page, String(number));
    const first = palette(page).getByRole('button').first();
    await expect.poll(() => first.textContent()).toMatch(/Cod egal cu o proformă/);
    // The proforma's date and total as the screens write them.
    const document = palette(page).getByRole('button', { name: /^.*Proforma · / }).first();
    await expect.poll(() => document.textContent()).toMatch(/Proforma · \d{2}\.\d{2}\.\d{4} · .* · [\d.]+,\d{2}\s[A-Z]{3}$/);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: join(RESULTS_DIR, 'palette-1280-light.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/c\/1\/catalogue\/products\?.*open=/);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('does not open from a toggle, opens from a text field', async () => {
    const { context, page, pageErrors } = await openUi('/c/1/catalogue/products');
    const toggle = page.getByLabel('Download product images from links');
    await toggle.waitFor({ state: 'attached' });
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    const before = await toggle.isChecked();
    await toggle.focus();
    await page.keyboard.press('Control+K');
    await page.waitForTimeout(400);
    expect(await palette(page).count()).toBe(0);
    expect(await toggle.isChecked()).toBe(before);

    // The language switch (a segmented control: radios).
    await page.getByRole('radio', { name: 'EN' }).focus();
    await page.keyboard.press('Control+K');
    await page.waitForTimeout(400);
    expect(await palette(page).count()).toBe(0);

    // A text field: the list's search box.
    await page.getByRole('searchbox').first().or(page.getByRole('textbox').first()).first().focus();
    await page.keyboard.press('Control+K');
    await palette(page).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('the shell at 1280x720', () => {
  it('has a skip link first, every sidebar entry in view, and the payment dialog fits', { timeout: 120_000 }, async () => {
    const { rows } = await core().invoke('lists.sales', { company_id: 1, cancelled: false, limit: 500 });
    const sale = rows.find((s) => s.currency === 'RON' && s.document_value_with_vat > s.paid_amount)!;
    const { context, page, pageErrors } = await openUi('/c/1');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByTestId('health').waitFor();

    // The first Tab stop: visible while focused, moves the focus to the screen. Tabbed from the
    // very start of the document: Chromium keeps a starting point for Tab where the page's load
    // and routing left it (here in the sidebar, seen in CI and locally), not where a person who
    // just arrived begins, so a focusable-by-script marker first in <body> stands for that start.
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await skip.waitFor({ state: 'attached' });
    await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { createElement(tag: string): { tabIndex: number; focus(): void }; body: { prepend(node: unknown): void } } }).document;
      const start = doc.createElement('span');
      start.tabIndex = -1;
      doc.body.prepend(start);
      start.focus();
    });
    await page.keyboard.press('Tab');
    expect(await skip.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement)).toBe(true);
    const box = (await skip.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id)).toBe('main');

    // Every entry of the sidebar is in view, none under the listener card (folded on a short window).
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const links = nav.getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThan(10);
    await page.screenshot({ path: join(RESULTS_DIR, 'sidebar-1280-light.png') });
    for (let i = 0; i < count; i++) {
      const link = links.nth(i);
      const visible = await link.evaluate((el) => {
        const r = (el as unknown as { getBoundingClientRect(): { left: number; top: number; width: number; height: number; bottom: number } }).getBoundingClientRect();
        const doc = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): unknown } }).document;
        const hit = doc.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) as { closest(s: string): unknown } | null;
        return r.bottom <= 720 && hit !== null && hit.closest('a') === el;
      });
      expect(visible, (await link.textContent()) ?? '').toBe(true);
    }
    const toggle = nav.getByRole('button', { name: 'Connect your code' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.screenshot({ path: join(RESULTS_DIR, 'sidebar-1280-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(RESULTS_DIR, 'sidebar-1280-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    // Opened, it is remembered.
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.reload();
    await nav.getByRole('button', { name: 'Connect your code' }).waitFor();
    expect(await nav.getByRole('button', { name: 'Connect your code' }).getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('button', { name: 'Connect your code' }).click();

    // The payment dialog: its buttons on screen with a margin below.
    await page.goto(`${e2e().server.url}/#/c/1/documents/sales?open=${sale.bv_id}`);
    await page.getByTestId('action-register-payment').click();
    const dialog = page.getByRole('dialog', { name: `Register a payment on ${sale.doc_series} ${sale.doc_nr}` });
    await dialog.getByTestId('payment-form').waitFor();
    for (const name of ['Cancel', 'Register payment']) {
      const button = dialog.getByRole('button', { name, exact: true });
      const b = (await button.boundingBox())!;
      expect(b.y + b.height, String(name)).toBeLessThanOrEqual(720 - 12);
      expect(b.y).toBeGreaterThan(0);
    }
    await page.screenshot({ path: join(RESULTS_DIR, 'payment-1280-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(RESULTS_DIR, 'payment-1280-dark.png') });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
