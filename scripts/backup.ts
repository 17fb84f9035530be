/**
 * Backs up and restores the service's database, with the same settings as the service
 * (DATABASE_URL, DATA_DIR):
 *
 *   npm run backup -- <file>    PostgreSQL: pg_dump's custom format, while the service runs
 *                               (pg_dump reads one consistent snapshot).
 *                               PGlite: DATA_DIR/pglite as a .tar.gz (PGlite's dumpDataDir). PGlite
 *                               lives inside the service's process, so the service must be
 *                               stopped first; the kiosks keep punching into their outboxes and
 *                               send everything once it is back (no punch is lost across a restart).
 *   npm run restore -- <file>   PostgreSQL: pg_restore into DATABASE_URL, a new empty database.
 *                               PGlite: into DATA_DIR/pglite, which must not exist yet.
 *
 * Then start the service on the restored database as usual. README "Backups" says when to run it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { parseEnv } from '../src/server/env';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Runs a PostgreSQL client tool (pg_dump, pg_restore) from PATH, or from POSTGRES_BIN when set. */
function runTool(tool: string, args: string[]): void {
  const file = process.env.POSTGRES_BIN ? join(process.env.POSTGRES_BIN, tool) : tool;
  const result = spawnSync(file, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) fail(`${tool} could not be run (${result.error.message}); install PostgreSQL's client tools (apt-get install postgresql-client) or set POSTGRES_BIN`);
  if (result.status !== 0) fail(`${tool} failed (exit ${result.status ?? result.signal})`);
}

async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) fail(`No PGlite database in ${dataDir}`);
  if (existsSync(join(dataDir, 'postmaster.pid'))) {
    fail(
      `${join(dataDir, 'postmaster.pid')} exists: the service is running on this database (or was killed). ` +
        'Stop it first (SIGTERM; the kiosks queue their punches meanwhile). After a kill, start and stop the service once.',
    );
  }
  const db = await PGlite.create({ dataDir });
  try {
    // A checkpoint first, so the copy needs no recovery when it is opened.
    await db.exec('CHECKPOINT');
    const dump = await db.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}

async function restorePglite(dataDir: string, file: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) fail(`${dataDir} is not empty: restore into a new DATA_DIR (or move the old database away first)`);
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(file)]) });
  try {
    await db.query('select 1');
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const [command, target] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !target) fail('Usage: tsx scripts/backup.ts backup|restore <file>');
  const settings = parseEnv(process.env);
  const file = resolve(target);
  const pgliteDir = join(resolve(settings.DATA_DIR), 'pglite');
  if (command === 'restore' && !existsSync(file)) fail(`No such backup: ${file}`);
  if (settings.DATABASE_URL) {
    if (command === 'backup') runTool('pg_dump', ['--format=custom', `--file=${file}`, settings.DATABASE_URL]);
    else runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${settings.DATABASE_URL}`, file]);
  } else if (command === 'backup') await backupPglite(pgliteDir, file);
  else await restorePglite(pgliteDir, file);
  process.stdout.write(`${command === 'backup' ? 'Backed up to' : 'Restored from'} ${file}\n`);
}

void main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
