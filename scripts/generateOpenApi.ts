/**
 * Writes the service's OpenAPI 3.1 document, built from the route definitions
 * (buildOpenApiDocument), to src/contract/generated/openapi.json: the contract as one reviewable
 * file, so a change to any route shows in a diff. The service serves the same document live at
 * /api/v2/openapi.json; the client needs neither (it calls the route definitions themselves).
 *
 * The rendering is exported (and free of side effects on import) so
 * src/contract/openapiDocument.test.ts can regenerate in memory and fail when the file is stale.
 *
 * Run: npm run openapi:generate
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildOpenApiDocument } from '../src/server/app';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the document is committed, relative to the repository. */
export const OPENAPI_FILE = 'src/contract/generated/openapi.json';

/** The document's text, from the route definitions (no database, no network). */
export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

/** The committed text, or null when the file does not exist yet. */
export function readCommittedOpenApi(): string | null {
  try {
    return readFileSync(`${root}${OPENAPI_FILE}`, 'utf8');
  } catch {
    return null;
  }
}

function main(): void {
  const path = `${root}${OPENAPI_FILE}`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, renderOpenApi());
  console.log(`wrote ${OPENAPI_FILE}`);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) main();
