import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { openUi, useE2eServer } from './e2e-server.ts';

/*
 * Catalogue › Products: the account's catalogue setting (image URLs of PUT /product/{id}/image/
 * downloaded or kept as sent) switched in the window, read back through the core, and switched
 * back; a change made elsewhere (the control API) shows without a reload.
 */

const e2e = useE2eServer();

const setting = async () => (await e2e().core.invoke('accounts.list', {})).find((a) => a.company_id === 1)!.catalogue_download_images;

describe('the catalogue setting on Catalogue › Products', () => {
  it('switches image downloads on and off for the account', async () => {
    const { context, page, pageErrors } = await openUi(e2e().server, e2e().browser, '/c/1/catalogue/products');
    const toggle = page.getByLabel('Download product images from links');
    await toggle.waitFor({ state: 'attached' });
    expect(await setting()).toBe(false);
    expect(await toggle.isChecked()).toBe(false);

    // Switched from the keyboard, as a person may: a forced click lands on whatever covers the
    // switch at that moment (the toast of the previous change did, now and then). It is disabled
    // while a change is saved (CatalogueImageSetting): pressed once it is enabled again.
    const flip = async () => {
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      await toggle.focus();
      await page.keyboard.press('Space');
    };
    await flip();
    await page.getByRole('alert').filter({ hasText: 'Image links are now downloaded' }).waitFor();
    await expect.poll(setting).toBe(true);
    expect(await toggle.isChecked()).toBe(true);
    expect(await seriousViolations(page, { label: 'products with the catalogue setting' })).toEqual([]);

    await flip();
    await page.getByRole('alert').filter({ hasText: 'Image links are now kept as sent' }).waitFor();
    await expect.poll(setting).toBe(false);

    // Changed through the core (as the control API would): the window follows.
    await e2e().core.invoke('accounts.update', { company_id: 1, catalogue_download_images: true });
    await expect.poll(() => toggle.isChecked()).toBe(true);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
