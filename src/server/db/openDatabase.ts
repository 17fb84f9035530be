/**
 * Opens the service's database: embedded PGlite persisted in a directory by default, a real
 * PostgreSQL server when a connection URL is given. Both run the same migrations at start-up and
 * are used through the same Drizzle type, so nothing above this file knows which one it has.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { initPgliteDataDir, isInitialised } from './initPgliteDataDir';
import { namingStatements } from './namedStatements';
import { observePglite, observePool, type RowObserver } from './observeRows';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the pool's connections now (for /metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * Another Drizzle handle over the same connections (tests reuse one database for several test
   * files, each with a handle of its own, so nothing cached per handle carries over).
   */
  newHandle(): Database;
  close(): Promise<void>;
}

export const PGLITE_CONFIG = 'shared_buffers = 32MB\n';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget = (
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob | File }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Tests keep pools open between files: idle connections must not keep a test worker alive. */
      allowExitOnIdle?: boolean;
    }
) & {
  /** Tests only: told how many rows each query returned (see observeRows.ts). */
  onRows?: RowObserver;
};

/** Any fixed number: the advisory lock every service process takes while it migrates. */
const MIGRATION_LOCK_KEY = 0x6b696f736b;

/**
 * Migrates PostgreSQL under a session advisory lock, so separate service processes started at
 * once on one database (docs/deployment.md) migrate one after the other: the first applies the
 * migrations, the others wait and then find nothing to do.
 */
async function migrateExclusively(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<OpenedDatabase> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, allowExitOnIdle: target.allowExitOnIdle ?? false });
    // A failing idle client must not crash the process; the next query reports the problem.
    pool.on('error', () => undefined);
    // Statements are prepared once per connection (namedStatements.ts).
    const named = namingStatements(pool);
    const onRows = target.onRows;
    const newHandle = () => drizzlePg(onRows ? observePool(named, onRows) : named, { schema }) as unknown as Database;
    const db = newHandle();
    await migrateExclusively(pool);
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: 'postgres', poolStats, newHandle, close: () => pool.end() };
  }
  // PGlite (its WebAssembly PostgreSQL) is loaded only when it is the database: a service on
  // PostgreSQL never holds it in memory.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (target.dataDir) {
    mkdirSync(target.dataDir, { recursive: true });
    if (!target.loadDataDir && !isInitialised(target.dataDir)) await initPgliteDataDir(target.dataDir);
  }
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    // One site's kiosks need far less than PostgreSQL's default 128 MB of shared buffers.
    postgresqlconf: PGLITE_CONFIG,
  });
  const onRows = target.onRows;
  const pgliteHandle = () => drizzlePglite(onRows ? observePglite(client, onRows) : client, { schema });
  const newHandle = () => pgliteHandle() as unknown as Database;
  const migrating = pgliteHandle();
  await migratePglite(migrating, { migrationsFolder: MIGRATIONS_FOLDER });
  const db = migrating as unknown as Database;
  return { db, kind: 'pglite', newHandle, close: () => client.close() };
}
