import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { RESULTS_DIR, useE2eServer, openUi as openSharedUi } from './e2e-server.ts';

/*
 * Staff's payment actions (issue 27 item 2) in a real Chromium: a payment registered from an
 * invoice pays its sales receipt and the invoice shows what is left; the payment cancelled from
 * its screen gives the figures back. Judged by what the control API answers after each click.
 */

const e2e = useE2eServer();
const openUi = (hash: string) => openSharedUi(e2e().server, e2e().browser, hash);

describe('payments from the invoice and payment screens', () => {
  it('registers a payment from an invoice, then cancels it from the payment: the invoice figures follow', { timeout: 120_000 }, async () => {
    const { rows } = await e2e().core.invoke('lists.invoices', { company_id: 1, paid: false, cancelled: false, limit: 200 });
    const read = (bocpId: number) => e2e().core.invoke('invoices.get', { company_id: 1, bocp_id: bocpId });
    let invoice: Awaited<ReturnType<typeof read>> | undefined;
    for (const row of rows.filter((r) => r.currency === 'RON' && r.rest > 20)) {
      const detail = await read(row.bocp_id);
      if (detail.payment_bv_id !== null) {
        invoice = detail;
        break;
      }
    }
    if (!invoice) throw new Error('the demo has no unpaid invoice with a sales receipt');
    const number = `${invoice.doc_series} ${invoice.doc_nr}`;
    const paidReceipt = invoice.payment_bv_id;
    const receipt = invoice.sales.find((s) => s.bv_id === paidReceipt)!;
    const { context, page, pageErrors } = await openUi(`/c/1/documents/invoices?open=${invoice.bocp_id}`);
    const detail = page.getByTestId('invoice-detail');

    await detail.getByRole('button', { name: 'Register payment' }).click();
    const dialog = page.getByRole('dialog', { name: `Register a payment on invoice ${number} (sales receipt ${receipt.doc_series} ${receipt.doc_nr})` });
    await dialog.getByTestId('payment-form').waitFor();
    const amount = dialog.getByLabel('Amount', { exact: false }).first();
    await amount.fill('10');
    await dialog.getByTestId('payment-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const after = await read(invoice.bocp_id);
    expect(after.rest).toBeCloseTo(invoice.rest - 10, 2);
    expect(after.last_payment_date).not.toBe('');
    const [payment] = (await e2e().core.invoke('lists.payments', { company_id: 1, bv_id: receipt.bv_id, limit: 1 })).rows;
    expect(payment).toMatchObject({ amount: 10, source: 'staff' });

    // Cancelled from its own screen, after a confirmation that names what it paid.
    await page.goto(`${e2e().server.url}/#/c/1/documents/payments?open=${payment!.incasare_id}`);
    const panel = page.getByTestId('payment-detail');
    await panel.getByRole('button', { name: 'Cancel payment' }).click();
    const ask = page.getByRole('dialog', { name: `Cancel payment ${payment!.incasare_id}?` });
    await ask.waitFor();
    expect(await ask.textContent()).toContain(`${receipt.doc_series} ${receipt.doc_nr}`);
    await ask.getByRole('button', { name: 'Cancel payment' }).click();
    await expect.poll(async () => (await e2e().core.invoke('payments.get', { company_id: 1, incasare_id: payment!.incasare_id })).document_cancelled).toBe(1);
    const back = await read(invoice.bocp_id);
    expect(back.rest).toBeCloseTo(invoice.rest, 2);
    expect(back.last_payment_date).toBe(invoice.last_payment_date);
    await expect.poll(() => panel.getByRole('button', { name: 'Cancel payment' }).isDisabled()).toBe(true);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

/** Where `locator` is on the page (it is visible). */
async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  return box;
}

type Box = { x: number; y: number; width: number; height: number };

/** Where two boxes overlap, or null. */
function intersection(a: Box, b: Box): Box | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const width = Math.min(a.x + a.width, b.x + b.width) - x;
  const height = Math.min(a.y + a.height, b.y + b.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

/** Whether what a click at (x, y) hits is inside an element matching `selector`. */
const topmostIsIn = (page: Page, x: number, y: number, selector: string) =>
  page.evaluate(
    ({ x, y, selector }) => {
      const doc = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): { closest(s: string): unknown } | null } }).document;
      return doc.elementFromPoint(x, y)?.closest(selector) != null;
    },
    { x, y, selector },
  );

describe('a toast never covers a dialog', () => {
  it('the payment toast moves out of the way of the product dialog opened at once: its Save button takes the click', { timeout: 120_000 }, async () => {
    const { rows } = await e2e().core.invoke('lists.invoices', { company_id: 1, paid: false, cancelled: false, limit: 200 });
    let invoiceId: number | undefined;
    for (const row of rows.filter((r) => r.currency === 'RON' && r.rest > 5 && r.storno_of_id === null)) {
      if ((await e2e().core.invoke('invoices.get', { company_id: 1, bocp_id: row.bocp_id })).payment_bv_id !== null) {
        invoiceId = row.bocp_id;
        break;
      }
    }
    const [product] = (await e2e().core.invoke('lists.products', { company_id: 1, limit: 1 })).rows;
    for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }]) {
      const { context, page, pageErrors } = await openUi(`/c/1/documents/invoices?open=${invoiceId}`);
      await page.setViewportSize(size);
      await page.getByTestId('invoice-detail').getByRole('button', { name: 'Register payment' }).click();
      const payment = page.getByRole('dialog', { name: /^Register a payment on invoice/ });
      await payment.getByTestId('payment-form').waitFor();
      await payment.getByLabel('Amount', { exact: false }).first().fill('1');
      await payment.getByTestId('payment-submit').click();
      await payment.waitFor({ state: 'hidden' });
      const toast = page.getByRole('alert').filter({ hasText: 'registered' }).first();
      await toast.waitFor();

      // Within the toast's 6 s: a product's Edit, a large dialog whose buttons sit at its bottom right.
      await page.goto(`${e2e().server.url}/#/c/1/catalogue/products?open=${product!.product_id}`);
      await page.getByTestId('product-detail').getByTestId('product-edit-open').click();
      const dialog = page.getByRole('dialog', { name: `Edit ${product!.cod_produs}` });
      await dialog.waitFor();
      await dialog.getByTestId('edit-pret_vanzare').fill(String(product!.pret_vanzare + 1).replace('.', ','));
      const save = dialog.getByTestId('edit-save');
      await expect.poll(() => save.isEnabled()).toBe(true);
      expect(await toast.isVisible()).toBe(true);
      await page.waitForTimeout(400); // the toasts' move, and the dialog's opening transition
      await page.screenshot({ path: join(RESULTS_DIR, `toast-beside-dialog-${size.width}.png`) });
      // Beside the dialog where there is room (1440), under its backdrop where there is not (1280):
      // wherever the two meet the dialog is on top, and the Save button is what a click at its middle hits.
      const meet = intersection(await boxOf(toast), await boxOf(dialog));
      expect(meet === null || (await topmostIsIn(page, meet.x + meet.width / 2, meet.y + meet.height / 2, '[role="dialog"]'))).toBe(true);
      expect(await page.locator('.mantine-Notifications-root[data-position="bottom-right"]').getAttribute('data-placement')).toBe(size.width === 1440 ? 'beside-dialog' : 'under-dialog');
      await save.scrollIntoViewIfNeeded();
      const middle = await boxOf(save);
      expect(await topmostIsIn(page, middle.x + middle.width / 2, middle.y + middle.height / 2, '[data-testid="edit-save"]')).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  });
});

