import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './axe.ts';
import { ADMIN_TOKEN, RESULTS_DIR, useE2eServer } from './e2e-server.ts';
import { harDocument } from '../support/har-builder.ts';

/*
 * Settings › Fidelity in a real Chromium against a real server, with a stand-in for the real
 * service on loopback (a boundary we do not own: a tiny HTTP server answering the envelope, with
 * a row key the twin does not have). The address refused at its field as it is typed, read-only
 * off asked first, the settings saved (proxy.get through the control API), the header's badge;
 * a proxied call recorded and its HAR downloaded, its shadow comparison in the report; a HAR file
 * compared offline, a file that is not a HAR refused; the report cleared. Screenshots at
 * 1440x900 and 1280x720 in light and dark, each checked by axe-core.
 */

const e2e = useE2eServer();

/**
 * The stand-in upstream: the twin's own product list (read before the proxy is on) sent back as
 * the real service might: a `legacy_code` the twin never sends, no `cod_intern`, the price as text,
 * the change date written DD.MM.YYYY. Until then it answers an empty page.
 */
let upstream: Server;
let upstreamUrl = '';
const upstreamCalls: string[] = [];
let upstreamAnswer: unknown = { is_error: false, http_code: 200, data: [], messages: [] };
type ProductRow = { cod_intern?: string; pret_vanzare: number; last_changed_ts: string } & Record<string, unknown>;
function asTheRealServiceMight(list: { data: ProductRow[] } & Record<string, unknown>) {
  return {
    ...list,
    data: list.data.map(({ cod_intern: _internal, ...row }) => ({
      ...row,
      legacy_code: 'AB-12',
      pret_vanzare: row.pret_vanzare.toFixed(2),
      last_changed_ts: row.last_changed_ts.slice(0, 10).split('-').reverse().join('.'),
    })),
  };
}

