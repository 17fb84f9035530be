/**
 * Playwright global setup: prepares what every service of the run starts from, so a service is
 * ready in about a second instead of ten (the migrations and the demo's seeding happen once,
 * here): a migrated, empty database and one with the demo seeded. Each is made by starting the
 * compiled service on it and stopping it gracefully.
 *
 * On PostgreSQL (the default where it is installed; serviceDatabase.ts): one cluster for the whole
 * run, in the run's scratch folder, holding the two as template databases, and a folder with the
 * demo's files (demo.json, demo-au.json) that a service on a copy of the demo's database gets in
 * its DATA_DIR. On PGlite (E2E_DATABASE=pglite, or no PostgreSQL): two data directories that
 * serviceProcess.ts copies into each new service's DATA_DIR.
 *
 * The built app must exist (the test script builds first; this does not). The returned function
 * stops the cluster and removes the folders; an interrupted run stops the cluster too
 * (postgresCluster.ts stops it when this process exits or is signalled, and `npm test` stops any
 * server left under its folder).
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startPostgres } from '../../src/server/testing/postgresCluster';
import { makeScratchDir, scratchRoot } from './scratch';
import { CLUSTER_ENV, clusterStatement, runDatabaseKind, TEMPLATE_DATABASES } from './serviceDatabase';
import { PROJECT_ROOT, startService, TEMPLATE_ENV } from './serviceProcess';

/**
 * Test-only server settings: the cluster's data is thrown away at the end, so nothing waits on
 * the disk for durability.
 */
const THROWAWAY_SETTINGS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];

/** A PGlite template: the empty one from nothing, the demo's from a copy of the empty one (seeded on top). */
async function makePgliteTemplate(from: string | null): Promise<string> {
  const label = from ? 'template-demo' : 'template-empty';
  const service = from ? await startService({ demo: true, label, template: from }) : await startService({ label, template: false });
  await service.halt();
  const template = makeScratchDir(`kiosk-clock-e2e-${label}-`);
  cpSync(service.dataDir, template, { recursive: true, filter: (source) => !source.endsWith('service.log') });
  await service.stop();
  return template;
}

/**
 * A PostgreSQL template database, made by a service on it (DATABASE_URL: the service's own, so it
 * is kept), and a folder with the files the service left in its DATA_DIR (the demo's).
 */
async function makePostgresTemplate(url: (database: string) => string, which: 'empty' | 'demo'): Promise<string> {
  const name = TEMPLATE_DATABASES[which];
  const label = `template-${which}`;
  await clusterStatement(url('postgres'), `CREATE DATABASE ${name}${which === 'demo' ? ` TEMPLATE ${TEMPLATE_DATABASES.empty}` : ''}`);
  const options = { label, settings: { DATABASE_URL: url(name) } };
  const service = which === 'demo' ? await startService({ ...options, demo: true }) : await startService(options);
  await service.halt();
  const files = makeScratchDir(`kiosk-clock-e2e-${label}-`);
  cpSync(service.dataDir, files, { recursive: true, filter: (source) => !source.endsWith('service.log') });
  await service.stop();
  return files;
}

export default async function globalSetup(): Promise<() => void> {
  for (const file of ['dist/index.html', 'dist/sw.js', 'dist/manifest.webmanifest', 'build/server/main.js']) {
    if (!existsSync(join(PROJECT_ROOT, file))) {
      throw new Error(`${file} is missing: build first (\`npm run build\`; \`npm test\` does it for you).`);
    }
  }
  const started = Date.now();
  const kind = runDatabaseKind();
  const cluster = kind === 'postgres' ? await startPostgres(THROWAWAY_SETTINGS, scratchRoot()) : null;
  const folders: string[] = [];
  const teardown = () => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    cluster?.stop();
  };
  try {
    // One after the other: the migrations run once, and the demo is seeded on a copy.
    if (cluster) {
      folders.push(await makePostgresTemplate(cluster.url, 'empty'));
      folders.push(await makePostgresTemplate(cluster.url, 'demo'));
      process.env[CLUSTER_ENV] = cluster.url('postgres');
    } else {
      // Not a cluster named by the developer's shell: every service of this run is on PGlite.
      delete process.env[CLUSTER_ENV];
      const empty = await makePgliteTemplate(null);
      folders.push(empty);
      folders.push(await makePgliteTemplate(empty));
    }
  } catch (error) {
    teardown();
    throw error;
  }
  const [empty, demo] = folders as [string, string];
  process.env[TEMPLATE_ENV.empty] = empty;
  process.env[TEMPLATE_ENV.demo] = demo;
  const where = cluster ? `PostgreSQL (${cluster.dir})` : 'PGlite';
  process.stdout.write(`e2e: services on ${where}; templates ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return teardown;
}
