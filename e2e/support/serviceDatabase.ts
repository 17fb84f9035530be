/**
 * Which database a browser test's service runs on, and that database's life. The global setup
 * (globalSetup.ts) starts one PostgreSQL 15 cluster for the run, in its scratch folder, with two
 * migrated template databases (one empty, one with the demo seeded); each service then gets a
 * database of its own copied from one of them (CREATE DATABASE ... TEMPLATE, a fraction of a
 * second), dropped when the service is stopped. Measured on the 2-core test machine, the
 * embedded PGlite (PostgreSQL compiled to WebAssembly, inside the service's process) cost each
 * service start over two CPU-seconds and made every query slower than the native server did.
 *
 * PGlite, what `npm start` runs, stays covered: a spec whose subject is that path asks for
 * `database: 'pglite'` (serviceProcess.ts), and the whole run goes on PGlite with
 * `E2E_DATABASE=pglite` or where PostgreSQL is not installed.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hasPostgres } from '../../src/server/testing/postgresCluster';

export type DatabaseKind = 'postgres' | 'pglite';

/** The run's cluster, as the global setup leaves it for the workers: its address for the `postgres` database. */
export const CLUSTER_ENV = 'E2E_POSTGRES_URL';

/** The template databases in the run's cluster (the migrated schema; the demo seeded on it). */
export const TEMPLATE_DATABASES = { empty: 'e2e_template_empty', demo: 'e2e_template_demo' } as const;

/** What the run uses, asked by the global setup: E2E_DATABASE, else PostgreSQL where it is installed. */
export function runDatabaseKind(): DatabaseKind {
  const asked = process.env.E2E_DATABASE;
  if (asked === 'pglite') return 'pglite';
  if (asked === 'postgres') {
    if (!hasPostgres()) throw new Error('E2E_DATABASE=postgres, but PostgreSQL 15 is not installed (`apt-get install -y postgresql-15`, or set POSTGRES_BIN)');
    return 'postgres';
  }
  if (asked) throw new Error(`E2E_DATABASE must be postgres or pglite, not ${asked}`);
  return hasPostgres() ? 'postgres' : 'pglite';
}

/** The run's cluster (the `postgres` database's address), or null when the run is on PGlite. */
export function runCluster(): string | null {
  return process.env[CLUSTER_ENV] || null;
}

/** The address of `database` in the cluster whose `postgres` database is at `clusterURL`. */
export function databaseURL(clusterURL: string, database: string): string {
  const url = new URL(clusterURL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs one statement as the cluster's superuser, on a connection of its own; answers its rows. */
export async function clusterQuery(clusterURL: string, statement: string, values: unknown[] = []): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: clusterURL });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as unknown[];
  } finally {
    await client.end();
  }
}

export async function clusterStatement(clusterURL: string, statement: string): Promise<void> {
  await clusterQuery(clusterURL, statement);
}

export interface ServiceDatabase {
  /** DATABASE_URL for the service. */
  url: string;
  /** Drops the database (its connections too); idempotent. */
  drop(): Promise<void>;
}

/**
 * A new database for one service, named after its label: a copy of `template` (a database of the
 * cluster), or an empty one that the service migrates as on a first start.
 */
export async function createServiceDatabase(clusterURL: string, label: string, template: string | null): Promise<ServiceDatabase> {
  const name = `e2e_${label.toLowerCase().replace(/[^a-z0-9]+/g, '_').slice(0, 30)}_${randomBytes(4).toString('hex')}`;
  await clusterStatement(clusterURL, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  let dropped: Promise<void> | null = null;
  return {
    url: databaseURL(clusterURL, name),
    drop: () => (dropped ??= clusterStatement(clusterURL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}
