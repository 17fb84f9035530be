/**
 * Fails when the committed OpenAPI document (src/contract/generated/openapi.json) no longer
 * matches the route definitions: regenerates it in memory (nothing written) and compares.
 */
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, readCommittedOpenApi, renderOpenApi } from '../../scripts/generateOpenApi';

/** The first line that differs, so a failure says where without dumping 400 kB. */
function firstDifference(committed: string, fresh: string): string {
  const a = committed.split('\n');
  const b = fresh.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '<end of file>')}, expected ${JSON.stringify(b[at] ?? '<end of file>')}`;
}

describe('the committed OpenAPI document', () => {
  it('is up to date with the route definitions', () => {
    const fresh = renderOpenApi();
    const committed = readCommittedOpenApi();
    const problem = committed === null ? `${OPENAPI_FILE} is missing` : committed === fresh ? null : `${OPENAPI_FILE} is stale (${firstDifference(committed, fresh)})`;
    expect(problem, `${problem ?? ''}: run npm run openapi:generate`).toBeNull();
  });
});
