/**
 * Starts the real Kiosk Clock service (`tsx src/server/main.ts`, serving the built dist/) as a
 * child process on a loopback port chosen by the OS, with a fresh temporary DATA_DIR, and waits
 * for /healthz to answer 200. Used by the global setup (the shared instance) and by tests that need
 * an isolated instance of their own (a fresh device and database, e.g. the installer flow).
 * stop() ends only the process started here, by its PID, and deletes its data dir.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoFile } from '../../src/server/demo/seedDemo';

export type { DemoFile };

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ServiceInstance<Demo extends DemoFile | null = DemoFile | null> {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseURL: string;
  /** The parsed <DATA_DIR>/demo.json when started with `demo: true`, else null. */
  demo: Demo;
  dataDir: string;
  pid: number;
  /** Everything the service printed (also in <dataDir>/service.log until stop()). */
  output(): string;
  /** Ends the process (SIGTERM, then SIGKILL after 10 s) and removes the data dir. Idempotent. */
  stop(): Promise<void>;
}

interface CommonOptions {
  /** Names the temp dir and error messages, e.g. 'shared' or 'installer'. */
  label?: string;
  /** Extra settings for the service (src/server/env.ts), e.g. { PIN_MAX_ATTEMPTS: '3' }. */
  env?: Record<string, string>;
  /** How long to wait for /healthz; PGlite's first start (initdb + migrations + demo) takes seconds. */
  timeoutMs?: number;
}

const READY_LINE = /Kiosk Clock is running at (http:\/\/\S+)/;
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
  const timeoutMs = options.timeoutMs ?? 90_000;
  const dataDir = mkdtempSync(join(tmpdir(), `kiosk-clock-e2e-${label}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Settings that could leak in from the developer's shell and point elsewhere are cleared.
    DATABASE_URL: '',
    PUBLIC_URL: '',
    SMTP_URL: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    LOG_LEVEL: process.env.E2E_SERVICE_LOG_LEVEL ?? 'error',
    ...options.env,
    DEMO: options.demo ? '1' : '0',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
  };

  // One process (node with tsx's loader), so its PID is the service itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`[${label}] could not start the service process`);

  const log = createWriteStream(join(dataDir, 'service.log'));
  let output = '';
  const record = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output = (output + text).slice(-OUTPUT_LIMIT);
    log.write(text);
  };
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

  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      if (!state.exited) {
        signal(pid, 'SIGTERM');
        const killed = await Promise.race([exit.then(() => true), delay(10_000).then(() => false)]);
        if (!killed && !state.exited) {
          signal(pid, 'SIGKILL');
          await exit;
        }
      }
      process.removeListener('exit', killOnExit);
      await new Promise<void>((done) => log.end(done));
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    })();
    return stopped;
  };

  const fail = async (reason: string): Promise<never> => {
    const printed = output.trim() || '(nothing)';
    await stop();
    throw new Error(`[${label}] the service did not become ready: ${reason}\n--- service output ---\n${printed}`);
  };

  const deadline = Date.now() + timeoutMs;
  let baseURL: string | undefined;
  while (!baseURL) {
    const exited = state.exited;
    if (exited) return fail(`it exited (code ${String(exited.code)}, signal ${String(exited.signal)})`);
    if (Date.now() > deadline) return fail(`no "running at" line within ${timeoutMs} ms`);
    baseURL = READY_LINE.exec(output)?.[1]?.replace(/\/+$/, '');
    if (!baseURL) await delay(100);
  }
  const origin = new URL(baseURL);
  if (origin.hostname !== '127.0.0.1') return fail(`it announced ${baseURL}, which is not loopback`);

  let lastStatus = 'no answer';
  for (;;) {
    if (state.exited) return fail('it exited while starting');
    if (Date.now() > deadline) return fail(`/healthz still answers ${lastStatus} after ${timeoutMs} ms`);
    try {
      const response = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
      lastStatus = String(response.status);
    } catch (error) {
      lastStatus = error instanceof Error ? error.message : String(error);
    }
    await delay(200);
  }

  let demo: DemoFile | null = null;
  if (options.demo) {
    const file = join(dataDir, 'demo.json');
    if (!existsSync(file)) return fail(`DEMO=1 but ${file} was not written`);
    demo = JSON.parse(readFileSync(file, 'utf8')) as DemoFile;
  }

  return { baseURL, demo, dataDir, pid, output: () => output, stop };
}
