/**
 * The Vitest projects (docs/testing.md says how they run and why):
 * - unit: pure code (domain, contract, *.unit.test.ts), no database, without isolation.
 * - api-pglite / api-postgres: the API through the real app on a real database. They run without
 *   isolation: a worker imports the app once and reuses its database from file to file, emptied
 *   (src/server/testing/testDatabases.ts); each file builds its own tenant. Suites whose subject is
 *   not SQL (the kiosk's offline core, the client, the demo, conformance, the authorization matrix,
 *   the route fuzz) run once, on PostgreSQL (cheaper there); everything that reaches SQL of its own
 *   runs on both.
 * - processes-pglite / processes-postgres: suites that start service processes or need a module
 *   graph of their own, isolated as before. `npm test` runs them beside the others.
 */
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const apiTests = ['src/server/**/*.test.ts', 'src/client/**/*.test.ts', 'src/offline/**/*.test.ts', 'scripts/**/*.test.ts'];
const unitOnly = ['src/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'];

/** Start service processes (main.ts compiled as `npm run build` compiles it: globalSetup.ts) and wait on them; longest first, the order they start in. */
export const processTests = [
  'src/server/shutdown.test.ts',
  'src/server/backup.test.ts',
  'src/server/crossProcess.test.ts',
  'src/server/crossProcessMail.test.ts',
  'src/server/metrics/clusterMetrics.test.ts',
  'src/server/startOutput.test.ts',
  'scripts/test/interrupt.test.ts',
];
/**
 * Need a module graph of their own: one replaces a module with vi.mock, one counts what a process
 * has prepared since it started.
 */
export const isolatedTests = ['src/server/routes/kiosk/concurrentGuesses.test.ts', 'src/server/db/namedStatements.test.ts'];
/**
 * Their subject is not SQL: run once, on PostgreSQL. The same six largest of them took 86
 * core-seconds on PGlite (the WASM database runs inside the test worker) and 53 on PostgreSQL.
 */
export const databaseAgnostic = [
  'src/offline/**/*.test.ts',
  'src/client/**/*.test.ts',
  'src/server/demo/**/*.test.ts',
  'src/server/conformance.test.ts',
  'src/server/auth/authorizationMatrix.test.ts',
  'src/server/http/malformedInput.test.ts',
  // Starts PostgreSQL runs of its own whatever the project's database.
  'scripts/test/interrupt.test.ts',
];

/**
 * The order Vitest starts test files in. Its own order runs the projects one after another by
 * name, so the process suites (service processes, restarts, real-time waits) came last, alone, and
 * left much of the two cores idle at the end of the run (a fresh clone's, sampled: 79 and 54 of 120
 * CPU-seconds in its last two minutes). Started first, their waits are filled by the type check and
 * lint that run beside Vitest (scripts/test/run.ts). Within them, the order of `longestFirst`, each
 * on both databases in turn. (Here rather than in a module of its own: Vite's config loader wants
 * no extensionless imports.) `longestFirst`: paths from the project root.
 */
export function processesFirst(longestFirst: readonly string[]) {
  return class ProcessesFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const waits = (spec: TestSpecification) => spec.project.name.startsWith('processes');
      const rank = (spec: TestSpecification) => {
        const index = longestFirst.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
        return index === -1 ? longestFirst.length : index;
      };
      // Array.prototype.sort is stable: equal ranks keep Vitest's order (pglite before postgres).
      const processes = sorted.filter(waits).sort((a, b) => rank(a) - rank(b));
      return [...processes, ...sorted.filter((spec) => !waits(spec))];
    }
  };
}

type Database = 'pglite' | 'postgres';

const onDatabase = (database: Database) => ({
  environment: 'node' as const,
  env: { TEST_DATABASE: database },
  globalSetup: ['src/server/testing/globalSetup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
});

const apiProject = (database: Database) => ({
  test: {
    name: `api-${database}`,
    include: apiTests,
    exclude: [...unitOnly, ...processTests, ...isolatedTests, ...(database === 'pglite' ? databaseAgnostic : [])],
    isolate: false,
    ...onDatabase(database),
  },
});

const processProject = (database: Database) => ({
  test: {
    name: `processes-${database}`,
    include: [...processTests, ...isolatedTests],
    exclude: database === 'pglite' ? databaseAgnostic : [],
    ...onDatabase(database),
    // They run beside the other suites, so each waits for CPU more than an API test does.
    testTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker (cores - 1): the machine's second core idled.
    maxWorkers: 2,
    // The process suites first (they wait on processes and the clock; API files fill the waits).
    sequence: { sequencer: processesFirst([...processTests, ...isolatedTests]) },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/contract/**/*.test.ts', ...unitOnly],
          environment: 'node',
          // Pure code: a worker runs file after file in one module graph. Isolated, each of the 98
          // files got a fresh one: 69 core-seconds (37 s) against 26 (15 s), the same 642 tests,
          // which also pass shuffled and in one worker (the few that fake timers or stub globals
          // put them back after each test).
          isolate: false,
        },
      },
      apiProject('pglite'),
      apiProject('postgres'),
      processProject('pglite'),
      processProject('postgres'),
    ],
  },
});