describe('a paid invoice reversed by a storno', () => {
  it('offers no payment: neither the invoice nor its storno has anything to collect, and each says why', { timeout: 120_000 }, async () => {
    const { core } = e2e();
    const { rows } = await core.invoke('lists.invoices', { company_id: 1, paid: true, cancelled: false, limit: 200 });
    let paid: (typeof rows)[number] | undefined;
    for (const row of rows.filter((r) => r.storno_of_id === null && r.paid_amount > 0)) {
      const detail = await core.invoke('invoices.get', { company_id: 1, bocp_id: row.bocp_id });
      if (detail.reversed_by === null && detail.payment_bv_id !== null) {
        paid = row;
        break;
      }
    }
    if (!paid) throw new Error('the demo has no paid invoice with a sales receipt');
    const storno = await core.invoke('invoices.storno', { company_id: 1, bocp_id: paid.bocp_id });
    const stornoName = `${storno.doc_series} ${storno.doc_nr}`;
    const { context, page, pageErrors } = await openUi(`/c/1/documents/invoices?open=${paid.bocp_id}`);
    const panel = page.getByTestId('invoice-detail');
    /** The button and the reason its tooltip gives. */
    const register = async () => {
      const button = panel.getByRole('button', { name: 'Register payment' });
      await expect.poll(() => button.isDisabled()).toBe(true);
      await button.locator('xpath=..').hover();
      const tip = page.getByRole('tooltip');
      await tip.waitFor();
      return (await tip.textContent()) ?? '';
    };
    await panel.getByTestId('badge-reversed').waitFor();
    expect(await register()).toBe(`Reversed by storno ${stornoName}: nothing is left to collect (a refund is a payment of its own).`);
    await page.screenshot({ path: join(RESULTS_DIR, 'invoice-reversed-no-payment-light.png') });

    await page.goto(`${e2e().server.url}/#/c/1/documents/invoices?open=${storno.bocp_id}`);
    await panel.getByTestId('badge-storno').waitFor();
    expect(await register()).toBe('A storno invoice has nothing to collect: it reverses another invoice.');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
