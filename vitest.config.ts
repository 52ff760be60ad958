import { defineConfig } from 'vitest/config';

// Two projects: `unit` (services, contracts, integration against real Postgres/Redis)
// and `browser` (Chromium via playwright-core against the whole system in process).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['services/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/globalSetup.ts', 'tests/support/buildWeb.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 1,
        },
      },
    ],
  },
});
