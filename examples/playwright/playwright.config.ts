import { defineConfig } from '@playwright/test';

// The API tests need no browser: Playwright's `request` fixture talks HTTP. globalSetup starts
// the workbench and returns the function that stops it; the tests read its address from the
// environment (workers inherit it).
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  reporter: 'list',
  workers: 2,
});
