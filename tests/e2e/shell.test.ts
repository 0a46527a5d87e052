import { describe, expect, it } from 'vitest';
import { type BrowserContext, type Page } from 'playwright-core';
import { ADMIN_TOKEN, useE2eServer } from './e2e-server.ts';
import { SCREENS, hashOf, heading, nav, tourEveryScreen } from './screen-tour.ts';

/*
 * The app shell in a real Chromium against a real server: every area and screen reached from
 * the sidebar (each one checked by axe-core and photographed in light and dark), the address as
 * the screen's state (back/forward, filters, a copied link), the theme toggle and the language
 * switch (both remembered), and the command palette on Ctrl+K.
 */

const e2e = useE2eServer();

/* Used inside page.evaluate (runs in Chromium); this file is type-checked with Node's types only. */
declare const localStorage: { getItem(key: string): string | null };
declare const navigator: { clipboard: { readText(): Promise<string> } };

interface Opened {
  context: BrowserContext;
  page: Page;
  pageErrors: Error[];
}

/** A fresh browser context (AxeBuilder needs one) on the UI with the token, at `hash`. */
async function openUi(options: { hash?: string; locale?: string; colorScheme?: 'light' | 'dark'; height?: number } = {}): Promise<Opened> {
  const context = await e2e().browser.newContext({
    viewport: { width: 1440, height: options.height ?? 900 },
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(`${e2e().server.url}/?token=${encodeURIComponent(ADMIN_TOKEN)}${options.hash ? `#${options.hash}` : ''}`);
  return { context, page, pageErrors };
}

