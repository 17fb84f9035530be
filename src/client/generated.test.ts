/**
 * Fails when the committed src/client/generated files no longer match the route definitions:
 * regenerates both in memory (no files written) and compares.
 */
import { describe, expect, it } from 'vitest';
import { readCommittedClientFiles, renderClientFiles, type ClientGeneratedFiles } from '../../scripts/generateClientTypes';

const FILES: Record<keyof ClientGeneratedFiles, string> = {
  openapiJson: 'src/client/generated/openapi.json',
  apiTs: 'src/client/generated/api.ts',
};

/** The first line that differs, so a failure says where without dumping 300 kB. */
function firstDifference(committed: string, fresh: string): string {
  const a = committed.split('\n');
  const b = fresh.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '<end of file>')}, expected ${JSON.stringify(b[at] ?? '<end of file>')}`;
}

describe('generated client files', () => {
  it('are up to date with the route definitions', async () => {
    const fresh = await renderClientFiles();
    const committed = readCommittedClientFiles();
    for (const key of ['openapiJson', 'apiTs'] as const) {
      const text = committed[key];
      const problem =
        text === null ? `${FILES[key]} is missing` : text === fresh[key] ? null : `${FILES[key]} is stale (${firstDifference(text, fresh[key])})`;
      expect(problem, `${problem ?? ''}: run npm run client:generate`).toBeNull();
    }
  });
});
