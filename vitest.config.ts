import { defineConfig } from 'vitest/config';

// One runner for every workspace. Server tests use a fresh SQLite file per test file, and the
// PostgreSQL suite too when DATABASE_URL_TEST is set.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['contracts/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'engine', include: ['engine/src/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'content', include: ['content/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      { test: { name: 'bench', include: ['bench/src/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } },
      './web/vitest.config.ts',
    ],
  },
});
