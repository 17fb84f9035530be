/**
 * Ctrl-C on a test run leaves nothing behind: no PostgreSQL server of that run, no temporary
 * folder. Real runs, really interrupted: the API suites on PostgreSQL are started (through `npm
 * test`'s runner, and through Vitest alone), and once their server is up the run gets SIGINT; then
 * nothing whose command line names the run's temporary folder may be running, and the folder
 * must be empty. Each run gets its own TMPDIR, so only what that run made is looked at.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { hasPostgres } from '../../src/server/testing/postgresCluster';
import { isAlive } from './strayServers';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WAIT_MS = 60_000;

/** What Vitest and Vite put in a worker's environment: a nested run must not inherit it. */
const WORKER_ONLY = new Set(['BASE_URL', 'DEV', 'MODE', 'PROD', 'SSR', 'TEST', 'NODE_ENV', 'TEST_DATABASE', 'FORCE_TTY', 'COLOR']);

function cleanEnvironment(tmp: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('VITEST') && !WORKER_ONLY.has(key)) env[key] = value;
  }
  return { ...env, TMPDIR: tmp, CI: 'true', NO_COLOR: '1' };
}

/** The PIDs in postmaster.pid files under `folder` (a server that is, or was, starting there). */
function postmasterPids(folder: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync(folder, { recursive: true })) {
    const path = join(folder, String(name));
    if (String(name).endsWith('postmaster.pid') && existsSync(path)) {
      const pid = Number(readFileSync(path, 'utf8').split('\n')[0]);
      if (Number.isInteger(pid) && pid > 1) pids.push(pid);
    }
  }
  return pids;
}

/** Every running process whose command line mentions `text`. */
function processesMentioning(text: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (commandLine.includes(text)) found.push(`${entry}: ${commandLine}`);
    } catch {
      // Ended meanwhile.
    }
  }
  return found;
}

const delay = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

async function waitFor<T>(what: string, probe: () => T | null, child: ChildProcess, output: () => string): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = probe();
    if (value !== null) return value;
    if (child.exitCode !== null) throw new Error(`the run ended (exit ${child.exitCode}) before ${what}:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`no ${what} within ${WAIT_MS / 1000} s:\n${output()}`);
    await delay(200);
  }
}

const started: ChildProcess[] = [];
const folders: string[] = [];
afterEach(() => {
  // Should an assertion fail: end what this test started (its group) and remove its folder.
  for (const child of started.splice(0)) {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/**
 * Starts `command` in a process group of its own with TMPDIR in a new folder, waits for its
 * PostgreSQL server, sends SIGINT (to the group, as a terminal's Ctrl-C does, or to the leader
 * only, as `kill -INT` does), and answers what is left once the run has ended.
 */
async function interruptOnceUp(command: string[], target: 'group' | 'leader') {
  const tmp = mkdtempSync(join(tmpdir(), 'kiosk-interrupt-'));
  folders.push(tmp);
  // As root, PostgreSQL runs as its own user in a folder under this one.
  chmodSync(tmp, 0o711);
  let output = '';
  const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, env: cleanEnvironment(tmp), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<number | string>((resolve) => child.once('close', (code, signal) => resolve(code ?? String(signal))));

  const postgres = await waitFor('PostgreSQL server', () => postmasterPids(tmp).find(isAlive) ?? null, child, () => output);
  process.kill(target === 'group' ? -child.pid! : child.pid!, 'SIGINT');
  const exit = await Promise.race([ended, delay(WAIT_MS).then(() => 'still running')]);
  // The server forks; give its last processes a moment to go.
  for (let tries = 0; tries < 50 && isAlive(postgres); tries += 1) await delay(100);
  // tsx keeps its compile cache in TMPDIR/tsx-<uid> (normally /tmp/tsx-0), shared by every run
  // and meant to outlive them: it is the runner's own, not something the run made.
  const leftInFolder = readdirSync(tmp).filter((name) => !/^tsx-\d+$/.test(name));
  return { exit, postgresStillRunning: isAlive(postgres), mentioning: processesMentioning(tmp), leftInFolder, output: () => output };
}

describe.runIf(hasPostgres())('an interrupted test run', () => {
  it('`npm test` (its runner) given SIGINT stops its PostgreSQL and removes its temporary folders', async () => {
    const run = await interruptOnceUp([process.execPath, '--import', 'tsx', 'scripts/test/run.ts', '--only', 'vitest', '--', '--project', 'api-postgres'], 'leader');
    expect(run.exit, run.output()).toBe(130);
    expect(run.postgresStillRunning).toBe(false);
    expect(run.mentioning).toEqual([]);
    expect(run.leftInFolder).toEqual([]);
  });

  it('Vitest alone, given Ctrl-C, stops the PostgreSQL its global setup started and removes its folder', async () => {
    const run = await interruptOnceUp([join(ROOT, 'node_modules/.bin/vitest'), 'run', '--project', 'api-postgres'], 'group');
    expect(run.exit, run.output()).not.toBe('still running');
    expect(run.postgresStillRunning).toBe(false);
    expect(run.mentioning).toEqual([]);
    expect(run.leftInFolder).toEqual([]);
  });
});
