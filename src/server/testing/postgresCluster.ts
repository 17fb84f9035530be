/**
 * Starts a throw-away PostgreSQL 15 cluster on a loopback port for the API tests, from the
 * Debian binaries. The server refuses to run as root, so as root it runs as user `postgres`.
 *
 * `pg_ctl start` detaches the server from the process that started it, so an interrupted test
 * run (Ctrl-C, SIGTERM; Vitest exits on them without running its global teardown) would leave it
 * running with its folder: every cluster still up is stopped (immediate mode, the data is thrown
 * away) and its folder removed when the process exits or gets one of those signals.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export function hasPostgres(): boolean {
  return existsSync(join(POSTGRES_BIN, 'initdb')) && existsSync(join(POSTGRES_BIN, 'pg_ctl'));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface PostgresCluster {
  url: (database: string) => string;
  /** The folder holding the cluster's data directory and log (removed at stop). */
  dir: string;
  stop(): void;
}

/** The clusters this process started and has not stopped: their stop (immediate) functions. */
const running = new Set<() => void>();
const EXIT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let hooked = false;

function stopRunningClusters(): void {
  for (const stop of [...running]) stop();
}

/** Once per process: stop what is left on exit and on a signal that ends the process. */
function stopOnExit(): void {
  if (hooked) return;
  hooked = true;
  process.once('exit', stopRunningClusters);
  for (const signal of EXIT_SIGNALS) {
    const onSignal = () => {
      stopRunningClusters();
      // Listening to a signal takes away its default (ending the process): when no one else
      // listens (a plain script), end it as the default would have.
      if (process.listenerCount(signal) === 1) process.exit(128 + constants.signals[signal]);
    };
    process.on(signal, onSignal);
  }
}

/**
 * Starts the cluster; `settings` are extra server settings (`name=value`), e.g. for a bulk load.
 * Its folder goes under `under` (default: the temporary folder).
 */
export async function startPostgres(settings: readonly string[] = [], under: string = tmpdir()): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(under, 'kiosk-pg-'));
  const isRoot = process.getuid?.() === 0;
  const asOwner = (command: string, args: string[]) => {
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  let stopped = false;
  let started = false;
  const stop = (mode: 'fast' | 'immediate') => {
    if (stopped) return;
    stopped = true;
    running.delete(stopImmediately);
    try {
      if (started) asOwner(join(POSTGRES_BIN, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', mode, '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const stopImmediately = () => {
    try {
      stop('immediate');
    } catch {
      // On the way out: the folder is gone (finally above); nothing else can be done.
    }
  };
  // From here on the folder is this process's to remove, even if it ends before the server is up.
  running.add(stopImmediately);
  stopOnExit();
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  if (stopped) throw new Error('PostgreSQL was not started: the process is ending');
  asOwner(join(POSTGRES_BIN, 'initdb'), ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  // Set before starting: should pg_ctl fail after the server came up, stop() still tries.
  started = true;
  // TCP on loopback only, no Unix socket: a socket's path is limited to 107 bytes, which a long
  // TMPDIR (macOS, or a test run nested in another's folder) exceeds, and then the server cannot start.
  asOwner(join(POSTGRES_BIN, 'pg_ctl'), [
    '-D', join(dir, 'data'), '-l', join(dir, 'log'), '-w',
    '-o', [`-p ${port} -k '' -c listen_addresses=127.0.0.1 -c max_connections=200`, ...settings.map((s) => `-c ${s}`)].join(' '),
    'start',
  ]);
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    dir,
    stop: () => stop('fast'),
  };
}
