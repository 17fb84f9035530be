/**
 * Where an API test's database comes from. Opening one costs about a second (PGlite loads the
 * migrated template; PostgreSQL copies the template database), so a Vitest worker keeps the ones
 * its test files have finished with and hands the next file one of those, emptied: every table of
 * the public schema truncated with its identities restarted, which is exactly what a fresh copy of
 * the migrated template holds, in a tenth of the time. The next file gets a new Drizzle handle
 * too, so nothing cached per handle (service secrets) carries over.
 *
 * This works because the API projects run with `isolate: false` (vitest.config.ts): this module,
 * and so the pool, lives as long as the worker. Under isolation it lives for one file and every
 * file opens its own, as before. Files run one at a time in a worker, so a database is never
 * shared by two files at once; a file that starts two services gets two databases.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import type {} from './globalSetup';
import { openDatabase, type Database, type OpenedDatabase } from '../db/openDatabase';
import type { RowObserver } from '../db/observeRows';
import { rowsOf } from '../db/rowsOf';

export interface LeasedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Gives the database back for the next file (or drops it, when it cannot be reused). */
  release(): Promise<void>;
}

interface Kept {
  opened: OpenedDatabase;
  /** The statement that empties it. */
  emptying: string;
  drop: () => Promise<void>;
}

const idle: Kept[] = [];

async function adminQuery(statement: string): Promise<void> {
  const adminUrl = new URL(inject('postgresTemplateUrl'));
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A fresh copy of the suite's migrated template (globalSetup.ts). */
async function openFresh(onRows?: RowObserver): Promise<{ opened: OpenedDatabase; drop: () => Promise<void> }> {
  const observed = onRows ? { onRows } : {};
  if (inject('databaseKind') === 'postgres') {
    const templateUrl = new URL(inject('postgresTemplateUrl'));
    const name = `test_${randomUUID().replace(/-/g, '')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${templateUrl.pathname.slice(1)}`);
    const url = new URL(templateUrl);
    url.pathname = `/${name}`;
    const opened = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10, allowExitOnIdle: true, ...observed });
    return { opened, drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const opened = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: template, ...observed });
  return { opened, drop: () => Promise.resolve() };
}

async function emptyingStatement(db: Database): Promise<string> {
  const result = await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
  const names = rowsOf<{ name: string }>(result).map(({ name }) => `"${name.replace(/"/g, '""')}"`);
  return `truncate table ${names.join(', ')} restart identity cascade`;
}

async function discard(kept: Kept): Promise<void> {
  await kept.opened.close().catch(() => undefined);
  await kept.drop();
}

/**
 * A database as a freshly migrated one: a kept one emptied, or a new one. `onRows` (a test that
 * counts rows read) always gets a new one, since the observer is fixed when it opens.
 */
export async function leaseDatabase(options: { onRows?: RowObserver } = {}): Promise<LeasedDatabase> {
  if (options.onRows) {
    const { opened, drop } = await openFresh(options.onRows);
    return {
      db: opened.db,
      kind: opened.kind,
      release: async () => {
        await opened.close();
        await drop();
      },
    };
  }
  let kept: Kept | undefined;
  for (let reused = idle.pop(); reused && !kept; reused = idle.pop()) {
    try {
      await reused.opened.db.execute(sql.raw(reused.emptying));
      kept = reused;
    } catch {
      // Left in a state that cannot be emptied (a failed test's open transaction): not reused.
      await discard(reused);
    }
  }
  if (!kept) {
    const { opened, drop } = await openFresh();
    kept = { opened, drop, emptying: await emptyingStatement(opened.db) };
  }
  const lease = kept;
  return {
    db: lease.opened.newHandle(),
    kind: lease.opened.kind,
    release: () => {
      idle.push(lease);
      return Promise.resolve();
    },
  };
}
