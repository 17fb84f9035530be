/**
 * `npm test`: the checks CI runs, in three lanes side by side from the start: the build then the
 * browser tests; Vitest; and the type check and lint at a lower CPU priority (nice 10, for its
 * session too), which fill the time the tests leave idle rather than take CPU from them. The first
 * phase that fails stops the others at once and its exit code is the run's. It exists for what a
 * plain `a && b && c` chain cannot do:
 * - say which phase is running and, at the end, how long each took;
 * - clean up when interrupted. Each phase runs in a process group of its own with TMPDIR in this
 *   run's temporary folder, so on Ctrl-C (SIGINT), SIGTERM or SIGHUP the runner passes the signal
 *   to the running phases' whole groups (workers, browsers, services), kills what is still there
 *   after a grace period, stops any PostgreSQL server left under that folder (pg_ctl detaches it
 *   from every group: strayServers.ts finds it by its postmaster.pid) and removes the folder.
 *   A finished run does the same.
 * Arguments after `--` go to Vitest (e.g. `npm test -- src/server/http`); `--only <phase,...>`
 * runs only those phases, in their usual lanes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lowerSessionPriority } from './sessionPriority';
import { stopPostgresUnder } from './strayServers';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GRACE_MS = 10_000;
const bin = (name: string) => join(PROJECT_ROOT, 'node_modules', '.bin', name);

interface Phase {
  name: string;
  title: string;
  command: (vitestArguments: string[]) => string[];
  /** A lower CPU priority (a nice value) for the phase's whole process group. */
  niceness?: number;
}

const CHECK_NICENESS = 10;
const CHECK: Phase = {
  name: 'check',
  title: 'types (tsc -b) and lint (ESLint), side by side, at a lower CPU priority than the tests',
  command: () => ['nice', '-n', String(CHECK_NICENESS), 'bash', 'scripts/check.sh'],
  niceness: CHECK_NICENESS,
};
const VITEST: Phase = { name: 'vitest', title: 'Vitest: unit, API and process suites on PGlite and PostgreSQL 15', command: (extra) => [bin('vitest'), 'run', ...extra] };
const BUILD: Phase = { name: 'build', title: 'the kiosk app and the compiled service', command: () => ['npm', 'run', 'build', '--silent'] };
const BROWSER: Phase = { name: 'browser', title: 'Playwright in Chromium against the built service', command: () => [bin('playwright'), 'test'] };

/**
 * The lanes: each runs its phases one after another, and the lanes run side by side from the
 * start. The browser tests need the build and nothing of Vitest's, so they no longer wait for
 * Vitest: on two cores, each left the other's idle moments (processes starting, pages and services
 * waiting on each other) to fill. The check runs in a lane of its own at a lower priority.
 */
const LANES: readonly (readonly Phase[])[] = [[BUILD, BROWSER], [VITEST], [CHECK]];
const PHASES: readonly Phase[] = LANES.flat();

