import { defineConfig } from 'vitest/config';

const apiTests = ['src/server/**/*.test.ts', 'src/client/**/*.test.ts', 'src/offline/**/*.test.ts', 'scripts/**/*.test.ts'];
const unitOnly = ['src/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'];

/** The API tests run once per database, as project `api-<database>`. */
const apiProjects = (['pglite', 'postgres'] as const).map((database) => ({
  test: {
    name: `api-${database}`,
    include: apiTests,
    exclude: unitOnly,
    environment: 'node' as const,
    env: { TEST_DATABASE: database },
    globalSetup: ['src/server/testing/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/contract/**/*.test.ts', ...unitOnly],
          environment: 'node',
        },
      },
      ...apiProjects,
    ],
  },
});
