import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { RESULTS_DIR, useE2eServer, openUi as openSharedUi } from './e2e-server.ts';

/*
 * What a person types and pastes into the date and amount fields (issue 27 items 5-7), in a real
 * Chromium against a real server: read as meant (12.5 = 12,5; 27/11/2026 = 27.11.2026) or
 * refused at the field with the app's own message, and judged by what the control API answers
 * afterwards, never by CSS. Screenshots of the refusals, light and dark, go to docs/screenshots.
 */

const e2e = useE2eServer();
const openUi = (hash: string) => openSharedUi(e2e().server, e2e().browser, hash);
const SHOTS = join(import.meta.dirname, '../../docs/screenshots');

const searchOf = (page: Page) => new URLSearchParams(decodeURIComponent(new URL(page.url()).hash).split('?')[1] ?? '');

/** The text of the error linked to a field (aria-describedby), '' when it has none. */
async function errorOf(page: Page, field: Locator): Promise<string> {
  if ((await field.getAttribute('aria-invalid')) !== 'true') return '';
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length === 0 ? '' : ((await page.locator(`[id="${ids[0]}"]`).textContent()) ?? '');
}

/** What a paste does: the text arrives at once, as one input (Playwright's model of a paste). */
async function paste(field: Locator, text: string): Promise<void> {
  await field.fill('');
  await field.focus();
  await field.page().keyboard.insertText(text);
}

