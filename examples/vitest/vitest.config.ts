import { defineConfig } from 'vitest/config';

// One ERP Workbench for the whole run (globalSetup); each test file gets an account of its own,
// so files run in parallel without seeing each other's orders.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 30_000,
  },
});
