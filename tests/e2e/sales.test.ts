import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seriousViolations as axeFindings } from './axe.ts';
import { type Download, type Locator, type Page } from 'playwright-core';
import { ADMIN_TOKEN, RESULTS_DIR, useE2eServer, openUi as openSharedUi } from './e2e-server.ts';

/*
 * Documents › Sales receipts and Payments in a real Chromium against a real server: browse and
 * page the sales table, sort and filter it through the address, open a sale, register a payment
 * (a refusal shown at its field first) and see it in the sale and in Payments, upload an
 * attachment to a sale (503 without storage, then on the embedded FTP) and download it; axe-core
 * on each screen and dialog, screenshots light and dark.
 */

const e2e = useE2eServer();
const NOTE = { name: 'bon-e2e.txt', mimeType: 'text/plain', buffer: Buffer.from('Atașament bon e2e – ăîșț\n', 'utf8') };


/** The UI at `hash` in a fresh context (e2e-server.ts). */
const openUi = (hash: string) => openSharedUi(e2e().server, e2e().browser, hash);

/** Text content with the no-break spaces of Intl (1.234,56\u00a0RON) as plain spaces. */
const textOf = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ');
const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);
const searchOf = (page: Page) => new URLSearchParams(hashOf(page).split('?')[1] ?? '');
const grid = (page: Page, name: string) => page.getByRole('grid', { name });
const rowAt = (table: Locator, index: number) => table.locator(`[role="row"][aria-rowindex="${index + 2}"]:not([aria-busy="true"])`);
const firstCell = async (table: Locator, index: number) => ((await rowAt(table, index).getByRole('gridcell').nth(1).textContent()) ?? '').trim();

async function scheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(colorScheme);
  await page.waitForTimeout(250);
}

/** A screenshot of the window in light and in dark (test-results/<name>-<scheme>.png). */
async function shoot(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await scheme(page, colorScheme);
    await page.screenshot({ path: join(RESULTS_DIR, `${name}-${colorScheme}.png`) });
  }
  await scheme(page, 'light');
}

/**
 * axe-core's serious and critical violations of the page (or of `include`), in light and, unless
 * told otherwise, in dark. An axe run takes seconds on a busy machine: each screen gets one.
 */
async function seriousViolations(page: Page, where: string, { include, dark = true }: { include?: string; dark?: boolean } = {}): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of dark ? (['light', 'dark'] as const) : (['light'] as const)) {
    await scheme(page, colorScheme);
    // A dialog is checked on its own: the page under its blurred overlay is checked without it.
    found.push(...(await axeFindings(page, { label: `${where} (${colorScheme})`, include: include ? [include] : [] })));
  }
  await scheme(page, 'light');
  return found;
}

/** An unpaid RON sale of account 1, not cancelled and not invoiced, not used by another test. */
const used = new Set<number>();
async function unpaidSale(): Promise<{ bv_id: number; number: string; total: number }> {
  const { rows } = await e2e().core.invoke('lists.sales', { company_id: 1, cancelled: false, invoiced: false, limit: 500 });
  const sale = rows.find((s) => s.paid_amount === 0 && s.currency === 'RON' && s.document_value_with_vat > 100 && !used.has(s.bv_id));
  if (!sale) throw new Error('no unpaid sale in the demo');
  used.add(sale.bv_id);
  return { bv_id: sale.bv_id, number: `${sale.doc_series} ${sale.doc_nr}`, total: sale.document_value_with_vat };
}

