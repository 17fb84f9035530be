/**
 * The service as its own process for the history benchmark (the compiled `build/server/main.js`,
 * copied privately as the kiosk bench does, on the bench's PostgreSQL through DATABASE_URL, as it
 * runs in production), and its memory as Linux reports it:
 * VmHWM (peak resident set) per phase, reset between phases through /proc/<pid>/clear_refs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { memoryMb } from '../kioskBench/procStats';
import { privateBuild, unlimitedRateLimits } from '../kioskBench/serviceProcess';

export interface ServiceProcess {
  baseUrl: string;
  pid: number;
  /** Peak resident memory since the start or the last resetPeak(), in MB. */
  peakMb(): number;
  residentMb(): number;
  resetPeak(): void;
  stop(): Promise<void>;
}

export async function startServiceProcess(databaseUrl: string, port: number): Promise<ServiceProcess> {
  const build = privateBuild(fileURLToPath(new URL('../..', import.meta.url)));
  const child: ChildProcess = spawn(process.execPath, [build.entry], {
    env: { ...process.env, ...unlimitedRateLimits, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DEMO: '0', LOG_LEVEL: 'error', WORKERS: '1' },
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
    peakMb: () => memoryMb(pid, 'VmHWM'),
    residentMb: () => memoryMb(pid),
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
