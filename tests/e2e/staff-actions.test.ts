import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { RESULTS_DIR, useE2eServer, openUi as openSharedUi } from './e2e-server.ts';

/*
 * Staff actions that say what they do (issue 27 items 7 and 8), in a real Chromium against a
 * real server: Issue invoice lists its follow-ups before the click and what was done after;
 * Generate AWB is disabled while an AWB is active; an AWB is cancelled from its screen and then
 * generated again; the AWB dialog refuses a cash on delivery out of range at the field (nothing
 * sent) and reads 2,5 kg as 2.5; the payment dialog preselects a type, says required fields
 * itself and asks before a payment that would stay unallocated. Judged by roles and accessible
 * names, and by what the REST and control APIs answer after each click.
 */

const e2e = useE2eServer();
const openUi = (hash: string) => openSharedUi(e2e().server, e2e().browser, hash);
const SHOTS = join(import.meta.dirname, '../../docs/screenshots');
const core = () => e2e().core;

/** Light and dark screenshots (1440x900) into docs/screenshots (and test-results). */
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

/** The text of the error linked to a field (aria-describedby), '' when it has none. */
async function errorOf(page: Page, field: Locator): Promise<string> {
  if ((await field.getAttribute('aria-invalid')) !== 'true') return '';
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length === 0 ? '' : ((await page.locator(`[id="${ids[0]}"]`).textContent()) ?? '');
}

