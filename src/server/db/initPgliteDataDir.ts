/**
 * Creates a new PGlite data directory (initdb) in a worker thread that exits afterwards. PGlite is
 * PostgreSQL compiled to WebAssembly, and a WebAssembly memory can only grow: running initdb in the
 * service's own thread would leave it holding several hundred MB for good. The worker's memory is
 * returned when it ends; the service then opens the ready directory at a fraction of the cost.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** True when `dataDir` already holds a database cluster. */
export function isInitialised(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

export async function initPgliteDataDir(dataDir: string): Promise<void> {
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const source = `(async () => {
    const { PGlite } = await import(${JSON.stringify(entry)});
    const db = await PGlite.create({ dataDir: ${JSON.stringify(dataDir)} });
    await db.close();
  })().then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });`;
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(source, { eval: true });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`PGlite initdb worker exited with ${code}`))));
  });
}
