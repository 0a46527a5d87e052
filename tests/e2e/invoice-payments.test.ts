import { describe, expect, it } from 'vitest';
import { useE2eServer, openUi as openSharedUi } from './e2e-server.ts';

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
