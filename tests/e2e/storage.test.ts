import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Locator, type Page, type Route } from 'playwright-core';
import { ADMIN_TOKEN, RESULTS_DIR, useE2eServer } from './e2e-server.ts';

/*
 * The Storage (attachments) and Attachments panels (Settings › Storage & attachments) in a real
 * Chromium against a real server:
 * "not configured" and its 503, a refused field in plain words, the embedded FTP started from
 * the button, the connection test, then upload (with progress from the event stream), list,
 * download and delete of a file on sale 1; screenshots of both panels in light and dark.
 */

const NOTE = { name: 'note-e2e.txt', mimeType: 'text/plain', buffer: Buffer.from('Nota e2e – ăîșț\n', 'utf8') };

const e2e = useE2eServer();

/** The UI with the token; records the control API answers and fails on any script error. */
async function openUi(prepare?: (page: Page) => Promise<unknown>): Promise<{ page: Page; pageErrors: Error[]; controlCalls: string[] }> {
  const page = await e2e().browser.newPage({ colorScheme: 'light' });
  const pageErrors: Error[] = [];
  const controlCalls: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/_sandbox/')) controlCalls.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
  });
  await prepare?.(page);
  await page.goto(`${e2e().server.url}/?token=${encodeURIComponent(ADMIN_TOKEN)}#/c/1/settings/storage`);
  return { page, pageErrors, controlCalls };
}

/** The UI follows the emulated system scheme; waits until it has, and its transitions are over. */
async function scheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(colorScheme);
  await page.waitForTimeout(300);
}

/** Screenshots of a panel in light and in dark mode. */
async function shoot(page: Page, panel: Locator, name: string): Promise<void> {
  await scheme(page, 'light');
  await panel.screenshot({ path: join(RESULTS_DIR, `${name}-light.png`) });
  await scheme(page, 'dark');
  await panel.screenshot({ path: join(RESULTS_DIR, `${name}-dark.png`) });
  await scheme(page, 'light');
}

/**
 * Holds the next attachments.upload request of the page until `release` is called, so the test
 * can look at the upload while it is under way; `uploadId` is the id the page sent.
 */
async function holdNextUpload(page: Page): Promise<{ uploadId: Promise<string>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: (id: string) => void;
  const uploadId = new Promise<string>((resolve) => (seen = resolve));
  let holding = true;
  await page.route('**/_sandbox/accounts/1/attachments', async (route: Route) => {
    if (route.request().method() !== 'POST' || !holding) return route.continue();
    holding = false;
    seen((route.request().postDataJSON() as { upload_id: string }).upload_id);
    await released;
    await route.continue();
  });
  return { uploadId, release };
}

