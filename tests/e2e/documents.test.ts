import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seriousViolations as axeFindings } from './axe.ts';
import type { Page } from 'playwright-core';
import { ADMIN_TOKEN, RESULTS_DIR, useE2eServer, openUi as openSharedUi } from './e2e-server.ts';

/*
 * The document screens (Invoices, Proformas, Fiscal receipts, AWBs, Contacts) in a real Chromium
 * against a real server on the demo account: rows load, filters and sorts are the address and
 * change the rows, a record opens in the side panel, the invoice's HTML and PDF links answer,
 * attachments show on a detail and appear live. Axe on each screen with its detail open, and
 * screenshots (light and dark) in test-results/.
 */

const e2e = useE2eServer();

interface Screen {
  id: 'invoices' | 'proformas' | 'fiscalReceipts' | 'awbs' | 'contacts';
  file: string;
  path: string;
  detail: string;
  heading: RegExp;
}

const SCREENS: Screen[] = [
  { id: 'invoices', file: 'invoices', path: '/c/1/documents/invoices', detail: 'invoice-detail', heading: /^Invoice \S+ \d+$/ },
  { id: 'proformas', file: 'proformas', path: '/c/1/documents/proformas', detail: 'proforma-detail', heading: /^Proforma \S+ \d+$/ },
  { id: 'fiscalReceipts', file: 'fiscal-receipts', path: '/c/1/documents/fiscal-receipts', detail: 'fiscal-receipt-detail', heading: /^Fiscal receipt / },
  { id: 'awbs', file: 'awbs', path: '/c/1/documents/awbs', detail: 'awb-detail', heading: /^AWB \w+$/ },
  { id: 'contacts', file: 'contacts', path: '/c/1/catalogue/contacts', detail: 'contact-detail', heading: /\S/ },
];


/** The UI at `hash` in a fresh context (e2e-server.ts). */
const openUi = (hash: string) => openSharedUi(e2e().server, e2e().browser, hash);

const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);
const grid = (page: Page) => page.getByRole('grid');
const rowAt = (page: Page, index: number) => grid(page).locator(`[role="row"][aria-rowindex="${index + 2}"]`);
/** A row's cells as text, without the selection checkbox's cell of a list with selection. */
const cellsOf = async (page: Page, index: number) =>
  (await rowAt(page, index).getByRole('gridcell').filter({ hasNot: page.locator('[data-select]') }).allTextContents()).map((text) => text.trim());
/** The table's "N rows" as a number (ro-RO grouping removed). */
const rowCount = async (page: Page) => Number(((await page.getByTestId('row-count').textContent()) ?? '').replace(/\D/g, ''));
const loaded = (page: Page) => expect.poll(() => rowAt(page, 0).getAttribute('aria-busy'), { timeout: 15_000 }).toBeNull();

/** axe-core on the screen (its table, filters and detail; the shell around it is shell.test.ts's). */
const seriousViolations = (page: Page, screen: Screen['id'], where: string) =>
  axeFindings(page, { label: where, include: [`[data-testid="screen-${screen}"]`] });

async function scheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(colorScheme);
  await page.waitForTimeout(250);
}

/** GET of a document link from the test (no browser): status, content type, first bytes. */
async function fetchDocument(url: string): Promise<{ status: number; type: string | null; head: string }> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type'), head: body.subarray(0, 5).toString('latin1') };
}