/** A download's bytes. */
async function readBytes(file: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
const readDownload = async (file: Download) => (await readBytes(file)).toString('utf8');

const ro = (n: number, decimals = 2) => new Intl.NumberFormat('ro-RO', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);

describe('the Sales receipts screen', () => {
  it('pages the whole table, sorts and filters through the address, and opens a sale beside it', async () => {
    const { context, page, pageErrors } = await openUi('/c/1/documents/sales');
    await page.getByTestId('screen-sales').waitFor();
    const table = grid(page, 'Sales receipts');
    const total = (await e2e().core.invoke('lists.sales', { company_id: 1, limit: 1 })).total;
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe(String(total + 1));
    // Newest first: the first row is the highest bv_id.
    await rowAt(table, 0).waitFor();
    expect(await firstCell(table, 0)).toBe(String(total));

    // Scroll to the end: the last rows (a window read on the way) appear, ending with bv_id 1.
    await table.evaluate((el: { scrollTop: number; scrollHeight: number }) => (el.scrollTop = el.scrollHeight));
    await rowAt(table, total - 1).waitFor();
    expect(await firstCell(table, total - 1)).toBe('1');
    await table.evaluate((el: { scrollTop: number }) => (el.scrollTop = 0));
    await rowAt(table, 0).waitFor();
    await shoot(page, 'sales-list');

    // Several rows at once: two selected, exported alone (the visible columns, a header line).
    await rowAt(table, 0).locator('[data-select]').click();
    await rowAt(table, 2).locator('[data-select]').click();
    const exported = page.waitForEvent('download');
    await page.getByTestId('selection-actions').getByRole('button', { name: 'Export selected' }).click();
    const csv = await readDownload(await exported);
    const csvLines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csvLines[0]).toBe('ID,Number,Date,Client,Total,Paid,Open amount,Status');
    expect(csvLines.slice(1).map((line) => line.split(',')[0])).toEqual([String(total), String(total - 2)]);
    await page.getByRole('button', { name: 'Clear selection' }).click();

    // Sort by the total, largest first: in the address, and the rows follow.
    await table.getByRole('columnheader', { name: 'Total' }).getByRole('button').first().click();
    await expect.poll(() => searchOf(page).get('sort')).toBe('document_value_with_vat');
    const largest = (await e2e().core.invoke('lists.sales', { company_id: 1, sort: 'document_value_with_vat', direction: 'desc', limit: 1 })).rows[0]!;
    await expect.poll(() => firstCell(table, 0)).toBe(String(largest.bv_id));

    // Filter: the cancelled ones only (a flag behind "Filters").
    await page.getByTestId('filter-flags').click();
    await page.getByTestId('flag-cancelled').getByText('Yes', { exact: true }).click();
    await expect.poll(() => searchOf(page).get('cancelled')).toBe('true');
    const cancelled = (await e2e().core.invoke('lists.sales', { company_id: 1, cancelled: true, limit: 1 })).total;
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe(String(cancelled + 1));
    await page.keyboard.press('Escape');
    expect(await rowAt(table, 0).textContent()).toMatch(/cancelled/);

    // A date range through the address (as a copied link would carry it): the rows are that range's.
    const day = largest.doc_date;
    await page.getByTestId('clear-filters').click();
    await expect.poll(() => searchOf(page).get('cancelled')).toBe(null);
    const inRange = await e2e().core.invoke('lists.sales', { company_id: 1, date_from: day, date_through: day, limit: 50 });
    await page.goto(`${e2e().server.url}/#/c/1/documents/sales?date_from=${day}&date_through=${day}`);
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe(String(inRange.total + 1));
    const [y, m, d] = day.split('-');
    expect(await page.getByTestId('filter-dates').inputValue()).toBe(`${d}.${m}.${y}`);

    // A click opens the sale beside the table (in the address); Esc closes it.
    await rowAt(table, 0).getByRole('gridcell').nth(3).click();
    await expect.poll(() => searchOf(page).get('open')).toBe(String(inRange.rows[0]!.bv_id));
    const detail = page.getByTestId('sale-detail');
    await detail.getByTestId('sale-summary').waitFor();
    expect(await detail.getByTestId('sale-lines').textContent()).toMatch(/Lines \(\d+\)/);
    await table.press('Escape');
    await expect.poll(() => searchOf(page).get('open')).toBe(null);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('registers a payment: a refusal at its field, then the payment in the sale and in Payments', { timeout: 150_000 }, async () => {
    const sale = await unpaidSale();
    const { context, page, pageErrors } = await openUi(`/c/1/documents/sales?open=${sale.bv_id}`);
    const detail = page.getByTestId('sale-detail');
    await detail.getByRole('heading', { name: sale.number }).waitFor();
    expect(await detail.getByTestId('sale-payments-empty').count()).toBe(1);
    await shoot(page, 'sales-detail');

    await detail.getByTestId('action-register-payment').click();
    const dialog = page.getByRole('dialog', { name: `Register a payment on ${sale.number}` });
    await dialog.getByTestId('payment-form').waitFor();
    // The amount starts at what is open; the payment types are the account's.
    const amount = dialog.getByLabel('Amount');
    expect(await amount.inputValue()).toBe(ro(sale.total).replace(/\s/g, ''));
    expect(await textOf(dialog.getByTestId('payment-open'))).toContain(`open ${ro(sale.total)} RON`);
    await dialog.getByTestId('payment-payment_type').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(expect.arrayContaining(['Card (card)', 'Tichet cadou (tichet_cadou)']));
    await page.getByRole('option', { name: 'Card (card)' }).click();

    // Another currency: its BNR rate of the date, shown as the automatic rate.
    await dialog.getByTestId('payment-currency').click();
    await page.getByRole('option', { name: 'EUR', exact: true }).click();
    const date = (await e2e().core.invoke('sales.paymentForm', { company_id: 1, bv_id: sale.bv_id })).defaults.date;
    const eur = await e2e().core.invoke('reference.exchangeRate', { company_id: 1, currency: 'EUR', date });
    await expect.poll(() => textOf(dialog.getByTestId('payment-rate').first())).toContain(`BNR rate: ${ro(eur.rate!, 4)} RON per EUR`);
    expect(await dialog.getByLabel('Exchange rate (RON per unit)').getAttribute('placeholder')).toBe(ro(eur.rate!, 4));
    await shoot(page, 'sales-payment-dialog');
    expect(await seriousViolations(page, 'payment dialog', { include: '[role="dialog"]', dark: false })).toEqual([]);
    await dialog.getByTestId('payment-currency').click();
    await page.getByRole('option', { name: 'RON', exact: true }).click();
    await expect.poll(() => dialog.getByLabel('Exchange rate (RON per unit)').isDisabled()).toBe(true);

    // Refused: amount 0. The core's message is shown at the amount field.
    await amount.fill('0');
    await dialog.getByTestId('payment-submit').click();
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await amount.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe('must be > 0');
    await page.screenshot({ path: join(RESULTS_DIR, 'sales-payment-refused-light.png') });

    // Accepted: 20,50 RON by card with a note; the toast links to the payment.
    await amount.fill('20,50');
    expect(await amount.getAttribute('aria-invalid')).not.toBe('true');
    await dialog.getByLabel('Mentions').fill('plată la ghișeu');
    await dialog.getByLabel('External reference').fill('POS-4411');
    await dialog.getByTestId('payment-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const toast = page.getByRole('alert').filter({ hasText: 'Payment registered' });
    await toast.waitFor();
    expect(await textOf(toast)).toContain(`20,50 RON by Card on ${sale.number}`);

    // The sale's detail refreshed by itself: the payment is listed and the paid amount moved.
    const paymentRow = detail.getByTestId('sale-payment');
    await paymentRow.waitFor();
    expect(await textOf(paymentRow)).toMatch(/Card.*plată la ghișeu \[ref: POS-4411\].*20,50 RON/);
    await expect.poll(() => textOf(detail.getByTestId('sale-paid'))).toBe('20,50 RON');
    const paid = (await e2e().core.invoke('lists.payments', { company_id: 1, bv_id: sale.bv_id })).rows[0]!;

    // In Payments, from the toast's link: the table and the open payment.
    await toast.getByRole('link', { name: 'Open it in Payments' }).click();
    await page.getByTestId('screen-payments').waitFor();
    // The toast closed (its close button is its only button) before the screen is photographed and checked.
    await toast.getByRole('button').click();
    await toast.waitFor({ state: 'detached' });
    expect(searchOf(page).get('open')).toBe(String(paid.incasare_id));
    const payment = page.getByTestId('payment-detail');
    await expect.poll(() => textOf(payment.getByTestId('payment-amount'))).toBe('20,50 RON');
    expect(await payment.getByTestId('payment-mentions').textContent()).toBe('plată la ghișeu [ref: POS-4411]');
    expect(await payment.getByTestId('payment-allocations').textContent()).toContain(sale.number);
    const payments = grid(page, 'Payments');
    await expect.poll(() => firstCell(payments, 0)).toBe(String(paid.incasare_id)); // newest first
    // Beside the open payment the row keeps amount and allocation (its type is in the panel).
    expect(await textOf(rowAt(payments, 0))).toMatch(/20,50 RON.*allocated/);
    expect(await payment.textContent()).toContain('Card');
    await shoot(page, 'payments-detail');
    expect(await seriousViolations(page, 'payments', { dark: false })).toEqual([]);

    // The list alone (Esc closes the payment), then back to it (the address is the screen's state).
    await payments.press('Escape');
    await expect.poll(() => searchOf(page).get('open')).toBe(null);
    await shoot(page, 'payments-list');
    await page.goBack();
    await payment.getByTestId('payment-allocations').waitFor();

    // Filter Payments by the sale: this payment alone; back to the sale through its link.
    // With a payment open the table is narrow: the sale filter is behind "Filters".
    await page.getByTestId('filter-flags').click();
    await page.getByTestId('filter-bv-id').fill(String(sale.bv_id));
    await expect.poll(() => searchOf(page).get('bv_id')).toBe(String(sale.bv_id));
    await expect.poll(() => payments.getAttribute('aria-rowcount')).toBe('2');
    expect(await textOf(page.getByTestId('filter-flags'))).toBe('Filters · 1');
    await page.keyboard.press('Escape');
    await payment.getByRole('link', { name: `Open sale ${sale.bv_id}` }).click();
    await page.getByTestId('screen-sales').waitFor();
    await detail.getByTestId('sale-payment').waitFor();
    expect(await seriousViolations(page, 'sales with detail')).toEqual([]);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('uploads an attachment to a sale: 503 explained without storage, then on the embedded FTP, and downloads it', async () => {
    const sale = await unpaidSale();
    const { context, page, pageErrors } = await openUi(`/c/1/documents/sales?open=${sale.bv_id}`);
    const detail = page.getByTestId('sale-detail');
    await detail.getByTestId('attachments-empty').waitFor();

    // No storage yet: the dialog says so, and an upload is refused with the 503 and a link to the settings.
    await detail.getByTestId('action-upload').click();
    const dialog = page.getByRole('dialog', { name: `Upload attachments to ${sale.number}` });
    await dialog.getByTestId('upload-storage-notice').waitFor();
    await dialog.getByLabel('Upload files').setInputFiles(NOTE);
    const refused = dialog.getByRole('list', { name: 'Uploads' }).getByRole('alert');
    await expect.poll(() => refused.textContent(), { timeout: 10_000 }).toMatch(/\(503\).*Storage \(attachments\)/);
    expect(await refused.getByRole('link', { name: 'Storage (attachments)' }).getAttribute('href')).toMatch(/#\/c\/1\/settings\/storage$/);

    // The embedded FTP switched on (as from its settings): the notice goes by itself; two files at once.
    await e2e().core.invoke('storage.update', { company_id: 1, embedded: true });
    await dialog.getByTestId('upload-storage-notice').waitFor({ state: 'detached' });
    const second = { ...NOTE, name: 'bon-e2e-2.txt' };
    await dialog.getByLabel('Upload files').setInputFiles([NOTE, second]);
    const uploads = dialog.getByRole('list', { name: 'Uploads' });
    await expect.poll(() => uploads.textContent(), { timeout: 15_000 }).toMatch(/bon-e2e\.txt.*uploaded.*bon-e2e-2\.txt.*uploaded/);
    await shoot(page, 'sales-upload-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Listed in the sale's detail (live), and downloaded byte for byte.
    const row = detail.getByTestId('attachment-row').filter({ hasText: 'bon-e2e.txt' });
    await row.waitFor();
    expect(await detail.getByTestId('attachment-row').count()).toBe(2);
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download bon-e2e.txt' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('bon-e2e.txt');
    expect((await readBytes(file)).equals(NOTE.buffer)).toBe(true);
    await detail.getByTestId('detail-attachments').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(RESULTS_DIR, 'sales-detail-attachments-light.png') });

    // Deleted after its confirmation.
    const other = detail.getByTestId('attachment-row').filter({ hasText: 'bon-e2e-2.txt' });
    await other.getByRole('button', { name: 'Delete bon-e2e-2.txt' }).click();
    await page.getByRole('dialog', { name: 'Delete this attachment?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => detail.getByTestId('attachment-row').count(), { timeout: 15_000 }).toBe(1);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
