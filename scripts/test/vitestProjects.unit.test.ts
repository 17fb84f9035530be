/**
 * vitest.config.ts names test files by path (the process suites, those needing isolation, those
 * run once, on PostgreSQL). Files move; a name that matches nothing would silently send a file to the
 * wrong project, so every entry must still match a file.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { databaseAgnostic, isolatedTests, processTests } from '../../vitest.config';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Whether a path, or a `dir/**\/*.test.ts` pattern, names at least one test file. */
function matchesSomething(entry: string): boolean {
  const star = entry.indexOf('*');
  if (star === -1) return existsSync(join(ROOT, entry));
  const dir = join(ROOT, entry.slice(0, entry.lastIndexOf('/', star)));
  return existsSync(dir) && readdirSync(dir, { recursive: true }).some((name) => String(name).endsWith('.test.ts'));
}

describe('the file lists in vitest.config.ts', () => {
  it('name files that exist', () => {
    const stale = [...processTests, ...isolatedTests, ...databaseAgnostic].filter((entry) => !matchesSomething(entry));
    expect(stale).toEqual([]);
  });
});
