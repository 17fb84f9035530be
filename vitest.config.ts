import { defineConfig } from 'vitest/config';

const apiTests = ['src/server/**/*.test.ts', 'src/client/**/*.test.ts', 'src/offline/**/*.test.ts'];
const unitOnly = ['src/**/*.unit.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/contract/**/*.test.ts', 'scripts/**/*.test.ts', 'src/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          exclude: unitOnly,
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
          exclude: unitOnly,
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
