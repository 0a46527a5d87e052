import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    // Each file gets its own process: tests open real SQLite files and real listeners.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
