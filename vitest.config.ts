import { defineConfig } from 'vitest/config';

const apiTests = ['src/server/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          environment: 'node',
          env: { TEST_DATABASE: 'pglite' },
          globalSetup: ['src/server/testing/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          environment: 'node',
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['src/server/testing/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