describe('the storage and attachments panels', () => {
  it('go from "not configured" to an embedded storage, then upload, list, download and delete on sale 1', async () => {
    const { page, pageErrors, controlCalls } = await openUi();
    const storage = page.getByRole('region', { name: 'Storage (attachments)' });
    const attachments = page.getByRole('region', { name: 'Attachments', exact: true });

    // Not configured: said in both panels.
    await expect.poll(() => storage.getByTestId('storage-status').textContent()).toMatch(/not configured/);
    expect(await attachments.getByTestId('attachments-storage-notice').textContent()).toMatch(/not configured.*503/s);
    expect(await storage.getByRole('button', { name: 'Test connection' }).isDisabled()).toBe(true);

    // A refused field comes back as a 400 and is said in plain words at the field.
    await storage.getByLabel('Host').fill('not a host!');
    await storage.getByLabel('User').fill('shop');
    await storage.getByRole('button', { name: 'Save' }).click();
    await storage.getByText("Host is not a host name or IP address (letters, digits, '.', '-' and ':' only).").waitFor();
    expect(await storage.getByTestId('storage-error').textContent()).toMatch(/not saved/);
    expect(controlCalls).toContain('PATCH /_sandbox/accounts/1/storage 400');
    await shoot(page, storage, 'storage-not-configured');

    // Without storage an upload is refused with the server's 503 and a pointer to the panel.
    await attachments.getByLabel('Upload files').setInputFiles(NOTE);
    const refused = attachments.getByRole('list', { name: 'Uploads' }).getByRole('alert');
    await expect.poll(() => refused.textContent(), { timeout: 10_000 }).toMatch(/\(503\).*Storage \(attachments\)/);
    // The link goes to the storage settings of the account (this screen: it scrolls to the panel).
    expect(await refused.getByRole('link', { name: 'Storage (attachments)' }).getAttribute('href')).toMatch(/#\/c\/1\/settings\/storage$/);
    expect(controlCalls).toContain('POST /_sandbox/accounts/1/attachments 503');
    await shoot(page, attachments, 'attachments-not-configured');

    // The embedded storage, started from its button, and its connection test.
    await storage.getByRole('button', { name: 'Use local embedded FTP' }).click();
    await expect.poll(() => storage.getByTestId('storage-status').textContent(), { timeout: 15_000 }).toMatch(/configured.*embedded/);
    await expect.poll(() => storage.getByTestId('storage-error').count()).toBe(0); // the 400 is gone with the new setting
    await expect.poll(() => attachments.getByTestId('attachments-storage-notice').count()).toBe(0);
    await storage.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => storage.getByTestId('storage-test-result').textContent(), { timeout: 15_000 }).toMatch(/Connection works:.*\(\d+ ms\)/);
    await shoot(page, storage, 'storage-embedded');

    // Upload to sale 1 (the panel's default document): held on its way so the progress shows,
    // with progress events pushed by the core over the event stream.
    expect(await attachments.getByLabel('Document type').inputValue()).toBe('sale');
    expect(await attachments.getByLabel('Document id').inputValue()).toBe('1');
    await expect.poll(() => controlCalls.includes('GET /_sandbox/events 200')).toBe(true);
    const held = await holdNextUpload(page);
    await attachments.getByLabel('Upload files').setInputFiles(NOTE);
    const uploadId = await held.uploadId;
    const uploads = attachments.getByRole('list', { name: 'Uploads' });
    await expect
      .poll(async () => {
        e2e().core.events.emit('attachment.progress', { company_id: 1, upload_id: uploadId, bytes: 8, total: 16 });
        return uploads.textContent();
      })
      .toMatch(/note-e2e\.txt.*50%/);
    expect(await uploads.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    await shoot(page, attachments, 'attachments-uploading');
    held.release();
    await expect.poll(() => uploads.textContent(), { timeout: 15_000 }).toMatch(/note-e2e\.txt.*uploaded/);
    expect(controlCalls).toContain('POST /_sandbox/accounts/1/attachments 201');

    // Listed, with its size in words.
    const table = attachments.getByRole('table', { name: 'Attachments' });
    await table.waitFor();
    const row = table.getByRole('row').filter({ hasText: 'note-e2e.txt' });
    expect(await row.count()).toBe(1);
    // Size and time as Romania writes them (ro-RO): "16 B", "05.11.2026, 14:03:22".
    expect(await row.textContent()).toMatch(/note-e2e\.txt\d+(,\d)? (B|KB)\d\d\.\d\d\.\d{4}, \d\d:\d\d:\d\dno/);
    await shoot(page, attachments, 'attachments-listed');

    // Downloaded byte for byte under its name.
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('note-e2e.txt');
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(NOTE.buffer)).toBe(true);

    // Deleted after the confirmation (a Mantine modal, not the browser's dialog).
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete this attachment?' });
    expect(await confirmDelete.textContent()).toMatch(/Delete note-e2e\.txt\? The file is removed from the storage too\./);
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await attachments.getByTestId('attachments-empty').waitFor({ timeout: 15_000 });
    expect(controlCalls).toEqual(expect.arrayContaining([expect.stringMatching(/^DELETE \/_sandbox\/accounts\/1\/attachments\/\d+ 200$/)]));

    // Removed (after its confirmation): back to "not configured".
    await storage.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove the attachment storage?' }).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => storage.getByTestId('storage-status').textContent(), { timeout: 15_000 }).toMatch(/not configured/);

    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('saves an external FTP server with a write-only password and shows a failed connection test in plain words', async () => {
    const { page, pageErrors, controlCalls } = await openUi();
    const storage = page.getByRole('region', { name: 'Storage (attachments)' });
    await expect.poll(() => storage.getByTestId('storage-status').textContent()).toMatch(/not configured/);

    // A new host and user need a password: the server names the field, the form says it there.
    await storage.getByLabel('Host').fill('127.0.0.1');
    await storage.getByLabel('Port').fill('1'); // nothing listens there: the test is refused at once
    await storage.getByLabel('User').fill('shop');
    await storage.getByLabel('Root folder').fill('/erp');
    await storage.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => storage.locator('#storage-password-error').textContent()).toMatch(/^Password required/);

    await storage.getByLabel('Password', { exact: true }).fill('s3cret-ftp');
    await storage.getByRole('switch').check();
    await storage.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => storage.getByTestId('storage-status').textContent()).toMatch(/configured.*external.*shop@127\.0\.0\.1:1, root \/erp, FTPS/);
    // The password is never shown again; an empty field keeps it while the connection stays the same.
    const password = storage.getByLabel('Password', { exact: true });
    expect(await password.inputValue()).toBe('');
    expect(await password.getAttribute('placeholder')).toBe('stored — leave empty to keep');
    expect(await storage.locator('#storage-password-description').count()).toBe(0);
    // FTPS turned off without a new password: the field warns, and the save forgets the password
    // (it would otherwise go in clear text); the state and the field then ask for it.
    await storage.getByRole('switch').uncheck();
    expect(await storage.locator('#storage-password-description').textContent()).toBe(
      'Changing host, port, user or FTPS forgets the stored password: enter it again.',
    );
    await storage.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => storage.getByTestId('storage-status').textContent()).toMatch(/plain FTP.*No password is stored .*enter it below and save/);
    expect(await storage.getByTestId('storage-status').textContent()).toMatch(/no password/);
    expect(await password.getAttribute('placeholder')).toBe('none stored — enter it');
    expect(await storage.locator('#storage-password-description').textContent()).toBe('No password is stored: enter it and save.');
    await storage.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => storage.getByTestId('storage-test-result').textContent(), { timeout: 20_000 }).toMatch(/Connection failed:.*no password is stored/);
    await shoot(page, storage, 'storage-external-no-password');

    await password.fill('s3cret-ftp');
    await storage.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => password.getAttribute('placeholder')).toBe('stored — leave empty to keep');
    expect(await storage.getByTestId('storage-status').textContent()).not.toMatch(/no password/i);
    expect(controlCalls.filter((c) => c === 'PATCH /_sandbox/accounts/1/storage 200')).toHaveLength(3);

    await storage.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => storage.getByTestId('storage-test-result').textContent(), { timeout: 20_000 }).toMatch(/Connection failed:.*\(\d+ ms\)/);
    await shoot(page, storage, 'storage-external-failed');

    await storage.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove the attachment storage?' }).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => storage.getByTestId('storage-status').textContent()).toMatch(/not configured/);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('without the event stream, shows an indeterminate "Uploading…" instead of a percentage', async () => {
    await e2e().core.invoke('storage.update', { company_id: 1, embedded: true });
    const { page, pageErrors } = await openUi((p) => p.route('**/_sandbox/events**', (route) => route.abort()));
    const attachments = page.getByRole('region', { name: 'Attachments', exact: true });
    await attachments.getByLabel('Document id').fill('2');
    await attachments.getByTestId('attachments-empty').waitFor();

    const held = await holdNextUpload(page);
    await attachments.getByLabel('Upload files').setInputFiles(NOTE);
    const uploadId = await held.uploadId;
    e2e().core.events.emit('attachment.progress', { company_id: 1, upload_id: uploadId, bytes: 8, total: 16 });
    const uploads = attachments.getByRole('list', { name: 'Uploads' });
    await expect.poll(() => uploads.textContent()).toMatch(/note-e2e\.txt.*Uploading…/);
    expect(await uploads.getByRole('progressbar').count()).toBe(0); // no made-up percentage
    held.release();
    await expect.poll(() => uploads.textContent(), { timeout: 15_000 }).toMatch(/uploaded/);

    const listed = await e2e().core.invoke('attachments.list', { company_id: 1, doctype: 'sale', doc_id: 2 });
    expect(listed.map((a) => a.original_filename)).toEqual(['note-e2e.txt']);
    await e2e().core.invoke('attachments.delete', { company_id: 1, attachment_id: listed[0]!.bocp_id });
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
