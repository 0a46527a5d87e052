import { defineConfig } from 'vitest/config';

// The package as its users get it (`npm run test:package`, part of `npm test`): the packed
// tarball installed in an empty folder, and the CI examples of docs/ci.md run by their own test
// runners. Once per CI run (not under each Node version: an install compiles better-sqlite3).
export default defineConfig({
  test: {
    include: ['tests/package/**/*.test.ts'],
    globalSetup: ['tests/package/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});
