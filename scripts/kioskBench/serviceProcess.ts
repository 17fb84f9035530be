/**
 * The compiled service as the bench runs it: `node build/server/main.js`, as production does, on
 * PostgreSQL (WORKERS processes through node:cluster) or PGlite (one process). The build is copied
 * to a private directory beside build/ first, so a rebuild by someone else during the run cannot
 * change the code under measurement (the copy keeps the same place relative to node_modules and
 * dist/). Every rate limit is raised out of the way: the load stands for many kiosks behind one
 * loopback address; the limiter still runs and its work is measured.
 */
import { spawn } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EnvSchema } from '../../src/server/env';
import { childrenOf, memoryMb, treeCpuSeconds } from './procStats';

/**
 * Every rate limit (each RATE_LIMIT_* setting) raised out of the way: a bench's load all comes from
 * one loopback address and stands for many kiosks; the limiter still runs and its database work is
 * measured, but it never answers 429 to what is measured. The history bench uses it too.
 */
export const unlimitedRateLimits = Object.fromEntries(Object.keys(EnvSchema.shape).filter((name) => name.startsWith('RATE_LIMIT_')).map((name) => [name, '1000000']));

export interface BenchService {
  baseUrl: string;
  port: number;
  /** The process the bench started (the cluster's primary, or the only process). */
  pid: number;
  /** Every process of the service: the primary and its workers. */
  pids(): number[];
  /** Resident memory of each process, MB (VmRSS), primary first. */
  residentMb(): number[];
  /** CPU seconds used so far by the service's processes. */
  cpuSeconds(): number;
  /** Throws, with the end of the service's output, when the process has exited. */
  assertRunning(): void;
  stop(): Promise<void>;
  /** SIGTERM to the process the bench started, without waiting (for an interrupted bench). */
  kill(): void;
}

/** Copies build/server to a private directory at the project root; answers it and how to remove it. */
export function privateBuild(root: string): { entry: string; remove(): void } {
  const built = join(root, 'build/server/main.js');
  if (!existsSync(built)) throw new Error('build/server/main.js is missing: run `npm run build` first');
  const dir = mkdtempSync(join(root, '.bench-service-'));
  cpSync(join(root, 'build/server'), join(dir, 'server'), { recursive: true });
  return { entry: join(dir, 'server/main.js'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ServiceOptions {
  entry: string;
  port: number;
  /** PostgreSQL; PGlite in `dataDir` when absent. */
  databaseUrl?: string;
  dataDir: string;
  workers: number;
  /** The service's output (stdout and stderr) goes here. */
  logPath: string;
  /** Node's arguments instead of the service's entry (the floor server: `--import tsx floorServer.ts`). */
  nodeArgs?: string[];
}

export async function startBenchService(options: ServiceOptions): Promise<BenchService> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...unlimitedRateLimits,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DEMO: '0',
    // As production runs by default: a line per request, here into the log file.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    WORKERS: String(options.workers),
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  // BENCH_SERVICE_NODE_ARGS reach the service's node only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const log = openSync(options.logPath, 'a');
  const args = options.nodeArgs ?? ['--enable-source-maps', ...nodeArgs, options.entry];
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', log, log] });
  closeSync(log);
  const tail = () => readFileSync(options.logPath, 'utf8').slice(-3000);
  const pid = child.pid;
  if (pid === undefined) throw new Error('the service process did not start');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const pids = () => [pid, ...childrenOf(pid)];
  // Ready when /readyz answers and, with a cluster, every worker is running.
  let ready = false;
  for (let i = 0; i < 240 && !ready && child.exitCode === null; i += 1) {
    ready = (await fetch(`${baseUrl}/readyz`).then((r) => r.ok, () => false)) && (options.workers <= 1 || childrenOf(pid).length >= options.workers);
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!ready) {
    child.kill('SIGKILL');
    throw new Error(`the service did not become ready within 60 s:\n${tail()}`);
  }
  // Every worker answers before anything is measured (the last one forked may still be opening).
  for (let i = 0; i < 4 * options.workers; i += 1) await fetch(`${baseUrl}/readyz`).then((r) => r.text());
  return {
    baseUrl,
    port: options.port,
    pid,
    pids,
    residentMb: () => pids().map((p) => memoryMb(p)),
    cpuSeconds: () => treeCpuSeconds(pid),
    assertRunning() {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the service exited (${child.exitCode ?? child.signalCode}):\n${tail()}`);
    },
    kill() {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
