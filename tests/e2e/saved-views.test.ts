import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe.ts';
import { RESULTS_DIR, useE2eServer, openUi as openSharedUi } from './e2e-server.ts';

/*
 * Saved views of the list screens (issue 29 item 2): the current filters, sort and shown columns
 * saved under a name, kept across a reload (the preferences), applied from the menu (the address
 * and the rows follow), renamed and deleted. Judged by roles, accessible names, the address and
 * the rows the control API answers for the same filters.
 */

const e2e = useE2eServer();
const openUi = (hash: string) => openSharedUi(e2e().server, e2e().browser, hash);
const core = () => e2e().core;

/** The screen's address values (after the hash's `?`). */
const searchOf = (page: Page): Record<string, string> => {
  const hash = new URL(page.url()).hash;
  const query = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  return Object.fromEntries([...new URLSearchParams(query)].map(([k, v]) => [k, v.replace(/^"|"$/g, '')]));
};

const headers = async (page: Page): Promise<string[]> => (await page.getByRole('grid').getByRole('columnheader').allTextContents()).map((h) => h.trim());
/** The first row's cells, without the selection checkbox's. */
const firstRowCells = async (page: Page): Promise<string[]> =>
  (await page.getByRole('grid').locator('[role="row"][aria-rowindex="2"]').getByRole('gridcell').allTextContents()).map((c) => c.trim()).slice(1);

