/**
 * Starts the real Kiosk Clock service as production runs it (`node build/server/main.js`, the
 * compiled service serving the built dist/; `npm run build` makes both) as a
 * child process on a loopback port chosen by the OS, with a fresh DATA_DIR (scratch.ts) and a
 * database of its own, and waits for /healthz to answer 200. The database is a copy of one of the
 * run's templates in the run's PostgreSQL (serviceDatabase.ts), or PGlite in DATA_DIR when the
 * spec asks for it or the run is on PGlite. Used by the worker fixture (the shared instance) and
 * by tests that need an isolated instance of their own (a fresh device and database, e.g. the
 * installer flow). stop() ends only the process started here, by its PID, and deletes its data
 * dir and database. For fault tests, halt() ends the process but keeps both, and restart() starts
 * it again on the same port and data (same database, same demo.json): "the service was stopped
 * and came back".
 *
 * Every service here runs with TEST_CLOCK (src/server/testClock.ts): its clock starts at the real
 * time, or at `clockAt`, and `clock` moves it (a restart keeps the clock where it was).
 */
import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoFile } from '../../src/server/demo/demoFile';
import { TEST_SECRET_HASH_COST } from '../../src/server/testing/secretHashCost';
import { makeScratchDir } from './scratch';
import { createServiceDatabase, runCluster, TEMPLATE_DATABASES, type DatabaseKind, type ServiceDatabase } from './serviceDatabase';

export type { DemoFile };

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The compiled service (`npm run build`). */
export const SERVICE_ENTRY = join(PROJECT_ROOT, 'build/server/main.js');

/**
 * Where the global setup left the data directories a new service starts from, so it need not run
 * the migrations and the demo's seeding again: on PostgreSQL, the demo's files (demo.json,
 * demo-au.json) that go with the template databases; on PGlite, whole data directories (a
 * migrated database, with or without the demo seeded).
 */
export const TEMPLATE_ENV = { demo: 'E2E_TEMPLATE_DEMO', empty: 'E2E_TEMPLATE_EMPTY' } as const;

export interface ServiceInstance<Demo extends DemoFile | null = DemoFile | null> {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseURL: string;
  /** The parsed <DATA_DIR>/demo.json when started with `demo: true`, else null. */
  demo: Demo;
  dataDir: string;
  /** The PostgreSQL database the service runs on (DATABASE_URL), or null: PGlite in dataDir. */
  databaseURL: string | null;
  /** The PID of the current process (restart() starts a new one). */
  readonly pid: number;
  /** Everything the service printed (also in <dataDir>/service.log until stop()). */
  output(): string;
  /** Ends the process (SIGTERM, then SIGKILL after 10 s) and removes the data dir and its database. Idempotent. */
  stop(): Promise<void>;
  /** Ends the process like stop() but keeps the data dir, for restart(). Idempotent. */
  halt(): Promise<void>;
  /** Starts the service again (halting it first) on the same port and data dir; resolves once /healthz answers 200. */
  restart(): Promise<void>;
  /** The service's clock (TEST_CLOCK): read it, set it, step it, or send it back to real time. */
  clock: ServiceClock;
}

/** The service's clock as a test moves it; each call answers the clock's reading after it. */
export interface ServiceClock {
  now(): Promise<Date>;
  /** Sets the clock to this instant; it runs on from there at real speed. */
  set(instant: Date | string): Promise<Date>;
  /** Steps the clock forward by `ms` (back, when negative). */
  advance(ms: number): Promise<Date>;
  /** Real time again. */
  real(): Promise<Date>;
}

