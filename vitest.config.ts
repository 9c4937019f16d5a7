import { defineConfig } from 'vitest/config';

// Test kind lives in the file suffix: *.test.ts(x) are unit tests, *.api.test.ts run against
// real PostgreSQL and NATS (started by .ci/run, or already running on a developer machine), *.e2e.ts drive
// headless Chromium through the real gateway with every service running as its own process.
const exclude = ['**/node_modules/**', '**/dist/**', '.data/**', '.tmp/**'];
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.test.ts'],
          exclude: [...exclude, '**/*.api.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'ui',
          include: ['**/*.test.tsx'],
          exclude,
          environment: 'happy-dom',
          setupFiles: ['scripts/lib/ui-test-no-network.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['**/*.api.test.ts'],
          exclude,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          exclude,
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // `npm run test:security` (issue 14): attacks over real HTTP on the product the journeys start.
        test: {
          name: 'security',
          include: ['e2e/security/**/*.security.ts'],
          exclude,
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