async function axeDialog(page: Page, label: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
    await page.waitForTimeout(200);
    expect(await seriousViolations(page, { label: `${label} ${scheme}`, include: ['[role="dialog"]'] })).toEqual([]);
    await page.screenshot({ path: join(RESULTS_DIR, `saved-views-${label.replace(/\s+/g, '-')}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const menuItem = (page: Page, name: string | RegExp) => page.getByRole('menu').getByRole('menuitem', { name });

describe('saved views', () => {
  it('saves the filters, sort and columns under a name; a reload keeps it; applying, renaming and deleting it', { timeout: 120_000 }, async () => {
    const { context, page, pageErrors } = await openUi('/c/1/documents/invoices?cancelled=true&sort=bocp_id&direction=asc');
    await page.getByRole('grid').locator('[role="row"][aria-rowindex="2"]').getByRole('gridcell').first().waitFor();
    const oldestCancelled = (await core().invoke('lists.invoices', { company_id: 1, cancelled: true, sort: 'bocp_id', direction: 'asc', limit: 1, offset: 0 })).rows[0]!;
    await expect.poll(async () => (await firstRowCells(page))[0]).toBe(String(oldestCancelled.bocp_id));

    // Hide the Client column, then save the view.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Client' }).click();
    await page.keyboard.press('Escape');
    expect(await headers(page)).not.toContain('Client');
    await page.getByTestId('saved-views').click();
    await menuItem(page, 'Save current view…').click();
    const save = page.getByRole('dialog', { name: 'Save the current view' });
    await save.getByRole('textbox', { name: 'Name' }).fill('Cancelled, oldest first');
    await axeDialog(page, 'save dialog');
    await save.getByRole('button', { name: 'Save view' }).click();
    await save.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('saved-views').textContent()).toBe('View: Cancelled, oldest first');

    // Another state of the screen, then a reload: the view is still there (the preferences), not applied.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Client' }).click();
    await page.keyboard.press('Escape');
    await page.goto(page.url().replace(/\?.*$/, ''));
    await page.reload();
    await page.getByRole('grid').locator('[role="row"][aria-rowindex="2"]').getByRole('gridcell').first().waitFor();
    expect(searchOf(page)).toEqual({});
    expect(await headers(page)).toContain('Client');
    expect(await page.getByTestId('saved-views').textContent()).toBe('Views');

    // Apply: the address, the rows and the columns follow.
    await page.getByTestId('saved-views').click();
    await menuItem(page, 'Cancelled, oldest first').click();
    await expect.poll(() => searchOf(page)).toEqual({ cancelled: 'true', sort: 'bocp_id', direction: 'asc' });
    await expect.poll(async () => (await firstRowCells(page))[0]).toBe(String(oldestCancelled.bocp_id));
    expect(await headers(page)).not.toContain('Client');
    expect(await page.getByTestId('saved-views').textContent()).toBe('View: Cancelled, oldest first');
    // Back goes to the screen before the view.
    await page.goBack();
    await expect.poll(() => searchOf(page)).toEqual({});

    // Rename, then delete, from the manage dialog.
    await page.getByTestId('saved-views').click();
    await menuItem(page, 'Manage views…').click();
    const manage = page.getByRole('dialog', { name: 'Saved views' });
    await manage.getByRole('textbox', { name: 'Name of view Cancelled, oldest first' }).fill('Anulate');
    await manage.getByRole('button', { name: 'Rename' }).click();
    await manage.getByRole('textbox', { name: 'Name of view Anulate' }).waitFor();
    await axeDialog(page, 'manage dialog');
    await manage.getByRole('button', { name: 'Apply view Anulate' }).click();
    await manage.waitFor({ state: 'hidden' });
    await expect.poll(() => searchOf(page)).toEqual({ cancelled: 'true', sort: 'bocp_id', direction: 'asc' });
    expect(await page.getByTestId('saved-views').textContent()).toBe('View: Anulate');

    await page.getByTestId('saved-views').click();
    await menuItem(page, 'Manage views…').click();
    await manage.getByRole('button', { name: 'Delete view Anulate' }).click();
    await manage.getByText('No saved view on this list.').waitFor();
    await page.keyboard.press('Escape');
    await manage.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('saved-views').textContent()).toBe('Views');
    await page.reload();
    await page.getByTestId('saved-views').click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'No saved view yet' }).waitFor();
    expect(await page.getByRole('menu').getByRole('menuitem', { name: 'No saved view yet' }).count()).toBe(1);
    await page.keyboard.press('Escape');

    // Another list keeps its own views: the connector orders.
    await page.goto(page.url().replace(/#.*$/, '#/c/1/connectors/orders?connector_id=1'));
    await page.getByTestId('saved-views').click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'No saved view yet' }).waitFor();
    expect(await page.getByRole('menu').getByRole('menuitem', { name: 'No saved view yet' }).count()).toBe(1);
    await menuItem(page, 'Save current view…').click();
    await page.getByRole('dialog', { name: 'Save the current view' }).getByRole('textbox', { name: 'Name' }).fill('Connector 1');
    await page.getByRole('dialog', { name: 'Save the current view' }).getByRole('button', { name: 'Save view' }).click();
    expect(await page.getByTestId('saved-views').textContent()).toBe('View: Connector 1');
    for (const [width, height] of [[1440, 900], [1280, 720]] as const) {
      await page.setViewportSize({ width, height });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForTimeout(200);
        await page.screenshot({ path: join(RESULTS_DIR, `saved-views-toolbar-${width}-${scheme}.png`) });
      }
    }

    // In Romanian: the views button, the save dialog and a bulk dialog on the same screen.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('language-switch').getByText('RO').click();
    await expect.poll(() => page.getByTestId('saved-views').textContent()).toBe('Vedere: Connector 1');
    await page.getByTestId('saved-views').click();
    await menuItem(page, 'Salvează vederea curentă…').click();
    await page.getByRole('dialog', { name: 'Salvează vederea curentă' }).waitFor();
    await page.screenshot({ path: join(RESULTS_DIR, 'saved-views-save-ro-light.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('grid').locator('[role="row"][aria-rowindex="2"] [data-select]').click();
    await page.getByRole('button', { name: 'Generează AWB-uri…' }).click();
    await page.getByRole('dialog', { name: 'Generează AWB-uri pentru comenzile selectate' }).waitFor();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(RESULTS_DIR, 'bulk-awb-ask-ro-dark.png') });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