beforeAll(async () => {
  upstream = createServer((request, response) => {
    upstreamCalls.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(upstreamAnswer));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/app/rest/v1/1`;
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

async function control(method: string, path: string, body?: unknown): Promise<{ status: number; data: unknown }> {
  const response = await fetch(`${e2e().server.url}/_sandbox${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: unknown };
  return { status: response.status, data: json.data };
}

async function open(viewport: { width: number; height: number }): Promise<{ page: Page; pageErrors: Error[] }> {
  const context = await e2e().browser.newContext({ colorScheme: 'light', viewport, locale: 'en-US', acceptDownloads: true });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(`${e2e().server.url}/?token=${encodeURIComponent(ADMIN_TOKEN)}#/c/1/settings/fidelity`);
  await page.getByTestId('proxy-form').waitFor();
  return { page, pageErrors };
}

const DOCS_SHOTS = join(import.meta.dirname, '../../docs/screenshots');

/** Light and dark screenshots of the window as it is (into docs/screenshots too when `docs` names them); axe-core finds nothing serious in the page in either. */
async function shoot(page: Page, name: string, docs?: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(colorScheme);
    await page.waitForTimeout(300);
    const file = join(RESULTS_DIR, `${name}-${colorScheme}.png`);
    await page.screenshot({ path: file });
    if (docs) {
      mkdirSync(DOCS_SHOTS, { recursive: true });
      copyFileSync(file, join(DOCS_SHOTS, `${docs}-${colorScheme}.png`));
    }
    expect(await seriousViolations(page, { label: `${name} ${colorScheme}` })).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The text of the error linked to a field (aria-describedby), '' when it has none. */
async function errorOf(page: Page, field: Locator): Promise<string> {
  if ((await field.getAttribute('aria-invalid')) !== 'true') return '';
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length === 0 ? '' : ((await page.locator(`[id="${ids[0]}"]`).textContent()) ?? '');
}

describe('the Fidelity page', () => {
  it('proxies the account to the real service, records, compares and reports', { timeout: 300_000 }, async () => {
    // Loopback targets are private: the service connects to them only when allowed (tests).
    expect((await control('PATCH', '/settings', { outbound_allow_private: true })).status).toBe(200);
    const user = (await control('POST', '/accounts/1/api-users', { username: 'fidelity-e2e' })).data as { username: string; password: string };
    const auth = `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;
    const rest = (path: string) => fetch(`${e2e().server.url}/app/rest/v1/1${path}`, { headers: { authorization: auth } });
    upstreamAnswer = asTheRealServiceMight((await (await rest('/product/list/')).json()) as { data: ProductRow[] });

    const { page, pageErrors } = await open({ width: 1440, height: 900 });
    const form = page.getByTestId('proxy-form');
    await expect.poll(() => page.getByTestId('proxy-banner').getAttribute('data-proxied')).toBe('false');
    await page.getByTestId('drift-empty').waitFor();
    await page.getByTestId('recordings-empty').waitFor();
    expect(await page.getByTestId('proxied-badge').count()).toBe(0);

    // The address is checked as it is typed: https, or http to this computer only.
    await form.getByLabel('Forward to the real service').check({ force: true });
    const url = form.getByRole('textbox', { name: 'Real service address' });
    await url.fill('http://erp.example.ro/app/rest/v1/1');
    await expect.poll(() => errorOf(page, url)).toMatch(/Use https/);
    await url.fill('erp.example.ro');
    await expect.poll(() => errorOf(page, url)).toMatch(/Not an address/);
    // What only the core knows to refuse comes back at the same field.
    await url.fill('https://erp.example.ro/api/v2');
    await expect.poll(() => errorOf(page, url)).toBe('');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => errorOf(page, url)).toMatch(/the path must be \/app\/rest\/v1\/\{company_id\}/);
    expect(((await control('GET', '/accounts/1/proxy')).data as { upstream_url: unknown }).upstream_url).toBeNull();
    await url.fill(upstreamUrl);

    // Read-only off asks first; Cancel keeps it on.
    const readOnly = form.getByRole('switch', { name: 'Read-only' });
    expect(await readOnly.isChecked()).toBe(true);
    await readOnly.click({ force: true });
    const dialog = page.getByRole('dialog', { name: 'Forward writes too?' });
    await dialog.getByText('Writes will reach the real account').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await readOnly.isChecked()).toBe(true);
    await readOnly.click({ force: true });
    await page.getByRole('dialog', { name: 'Forward writes too?' }).getByRole('button', { name: 'Forward writes' }).click();
    await expect.poll(() => readOnly.isChecked()).toBe(false);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // ... and back on without asking (nothing risky in that direction).
    await readOnly.click({ force: true });
    await expect.poll(() => readOnly.isChecked()).toBe(true);

    // A segmented control: its labels take the click, the radios are hidden.
    await form.getByText('One file per session', { exact: true }).click();
    await expect.poll(() => form.getByRole('radio', { name: 'One file per session' }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await control('GET', '/accounts/1/proxy')).data)
      .toEqual({ company_id: 1, upstream_url: upstreamUrl, read_only: true, recording: 'session', shadow: true, timeout_ms: 30_000 });
    await expect.poll(() => page.getByTestId('proxy-banner').textContent()).toContain(`Account 1 answers from ${upstreamUrl}`);
    const badge = page.getByRole('link', { name: `Proxied: account 1 answers from ${upstreamUrl}. Open Fidelity` });
    await badge.waitFor();

    // A partner's call goes to the stand-in, is recorded, and its shadow comparison lands in the report.
    const answer = await rest('/product/list/');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(upstreamAnswer);
    expect(upstreamCalls).toContain('GET /app/rest/v1/1/product/list/');

    const recordings = page.getByTestId('recordings-table');
    await recordings.locator('tbody tr').first().waitFor({ timeout: 20_000 });
    const fileName = (await recordings.locator('tbody tr').first().getAttribute('data-file')) ?? '';
    expect(fileName).toMatch(/^1-session-\d{8}-\d{6}\.har$/);
    const [download] = await Promise.all([page.waitForEvent('download'), recordings.getByRole('button', { name: `Download ${fileName}` }).click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const har = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { log: { entries: Array<{ request: { url: string } }> } };
    expect(har.log.entries.map((entry) => new URL(entry.request.url).pathname)).toContain('/app/rest/v1/1/product/list/');
    expect(JSON.stringify(har)).not.toContain(user.password);

    const routes = page.getByTestId('drift-routes');
    const route = routes.locator('[data-testid="drift-route"][data-template="GET /product/list/"]');
    await route.waitFor({ timeout: 20_000 });
    await route.getByRole('button', { name: 'Show the differences of GET /product/list/' }).click();
    const legacy = page.getByTestId('drift-differences').locator('[data-kind="only_upstream"]', { hasText: 'legacy_code' });
    await legacy.waitFor();
    expect(await legacy.textContent()).toContain('Only the real service');
    const differences = page.getByTestId('drift-differences');
    expect(await differences.locator('[data-kind="only_twin"]').allTextContents()).toEqual([expect.stringContaining('data[].cod_intern')]);
    expect(await differences.locator('[data-kind="type"]', { hasText: 'data[].pret_vanzare' }).count()).toBe(1);
    expect(await differences.locator('[data-kind="date_format"]', { hasText: 'data[].last_changed_ts' }).count()).toBe(1);
    // The report at the top of the window (the tests' lib has no DOM types).
    await page.getByRole('heading', { name: 'Drift report' }).evaluate((heading) => (heading as unknown as { scrollIntoView(): void }).scrollIntoView());
    await shoot(page, 'fidelity-live-1440x900', 'fidelity');

    // A file that is not a HAR is refused in words; a HAR is compared and shown as "This file".
    const input = page.getByLabel('HAR file to compare');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a recording') });
    await expect.poll(() => page.getByTestId('har-error').textContent()).toMatch(/notes\.txt is not a HAR file: it is not JSON/);
    const partnerLog = harDocument([
      { url: 'https://erp.example.ro/app/rest/v1/4242/product/list/page:2/', body: JSON.stringify(upstreamAnswer) },
      { method: 'POST', url: 'https://erp.example.ro/app/rest/v1/4242/sales/', requestBody: '{}', body: JSON.stringify({ is_error: false, http_code: 200, data: null, messages: [] }) },
    ]);
    await input.setInputFiles({ name: 'partner.har', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(partnerLog)) });
    await expect.poll(() => page.getByTestId('drift-report').getAttribute('data-source')).toBe('har');
    expect(await page.getByTestId('har-error').count()).toBe(0);
    await page.getByTestId('drift-routes').locator('[data-template="GET /product/list/page:{}/"]').waitFor();
    expect(await page.getByTestId('drift-figure-calls').textContent()).toContain('2');
    expect(await page.getByRole('radio', { name: 'This file: partner.har' }).isChecked()).toBe(true);
    await page.getByTestId('drift-source').getByText('Live comparisons', { exact: true }).click();
    await expect.poll(() => page.getByTestId('drift-report').getAttribute('data-source')).toBe('shadow');

    // Clear asks first, then the report starts again from nothing.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('dialog', { name: 'Clear the drift report?' }).getByRole('button', { name: 'Clear the report' }).click();
    await page.getByTestId('drift-empty').waitFor();
    expect(((await control('GET', '/accounts/1/drift')).data as { routes: unknown[] }).routes).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it('reads at 1280x720 in light and dark', { timeout: 180_000 }, async () => {
    const { page, pageErrors } = await open({ width: 1280, height: 720 });
    await page.getByTestId('proxied-badge').waitFor();
    await shoot(page, 'fidelity-1280x720');
    await page.goto(`${e2e().server.url}/?token=${encodeURIComponent(ADMIN_TOKEN)}#/c/1/documents/sales`);
    await page.getByTestId('screen-sales').waitFor();
    // The badge stays on every screen of the proxied account.
    await page.getByTestId('proxied-badge').waitFor();
    await page.screenshot({ path: join(RESULTS_DIR, 'fidelity-badge-sales-1280x720-light.png') });
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
