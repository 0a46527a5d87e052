import { defineConfig } from 'vitest/config';

/** End-to-end tests: a real server and Debian's Chromium. Build the renderer first (test:e2e). */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    pool: 'forks',
    // Two files at a time: each mostly waits on Chromium and its server (see vitest.config.ts).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