/** A connector setting written as the settings screen stores it (the data file, as another process would). */
async function setting(connectorId: number, grp: string, key: string, value: unknown): Promise<void> {
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const db = new BetterSqlite3(join(e2e().dataDir, 'erp-workbench.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('INSERT OR REPLACE INTO connector_settings (company_id, connector_id, grp, key, value) VALUES (1, ?, ?, ?, ?)').run(connectorId, grp, key, JSON.stringify(value));
  } finally {
    db.close();
  }
}

/** A REST call of a partner program (Basic auth of an API user made for the test). */
let restUser: { username: string; password: string } | undefined;
async function rest<T>(path: string): Promise<T> {
  restUser ??= await core().invoke('apiUsers.create', { company_id: 1, username: 'e2e-staff-actions', ip_whitelist: ['*'] });
  const answer = await fetch(`${e2e().server.url}/app/rest/v1/1${path}`, {
    headers: { authorization: `Basic ${Buffer.from(`${restUser.username}:${restUser.password}`).toString('base64')}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}
interface RestAwb { awb_id: number; awb_nr: string; weight_kg: number; cod_amount: number; document_cancelled: number; connector_order_id: number | null }
/** The order's AWBs (the ids its screen lists) as a partner reads them: REST awb/list/id:<id>/. */
async function restAwbsOfOrder(orderId: number): Promise<RestAwb[]> {
  const { awbs } = await core().invoke('orders.get', { company_id: 1, SERVICE_order_id: orderId });
  const rows = await Promise.all(awbs.map((a) => rest<RestAwb[]>(`/awb/list/id:${a.awb_id}/`)));
  return rows.flat();
}

/** A connector-1 order shipped by courier with a client; `fresh`: with no invoice and no active AWB. */
async function courierOrder(fresh: boolean, skip = 0): Promise<{ id: number; uid: string }> {
  const found: { id: number; uid: string }[] = [];
  for (let offset = 0; offset < 2000; offset += 200) {
    const { rows } = await core().invoke('lists.connectorOrders', { company_id: 1, connector_id: 1, cancelled: false, limit: 200, offset });
    for (const row of rows) {
      if ((fresh && (row.invoices.length > 0 || row.awbs.some((a) => a.document_cancelled === 0))) || row.shipping_method !== 'courier') continue;
      const detail = await core().invoke('orders.get', { company_id: 1, SERVICE_order_id: row.SERVICE_order_id });
      if (detail.client !== null) found.push({ id: row.SERVICE_order_id, uid: row.order_unique_id });
      if (found.length > skip) return found[skip]!;
    }
    if (rows.length < 200) break;
  }
  throw new Error('the demo has no such connector-1 courier order');
}

describe('Issue invoice says what it will do, and what it did', () => {
  it('lists the AWB, the status change and what the shop is told before the click; the click does exactly that', { timeout: 120_000 }, async () => {
    await setting(1, 'awb', 'auto_issue', 'on_invoice');
    await setting(1, 'awb', 'default_courier', 'cargus');
    await setting(1, 'awb', 'require_stock', false);
    await setting(1, 'status_sync', 'map', { invoice_issued: 'invoiced', awb_issued: 'shipped' });
    const order = await courierOrder(true);
    const before = await core().invoke('orders.get', { company_id: 1, SERVICE_order_id: order.id });
    const { context, page, pageErrors } = await openUi(`/c/1/connectors/orders?open=${order.id}`);
    const panel = page.getByTestId('order-detail');
    await panel.getByRole('button', { name: 'Issue invoice' }).click();
    const dialog = page.getByRole('dialog', { name: `Issue the invoice of order ${order.uid}` });
    const will = dialog.getByRole('list', { name: 'Issuing will make' });
    await will.waitFor();
    const said = await will.getByRole('listitem').allTextContents();
    expect(said).toContainEqual(expect.stringMatching(/^AWB with cargus/));
    expect(said).toContain(`Order status: ${before.order_status} → shipped`);
    expect(said).toContainEqual(expect.stringMatching(/^The shop is told: the invoice, the AWB, status invoiced, status shipped/));
    await shootDocs(page, 'invoice-dialog-follow-ups');

    // A date the field cannot read is refused there; the preview is not asked and nothing is issued.
    const date = dialog.getByLabel('Invoice date', { exact: false });
    await date.fill('31.02.2026');
    await date.press('Tab');
    expect(await errorOf(page, date)).toBe('There is no such day: 31.02.2026.');
    expect(await dialog.getByRole('button', { name: 'Issue invoice' }).isDisabled()).toBe(true);
    await shootDocs(page, 'invoice-dialog-date-refused');
    await date.fill('');
    await date.press('Tab');
    await will.waitFor();

    await dialog.getByRole('button', { name: 'Issue invoice' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const after = await core().invoke('orders.get', { company_id: 1, SERVICE_order_id: order.id });
    expect(after.invoices).toHaveLength(1);
    expect(after.order_status).toBe('shipped');
    const [awb] = await restAwbsOfOrder(order.id);
    expect(awb).toMatchObject({ document_cancelled: 0 });
    // The panel lists what was done, the AWB by its number.
    const done = panel.getByRole('list', { name: 'Issued' });
    await done.waitFor();
    const told = await done.getByRole('listitem').allTextContents();
    expect(told).toContainEqual(expect.stringMatching(new RegExp(`^Invoice ${after.invoices[0]!.seria} ${after.invoices[0]!.nr} of `)));
    expect(told).toContainEqual(expect.stringMatching(new RegExp(`^AWB ${awb!.awb_nr} with cargus`)));

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('AWB: one active at a time, cancelled from its screen, generated again with amounts read as meant', () => {
  it('Generate AWB is disabled while an AWB is active; cancelled from the AWB screen, it is generated again', { timeout: 150_000 }, async () => {
    await setting(1, 'awb', 'auto_issue', 'off');
    // An order whose AWB was generated by the previous test, or by the demo's import.
    const order = await courierOrder(false, 1);
    const active = (await core().invoke('orders.get', { company_id: 1, SERVICE_order_id: order.id })).awbs.find((a) => a.document_cancelled === 0);
    const first = active ?? (await core().invoke('orders.generateAwb', { company_id: 1, connector_id: 1, order_unique_id: order.uid, awb_type: 'fan' }));
    const { context, page, pageErrors } = await openUi(`/c/1/connectors/orders?open=${order.id}`);
    const panel = page.getByTestId('order-detail');
    const generate = panel.getByRole('button', { name: 'Generate AWB' });
    await generate.waitFor();
    expect(await generate.isDisabled()).toBe(true);
    // The reason is on the screen and is the button's description.
    const reason = `AWB ${first.awb_nr} is active: cancel it to generate another.`;
    expect(await panel.getByText(reason).isVisible()).toBe(true);
    const describedBy = (await generate.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(reason);
    expect(await panel.getByRole('button', { name: `Cancel AWB ${first.awb_nr}` }).isVisible()).toBe(true);

    // Cancelled from the AWB screen, after a confirmation naming it.
    await page.goto(`${e2e().server.url}/#/c/1/documents/awbs?open=${first.awb_id}`);
    const awbPanel = page.getByTestId('awb-detail');
    await awbPanel.getByRole('button', { name: 'Cancel AWB' }).click();
    const ask = page.getByRole('dialog', { name: `Cancel AWB ${first.awb_nr}?` });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Cancel the AWB' }).click();
    await expect.poll(async () => (await restAwbsOfOrder(order.id)).find((a) => a.awb_id === first.awb_id)?.document_cancelled).toBe(1);
    await expect.poll(() => awbPanel.getByRole('button', { name: 'Cancel AWB' }).count()).toBe(0);

    // Back on the order: Generate AWB is offered again.
    await page.goto(`${e2e().server.url}/#/c/1/connectors/orders?open=${order.id}`);
    await expect.poll(() => panel.getByRole('button', { name: 'Generate AWB' }).isEnabled()).toBe(true);
    await panel.getByRole('button', { name: 'Generate AWB' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate an AWB' });
    await dialog.waitFor();
    const cod = dialog.getByLabel('Cash on delivery', { exact: false });
    const weight = dialog.getByLabel('Weight (kg)', { exact: false });
    const submit = dialog.getByRole('button', { name: 'Generate AWB' });

    // Out of range: said at the field with the bound, never clamped, nothing sent.
    await cod.fill('99999999999');
    await cod.press('Tab');
    expect(await errorOf(page, cod)).toMatch(/^At most 10\.?000\.?000\.$/);
    expect(await cod.inputValue()).not.toBe('10.000.000');
    await submit.click({ force: true });
    await page.waitForTimeout(300);
    expect((await restAwbsOfOrder(order.id)).filter((a) => a.document_cancelled === 0)).toEqual([]);
    await shootDocs(page, 'awb-dialog-cod-refused');
    await cod.fill('-10');
    await cod.press('Tab');
    expect(await errorOf(page, cod)).not.toBe('');
    await submit.click({ force: true });
    await page.waitForTimeout(300);
    expect((await restAwbsOfOrder(order.id)).filter((a) => a.document_cancelled === 0)).toEqual([]);

    // 2,5 kg is 2.5 kg; the COD cleared takes the order's.
    await cod.fill('');
    await cod.press('Tab');
    await weight.fill('2,5');
    await weight.press('Tab');
    expect(await errorOf(page, weight)).toBe('');
    await submit.click();
    await dialog.waitFor({ state: 'hidden' });
    const live = (await restAwbsOfOrder(order.id)).filter((a) => a.document_cancelled === 0);
    expect(live).toHaveLength(1);
    expect(live[0]!.weight_kg).toBe(2.5);
    expect(live[0]!.awb_id).not.toBe(first.awb_id);
    await expect.poll(() => panel.getByRole('button', { name: 'Generate AWB' }).isDisabled()).toBe(true);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('Register payment: the type preselected, required fields said by the app, nothing open asked first', () => {
  it('on a receipt paid in full: asks, says the payment stays unallocated, registers only when confirmed', { timeout: 120_000 }, async () => {
    const { rows } = await core().invoke('lists.sales', { company_id: 1, cancelled: false, limit: 500 });
    const sale = rows.find((s) => s.currency === 'RON' && s.document_value_with_vat > 0 && s.paid_amount >= s.document_value_with_vat)!;
    const count = async () => (await core().invoke('lists.payments', { company_id: 1, bv_id: sale.bv_id })).total;
    const paymentsBefore = await count();
    const types = await core().invoke('payments.types', { company_id: 1 });
    const { context, page, pageErrors } = await openUi(`/c/1/documents/sales?open=${sale.bv_id}`);
    await page.getByTestId('action-register-payment').click();
    const dialog = page.getByRole('dialog', { name: `Register a payment on ${sale.doc_series} ${sale.doc_nr}` });
    await dialog.getByTestId('payment-form').waitFor();

    // The type is chosen already: the account's first.
    const type = dialog.getByLabel('Payment type', { exact: false }).first();
    const first = types[0]!;
    expect(await type.inputValue()).toBe(first.name === first.code ? first.code : `${first.name} (${first.code})`);

    // Nothing open: the amount starts empty; the required amount is said by the app, not the browser.
    const amount = dialog.getByLabel('Amount', { exact: false }).first();
    expect(await amount.inputValue()).toBe('');
    await dialog.getByTestId('payment-submit').click();
    await expect.poll(() => errorOf(page, amount)).toBe('Fill this in.');
    expect(await amount.evaluate((input) => (input as unknown as { validationMessage: string }).validationMessage)).toBe('');
    await shootDocs(page, 'payment-dialog-required');
    expect(await count()).toBe(paymentsBefore);

    await amount.fill('125');
    await amount.press('Tab');
    await dialog.getByTestId('payment-submit').click();
    const ask = page.getByRole('dialog', { name: `Nothing is left to pay on ${sale.doc_series} ${sale.doc_nr}` });
    await ask.waitFor();
    expect(await ask.textContent()).toMatch(/stay unallocated/);
    await shootDocs(page, 'payment-dialog-nothing-open');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await count()).toBe(paymentsBefore);

    await dialog.getByTestId('payment-submit').click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Register unallocated' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await count()).toBe(paymentsBefore + 1);
    const [payment] = (await core().invoke('lists.payments', { company_id: 1, bv_id: sale.bv_id, limit: 1 })).rows;
    expect(payment).toMatchObject({ amount: 125, source: 'staff' });
    const stored = await core().invoke('payments.get', { company_id: 1, incasare_id: payment!.incasare_id });
    expect(stored.allocations ?? []).toEqual([]);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
