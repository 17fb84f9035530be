/**
 * Verifies the punch journal of every business (or one: `npm run verify-journal -- --business 3`)
 * on the service's database, with the service's settings (DATABASE_URL, else DATA_DIR's embedded
 * PGlite, which the service must not hold open). Prints one line per business and each problem;
 * exits 1 when any journal shows one (docs/punch-journal.md says what that proves).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from '../src/server/env';
import { openDatabase } from '../src/server/db/openDatabase';
import { verifyAllJournals } from '../src/server/services/journal/journalReport';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  let businessId: number | null = null;
  if (args.length > 0) {
    if (args[0] !== '--business' || !/^\d+$/.test(args[1] ?? '') || args.length > 2) fail('Usage: npm run verify-journal [-- --business <id>]');
    businessId = Number(args[1]);
  }
  const settings = parseEnv(process.env);
  let target: Parameters<typeof openDatabase>[0];
  if (settings.DATABASE_URL) {
    target = { kind: 'postgres', url: settings.DATABASE_URL, poolSize: 2 };
  } else {
    const dataDir = join(resolve(settings.DATA_DIR), 'pglite');
    if (!existsSync(join(dataDir, 'PG_VERSION'))) fail(`No database in ${dataDir} (set DATA_DIR or DATABASE_URL as for the service).`);
    if (existsSync(join(dataDir, 'postmaster.pid'))) fail(`${dataDir} is open in the service (postmaster.pid): stop the service first, or verify through the API.`);
    target = { kind: 'pglite', dataDir };
  }
  const opened = await openDatabase(target);
  try {
    const { intact, lines } = await verifyAllJournals(opened.db, businessId);
    process.stdout.write(`${lines.join('\n')}\n`);
    process.exitCode = intact ? 0 : 1;
  } finally {
    await opened.close();
  }
}

void main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
