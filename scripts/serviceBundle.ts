/**
 * Compiles the service to plain JavaScript: esbuild bundles our own modules into one ES module and
 * leaves every npm package as an import (they are installed beside it); the SQL migrations are
 * copied next to it, where `openDatabase` looks for them (`./migrations` beside the running module).
 * `npm run build` writes it to build/server (scripts/buildServer.ts); the process suites build a
 * copy of their own (src/server/testing/globalSetup.ts), so they start what production starts.
 * The service finds the kiosk's files at `../../dist` from its folder and its packages in the
 * nearest node_modules above it, so a copy elsewhere needs both beside its `build/` (globalSetup.ts).
 */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Writes `<outdir>/main.js` (with its source map) and `<outdir>/migrations`; returns main.js's path. */
export async function bundleService(outdir: string): Promise<string> {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [join(PROJECT_ROOT, 'src/server/main.ts')],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    legalComments: 'none',
  });
  cpSync(join(PROJECT_ROOT, 'src/server/db/migrations'), join(outdir, 'migrations'), { recursive: true });
  return join(outdir, 'main.js');
}