interface Plan {
  lanes: readonly (readonly Phase[])[];
  vitestArguments: string[];
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

function parseArguments(argv: string[]): Plan {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const vitestArguments = split === -1 ? [] : argv.slice(split + 1);
  if (own.length === 0) return { lanes: LANES, vitestArguments };
  const names = own[0] === '--only' ? (own[1] ?? '') : own[0]!.startsWith('--only=') ? own[0]!.slice('--only='.length) : null;
  if (names === null || own.length > (own[0] === '--only' ? 2 : 1)) throw new Error(`unknown arguments ${own.join(' ')} (usage: npm test -- [--only ${PHASES.map((p) => p.name).join(',')}] [-- vitest arguments])`);
  const wanted = names.split(',').filter(Boolean);
  const unknown = wanted.filter((name) => !PHASES.some((phase) => phase.name === name));
  if (unknown.length > 0 || wanted.length === 0) throw new Error(`no phase ${unknown.join(', ') || '(none given)'} (phases: ${PHASES.map((p) => p.name).join(', ')})`);
  const lanes = LANES.map((lane) => lane.filter((phase) => wanted.includes(phase.name))).filter((lane) => lane.length > 0);
  return { lanes, vitestArguments };
}

/** Signals a phase's whole process group (its id is the phase's PID: it was spawned detached). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * Where the run's temporary folder goes. A TMPDIR the caller set is honoured; otherwise memory
 * (/dev/shm) where the machine has it: the suites copy and remove PGlite data directories of some
 * 1,250 files dozens of times, run PostgreSQL clusters and browser profiles there, and on the test
 * machine's disk a copy or a removal of one data directory took 2-3 s.
 */
function temporaryParent(): string {
  if (process.env.TMPDIR) return tmpdir();
  try {
    accessSync('/dev/shm', constants.W_OK | constants.X_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

const delay = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Signals a running phase's group, waits up to the grace period, then kills whatever of it is left. */
async function endGroup(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((done) => child.once('close', () => done()));
    signalGroup(child, signal);
    await Promise.race([exited, delay(GRACE_MS)]);
  }
  // Whatever of the group outlived its leader (workers, browsers, services).
  signalGroup(child, 'SIGKILL');
}

async function main(): Promise<number> {
  const runStarted = Date.now();
  const { lanes, vitestArguments } = parseArguments(process.argv.slice(2));
  // Traversable by others (0711): as root, PostgreSQL runs as its own user in a folder under it.
  const runRoot = mkdtempSync(join(temporaryParent(), 'kiosk-test-run-'));
  chmodSync(runRoot, 0o711);
  const runTmp = join(runRoot, 'tmp');
  mkdirSync(runTmp);
  chmodSync(runTmp, 0o711);
  const cleanUp = async () => {
    const stopped = await stopPostgresUnder(runRoot);
    if (stopped.length > 0) say(`npm test: stopped PostgreSQL left running (pid ${stopped.join(', ')})`);
    rmSync(runRoot, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };

  const running = new Set<ChildProcess>();
  // An object, not two variables: TypeScript does not see the handler set them during the loop.
  const stop: { signal: NodeJS.Signals | null; done: Promise<void> } = { signal: null, done: Promise.resolve() };
  const interrupt = (signal: NodeJS.Signals) => {
    if (stop.signal) return;
    stop.signal = signal;
    say(`\nnpm test: ${signal}; stopping everything it started and removing ${runRoot}`);
    const children = [...running];
    stop.done = (async () => {
      await Promise.all(children.map((child) => endGroup(child, signal)));
      await cleanUp();
    })();
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => interrupt(signal));

  const phases = lanes.flat();
  const sideBySide = lanes.map((lane) => lane.map((phase) => phase.name).join(' → ')).join(' | ');
  say(`npm test: ${sideBySide}, side by side (temporary files in ${runRoot})`);
  const times: string[] = [];
  const reported = new Set<Phase>();
  // A holder object: the phases set it from their callbacks, which TypeScript does not follow.
  const outcome: { failed: { phase: Phase; code: number } | null } = { failed: null };
  let number = 0;

  /** Runs one phase to its end; a phase that failed first ends it early. */
  const runPhase = async (phase: Phase, runFailed: { phase: Phase | null }): Promise<number> => {
    const started = Date.now();
    number += 1;
    say(`\n▶ ${number}/${phases.length} ${phase.name}: ${phase.title}`);
    const [file, ...args] = phase.command(vitestArguments);
    const child = spawn(file!, args, {
      cwd: PROJECT_ROOT,
      // The browser tests' services' data directories go there too (e2e/support/scratch.ts).
      env: { ...process.env, TMPDIR: runTmp, E2E_SCRATCH_DIR: runTmp },
      // Nothing reads the terminal; a process group of its own so the phase is stopped as one.
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    running.add(child);
    if (phase.niceness !== undefined && child.pid !== undefined) lowerSessionPriority(child.pid, phase.niceness);
    const code = await new Promise<number>((resolve) => {
      child.once('error', (error) => {
        say(`npm test: could not start ${file}: ${error.message}`);
        resolve(127);
      });
      child.once('close', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1)));
    });
    running.delete(child);
    if (stop.signal) return code;
    // The phase is over; anything of its group still running (a stray service) goes with it.
    signalGroup(child, 'SIGKILL');
    const took = seconds(Date.now() - started);
    reported.add(phase);
    if (runFailed.phase && runFailed.phase !== phase) {
      times.push(`■ ${phase.name} stopped after ${took}`);
      say(`■ ${phase.name} stopped after ${took}, since ${runFailed.phase.name} failed`);
      return code;
    }
    times.push(`${code === 0 ? '✔' : '✘'} ${phase.name} ${took}`);
    say(`${code === 0 ? '✔' : '✘'} ${phase.name} ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${took}`);
    if (code !== 0 && !runFailed.phase) {
      runFailed.phase = phase;
      outcome.failed = { phase, code };
      // The others' results no longer change the outcome: stop them rather than wait.
      for (const other of running) void endGroup(other, 'SIGTERM');
    }
    return code;
  };

  const runFailed: { phase: Phase | null } = { phase: null };
  await Promise.all(
    lanes.map(async (lane) => {
      for (const phase of lane) {
        if (stop.signal || outcome.failed) break;
        await runPhase(phase, runFailed);
      }
    }),
  );

  if (stop.signal) {
    await stop.done;
    say(`npm test: stopped after ${seconds(Date.now() - runStarted)} (${stop.signal}); nothing it started is left running`);
    return stop.signal === 'SIGINT' ? 130 : stop.signal === 'SIGHUP' ? 129 : 143;
  }
  await cleanUp();
  const { failed } = outcome;
  const notRun = phases.filter((phase) => !reported.has(phase)).map((phase) => `not run: ${phase.name}`);
  say(`\nnpm test ${failed ? `FAILED in ${failed.phase.name}` : 'passed'} in ${seconds(Date.now() - runStarted)}: ${[...times, ...notRun].join(' · ')}`);
  return failed ? failed.code : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`npm test: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
