/**
 * Vitest global setup for the API suites. Prepares one migrated database template per run, so
 * each test file starts from a clean, migrated database in about a second:
 * - pglite: a migrated in-memory PGlite dumped to a tarball that each file loads (and, for the
 *   process suites, a migrated data directory that a service process's new DATA_DIR starts from);
 * - postgres: a real PostgreSQL 15 cluster with a migrated template database that each file copies.
 * The process suites also get the service compiled as `npm run build` compiles it (serviceBundle.ts),
 * into a folder of their own: a process started from it costs about 1.5 CPU-seconds less than one
 * that compiles the TypeScript as it loads (tsx), and it is what production runs.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER, openDatabase } from '../db/openDatabase';
import { bundleService, PROJECT_ROOT } from '../../../scripts/serviceBundle';
import { hasPostgres, startPostgres } from './postgresCluster';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseKind: 'pglite' | 'postgres';
    pgliteTemplate: string;
    /** processes-pglite only: a migrated PGlite data directory that spawnService copies into a new DATA_DIR. */
    pgliteDataDir: string;
    postgresTemplateUrl: string;
    /** processes-* only: the compiled service's main.js that spawnService starts. */
    serviceEntry: string;
  }
}

export const TEMPLATE_DATABASE = 'kiosk_template';

export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  project.provide('databaseKind', kind);
  project.provide('pgliteTemplate', '');
  project.provide('pgliteDataDir', '');
  project.provide('postgresTemplateUrl', '');
  project.provide('serviceEntry', '');
  const teardowns: Array<() => Promise<void> | void> = [];
  const teardown = async () => {
    for (const step of teardowns.reverse()) await step();
  };
  if (project.name.startsWith('processes')) {
    // Laid out as the project is (build/server/main.js beside node_modules and dist), in the
    // temporary folder: the service finds its packages and the kiosk's files from there.
    const root = mkdtempSync(join(tmpdir(), 'kiosk-service-'));
    teardowns.push(() => rmSync(root, { recursive: true, force: true }));
    for (const shared of ['node_modules', 'dist']) symlinkSync(join(PROJECT_ROOT, shared), join(root, shared), 'dir');
    mkdirSync(join(root, 'build'));
    project.provide('serviceEntry', await bundleService(join(root, 'build', 'server')));
  }

  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-pglite-'));
    const client = await PGlite.create();
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    await client.close();
    const file = join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    if (project.name.startsWith('processes')) {
      // A service process on a new DATA_DIR would run initdb and every migration first.
      const dataDir = join(dir, 'pglite');
      const opened = await openDatabase({ kind: 'pglite', dataDir });
      await opened.close();
      project.provide('pgliteDataDir', dataDir);
    }
    teardowns.push(() => rmSync(dir, { recursive: true, force: true }));
    return teardown;
  }

  if (!hasPostgres()) {
    await teardown();
    throw new Error(
      'PostgreSQL 15 binaries were not found (set POSTGRES_BIN or install postgresql-15). ' +
        'Run only the PGlite suite with: npx vitest run --project api-pglite',
    );
  }
  const cluster = await startPostgres();
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const opened = await openDatabase({ kind: 'postgres', url: cluster.url(TEMPLATE_DATABASE), poolSize: 1 });
  await opened.close();
  project.provide('postgresTemplateUrl', cluster.url(TEMPLATE_DATABASE));
  teardowns.push(() => cluster.stop());
  return teardown;
}
