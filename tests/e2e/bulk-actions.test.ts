import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import { pdfText } from '../pdf-text.ts';
import { seriousViolations } from './axe.ts';
import { ADMIN_TOKEN, RESULTS_DIR, useE2eServer, openUi as openSharedUi } from './e2e-server.ts';

/*
 * Actions on several rows at once (issue 29 item 2), in a real Chromium against a real server:
 * the connector orders' bulk actions (issue invoices, generate AWBs, change status) ask first,
 * say which orders they skip, show their progress and each order's result, one refused order
 * undoing nothing of the others; the invoices and AWB lists print the selection as one PDF.
 * Judged by roles and accessible names, and by what the REST and control APIs answer after.
 */

const e2e = useE2eServer();
const openUi = (hash: string) => openSharedUi(e2e().server, e2e().browser, hash);
const core = () => e2e().core;
const SHOTS = join(import.meta.dirname, '../../docs/screenshots');

async function shoot(page: Page, name: string, docs = false): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
    await page.waitForTimeout(250);
    const file = join(RESULTS_DIR, `${name}-${scheme}.png`);
    await page.screenshot({ path: file });
    if (docs) {
      mkdirSync(SHOTS, { recursive: true });
      copyFileSync(file, join(SHOTS, `${name}-${scheme}.png`));
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** axe on the open dialog, light and dark. */
async function axeDialog(page: Page, label: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
    await page.waitForTimeout(200);
    expect(await seriousViolations(page, { label: `${label} ${scheme}`, include: ['[role="dialog"]'] })).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

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

/** The webhook outbox rows of one order (what the connector is sent), read from the data file. */
async function outboxOf(uid: string): Promise<string[]> {
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const db = new BetterSqlite3(join(e2e().dataDir, 'erp-workbench.sqlite'), { readonly: true });
  try {
    return db.prepare<[string], string>('SELECT notification_type FROM webhook_outbox WHERE connector_id = 1 AND order_unique_id = ? ORDER BY id').pluck().all(uid);
  } finally {
    db.close();
  }
}

let restUser: { username: string; password: string } | undefined;
async function rest<T>(path: string): Promise<T> {
  restUser ??= await core().invoke('apiUsers.create', { company_id: 1, username: 'e2e-bulk', ip_whitelist: ['*'] });
  const answer = await fetch(`${e2e().server.url}/app/rest/v1/1${path}`, {
    headers: { authorization: `Basic ${Buffer.from(`${restUser.username}:${restUser.password}`).toString('base64')}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

interface Pick {
  id: number;
  uid: string;
}

const r2 = (n: number) => Math.round(n * 100) / 100;

/** A product of connector 1 with stock at workpoint 1 (what an order can be placed for). */
async function orderableProduct(): Promise<{ code: string; price: number; vat: number }> {
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const db = new BetterSqlite3(join(e2e().dataDir, 'erp-workbench.sqlite'), { readonly: true });
  try {
    return db
      .prepare(
        `SELECT p.cod_produs AS code, p.pret_vanzare AS price, p.cota_tva_vanzare AS vat
           FROM products p JOIN connector_products cp ON cp.product_id = p.id AND cp.connector_id = 1
           JOIN stock s ON s.product_id = p.id AND s.workpoint_id = 1
          WHERE p.company_id = 1 AND p.deleted = 0 AND p.selling_currency = 'RON' AND s.quantity >= 100 AND s.reserved = 0
          ORDER BY p.id LIMIT 1`,
      )
      .get() as { code: string; price: number; vat: number };
  } finally {
    db.close();
  }
}

/** Places a courier order on connector 1 as its shop would (REST POST /connector/1/order/{uid}/). */
async function placeOrder(uid: string, n: number): Promise<void> {
  restUser ??= await core().invoke('apiUsers.create', { company_id: 1, username: 'e2e-bulk', ip_whitelist: ['*'] });
  const p = await orderableProduct();
  const pwv = r2(p.price * (1 + p.vat / 100));
  const address = { city: 'Cluj-Napoca', county: 'Cluj', country: 'Romania', street: 'Strada Memorandumului', number: '28', zip: '400001' };
  const body = {
    order_unique_id: uid,
    order_status: 'processing',
    order_currency_code: 'RON',
    shipping_method: 'courier',
    client: { name: `Ana Pop ${n}`, email: `ana${n}@example.ro`, client_unique_id: 880000 + n, invoice_address: address, delivery_address: address },
    items: [{ type: 'product', code: p.code, item_name: `Produs ${p.code}`, item_quantity: 1, item_price: p.price, item_vat_percent: p.vat, item_price_with_vat: pwv, line_value_with_vat: pwv }],
  };
  const answer = await fetch(`${e2e().server.url}/app/rest/v1/1/connector/1/order/${encodeURIComponent(uid)}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${restUser.username}:${restUser.password}`).toString('base64')}` },
    body: JSON.stringify(body),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
}

/** Three new connector-1 orders (the newest: the top of the list) and an invoiced one among the first rows. */
async function topOrders(): Promise<{ fresh: Pick[]; invoiced: Pick }> {
  const { rows: before } = await core().invoke('lists.connectorOrders', { company_id: 1, connector_id: 1, limit: 10, offset: 0, sort: 'SERVICE_order_id', direction: 'desc' });
  const old = before.find((row) => !row.order_cancelled && row.invoices.some((i) => i.document_cancelled === 0));
  if (!old) throw new Error("the demo's newest connector-1 orders have no invoiced one");
  const uids = ['BULK-E2E-1', 'BULK-E2E-2', 'BULK-E2E-3'];
  for (const [i, uid] of uids.entries()) await placeOrder(uid, i + 1);
  const { rows } = await core().invoke('lists.connectorOrders', { company_id: 1, connector_id: 1, limit: 10, offset: 0, sort: 'SERVICE_order_id', direction: 'desc' });
  const fresh = uids.map((uid) => {
    const row = rows.find((r) => r.order_unique_id === uid)!;
    expect(row.invoices).toEqual([]);
    return { id: row.SERVICE_order_id, uid };
  });
  return { fresh, invoiced: { id: old.SERVICE_order_id, uid: old.order_unique_id } };
}

const rowOf = (page: Page, uid: string): Locator => page.getByRole('grid').getByRole('row').filter({ hasText: uid });

async function select(page: Page, uids: readonly string[]): Promise<void> {
  for (const uid of uids) {
    const row = rowOf(page, uid);
    await row.locator('[data-select]').click();
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
  }
}

/** The per-row results: order id -> [state, text]. */
async function results(dialog: Locator): Promise<Record<string, [string, string]>> {
  const rows = dialog.getByRole('table', { name: 'Result per order' }).locator('tbody tr');
  const out: Record<string, [string, string]> = {};
  for (const row of await rows.all()) {
    const cells = await row.locator('td').allTextContents();
    out[cells[0]!] = [(await row.getAttribute('data-state')) ?? '', cells[1]!];
  }
  return out;
}

describe('bulk actions on connector orders', () => {
  it('issues invoices for the selection: asks, skips the invoiced one, shows progress and each result; one refused undoes nothing', { timeout: 180_000 }, async () => {
    await setting(1, 'awb', 'auto_issue', 'off');
    await setting(1, 'invoicing', 'auto_issue', 'off');
    await setting(1, 'status_sync', 'map', {});
    const { fresh, invoiced } = await topOrders();
    const [a, b, c] = fresh as [Pick, Pick, Pick];
    const { context, page, pageErrors } = await openUi('/c/1/connectors/orders?connector_id=1');
    await rowOf(page, a.uid).waitFor();
    await select(page, [a.uid, b.uid, invoiced.uid, c.uid]);

    await shoot(page, 'bulk-toolbar');
    await page.getByRole('group', { name: 'Actions on the selected orders' }).getByRole('button', { name: 'Issue invoices…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Issue invoices for the selected orders' });
    await expect.poll(() => dialog.getByTestId('bulk-intro').textContent()).toMatch(/^An invoice will be issued for each of 3 orders/);
    expect(await dialog.getByTestId('bulk-skipped').textContent()).toContain(`${invoiced.uid}: already invoiced (`);
    await axeDialog(page, 'bulk invoice ask');
    await page.setViewportSize({ width: 1280, height: 720 });
    await shoot(page, 'bulk-invoice-ask-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Someone invoices order b while the dialog is open: its row is refused with the core's reason.
    const other = await core().invoke('orders.issueInvoice', { company_id: 1, connector_id: 1, order_unique_id: b.uid });
    // Every progress text the dialog shows, recorded as it changes (the run is faster than polling).
    // (A script string: this file is compiled without the DOM's types.)
    await page.evaluate(`{
      const seen = (window.__progress = []);
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="bulk-progress"]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }`);
    await dialog.getByRole('button', { name: 'Run on 3 orders' }).click();
    await expect.poll(() => dialog.getByTestId('bulk-summary').textContent(), { timeout: 30_000 }).toBe('2 done · 1 refused · 1 skipped');
    expect(await page.evaluate('window.__progress')).toEqual(['Order 1 of 3', 'Order 2 of 3', 'Order 3 of 3']);
    expect(await dialog.getByTestId('bulk-progress').textContent()).toBe('Order 3 of 3');
    expect(await dialog.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe('100');
    const got = await results(dialog);
    expect(got[b.uid]![0]).toBe('refused');
    expect(got[b.uid]![1]).toMatch(/already invoiced/i);
    expect(got[b.uid]![1]).toContain(`${other.doc_series}`);
    expect(got[invoiced.uid]![0]).toBe('skipped');
    await axeDialog(page, 'bulk invoice results');
    await shoot(page, 'bulk-invoice-results', true);
    await page.setViewportSize({ width: 1280, height: 720 });
    await shoot(page, 'bulk-invoice-results-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Each done row: its invoice in the order list, in REST /invoices/list/, and its notification queued.
    for (const order of [a, c]) {
      const detail = await core().invoke('orders.get', { company_id: 1, SERVICE_order_id: order.id });
      const invoice = detail.invoices.find((i) => i.document_cancelled === 0)!;
      expect(got[order.uid]![0]).toBe('done');
      expect(got[order.uid]![1]).toMatch(new RegExp(`^DoneInvoice ${invoice.seria} ${invoice.nr} · \\d+ notifications? queued$`));
      const listed = await rest<Array<{ bocp_id: number; doc_series: string; doc_nr: number }>>(`/invoices/list/id:${invoice.bocp_id}/`);
      expect(listed[0]).toMatchObject({ bocp_id: invoice.bocp_id, doc_series: invoice.seria, doc_nr: invoice.nr });
      expect(await outboxOf(order.uid)).toContain('invoice');
    }
    await dialog.getByTestId('bulk-close').click();
    await dialog.waitFor({ state: 'hidden' });
    // The list shows the new invoices (in its Documents column, shown on a wide screen) and the selection is cleared.
    await page.setViewportSize({ width: 1920, height: 900 });
    const aInvoice = (await core().invoke('orders.get', { company_id: 1, SERVICE_order_id: a.id })).invoices[0]!;
    await expect.poll(() => rowOf(page, a.uid).textContent()).toContain(`${aInvoice.seria} ${aInvoice.nr}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await page.getByRole('grid').locator('[aria-selected="true"]').count()).toBe(0);

    // Generate AWBs for the same three: a, b, c take one each (the connector's default courier).
    await select(page, [a.uid, b.uid, c.uid]);
    await page.getByRole('button', { name: 'Generate AWBs…' }).click();
    const awbDialog = page.getByRole('dialog', { name: 'Generate AWBs for the selected orders' });
    await awbDialog.getByTestId('bulk-intro').waitFor();
    await axeDialog(page, 'bulk awb ask');
    await awbDialog.getByRole('button', { name: 'Run on 3 orders' }).click();
    await expect.poll(() => awbDialog.getByTestId('bulk-summary').textContent(), { timeout: 30_000 }).toBe('3 done · 0 refused');
    const awbs = await results(awbDialog);
    for (const order of [a, b, c]) {
      const detail = await core().invoke('orders.get', { company_id: 1, SERVICE_order_id: order.id });
      const awb = detail.awbs.find((x) => x.document_cancelled === 0)!;
      expect(awbs[order.uid]![1]).toContain(`AWB ${awb.awb_nr}`);
      const listed = await rest<Array<{ awb_id: number; awb_nr: string }>>(`/awb/list/id:${awb.awb_id}/`);
      expect(listed[0]).toMatchObject({ awb_id: awb.awb_id, awb_nr: awb.awb_nr });
      expect(await outboxOf(order.uid)).toContain('awb');
    }
    await shoot(page, 'bulk-awb-results');
    await awbDialog.getByTestId('bulk-close').click();
    await awbDialog.waitFor({ state: 'hidden' });

    // Again: all three now have an active AWB, said up front; nothing can run.
    await select(page, [a.uid, c.uid]);
    await page.getByRole('button', { name: 'Generate AWBs…' }).click();
    const again = page.getByRole('dialog', { name: 'Generate AWBs for the selected orders' });
    await again.getByTestId('bulk-nothing').waitFor();
    expect(await again.getByTestId('bulk-skipped').textContent()).toContain('has an active AWB');
    expect(await again.getByRole('button', { name: /^Run on/ }).isDisabled()).toBe(true);
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'hidden' });

    // Change status: every selected order takes it, the status notification queued.
    await page.getByRole('button', { name: 'Change status…' }).click();
    const statusDialog = page.getByRole('dialog', { name: 'Change the status of the selected orders' });
    await statusDialog.getByLabel('New status', { exact: false }).fill('packed-e2e');
    await axeDialog(page, 'bulk status ask');
    await statusDialog.getByRole('button', { name: 'Run on 2 orders' }).click();
    await expect.poll(() => statusDialog.getByTestId('bulk-summary').textContent(), { timeout: 30_000 }).toBe('2 done · 0 refused');
    for (const order of [a, c]) {
      expect((await core().invoke('orders.get', { company_id: 1, SERVICE_order_id: order.id })).order_status).toBe('packed-e2e');
      expect(await outboxOf(order.uid)).toContain('status');
    }
    await statusDialog.getByTestId('bulk-close').click();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('Cancel in a bulk run', () => {
  it('stops before the next order: the one under way finishes, the rest are not run and not changed', { timeout: 120_000 }, async () => {
    const { context, page, pageErrors } = await openUi('/c/1/connectors/orders?connector_id=1&cancelled=false');
    const grid = page.getByRole('grid');
    await grid.locator('[role="row"][aria-rowindex="5"] [data-select]').waitFor();
    for (const index of [2, 3, 4, 5]) await grid.locator(`[role="row"][aria-rowindex="${index}"] [data-select]`).click();
    // Each status call answered after 1.5 s: the run is slow enough to be stopped half way.
    await page.route('**/_sandbox/accounts/1/connectors/*/orders/*/status', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Change status…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the status of the selected orders' });
    await dialog.getByLabel('New status', { exact: false }).fill('stopped-e2e');
    await dialog.getByRole('button', { name: 'Run on 4 orders' }).click();
    await expect.poll(() => dialog.getByTestId('bulk-progress').textContent(), { timeout: 10_000 }).toBe('Order 2 of 4');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.getByTestId('bulk-summary').textContent(), { timeout: 30_000 }).toMatch(/not run/);
    const got = await results(dialog);
    const done = Object.keys(got).filter((uid) => got[uid]![0] === 'done');
    const notRun = Object.keys(got).filter((uid) => got[uid]![0] === 'notRun');
    // Cancel was clicked while the second order was under way (on a loaded machine, maybe the third).
    expect(done.length).toBeGreaterThanOrEqual(2);
    expect(notRun.length).toBeGreaterThanOrEqual(1);
    expect(done.length + notRun.length).toBe(4);
    expect(await dialog.getByText('Stopped: the orders after the cancel were not run.').count()).toBe(1);
    // The orders not run keep their status; the done ones have the new one.
    const { rows } = await core().invoke('lists.connectorOrders', { company_id: 1, connector_id: 1, limit: 100, offset: 0 });
    const statusOf = (uid: string) => rows.find((r) => r.order_unique_id === uid)!.order_status;
    for (const uid of done) expect(statusOf(uid)).toBe('stopped-e2e');
    for (const uid of notRun) expect(statusOf(uid)).not.toBe('stopped-e2e');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await (download as Download).path();
  const { readFileSync } = await import('node:fs');
  return readFileSync(path);
}

describe('printing the selection as one PDF', () => {
  it('prints the selected invoices and AWB labels, in the order selected', { timeout: 120_000 }, async () => {
    const { context, page, pageErrors } = await openUi('/c/1/documents/invoices');
    const { rows } = await core().invoke('lists.invoices', { company_id: 1, limit: 3, offset: 0, sort: 'bocp_id', direction: 'desc' });
    const grid = page.getByRole('grid');
    for (const row of rows) {
      await grid.getByRole('row').filter({ hasText: String(row.bocp_id) }).filter({ hasText: String(row.doc_nr) }).first().locator('[data-select]').click();
    }
    const bytes = await downloaded(page, () => page.getByRole('button', { name: 'Print selected' }).click());
    const pdf = await pdfText(bytes);
    expect(pdf.title).toBe('Facturi (3)');
    const all = pdf.text.join('\n');
    for (const row of rows) expect(all).toContain(`${row.doc_series}-${row.doc_nr}`);
    expect(pdf.pages).toBeGreaterThanOrEqual(3);
    await shoot(page, 'print-selected-invoices');

    await page.goto(`${e2e().server.url}/?token=${encodeURIComponent(ADMIN_TOKEN)}#/c/1/documents/awbs`);
    const awbs = (await core().invoke('lists.awbs', { company_id: 1, limit: 2, offset: 0, sort: 'awb_id', direction: 'desc' })).rows;
    for (const awb of awbs) await page.getByRole('grid').getByRole('row').filter({ hasText: awb.awb_nr }).locator('[data-select]').click();
    const labels = await pdfText(await downloaded(page, () => page.getByRole('button', { name: 'Print labels' }).click()));
    expect(labels.pages).toBe(2);
    awbs.forEach((awb, i) => expect(labels.text[i]).toContain(awb.awb_nr));
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('bulk Change status offers the statuses the single action offers', () => {
  it("lists the connector's status events, and says so when the selected orders' connectors name different ones", { timeout: 120_000 }, async () => {
    await setting(1, 'status_sync', 'map', { delivered: 'Livrată', cancelled: 'Anulată' });
    await setting(2, 'status_sync', 'map', { delivered: 'complete' });
    const { rows } = await core().invoke('lists.connectorOrders', { company_id: 1, cancelled: false, limit: 20, offset: 0 });
    const first = rows.find((r) => r.connector_id === 1)!;
    const second = rows.find((r) => r.connector_id === 2)!;
    const names = Object.fromEntries(
      await Promise.all([1, 2].map(async (id) => [id, (await core().invoke('connectors.get', { company_id: 1, connector_id: id })).connector.name] as const)),
    );
    const { context, page, pageErrors } = await openUi('/c/1/connectors/orders?cancelled=false');
    await rowOf(page, first.order_unique_id).waitFor();

    // One connector: its events as choices, and what each is sent as (the single action's words).
    await select(page, [first.order_unique_id]);
    await page.getByRole('button', { name: 'Change status…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the status of the selected orders' });
    const status = dialog.getByLabel('New status', { exact: false });
    await status.click();
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['delivered', 'cancelled']);
    expect(await dialog.getByTestId('bulk-status-events').textContent()).toBe('Events this connector names: delivered → Livrată · cancelled → Anulată');
    expect(await dialog.getByTestId('bulk-status-differ').count()).toBe(0);
    await dialog.getByTestId('bulk-intro').click(); // closes the choices
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Two connectors whose lists differ: every event offered, and which connector maps which.
    await select(page, [second.order_unique_id]);
    await page.getByRole('button', { name: 'Change status…' }).click();
    await status.click();
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['delivered', 'cancelled']);
    const differ = dialog.getByTestId('bulk-status-differ');
    expect(await differ.getByRole('listitem').allTextContents()).toEqual([`${names[1]}: delivered → Livrată · cancelled → Anulată`, `${names[2]}: delivered → complete`]);
    expect(await differ.textContent()).toContain('an event its connector does not name is set on its orders as typed');
    await page.getByRole('option', { name: 'delivered' }).click();
    await axeDialog(page, 'bulk status connectors differ');
    await shoot(page, 'bulk-status-connectors-differ');
    await dialog.getByRole('button', { name: 'Run on 2 orders' }).click();
    await expect.poll(() => dialog.getByTestId('bulk-summary').textContent(), { timeout: 30_000 }).toBe('2 done · 0 refused');
    // Each shop's status as its own connector maps the event.
    expect((await core().invoke('orders.get', { company_id: 1, SERVICE_order_id: first.SERVICE_order_id })).order_status).toBe('Livrată');
    expect((await core().invoke('orders.get', { company_id: 1, SERVICE_order_id: second.SERVICE_order_id })).order_status).toBe('complete');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
