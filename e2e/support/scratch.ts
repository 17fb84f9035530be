/**
 * Where the browser tests keep their services' data directories (and the global setup its
 * templates and the run's PostgreSQL cluster): in memory (/dev/shm) where the machine has it, else
 * the temporary folder. A service on PGlite copies a template of about 40 MB in some 1,250 files
 * at start and removes it at stop; on the test machine's disk each of the two took 2-3 s
 * (synchronously, in the Playwright worker), and PGlite's own writes waited on the disk as well.
 * `E2E_SCRATCH_DIR` names the place instead: `npm test` sets it to a folder of its run, which it
 * removes like the rest of the run's temporary files when it ends or is interrupted.
 */
import { accessSync, constants, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MEMORY = '/dev/shm';

function writableFolder(path: string): boolean {
  try {
    if (!statSync(path).isDirectory()) return false;
    accessSync(path, constants.W_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The folder new scratch directories go under. */
export function scratchRoot(): string {
  const chosen = process.env.E2E_SCRATCH_DIR;
  if (chosen) return chosen;
  return writableFolder(MEMORY) ? MEMORY : tmpdir();
}

/** A new, empty directory there, named after `prefix` (e.g. 'kiosk-clock-e2e-offline-'). */
export function makeScratchDir(prefix: string): string {
  return mkdtempSync(join(scratchRoot(), prefix));
}
