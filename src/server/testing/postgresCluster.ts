/**
 * Starts a throw-away PostgreSQL 15 cluster on a loopback port for the API tests, from the
 * Debian binaries. The server refuses to run as root, so as root it runs as user `postgres`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
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
  stop(): void;
}

/** Starts the cluster; `settings` are extra server settings (`name=value`), e.g. for a bulk load. */
export async function startPostgres(settings: readonly string[] = []): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-pg-'));
  const isRoot = process.getuid?.() === 0;
  const asOwner = (command: string, args: string[]) => {
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  asOwner(join(POSTGRES_BIN, 'initdb'), ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  asOwner(join(POSTGRES_BIN, 'pg_ctl'), [
    '-D', join(dir, 'data'), '-l', join(dir, 'log'), '-w',
    '-o', [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`, ...settings.map((s) => `-c ${s}`)].join(' '),
    'start',
  ]);
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      try {
        asOwner(join(POSTGRES_BIN, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
