/** The order test files start in (vitest.config.ts): process suites first, longest first, then Vitest's own order. */
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { processesFirst } from '../../vitest.config';

const ROOT = '/project';

function spec(project: string, path: string): TestSpecification {
  const isolate = !project.startsWith('api');
  return { project: { name: project, config: { sequence: { groupOrder: 0 }, isolate } }, moduleId: `${ROOT}/${path}` } as unknown as TestSpecification;
}

/** A Vitest with an empty results cache, as on a fresh clone. */
const freshClone = { config: { root: ROOT }, cache: { getFileTestResults: () => undefined, getFileStats: () => undefined } } as unknown as Vitest;

describe('processesFirst', () => {
  it('starts the processes-* files first, in the given order and pglite before postgres, then the rest as Vitest orders them', async () => {
    const Sequencer = processesFirst(['src/long.test.ts', 'src/short.test.ts']);
    const files = [
      spec('api-pglite', 'src/a.test.ts'),
      spec('unit', 'src/u.test.ts'),
      spec('processes-postgres', 'src/short.test.ts'),
      spec('api-postgres', 'src/a.test.ts'),
      spec('processes-postgres', 'src/long.test.ts'),
      spec('processes-pglite', 'src/short.test.ts'),
      spec('processes-pglite', 'src/long.test.ts'),
    ];
    const sorted = await new Sequencer(freshClone).sort(files);
    expect(sorted.map((file) => `${file.project.name} ${file.moduleId.slice(ROOT.length + 1)}`)).toEqual([
      'processes-pglite src/long.test.ts',
      'processes-postgres src/long.test.ts',
      'processes-pglite src/short.test.ts',
      'processes-postgres src/short.test.ts',
      'api-pglite src/a.test.ts',
      'api-postgres src/a.test.ts',
      'unit src/u.test.ts',
    ]);
  });
});
