/**
 * The service as its own process for the history benchmark (the compiled `build/server/main.js`,
 * copied privately as the kiosk bench does, on the bench's PostgreSQL through DATABASE_URL, as it
 * runs in production), and its memory as Linux reports it:
 * VmHWM (peak resident set) per phase, reset between phases through /proc/<pid>/clear_refs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EnvSchema } from '../../src/server/env';
import { privateBuild } from '../kioskBench/serviceProcess';

export interface ServiceProcess {
  baseUrl: string;
  pid: number;
  /** Peak resident memory since the start or the last resetPeak(), in MB. */
  peakMb(): number;
  residentMb(): number;
  resetPeak(): void;
  stop(): Promise<void>;
}

const statusField = (pid: number, name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/**
 * The bench's load all comes from one loopback address and stands for many kiosks, so every rate
 * limit (each RATE_LIMIT_* setting) is raised out of its way: the limiter still runs and its
 * database work is still measured, but it never answers 429 to what it measures.
 */
const unlimited = Object.fromEntries(Object.keys(EnvSchema.shape).filter((name) => name.startsWith('RATE_LIMIT_')).map((name) => [name, '1000000']));

export async function startServiceProcess(databaseUrl: string, port: number): Promise<ServiceProcess> {
  const build = privateBuild(fileURLToPath(new URL('../..', import.meta.url)));
  const child: ChildProcess = spawn(process.execPath, [build.entry], {
    env: { ...process.env, ...unlimited, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DEMO: '0', LOG_LEVEL: 'error', WORKERS: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.once('exit', () => build.remove());
  const pid = child.pid;
  if (pid === undefined) throw new Error('the service process did not start');
  const baseUrl = `http://127.0.0.1:${port}`;
  let ready = false;
  for (let i = 0; i < 240 && !ready; i += 1) {
    ready = await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false);
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!ready) {
    child.kill('SIGKILL');
    throw new Error('the service did not become ready within 2 minutes');
  }
  return {
    baseUrl,
    pid,
    peakMb: () => statusField(pid, 'VmHWM'),
    residentMb: () => statusField(pid, 'VmRSS'),
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
