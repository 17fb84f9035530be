/**
 * The order Vitest starts test files in (vitest.config.ts's `sequence.sequencer`). Vitest's own
 * order runs the projects one after another by name, so the process suites (processes-*: service
 * processes, restarts, real-time waits) came last, alone, and left much of the two cores idle for
 * the last minute or two of the run (a fresh clone's run, sampled: 79 and 54 of 120 CPU-seconds a
 * minute). Started first, their waits are filled by the API files the other worker runs beside them.
 * Within them, the longest first, as `processTests` lists them, each on both databases in turn.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A sequencer that starts the processes-* projects' files first, in the order of `longestFirst` (paths from the project root). */
export function processesFirst(longestFirst: readonly string[]) {
  return class ProcessesFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const waits = (spec: TestSpecification) => spec.project.name.startsWith('processes');
      const rank = (spec: TestSpecification) => {
        const index = longestFirst.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
        return index === -1 ? longestFirst.length : index;
      };
      // Array.prototype.sort is stable: equal ranks keep Vitest's order (pglite before postgres).
      const processes = sorted.filter(waits).sort((a, b) => rank(a) - rank(b));
      return [...processes, ...sorted.filter((spec) => !waits(spec))];
    }
  };
}
