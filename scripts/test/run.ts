/**
 * `npm test`: the checks CI runs, in stages (two Vitests side by side, the build, the browser tests;
 * scripts/test/phases.ts), stopping at the first phase that fails (its exit code is the run's).
 * The type check and lint run beside all the stages, from the start, under `nice`; the run waits
 * for them at the end. With Linux's autogroup each phase is a session of its own and `nice` only
 * orders processes within one, so in practice the check shares the CPU with Vitest and is done
 * before it; holding it back until the cores are idle made the browser tests slower by more than
 * it saved (docs/testing.md). A failing phase stops the others at once. It exists for what a plain
 * `a && b && c` chain cannot do:
 * - say which phase is running and, at the end, how long each took;
 * - clean up when interrupted. Each phase runs in a process group of its own with TMPDIR in this
 *   run's temporary folder, so on Ctrl-C (SIGINT), SIGTERM or SIGHUP the runner passes the signal
 *   to the running phases' whole groups (workers, browsers, services), kills what is still there
 *   after a grace period, stops any PostgreSQL server left under that folder (pg_ctl detaches it
 *   from every group: strayServers.ts finds it by its postmaster.pid) and removes the folder.
 *   A finished run does the same.
 * Arguments after `--` go to Vitest (e.g. `npm test -- src/server/http`), which then runs them over
 * every project in one Vitest; `--only <phase,...>` runs only those phases, in their usual places.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BESIDE, PHASES, PROJECT_ROOT, STAGES, type Phase } from './phases';
import { stopPostgresUnder } from './strayServers';

const GRACE_MS = 10_000;

interface Plan {
  stages: readonly (readonly Phase[])[];
  beside: readonly Phase[];
  vitestArguments: string[];
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

function parseArguments(argv: string[]): Plan {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const vitestArguments = split === -1 ? [] : argv.slice(split + 1);
  // A phase with nothing to do for these Vitest arguments (the process suites' own Vitest, when
  // the arguments pick files or projects for one Vitest over all of them) is left out.
  const runs = (phase: Phase) => phase.command(vitestArguments) !== null;
  const plan = (stages: readonly (readonly Phase[])[], beside: readonly Phase[]): Plan => ({
    stages: stages.map((stage) => stage.filter(runs)).filter((stage) => stage.length > 0),
    beside: beside.filter(runs),
    vitestArguments,
  });
  if (own.length === 0) return plan(STAGES, BESIDE);
  const names = own[0] === '--only' ? (own[1] ?? '') : own[0]!.startsWith('--only=') ? own[0]!.slice('--only='.length) : null;
  if (names === null || own.length > (own[0] === '--only' ? 2 : 1)) throw new Error(`unknown arguments ${own.join(' ')} (usage: npm test -- [--only ${PHASES.map((p) => p.name).join(',')}] [-- vitest arguments])`);
  const wanted = names.split(',').filter(Boolean);
  const unknown = wanted.filter((name) => !PHASES.some((phase) => phase.name === name));
  if (unknown.length > 0 || wanted.length === 0) throw new Error(`no phase ${unknown.join(', ') || '(none given)'} (phases: ${PHASES.map((p) => p.name).join(', ')})`);
  const chosen = (phase: Phase) => wanted.includes(phase.name);
  return plan(STAGES.map((stage) => stage.filter(chosen)), BESIDE.filter(chosen));
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
  const { stages, beside, vitestArguments } = parseArguments(process.argv.slice(2));
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

  const phases = [...beside, ...stages.flat()];
  const order = stages.map((stage) => stage.map((phase) => phase.name).join(' + ')).join(' → ');
  const alongside = beside.length > 0 ? `${beside.map((phase) => phase.name).join(' + ')} beside ${order ? `(${order})` : 'nothing'}` : order;
  say(`npm test: ${alongside} (temporary files in ${runRoot})`);
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
    const [file, ...args] = phase.command(vitestArguments) ?? [];
    const child = spawn(file!, args, {
      cwd: PROJECT_ROOT,
      // The browser tests' services' data directories go there too (e2e/support/scratch.ts).
      env: { ...process.env, TMPDIR: runTmp, E2E_SCRATCH_DIR: runTmp },
      // Nothing reads the terminal; a process group of its own so the phase is stopped as one.
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    running.add(child);
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
  const besideDone = Promise.all(beside.map((phase) => runPhase(phase, runFailed)));
  for (const stage of stages) {
    if (stop.signal || outcome.failed) break;
    await Promise.all(stage.map((phase) => runPhase(phase, runFailed)));
  }
  await besideDone;

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
