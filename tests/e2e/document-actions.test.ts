import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './axe.ts';
import { RESULTS_DIR, useE2eServer, openUi as openSharedUi } from './e2e-server.ts';

/*
 * The everyday document actions of issue 29 in a real Chromium against a real server: reverse
 * an invoice (storno) from its panel, turn a proforma into an invoice from its panel, edit a
 * contact from its panel. Each dialog says before the click what will happen (number, date,
 * total) and the toast after it; judged by roles and accessible names, and by what the REST API
 * answers a partner afterwards. axe on each dialog in light and dark; screenshots at 1440x900
 * (docs/screenshots) and 1280x720 (test-results).
 */

const e2e = useE2eServer();
const openUi = (hash: string) => openSharedUi(e2e().server, e2e().browser, hash);
const SHOTS = join(import.meta.dirname, '../../docs/screenshots');

/** Rows of the data file read as another process would (the test picks its records by rule). */
async function query<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const db = new BetterSqlite3(join(e2e().dataDir, 'erp-workbench.sqlite'), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

let restUser: { username: string; password: string } | undefined;
/** A REST list read by a partner program (Basic auth of an API user made for the test). */
async function rest<T>(path: string): Promise<T> {
  restUser ??= await e2e().core.invoke('apiUsers.create', { company_id: 1, username: 'e2e-document-actions', ip_whitelist: ['*'] });
  const answer = await fetch(`${e2e().server.url}/app/rest/v1/1${path}`, {
    headers: { authorization: `Basic ${Buffer.from(`${restUser.username}:${restUser.password}`).toString('base64')}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

/**
 * The dialog checked by axe and photographed in light and dark: 1440x900 into docs/screenshots
 * when `docs` names it, 1280x720 into test-results.
 */
async function checkDialog(page: Page, dialog: Locator, name: string, docs: boolean, show?: Locator): Promise<void> {
  const id = await dialog.getAttribute('id');
  for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }]) {
    await page.setViewportSize(size);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
      await show?.scrollIntoViewIfNeeded();
      await page.waitForTimeout(250);
      expect(await seriousViolations(page, { label: `${name} ${scheme}`, include: [id ? `[id="${id}"]` : '[role="dialog"]'] })).toEqual([]);
      const file = join(RESULTS_DIR, `${name}-${scheme}-${size.width}.png`);
      await page.screenshot({ path: file });
      if (docs && size.width === 1440) {
        mkdirSync(SHOTS, { recursive: true });
        copyFileSync(file, join(SHOTS, `${name}-${scheme}.png`));
      }
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

interface RestInvoice { bocp_id: number; doc_series: string; doc_nr: number; rest: number; storno_of_id: number | null; document_value_with_vat: number; document_cancelled: number }

describe('Storno from the invoice panel', () => {
  it('says the storno number, date and total before the click; issues it; the invoice is shown reversed', { timeout: 150_000 }, async () => {
    const [inv] = await query<{ id: number; series: string; number: number; total_with_vat: number }>(
      `SELECT i.id, i.series, i.number, i.total_with_vat FROM invoices i
        WHERE i.company_id = 1 AND i.cancelled = 0 AND i.storno_of_id IS NULL AND i.date <= date('now')
          AND NOT EXISTS (SELECT 1 FROM invoices r WHERE r.storno_of_id = i.id)
          AND NOT EXISTS (SELECT 1 FROM sales s WHERE s.invoice_id = i.id)
          AND EXISTS (SELECT 1 FROM invoice_items l WHERE l.invoice_id = i.id AND l.product_id IS NOT NULL)
        ORDER BY i.id DESC LIMIT 1`,
    );
    const [{ next }] = (await query<{ next: number }>('SELECT max(number) + 1 AS next FROM invoices WHERE company_id = 1 AND series = ?', inv!.series)) as [{ next: number }];
    const name = `${inv!.series} ${inv!.number}`;
    const stornoName = `${inv!.series} ${next}`;
    const { context, page, pageErrors } = await openUi(`/c/1/documents/invoices?open=${inv!.id}`);
    const panel = page.getByTestId('invoice-detail');
    await panel.getByRole('button', { name: 'Storno (reverse)' }).click();
    const dialog = page.getByRole('dialog', { name: `Reverse invoice ${name} with a storno` });
    const will = dialog.getByRole('list', { name: 'What the storno will do' });
    await will.waitFor();
    const said = await will.getByRole('listitem').allTextContents();
    expect(said[0]).toMatch(new RegExp(`^Storno invoice ${stornoName} will be issued, dated .+, total -`));
    expect(said).toContain(`Invoice ${name} stays, marked as reversed by it.`);
    expect(said).toContainEqual(expect.stringMatching(/go(es)? back to stock\.$/));
    await checkDialog(page, dialog, 'invoice-storno-dialog', true);

    // A date before the invoice is refused at the field; nothing is issued.
    const date = dialog.getByLabel('Storno date', { exact: false });
    await date.fill('01.01.2000');
    await date.press('Tab');
    await expect.poll(async () => (await date.getAttribute('aria-invalid')) === 'true').toBe(true);
    expect(await rest<RestInvoice[]>(`/invoices/list/id:${inv!.id}/`)).toMatchObject([{ rest: expect.any(Number) }]);
    await date.fill('');
    await date.press('Tab');
    await will.waitFor();

    await dialog.getByRole('button', { name: `Issue storno ${stornoName}` }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`Storno ${stornoName} issued: invoice ${name} is reversed`).waitFor();
    // A partner reads the storno and the original with nothing left to pay.
    const [storno] = await query<{ id: number }>('SELECT id FROM invoices WHERE storno_of_id = ?', inv!.id);
    expect(await rest<RestInvoice[]>(`/invoices/list/id:${storno!.id}/`)).toMatchObject([
      { doc_series: inv!.series, doc_nr: next, storno_of_id: inv!.id, document_value_with_vat: -inv!.total_with_vat, rest: 0 },
    ]);
    expect(await rest<RestInvoice[]>(`/invoices/list/id:${inv!.id}/`)).toMatchObject([{ rest: 0, document_cancelled: 0 }]);
    // The panel refreshes: the button is disabled with the reason, and links the storno.
    await panel.getByText(`Already reversed by storno ${stornoName}.`).waitFor();
    expect(await panel.getByRole('button', { name: 'Storno (reverse)' }).isDisabled()).toBe(true);
    expect(await panel.getByRole('link', { name: `Reversed by storno ${stornoName}` }).isVisible()).toBe(true);
    expect(await panel.getByTestId('badge-reversed').textContent()).toBe('reversed');
    // The same panel in Romanian.
    await page.getByTestId('language-switch').getByText('RO', { exact: true }).click();
    await panel.getByText(`Stornată deja prin ${stornoName}.`).waitFor();
    expect(await panel.getByRole('button', { name: 'Stornează' }).isDisabled()).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('Invoice from the proforma panel', () => {
  it('says the invoice number, date and total before the click; issues it; the proforma links it', { timeout: 150_000 }, async () => {
    const [pf] = await query<{ id: number; series: string; number: number; total_with_vat: number; client_name: string }>(
      `SELECT p.id, p.series, p.number, p.total_with_vat, p.client_name FROM proformas p
        WHERE p.company_id = 1 AND p.cancelled = 0 AND p.invoice_id IS NULL AND p.date <= date('now')
          AND NOT EXISTS (SELECT 1 FROM connector_orders o WHERE o.proforma_id = p.id)
        ORDER BY p.id DESC LIMIT 1`,
    );
    const name = `${pf!.series} ${pf!.number}`;
    const { context, page, pageErrors } = await openUi(`/c/1/documents/proformas?open=${pf!.id}`);
    const panel = page.getByTestId('proforma-detail');
    await panel.getByRole('button', { name: 'Issue invoice' }).click();
    const dialog = page.getByRole('dialog', { name: `Issue the invoice of proforma ${name}` });
    const will = dialog.getByRole('list', { name: 'What issuing will do' });
    await will.waitFor();
    const said = await will.getByRole('listitem').allTextContents();
    const [, invoiceName] = /^Invoice (\S+ \d+) will be issued to /.exec(said[0]!) ?? [];
    expect(invoiceName).toMatch(/^DMO \d+$/);
    expect(said[0]).toContain(pf!.client_name);
    expect(said).toContain(`Proforma ${name} is linked to it.`);
    await checkDialog(page, dialog, 'proforma-invoice-dialog', false);

    await dialog.getByRole('button', { name: `Issue invoice ${invoiceName}` }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`Invoice ${invoiceName} issued from proforma ${name}`).waitFor();
    const [row] = await rest<{ invoice_id: number | null }[]>(`/proformas/list/id:${pf!.id}/`);
    expect(row!.invoice_id).not.toBeNull();
    const [invoice] = await rest<RestInvoice[]>(`/invoices/list/id:${row!.invoice_id}/`);
    expect(`${invoice!.doc_series} ${invoice!.doc_nr}`).toBe(invoiceName);
    expect(invoice!.document_value_with_vat).toBe(pf!.total_with_vat);
    await panel.getByText('Already invoiced: see the invoice below.').waitFor();
    expect(await panel.getByRole('button', { name: 'Issue invoice' }).isDisabled()).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('Edit a contact from its panel', () => {
  it('refuses a fiscal code with a wrong control digit at the field; saves; a partner reads the change', { timeout: 150_000 }, async () => {
    const [c] = await query<{ id: number; name: string; cui: string; lastupdated: string }>(
      `SELECT c.id, c.name, c.cui, c.lastupdated FROM contacts c WHERE c.company_id = 1 AND c.is_client = 1 AND c.is_company = 1 AND c.deleted = 0
         AND EXISTS (SELECT 1 FROM contact_addresses a WHERE a.contact_id = c.id) ORDER BY c.id LIMIT 1 OFFSET 3`,
    );
    const { context, page, pageErrors } = await openUi(`/c/1/catalogue/contacts?open=${c!.id}`);
    const panel = page.getByTestId('contact-detail');
    await panel.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${c!.name}` });
    await dialog.waitFor();
    const code = dialog.getByRole('textbox', { name: 'Fiscal code (CUI / CNP)' });
    const digits = c!.cui.replace(/^RO/, '');
    const wrong = `${digits.slice(0, -1)}${(Number(digits.slice(-1)) + 1) % 10}`;
    await code.fill(wrong);
    await code.press('Tab');
    await dialog.getByText('The last digit does not match: check the code for a typing error.').waitFor();
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save the contact' }).click();
    await dialog.getByText('Write an e-mail address like name@firma.ro, or leave it empty.').waitFor();
    await checkDialog(page, dialog, 'contact-edit', true, dialog.getByRole('textbox', { name: 'Name' }));
    // Nothing was sent.
    expect((await query<{ lastupdated: string }>('SELECT lastupdated FROM contacts WHERE id = ?', c!.id))[0]!.lastupdated).toBe(c!.lastupdated);

    await code.fill(c!.cui);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('comenzi@exemplu.ro');
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('+40 721 123 456');
    await dialog.getByRole('textbox', { name: 'Street' }).first().fill('Bulevardul Unirii');
    await dialog.getByRole('button', { name: 'Save the contact' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`Contact ${c!.name} saved`).waitFor();
    const [row] = await rest<{ email: string; phone: string; lastupdated: string; addresses: { street: string }[] }[]>(`/contacts/list/id:${c!.id}/include:address/`);
    expect(row).toMatchObject({ email: 'comenzi@exemplu.ro', phone: '+40 721 123 456' });
    expect(row!.addresses.map((a) => a.street)).toContain('Bulevardul Unirii');
    const since = c!.lastupdated.replace(' ', '%20');
    expect((await rest<{ bocp_id: number }[]>(`/contacts/list/modifiedafter:${since}/id:${c!.id}/`)).map((r) => r.bocp_id)).toEqual([c!.id]);
    await panel.getByText('comenzi@exemplu.ro').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('Add an address from the contact form', () => {
  it('adds a blank address to fill (the required parts refused at their fields first); saved, a partner reads it', { timeout: 150_000 }, async () => {
    const [c] = await query<{ id: number; name: string; addresses: number }>(
      `SELECT c.id, c.name, (SELECT count(*) FROM contact_addresses a WHERE a.contact_id = c.id) AS addresses
         FROM contacts c WHERE c.company_id = 1 AND c.is_client = 1 AND c.deleted = 0 ORDER BY c.id LIMIT 1 OFFSET 5`,
    );
    const { context, page, pageErrors } = await openUi(`/c/1/catalogue/contacts?open=${c!.id}`);
    const panel = page.getByTestId('contact-detail');
    await panel.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${c!.name}` });
    await dialog.waitFor();
    expect(await dialog.getByTestId('contact-address').count()).toBe(c!.addresses);

    // Added, then taken out again before saving: nothing of it stays.
    await dialog.getByRole('button', { name: 'Add an address' }).click();
    const added = dialog.getByRole('group', { name: `Address ${c!.addresses + 1} (new)` });
    await added.waitFor();
    await added.getByRole('button', { name: 'Remove this new address' }).click();
    await expect.poll(() => dialog.getByTestId('contact-address').count()).toBe(c!.addresses);

    await dialog.getByRole('button', { name: 'Add an address' }).click();
    // Saved blank: street, city and county are refused at their fields; nothing is sent.
    await dialog.getByRole('button', { name: 'Save the contact' }).click();
    await expect.poll(() => added.locator('[aria-invalid="true"]').count()).toBe(3);
    await added.getByRole('textbox', { name: 'Street' }).fill('Strada Republicii');
    await added.getByRole('textbox', { name: 'Number' }).fill('7');
    await added.getByRole('textbox', { name: 'City' }).fill('Sibiu');
    await added.getByRole('textbox', { name: 'County' }).fill('Sibiu');
    await checkDialog(page, dialog, 'contact-add-address', false, added);
    await dialog.getByRole('button', { name: 'Save the contact' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`Contact ${c!.name} saved`).waitFor();
    const [row] = await rest<{ addresses: { street: string; city: string; county: string; country: string }[] }[]>(`/contacts/list/id:${c!.id}/include:address/`);
    expect(row!.addresses).toHaveLength(c!.addresses + 1);
    expect(row!.addresses).toContainEqual(expect.objectContaining({ city: 'Sibiu', county: 'Sibiu', country: 'Romania' }));
    await expect.poll(() => panel.getByTestId('contact-addresses').textContent()).toContain('Sibiu');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