describe('the document screens', () => {
  for (const screen of SCREENS) {
    it(`${screen.id}: loads rows, opens a record in the side panel, passes axe, photographed in light and dark`, async () => {
      const { context, page, pageErrors } = await openUi(screen.path);
      await page.getByTestId(`screen-${screen.id}`).waitFor();
      await loaded(page);
      expect(await rowCount(page)).toBeGreaterThan(10);
      await page.screenshot({ path: join(RESULTS_DIR, `${screen.file}-list-light.png`) });

      // A click opens the row's record: its id in the address, the panel beside the table.
      const firstId = (await cellsOf(page, 0))[0]!.replace(/\D/g, '');
      await rowAt(page, 0).getByRole('gridcell').nth(1).click();
      await expect.poll(() => hashOf(page)).toContain(`open=${firstId}`);
      const detail = page.getByTestId(screen.detail);
      await expect.poll(() => detail.getByRole('heading', { level: 2 }).textContent(), { timeout: 10_000 }).toMatch(screen.heading);
      await detail.getByTestId('detail-attachments').getByTestId('attachments-empty').waitFor();
      expect(await detail.getByTestId('detail-links').count()).toBe(1);

      const violations: string[] = [];
      for (const colorScheme of ['light', 'dark'] as const) {
        await scheme(page, colorScheme);
        violations.push(...(await seriousViolations(page, screen.id, `${screen.id} (${colorScheme})`)));
        await page.screenshot({ path: join(RESULTS_DIR, `${screen.file}-detail-${colorScheme}.png`) });
      }
      expect(violations).toEqual([]);

      // Esc in the table closes the panel and takes `open` out of the address.
      await grid(page).focus();
      await page.keyboard.press('Escape');
      await expect.poll(() => hashOf(page)).not.toContain('open=');
      expect(await detail.count()).toBe(0);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }

  it('keeps filters and sort in the address and reads the rows they ask for', async () => {
    const { context, page, pageErrors } = await openUi('/c/1/documents/invoices');
    await loaded(page);
    const all = await rowCount(page);

    // Paid: a select in the toolbar; every row left is paid, and fewer than all.
    await page.getByTestId('filter-paid').click();
    await page.getByRole('option', { name: 'Paid', exact: true }).click();
    await expect.poll(() => hashOf(page)).toContain('paid=true');
    await expect.poll(() => rowCount(page)).toBeLessThan(all);
    await loaded(page);
    // ID, number, date, client, total, left to pay, state.
    const paidRow = await cellsOf(page, 0);
    expect(paidRow[6]).toBe('paid');
    expect(paidRow[5]).toMatch(/^0,00\sRON$/); // nothing left to pay

    // Sort by total (largest first): the address says it, the first row is the largest.
    await page.getByRole('columnheader', { name: 'Total' }).getByRole('button').click();
    await expect.poll(() => hashOf(page)).toMatch(/sort=document_value_with_vat.*direction=desc|direction=desc.*sort=document_value_with_vat/);
    expect(await page.getByRole('columnheader', { name: 'Total' }).getAttribute('aria-sort')).toBe('descending');
    const amount = (cells: string[]) => Number(cells[4]!.replace(/[^\d,]/g, '').replace(',', '.'));
    await expect.poll(async () => amount(await cellsOf(page, 0)) >= amount(await cellsOf(page, 1))).toBe(true);

    // A client from the searchable select (lists.contacts q): its invoices only.
    await page.getByTestId('filter-client').fill('SRL');
    const option = page.getByRole('option', { name: /SRL/ }).first();
    const optionText = (await option.textContent()) ?? '';
    await option.click();
    await expect.poll(() => hashOf(page)).toMatch(/client_id=\d+/);
    await loaded(page);
    const clientName = (await cellsOf(page, 0))[3]!;
    expect(clientName).toMatch(/SRL/);
    expect(optionText.startsWith(clientName)).toBe(true);

    // Back in history: the client filter goes, the rows come back.
    const withClient = await rowCount(page);
    await page.goBack();
    await expect.poll(() => hashOf(page)).not.toContain('client_id=');
    await expect.poll(() => rowCount(page)).toBeGreaterThan(withClient);

    // A date range nothing falls in: the empty state says what to do, and clears the filters.
    await page.goto(`${e2e().server.url}/#/c/1/documents/invoices?date_from=1999-01-01&date_through=1999-01-31`);
    const empty = page.getByTestId('data-table-empty');
    await expect.poll(() => empty.textContent()).toMatch(/No invoices match these filters.*Widen the date range/);
    await empty.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => hashOf(page)).not.toContain('date_from');
    await expect.poll(() => rowCount(page)).toBe(all);

    // Free text on contacts, debounced: one address change once typing pauses.
    await page.goto(`${e2e().server.url}/#/c/1/catalogue/contacts`);
    await loaded(page);
    const contacts = await rowCount(page);
    // The first word of a name shown (the search matches names from their start).
    const word = (await cellsOf(page, 0))[1]!.split(' ')[0]!;
    await page.getByTestId('filter-q').fill(word);
    await expect.poll(() => hashOf(page)).toContain(`q=${word}`);
    await expect.poll(() => rowCount(page)).toBeLessThan(contacts);
    await loaded(page);
    expect((await cellsOf(page, 0))[1]!.startsWith(word)).toBe(true);
    // Sort by name: ascending first click on a text column.
    await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await expect.poll(() => hashOf(page)).toContain('sort=name');

    // Fiscal receipts by status, AWBs by courier.
    await page.goto(`${e2e().server.url}/#/c/1/documents/fiscal-receipts`);
    await loaded(page);
    await page.getByTestId('filter-status').click();
    await page.getByRole('option', { name: 'cancelled' }).click();
    await expect.poll(() => hashOf(page)).toContain('status_id=0');
    await loaded(page);
    expect(await cellsOf(page, 0)).toContain('cancelled');

    await page.goto(`${e2e().server.url}/#/c/1/documents/awbs`);
    await loaded(page);
    await page.getByTestId('filter-courier').click();
    await page.getByRole('option', { name: /\(cargus\)$/ }).click();
    await expect.poll(() => hashOf(page)).toContain('awb_type=cargus');
    await loaded(page);
    expect((await cellsOf(page, 0))[2]).toMatch(/^Cargus$/i); // the courier's name (awbs.couriers), not its code
    await page.getByRole('columnheader', { name: 'Date' }).getByRole('button').click();
    await expect.poll(() => hashOf(page)).toContain('sort=doc_date');

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);

  it('opens the invoice HTML and PDF, the proforma PDF and the AWB label: each link answers with its type', async () => {
    const { context, page, pageErrors } = await openUi('/c/1/documents/invoices?open=177');
    const detail = page.getByTestId('invoice-detail');
    const html = detail.getByTestId('open-html');
    await html.waitFor({ timeout: 10_000 });
    // New windows: the desktop shell sends them to the system browser.
    expect(await html.getAttribute('target')).toBe('_blank');
    expect(await html.getAttribute('rel')).toBe('noopener');
    const htmlUrl = (await html.getAttribute('href'))!;
    const pdfUrl = (await detail.getByTestId('open-pdf').getAttribute('href'))!;
    expect(htmlUrl).toMatch(/\/documents\/invoice\/1\.177\.\d+\.[\w-]{32}\/html\/$/);
    expect(await fetchDocument(htmlUrl)).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(await fetchDocument(pdfUrl)).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });
    // The page opens in a new window (a popup here) and shows the invoice.
    const popup = page.waitForEvent('popup');
    await html.click();
    const opened = await popup;
    await opened.waitForLoadState();
    expect(await opened.textContent('body')).toMatch(/FACTURĂ FISCALĂ/);
    await opened.close();

    // The invoice's sales receipt and client are links to their screens.
    const sale = detail.getByTestId('link-sale').first();
    expect(await sale.getAttribute('href')).toMatch(/#\/c\/1\/documents\/sales\?open=\d+$/);

    await page.goto(`${e2e().server.url}/#/c/1/documents/proformas?open=3`);
    const proforma = page.getByTestId('proforma-detail');
    await proforma.getByTestId('open-pdf').waitFor({ timeout: 10_000 });
    expect(await fetchDocument((await proforma.getByTestId('open-pdf').getAttribute('href'))!)).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(await fetchDocument((await proforma.getByTestId('open-html').getAttribute('href'))!)).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    // Proforma 3 was invoiced: the link opens its invoice in the Invoices screen.
    await proforma.getByTestId('link-invoice').click();
    await expect.poll(() => hashOf(page)).toMatch(/^#\/c\/1\/documents\/invoices\?open=\d+$/);
    await page.getByTestId('invoice-detail').getByTestId('open-pdf').waitFor({ timeout: 10_000 });

    await page.goto(`${e2e().server.url}/#/c/1/documents/awbs?open=87`);
    const label = page.getByTestId('awb-detail').getByTestId('open-label');
    await label.waitFor({ timeout: 10_000 });
    expect(await fetchDocument((await label.getAttribute('href'))!)).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lists the attachments of the open document, and a new one appears without a reload', async () => {
    const { core } = e2e();
    await core.invoke('storage.update', { company_id: 1, embedded: true });
    const file = (name: string) => ({ company_id: 1, doctype: 'invoice' as const, doc_id: 176, file_name: name, content_base64: Buffer.from(`scan ${name}`).toString('base64') });
    await core.invoke('attachments.upload', file('contract-semnat.txt'));

    const { context, page, pageErrors } = await openUi('/c/1/documents/invoices?open=176');
    const attachments = page.getByTestId('invoice-detail').getByTestId('detail-attachments');
    const list = attachments.getByRole('list', { name: 'Attachments' });
    await list.getByRole('listitem').filter({ hasText: 'contract-semnat.txt' }).waitFor({ timeout: 15_000 });
    expect(await list.getByRole('listitem').first().textContent()).toMatch(/contract-semnat\.txt\d+ B · \d\d\.\d\d\.\d{4}, \d\d:\d\d:\d\d/);
    expect(await list.getByRole('button', { name: 'Download contract-semnat.txt' }).count()).toBe(1);

    // Uploaded elsewhere (a partner, the CLI): the open panel shows it through data.changed.
    await core.invoke('attachments.upload', file('aviz-livrare.txt'));
    await list.getByRole('listitem').filter({ hasText: 'aviz-livrare.txt' }).waitFor({ timeout: 15_000 });
    expect(await list.getByRole('listitem').count()).toBe(2);
    await attachments.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(RESULTS_DIR, 'invoices-attachments-light.png') });

    // Delete asks first (a Mantine modal), then the file is gone from the list.
    await list.getByRole('button', { name: 'Delete aviz-livrare.txt' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this attachment?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toMatch(/Delete aviz-livrare\.txt\? The file is removed from the storage too\./);
    for (const colorScheme of ['light', 'dark'] as const) {
      await scheme(page, colorScheme);
      await page.screenshot({ path: join(RESULTS_DIR, `invoices-delete-attachment-dialog-${colorScheme}.png`) });
    }
    await confirm.getByTestId('confirm-action').click();
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
