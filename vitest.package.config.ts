import { defineConfig } from 'vitest/config';

// The package as its users get it (`npm run test:package`, part of `npm test`): the packed
// tarball installed in an empty folder, the CI examples of docs/ci.md run by their own test
// runners, and the desktop package electron-builder makes (around a stand-in Electron, offline).
// Once per CI run, not under each Node version.
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