/** How a spec reaches a running service's clock (`PUT /_test/clock`, loopback only); `onReading` learns each reading. */
export function serviceClock(baseURL: string, onReading: (now: Date) => void = () => undefined): ServiceClock {
  const call = async (change?: Record<string, unknown>): Promise<Date> => {
    const response = await fetch(`${baseURL}/_test/clock`, {
      method: change ? 'PUT' : 'GET',
      ...(change ? { body: JSON.stringify(change), headers: { 'content-type': 'application/json' } } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${baseURL}/_test/clock answered ${response.status}: ${text} (is TEST_CLOCK set?)`);
    const now = new Date((JSON.parse(text) as { now: string }).now);
    onReading(now);
    return now;
  };
  return {
    now: () => call(),
    set: (instant) => call({ at: new Date(instant).toISOString() }),
    advance: (ms) => call({ advanceMs: ms }),
    real: () => call({ real: true }),
  };
}

export interface CommonOptions {
  /** Names the temp dir and error messages, e.g. 'shared' or 'installer'. */
  label?: string;
  /** Settings for this service (environment variables), on top of the defaults below. */
  settings?: Record<string, string>;
  /** Where the service's clock starts (it runs on at real speed); the real time by default. */
  clockAt?: Date | string;
  /**
   * Start from the run's prepared data (globalSetup.ts), as a copy: the default. False starts on an
   * empty directory and an empty database, as a first `npm start` does; a path starts PGlite from
   * a copy of that directory (how the global setup makes PGlite's demo template from the empty one).
   * A PGlite service in a run on PostgreSQL has no template to copy: it starts from nothing.
   */
  template?: boolean | string;
  /**
   * 'pglite': the embedded database in DATA_DIR, as `npm start` runs it, for a spec whose subject
   * is that path. By default the run's kind (serviceDatabase.ts). A DATABASE_URL in `settings` is
   * the spec's own database: used as it is, neither copied nor dropped.
   */
  database?: DatabaseKind;
}

/**
 * How long to wait for /healthz. A start from a prepared directory takes seconds, PGlite's first
 * start (initdb + migrations + demo) ten or so on an idle machine, but over 40 s on a busy one.
 */
const READY_TIMEOUT_MS = 180_000;

const READY_LINE = /Kiosk Clock is running at (https?:\/\/\S+)/;
const OUTPUT_LIMIT = 200_000;

/** Signals our own child by PID; it may already have gone (ESRCH), which is fine. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

export function startService(options: CommonOptions & { demo: true }): Promise<ServiceInstance<DemoFile>>;
export function startService(options?: CommonOptions & { demo?: false }): Promise<ServiceInstance<null>>;
export async function startService(options: CommonOptions & { demo?: boolean } = {}): Promise<ServiceInstance> {
  const label = options.label ?? 'service';
  const dataDir = makeScratchDir(`kiosk-clock-e2e-${label}-`);
  // A demo on a clock of its own is seeded at that instant (its day is laid around it): from the empty template.
  const which = options.demo && options.clockAt === undefined ? 'demo' : 'empty';
  const cluster = runCluster();
  const ownDatabase = Boolean(options.settings?.DATABASE_URL);
  const onPostgres = !ownDatabase && cluster !== null && options.database !== 'pglite';
  // The run's templates are of the run's kind; a spec's own DATABASE_URL starts from nothing.
  const fromTemplate = options.template !== false && !ownDatabase && onPostgres === (cluster !== null);
  if (typeof options.template === 'string') {
    if (onPostgres) throw new Error(`[${label}] a template folder is PGlite data: ask for database: 'pglite'`);
    cpSync(options.template, dataDir, { recursive: true });
  } else if (fromTemplate) {
    const template = process.env[TEMPLATE_ENV[which]];
    if (template) cpSync(template, dataDir, { recursive: true });
  }
  let database: ServiceDatabase | null = null;
  if (onPostgres && cluster) {
    try {
      database = await createServiceDatabase(cluster, label, fromTemplate ? TEMPLATE_DATABASES[which] : null);
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Settings that could leak in from the developer's shell and point elsewhere are cleared.
    DATABASE_URL: '',
    PUBLIC_URL: '',
    SMTP_URL: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    LOG_LEVEL: process.env.E2E_SERVICE_LOG_LEVEL ?? 'error',
    DEMO: options.demo ? '1' : '0',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    // A device quiet for 30 s is flagged silent, so a spec can show the flag without waiting 15 minutes.
    DEVICE_SILENT_MINUTES: '0.5',
    // Web hook receivers in the tests listen on 127.0.0.1, which the service refuses by default.
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1',
    // A clock the spec can set (module comment); never in production.
    TEST_CLOCK: options.clockAt === undefined ? 'now' : new Date(options.clockAt).toISOString(),
    NODE_ENV: '',
    // PINs and passwords hashed at the tests' scrypt cost, the demo templates' included (a stored
    // hash carries its own cost, so a spec may still set the production one for its service).
    SECRET_HASH_COST: TEST_SECRET_HASH_COST,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.settings,
    // The whole run comes from 127.0.0.1 and signs the one demo manager in many times a minute,
    // which no real site does: those budgets are raised. Per-device budgets keep their defaults.
    RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '10000',
    RATE_LIMIT_SIGN_IN_PER_IP: '10000',
    RATE_LIMIT_PIN_CHECK_PER_IP: '10000',
    RATE_LIMIT_PIN_RESET_PER_IP: '10000',
    RATE_LIMIT_PIN_FAILURES_PER_IP: '10000',
  };

  const log = createWriteStream(join(dataDir, 'service.log'));
  let output = '';
  // What the current process printed since it was launched (its "running at" line, after a restart).
  let launched = '';
  const record = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output = (output + text).slice(-OUTPUT_LIMIT);
    launched = (launched + text).slice(-OUTPUT_LIMIT);
    log.write(text);
  };

  /** Spawns one service process; `end()` stops it by PID (SIGTERM, then SIGKILL after 10 s). */
  const launch = (launchEnv: NodeJS.ProcessEnv) => {
    launched = '';
    // The compiled service, as `npm start` runs it; one process, so its PID is the service itself.
    if (!existsSync(SERVICE_ENTRY)) throw new Error(`[${label}] ${SERVICE_ENTRY} is missing: run \`npm run build\` first`);
    const child = spawn(process.execPath, ['--enable-source-maps', SERVICE_ENTRY], {
      cwd: PROJECT_ROOT,
      env: launchEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const pid = child.pid;
    if (pid === undefined) throw new Error(`[${label}] could not start the service process`);
    child.stdout.on('data', record);
    child.stderr.on('data', record);

    // A holder object, so TypeScript does not narrow it to null (it is set from a callback).
    const state: { exited: { code: number | null; signal: NodeJS.Signals | null } | null } = { exited: null };
    const exit = new Promise<void>((done) =>
      child.once('exit', (code, signal) => {
        state.exited = { code, signal };
        done();
      }),
    );
    // If the test runner itself goes away, do not leave this service behind.
    const killOnExit = () => {
      if (!state.exited) signal(pid, 'SIGKILL');
    };
    process.once('exit', killOnExit);

    let ended: Promise<void> | null = null;
    const end = (): Promise<void> => {
      ended ??= (async () => {
        if (!state.exited) {
          signal(pid, 'SIGTERM');
          const killed = await Promise.race([exit.then(() => true), delay(10_000).then(() => false)]);
          if (!killed && !state.exited) {
            signal(pid, 'SIGKILL');
            await exit;
          }
        }
        process.removeListener('exit', killOnExit);
      })();
      return ended;
    };
    return { pid, state, end };
  };

  let current = launch(env);

  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      await current.end();
      await new Promise<void>((done) => log.end(done));
      try {
        rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      } finally {
        await database?.drop();
      }
    })();
    return stopped;
  };

  /** Waits for the current process's "running at" line and a 200 from /healthz; a reason when it fails. */
  const waitUntilReady = async (): Promise<{ baseURL: string } | { reason: string }> => {
    const { state } = current;
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let announced: string | undefined;
    while (!announced) {
      const exited = state.exited;
      if (exited) return { reason: `it exited (code ${String(exited.code)}, signal ${String(exited.signal)})` };
      if (Date.now() > deadline) return { reason: `no "running at" line within ${READY_TIMEOUT_MS} ms` };
      announced = READY_LINE.exec(launched)?.[1]?.replace(/\/+$/, '');
      if (!announced) await delay(100);
    }
    // Behind a front end (PUBLIC_URL, e.g. https://kiosk.test:8443) the banner names the public
    // address; the process itself listens on the fixed loopback PORT it was given.
    const publicURL = env.PUBLIC_URL?.replace(/\/+$/, '');
    if (publicURL) {
      if (announced !== publicURL) return { reason: `it announced ${announced}, not PUBLIC_URL ${publicURL}` };
      if (!env.PORT || env.PORT === '0') return { reason: 'PUBLIC_URL needs a fixed PORT in the settings' };
      announced = `http://127.0.0.1:${env.PORT}`;
    }
    const origin = new URL(announced);
    if (origin.hostname !== '127.0.0.1') return { reason: `it announced ${announced}, which is not loopback` };

    let lastStatus = 'no answer';
    for (;;) {
      if (state.exited) return { reason: 'it exited while starting' };
      if (Date.now() > deadline) return { reason: `/healthz still answers ${lastStatus} after ${READY_TIMEOUT_MS} ms` };
      try {
        const response = await fetch(`${announced}/healthz`, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.status === 200) return { baseURL: announced };
        lastStatus = String(response.status);
      } catch (error) {
        lastStatus = error instanceof Error ? error.message : String(error);
      }
      await delay(200);
    }
  };

  const notReady = (reason: string) => `[${label}] the service did not become ready: ${reason}\n--- service output ---\n${output.trim() || '(nothing)'}`;
  const fail = async (reason: string): Promise<never> => {
    const message = notReady(reason);
    await stop();
    throw new Error(message);
  };

  const ready = await waitUntilReady();
  if ('reason' in ready) return fail(ready.reason);
  const { baseURL } = ready;

  let demo: DemoFile | null = null;
  if (options.demo) {
    const file = join(dataDir, 'demo.json');
    if (!existsSync(file)) return fail(`DEMO=1 but ${file} was not written`);
    demo = JSON.parse(readFileSync(file, 'utf8')) as DemoFile;
  }

  // How far the service's clock is from the real time, as last read, so a restart keeps it.
  let clockOffsetMs = env.TEST_CLOCK === 'now' ? 0 : Date.parse(env.TEST_CLOCK ?? '') - Date.now();
  const clock = serviceClock(baseURL, (now) => {
    clockOffsetMs = now.getTime() - Date.now();
  });

  const halt = (): Promise<void> => current.end();
  const restart = async (): Promise<void> => {
    if (stopped) throw new Error(`[${label}] restart() after stop()`);
    await current.end();
    // The same port, so whoever talks to baseURL reaches the restarted service; the clock goes on where it was.
    const testClock = Math.abs(clockOffsetMs) < 1_000 ? 'now' : new Date(Date.now() + clockOffsetMs).toISOString();
    current = launch({ ...env, PORT: new URL(baseURL).port, TEST_CLOCK: testClock });
    const again = await waitUntilReady();
    if ('reason' in again) throw new Error(notReady(`restart: ${again.reason}`));
    if (again.baseURL !== baseURL) throw new Error(`[${label}] the restarted service announced ${again.baseURL}, not ${baseURL}`);
  };

  return {
    baseURL,
    demo,
    dataDir,
    databaseURL: database?.url ?? options.settings?.DATABASE_URL ?? null,
    get pid() {
      return current.pid;
    },
    output: () => output,
    stop,
    halt,
    restart,
    clock,
  };
}
