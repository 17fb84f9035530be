/**
 * The phases `npm test` runs (scripts/test/run.ts) and in which order: what each runs, given the
 * Vitest arguments after `npm test -- ... --`. Its own module so a unit test can hold the Vitest
 * phases' project filters to the projects vitest.config.ts declares.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => join(PROJECT_ROOT, 'node_modules', '.bin', name);

export interface Phase {
  name: string;
  title: string;
  /** The command, or null when the phase has nothing to do for these Vitest arguments. */
  command: (vitestArguments: readonly string[]) => string[] | null;
}

/**
 * The process suites (vitest.config.ts's `processes-*` projects) run in a Vitest of their own,
 * beside the one that runs everything else. They spend most of their time waiting on service
 * processes, restarts and the clock; in one Vitest they held both of its workers for the first two
 * minutes with the cores a third idle, and the API files waited behind them. Vitest's own
 * `--project` patterns: the second excludes what the first includes.
 */
export const PROCESS_PROJECTS = 'processes-*';
export const OTHER_PROJECTS = `!${PROCESS_PROJECTS}`;

const CHECK: Phase = {
  name: 'check',
  title: 'types (tsc -b) and lint (ESLint and Oxlint), side by side, beside the tests',
  command: () => ['nice', '-n', '10', 'bash', 'scripts/check.sh'],
};
/** Given Vitest arguments (a file, a project, `-t`), one Vitest runs them over every project, as `vitest run` would. */
const VITEST: Phase = {
  name: 'vitest',
  title: 'Vitest: unit and API suites on PGlite and PostgreSQL 15 (given Vitest arguments: every project)',
  command: (extra) => [bin('vitest'), 'run', ...(extra.length > 0 ? extra : ['--project', OTHER_PROJECTS])],
};
const PROCESSES: Phase = {
  name: 'processes',
  title: 'Vitest: the suites that start service processes, beside the others',
  command: (extra) => (extra.length > 0 ? null : [bin('vitest'), 'run', '--project', PROCESS_PROJECTS]),
};
const BUILD: Phase = { name: 'build', title: 'the kiosk app and the compiled service', command: () => ['npm', 'run', 'build', '--silent'] };
const BROWSER: Phase = { name: 'browser', title: 'Playwright in Chromium against the built service', command: () => [bin('playwright'), 'test'] };

/** The stages, in order, each after the one before; the phases of a stage run side by side. */
export const STAGES: readonly (readonly Phase[])[] = [[VITEST, PROCESSES], [BUILD], [BROWSER]];
/** Phases started with the first stage and run beside all of them; the run waits for them at the end. */
export const BESIDE: readonly Phase[] = [CHECK];
export const PHASES: readonly Phase[] = [...STAGES.flat(), ...BESIDE];
