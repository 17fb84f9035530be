/**
 * vitest.config.ts names test files by path (the process suites, those needing isolation, those
 * run once, on PostgreSQL). Files move; a name that matches nothing would silently send a file to the
 * wrong project, so every entry must still match a file.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config, { databaseAgnostic, isolatedTests, processTests } from '../../vitest.config';
import { OTHER_PROJECTS, PROCESS_PROJECTS } from './phases';

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

/** Vitest's `--project` pattern: `*` is any run of characters, a leading `!` excludes. */
function picks(pattern: string, name: string): boolean {
  const exclude = pattern.startsWith('!');
  const glob = exclude ? pattern.slice(1) : pattern;
  const matches = new RegExp(`^${glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(name);
  return exclude ? !matches : matches;
}

describe("npm test's two Vitests (scripts/test/phases.ts)", () => {
  it('between them run every project once: the process suites in one, everything else in the other', () => {
    const names = (config.test?.projects ?? []).map((project) => {
      const name = typeof project === 'object' && 'test' in project ? project.test?.name : undefined;
      return typeof name === 'string' ? name : null;
    });
    expect(names).not.toContain(null);
    const inProcesses = names.filter((name) => name !== null && picks(PROCESS_PROJECTS, name));
    const inOther = names.filter((name) => name !== null && picks(OTHER_PROJECTS, name));
    expect(inProcesses.sort()).toEqual(['processes-pglite', 'processes-postgres']);
    expect(inOther.sort()).toEqual(['api-pglite', 'api-postgres', 'unit']);
  });
});