/** Light and dark screenshots into docs/screenshots (and test-results). */
async function shootDocs(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
    await page.waitForTimeout(250);
    const file = join(RESULTS_DIR, `${name}-${scheme}.png`);
    await page.screenshot({ path: file });
    copyFileSync(file, join(SHOTS, `${name}-${scheme}.png`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('amounts typed and pasted', () => {
  it('a product price: 12.5 and 12,5 are 12.5; 1.234,56 is understood, 1.234 and -3 are refused at the field; 0 on a published product asks first', { timeout: 120_000 }, async () => {
    const { rows } = await e2e().core.invoke('lists.products', { company_id: 1, connector_id: 1, limit: 50 });
    const product = await e2e().core.invoke('products.get', { company_id: 1, product_id: rows.find((r) => r.selling_currency_txt === 'RON')!.product_id });
    expect(product.connectors.length).toBeGreaterThan(0);
    const { context, page, pageErrors } = await openUi(`/c/1/catalogue/products?open=${product.product_id}`);
    const priceNow = async () => (await e2e().core.invoke('products.get', { company_id: 1, product_id: product.product_id })).pret_vanzare;

    await page.getByTestId('product-edit-open').click();
    const dialog = page.getByRole('dialog', { name: `Edit ${product.cod_produs}` });
    const price = dialog.getByLabel('Price without VAT', { exact: false }).first();
    const save = dialog.getByTestId('edit-save');

    // Typed the English way, key by key: 12.5.
    await price.fill('');
    await price.pressSequentially('12.5');
    await price.press('Tab');
    expect(await price.inputValue()).toBe('12,50');
    await save.click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(priceNow).toBe(12.5);

    // Pasted the Romanian way, 12,5: the same price, so nothing to save.
    await page.getByTestId('product-edit-open').click();
    await paste(price, '12,5');
    await price.press('Tab');
    expect(await price.inputValue()).toBe('12,50');
    expect(await dialog.getByTestId('edit-changed-count').textContent()).toBe('Nothing changed');

    // Pasted with thousands: 1.234,56.
    await paste(price, '1.234,56');
    await price.press('Tab');
    expect(await price.inputValue()).toBe('1.234,56');
    await save.click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(priceNow).toBe(1234.56);

    // Refused, each at its field, and nothing is saved: an ambiguous 1.234, a negative price.
    await page.getByTestId('product-edit-open').click();
    await paste(price, '1.234');
    await price.press('Tab');
    expect(await errorOf(page, price)).toBe('“1.234” is ambiguous. For 1234, type 1234 or 1.234,00.');
    await paste(price, '-3');
    await price.press('Tab');
    expect(await errorOf(page, price)).toBe('Cannot be below 0.');
    await shootDocs(page, 'product-edit-price-refused');
    // An unreadable price is no change: nothing to save, nothing sent.
    expect(await save.isDisabled()).toBe(true);
    expect(await priceNow()).toBe(1234.56);

    // 0 on a published product: asked first; declining keeps the price.
    await paste(price, '0');
    await price.press('Tab');
    expect(await errorOf(page, price)).toBe('');
    await save.click();
    const ask = page.getByRole('dialog', { name: `Sell ${product.cod_produs} for 0?` });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await priceNow()).toBe(1234.56);
    // And a required text emptied says so in the app's words.
    const name = dialog.getByTestId('edit-product_name');
    await name.fill('');
    expect(await errorOf(page, name)).toBe('Fill this in.');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('dates typed', () => {
  it('the list filter takes 10.11.2026 (the list shows that day only), ISO and a range, and refuses 31.02.2026 at the field without filtering', { timeout: 120_000 }, async () => {
    const { context, page, pageErrors } = await openUi('/c/1/documents/sales');
    await page.getByTestId('screen-sales').waitFor();
    const dates = page.getByTestId('filter-dates');

    await dates.fill('31.02.2026');
    await dates.press('Enter');
    expect(await errorOf(page, dates)).toBe('There is no such day: 31.02.2026.');
    expect(searchOf(page).get('date_from')).toBe(null);
    await shootDocs(page, 'filter-date-refused');

    // Dotted, as the screens write it: the list shows that day only.
    await dates.fill('10.11.2026');
    await dates.press('Enter');
    await expect.poll(() => searchOf(page).get('date_from')).toBe('2026-11-10');
    expect(searchOf(page).get('date_through')).toBe('2026-11-10');
    const dateCells = page.getByRole('gridcell', { name: /^\d{2}\.\d{2}\.\d{4}$/ });
    await expect.poll(async () => [...new Set(await dateCells.allTextContents())]).toEqual(['10.11.2026']);

    await dates.fill('2026-11-17');
    await dates.press('Enter');
    await expect.poll(() => searchOf(page).get('date_from')).toBe('2026-11-17');
    expect(searchOf(page).get('date_through')).toBe('2026-11-17');
    expect(await dates.inputValue()).toBe('17.11.2026');

    await dates.fill('01/11/2026 – 16-11-2026');
    await dates.press('Enter');
    await expect.poll(() => searchOf(page).get('date_from')).toBe('2026-11-01');
    expect(searchOf(page).get('date_through')).toBe('2026-11-16');
    expect(await dates.inputValue()).toBe('01.11.2026 – 16.11.2026');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the payment date: 27/11/2026 is 27.11.2026 and the payment carries it; 31.02.2026 is refused and nothing is registered', { timeout: 120_000 }, async () => {
    const { rows } = await e2e().core.invoke('lists.sales', { company_id: 1, cancelled: false, invoiced: false, limit: 500 });
    const sale = rows.filter((s) => s.paid_amount === 0 && s.currency === 'RON' && s.document_value_with_vat > 100).at(-1)!;
    const { context, page, pageErrors } = await openUi(`/c/1/documents/sales?open=${sale.bv_id}`);
    await page.getByTestId('action-register-payment').click();
    const dialog = page.getByRole('dialog', { name: `Register a payment on ${sale.doc_series} ${sale.doc_nr}` });
    await dialog.getByTestId('payment-form').waitFor();
    const date = dialog.getByLabel('Date', { exact: false }).first();
    const amount = dialog.getByLabel('Amount', { exact: false }).first();
    const count = async () => (await e2e().core.invoke('lists.payments', { company_id: 1, bv_id: sale.bv_id })).total;

    await date.fill('31.02.2026');
    await date.press('Tab');
    expect(await errorOf(page, date)).toBe('There is no such day: 31.02.2026.');
    await paste(amount, '2,5');
    await amount.press('Tab');
    await dialog.getByTestId('payment-submit').click();
    await page.waitForTimeout(300);
    expect(await count()).toBe(0);
    await shootDocs(page, 'payment-date-refused');

    await date.fill('27/11/2026');
    await date.press('Tab');
    expect(await date.inputValue()).toBe('27.11.2026');
    expect(await errorOf(page, date)).toBe('');
    await dialog.getByTestId('payment-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const [payment] = (await e2e().core.invoke('lists.payments', { company_id: 1, bv_id: sale.bv_id })).rows;
    expect(payment).toMatchObject({ doc_date: '2026-11-27', amount: 2.5 });

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
