/**
 * `npm run build` (second half): compiles the service to plain JavaScript, so production runs
 * `node build/server/main.js` with no TypeScript compiler at run time. esbuild bundles our own
 * modules into one ES module and leaves every npm package as an import (they are installed beside
 * it); the SQL migrations are copied next to it, where `openDatabase` looks for them
 * (`./migrations` beside the running module).
 */
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}build/server`;

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [`${root}src/server/main.ts`],
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
cpSync(`${root}src/server/db/migrations`, `${outdir}/migrations`, { recursive: true });
