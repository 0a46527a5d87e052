import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createCore, type Core } from '../../electron/core/create-core.ts';
import { startServer, type RunningServer } from '../../electron/server/create-server.ts';

/** The built UI; E2E_RENDERER_DIR points at another build (parallel work building its own). */
export const RENDERER_DIR = process.env.E2E_RENDERER_DIR ?? fileURLToPath(new URL('../../dist/renderer/', import.meta.url));
export const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));
export const ADMIN_TOKEN = 'e2e-admin-token-0123456789';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface E2eContext {
  dataDir: string;
  core: Core;
  server: RunningServer;
  browser: Browser;
}

/**
 * The browser build served by a real server on a fresh demo data folder (127.0.0.1, a free port)
 * and Debian's Chromium, for the tests of one file; everything stops and is removed after them.
 * The getter throws when used before beforeAll ran.
 */
export function useE2eServer(): () => E2eContext {
  let context: E2eContext | undefined;
  beforeAll(async () => {
    if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
      throw new Error(`${RENDERER_DIR}index.html is missing: run \`npm run build:renderer\` first (npm run test:e2e does)`);
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'erpwb-e2e-'));
    const core = createCore({ dataDir, seed: 'demo', scale: 1 });
    const server = await startServer({ core, host: '127.0.0.1', port: 0, adminToken: ADMIN_TOKEN, rendererDir: RENDERER_DIR });
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    });
    mkdirSync(RESULTS_DIR, { recursive: true });
    context = { dataDir, core, server, browser };
  });
  afterAll(async () => {
    await context?.browser.close();
    await context?.server.close();
    await context?.core.close(); // also stops an embedded FTP server
    if (context) rmSync(context.dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!context) throw new Error('the e2e server is not started (use it inside a test)');
    return context;
  };
}

export interface OpenedUi {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page: a test ends by expecting none. */
  pageErrors: Error[];
}

/**
 * A fresh browser context (English, light, 1440x900) on the UI with the admin token, at `hash`
 * (`/c/1/documents/sales?...`); `clipboard` grants reading and writing it (copy buttons).
 */
export async function openUi(server: E2eContext['server'], browser: Browser, hash: string, options: { clipboard?: boolean } = {}): Promise<OpenedUi> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', colorScheme: 'light' });
  if (options.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(`${server.url}/?token=${encodeURIComponent(ADMIN_TOKEN)}#${hash}`);
  return { context, page, pageErrors };
}
