/**
 * The JavaScript a fresh page must fetch before the kiosk's first screen can run: the module
 * script of dist/index.html, the chunks it preloads, and every chunk those import statically
 * (`import ... from "./x.js"`), followed transitively; dynamic `import("./x.js")` is not followed,
 * since that code loads beside the screen, not before it. Sizes are of the gzip copies the
 * service sends (vite-plugin-compression2 writes them), or gzipped here when a file has none.
 * Used by the budget test (e2e/firstScreenBudget.spec.ts) and the browser bench.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** At most this much gzip JavaScript before the staff grid is interactive: a fresh tablet on a slow network answers its first tap soon. */
export const FIRST_SCREEN_BUDGET_BYTES = 150 * 1024;

export interface FirstScreenScripts {
  files: { path: string; gzipBytes: number }[];
  gzipBytes: number;
}

const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["'](\.\/[^"']+\.js)["']/g;
const ENTRY = /<script[^>]*type="module"[^>]*src="\/([^"]+\.js)"/g;
const PRELOAD = /<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g;

function gzipSize(dist: string, path: string): number {
  const gz = join(dist, `${path}.gz`);
  return existsSync(gz) ? readFileSync(gz).length : gzipSync(readFileSync(join(dist, path)), { level: 9 }).length;
}

export function firstScreenScripts(dist = 'dist'): FirstScreenScripts {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const queue = [...html.matchAll(ENTRY), ...html.matchAll(PRELOAD)].map((m) => m[1] ?? '');
  if (queue.length === 0) throw new Error(`${dist}/index.html names no module script`);
  const seen = new Set<string>();
  // Bounded: each file is visited once, and a build has finitely many.
  while (queue.length > 0) {
    const path = queue.shift() ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
    const code = readFileSync(join(dist, path), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) queue.push(dir + (m[1] ?? '').slice(2));
  }
  const files = [...seen].map((path) => ({ path, gzipBytes: gzipSize(dist, path) }));
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}
