/**
 * Backups as docs/operations.md ("Backups") tells an operator to take them (scripts/backup.ts), through real
 * service processes: punches make timesheet lines; the database is backed up (PostgreSQL: pg_dump
 * while the service runs; PGlite: refused while it runs, then taken once it has stopped),
 * restored to a fresh place (a new database, a new DATA_DIR), and a service started on the
 * restore answers with the same employees, punches and timesheet lines.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { basicAuthHeader } from './auth/basicAuth';
import { DemoFile } from './demo/seedDemo';
import { createPostgresDatabase, spawnService } from './testing/serviceProcess';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `kiosk-backup-${label}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `npm run backup|restore -- <file>` with these settings (the script itself, without npm's noise). */
function runScript(command: 'backup' | 'restore', file: string, settings: Record<string, string>) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !['DATABASE_URL', 'DATA_DIR'].includes(name)));
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', command, file], {
    cwd: PROJECT_ROOT,
    env: { ...env, ...settings },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

/** What a restore must bring back, read through the API. */
async function snapshot(baseUrl: string, demo: DemoFile): Promise<unknown> {
  const auth = basicAuthHeader(demo.apiKey);
  const base = `${baseUrl}/api/v2/business/${demo.businessId}`;
  const read = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers: { authorization: auth } });
    expect(response.status, path).toBe(200);
    const body: unknown = await response.json();
    return body;
  };
  return { employees: await read('/employee/unstructured'), punches: await read('/kiosk/punches?$top=500'), timesheet: await read('/timesheet') };
}

/** Two people work a short shift each through an enrolled tablet. */
async function punch(baseUrl: string, demo: DemoFile): Promise<void> {
  const kiosk = `${baseUrl}/api/v2/business/${demo.businessId}/kiosk/${demo.kioskId}`;
  const enrolled = await fetch(`${kiosk}/devices`, {
    method: 'POST',
    headers: { authorization: basicAuthHeader(demo.apiKey), 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Tablet' }),
  });
  const device = `Bearer ${z.object({ token: z.string() }).parse(await enrolled.json()).token}`;
  for (const person of demo.staff.slice(0, 2)) {
    for (const kind of ['clockon', 'startbreak', 'endbreak', 'clockoff']) {
      const response = await fetch(`${kiosk}/${kind}`, {
        method: 'POST',
        headers: { authorization: device, 'content-type': 'application/json' },
        body: JSON.stringify({ employeeId: person.employeeId }),
      });
      expect(response.status, `${kind}: ${await response.text()}`).toBe(200);
    }
  }
}

describe('backup and restore (scripts/backup.ts)', () => {
  it('brings employees, punches and timesheet lines back on a fresh database', { timeout: 240_000 }, async () => {
    const isPostgres = inject('databaseKind') === 'postgres';
    const dataDir = tempDir('data');
    const database = isPostgres ? await createPostgresDatabase() : null;
    if (database) cleanups.push(database.drop);
    const store = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
    const service = await spawnService({ ...store, DEMO: '1' });
    cleanups.push(() => service.end());
    const demo = DemoFile.parse(JSON.parse(readFileSync(join(dataDir, 'demo.json'), 'utf8')));
    const Listed = z.object({ punches: z.array(z.unknown()), timesheet: z.array(z.unknown()) });
    // The demo is seeded mid-day, with punches and lines of its own (demo/demoToday.ts).
    const seeded = Listed.parse(await snapshot(service.baseUrl, demo));
    await punch(service.baseUrl, demo);
    const before = await snapshot(service.baseUrl, demo);
    expect(Listed.parse(before).punches).toHaveLength(seeded.punches.length + 8);
    expect(Listed.parse(before).timesheet).toHaveLength(seeded.timesheet.length + 2);

    const file = join(tempDir('file'), isPostgres ? 'kiosk.dump' : 'kiosk.tar.gz');
    if (isPostgres) {
      // Online: pg_dump reads one snapshot while the service runs.
      const backup = runScript('backup', file, store);
      expect(backup.status, backup.stderr).toBe(0);
      await service.end();
    } else {
      const refused = runScript('backup', file, store);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('Stop it first');
      await service.end();
      const backup = runScript('backup', file, store);
      expect(backup.status, backup.stderr).toBe(0);
    }

    // A fresh place: a new, empty database (or DATA_DIR), restored, and a service started on it.
    const restoredDir = tempDir('restored');
    let restored: Record<string, string> = { DATA_DIR: restoredDir };
    if (database) {
      const name = `restored_${process.pid}_${Date.now()}`;
      const adminUrl = new URL(database.url);
      adminUrl.pathname = '/postgres';
      const admin = new pg.Client({ connectionString: adminUrl.toString() });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const again = new pg.Client({ connectionString: adminUrl.toString() });
        await again.connect();
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await again.end();
      });
      const url = new URL(database.url);
      url.pathname = `/${name}`;
      restored = { ...restored, DATABASE_URL: url.toString() };
    }
    const restore = runScript('restore', file, restored);
    expect(restore.status, restore.stderr).toBe(0);
    if (!isPostgres) {
      const again = runScript('restore', file, restored);
      expect(again.status, 'a restore over a database refuses').toBe(1);
    }

    const onRestore = await spawnService(restored);
    cleanups.push(() => onRestore.end());
    expect(await snapshot(onRestore.baseUrl, demo)).toEqual(before);
    await onRestore.end();
  });
});
