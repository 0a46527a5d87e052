import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe.ts';
import { RESULTS_DIR, useE2eServer, openUi as openSharedUi } from './e2e-server.ts';

/*
 * The header's "needs attention" badge (attention.list) in a real Chromium: nothing while all is
 * well; failed webhook notifications, a paused receiver and an unreachable storage each add an
 * entry, live (the core's events), with a link to where it is fixed. Toasts stack bottom right,
 * clear of the header. The skip link, the sidebar and the payment dialog at 1280x720.
 */

const e2e = useE2eServer();
const core = () => e2e().core;
const openUi = (hash: string) => openSharedUi(e2e().server, e2e().browser, hash);
const SHOTS = join(import.meta.dirname, '../../docs/screenshots');

async function shoot(page: Page, name: string, docs = false): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
    await page.waitForTimeout(250);
    const file = join(RESULTS_DIR, `${name}-${scheme}.png`);
    await page.screenshot({ path: file });
    if (docs) copyFileSync(file, join(SHOTS, `${name}-${scheme}.png`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Closed deliveries written as another process would (the data file), three failed, five delivered. */
async function insertDeliveries(): Promise<number[]> {
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const db = new BetterSqlite3(join(e2e().dataDir, 'erp-workbench.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare(
      `INSERT INTO webhook_outbox (company_id, connector_id, notification_type, payload, webhook_id, ordering_key, order_unique_id, url,
                                   status, attempt_count, next_attempt_at, created_ts, closed_ts)
       VALUES (1, 1, 'status', '{}', ?, NULL, ?, 'http://127.0.0.1:9/never', ?, 1, NULL, '2026-10-01 12:00:00', '2026-10-01 12:00:00')`,
    );
    const ids: number[] = [];
    for (let i = 1; i <= 8; i++) ids.push(Number(insert.run(`msg_e2e_attention_${i}`, `E2E-ATT-${i}`, i <= 3 ? 'failed' : 'delivered').lastInsertRowid));
    return ids.slice(3);
  } finally {
    db.close();
  }
}

describe('the "needs attention" badge', () => {
  it('shows nothing while all is well', async () => {
    const quiet = await core().invoke('accounts.create', { seed: 'empty', name: 'All is well' });
    const { context, page, pageErrors } = await openUi(`/c/${quiet.company_id}`);
    await page.getByRole('banner').getByRole('button', { name: 'Display preferences' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('button', { name: /needs? attention/ }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lists failed deliveries, a paused receiver and an unreachable storage, each linked to where it is fixed', { timeout: 120_000 }, async () => {
    const delivered = await insertDeliveries();
    const { context, page, pageErrors } = await openUi('/c/1');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: '1 thing needs attention' }).waitFor();

    // Live: the storage fails its test (another door: the core), the badge follows without a reload.
    await core().invoke('storage.update', { company_id: 1, ftp: { host: '127.0.0.1', port: 1, user: 'nobody', password: 'x' } });
    await core().invoke('storage.test', { company_id: 1 });
    await header.getByRole('button', { name: '2 things need attention' }).waitFor();

    // Five refused attempts in a row pause connector 1's receiver.
    await core().invoke('connectors.update', { company_id: 1, connector_id: 1, order_event_notification_url: 'http://127.0.0.1:1/refused' });
    for (const id of delivered) await core().invoke('webhooks.retry', { company_id: 1, delivery_id: id });
    const badge = header.getByRole('button', { name: '3 things need attention' });
    await badge.waitFor();

    await badge.click();
    const list = page.getByRole('dialog', { name: 'Needs attention' });
    await list.waitFor();
    const entries = list.getByRole('listitem');
    expect(await entries.count()).toBe(3);
    expect(await entries.nth(0).textContent()).toMatch(/^3 webhook notifications failed and will not be sent again/);
    expect(await entries.nth(1).textContent()).toMatch(/Notifications to “.+” are paused: its address stopped answering \(http:\/\/127\.0\.0\.1:1\/refused\)/);
    expect(await entries.nth(2).textContent()).toMatch(/The attachments storage could not be reached: .*127\.0\.0\.1:1/);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
      await page.waitForTimeout(300);
      // The list and the header's badge (the overview behind is the overview's tests' concern).
      expect(await seriousViolations(page, { label: `attention list (${scheme})`, include: ['[data-testid="attention-list"]', 'header'] })).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await shoot(page, 'attention', true);
    await page.setViewportSize({ width: 1280, height: 720 });
    await shoot(page, 'attention-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Each link opens the screen where it is fixed.
    await list.getByRole('link', { name: 'Open the webhook log (failed)' }).click();
    await page.waitForURL(/#\/c\/1\/logs\/webhooks\?.*status=failed/);
    await badge.click();
    await list.getByRole('link', { name: 'Open the connector' }).click();
    await page.waitForURL(/#\/c\/1\/connectors\/settings\?.*connector_id=1/);
    await badge.click();
    await list.getByRole('link', { name: 'Open the storage settings' }).click();
    await page.waitForURL(/#\/c\/1\/settings\/storage/);

    // Fixed: the storage works again, and the count follows.
    await core().invoke('storage.update', { company_id: 1, embedded: true });
    await header.getByRole('button', { name: '2 things need attention' }).waitFor();

    // Toasts stack in one corner, bottom right: never over the header's controls.
    await page.goto(`${e2e().server.url}/#/c/1/catalogue/products`);
    const toggle = page.getByLabel('Download product images from links');
    await toggle.waitFor({ state: 'attached' });
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await toggle.focus();
    await page.keyboard.press('Space');
    const toast = page.getByRole('alert').filter({ hasText: /Image links are now/ });
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    const headerBox = (await header.boundingBox())!;
    expect(box.y).toBeGreaterThan(headerBox.y + headerBox.height);
    expect(box.y + box.height).toBeGreaterThan(900 - 120);
    expect(box.x + box.width).toBeGreaterThan(1440 - 60);
    expect(await toast.getByRole('button', { name: 'Close' }).count()).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
