import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    // Each file gets its own process: tests open real SQLite files and real listeners.
    pool: 'forks',
    // Two at a time on the 2-core CI machine (vitest's default is one fewer than the cores): the
    // files wait on sockets and child processes much of the time, and CI must stay under 30 min.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
