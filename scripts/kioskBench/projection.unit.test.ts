import { describe, expect, it } from 'vitest';
import { projectionMarkdown, projectionOf } from './projection';
import type { LoadResult } from './load';
import type { ConfigResult } from './report';

const load = (rate: number): LoadResult => ({ connections: 1, rate, p50: 1, p99: 2, ok: rate, failed: 0, failure: null, seconds: 1 });
const cpu = (service: number | null, database: number | null) => ({ service, database, load: 5, machine: 150, cores: 2 });

function config(key: ConfigResult['key'], runs: Array<{ clients: number; rate: number; service: number | null; database: number | null }>): ConfigResult {
  return {
    key,
    label: key,
    workers: 1,
    restMb: [100],
    afterMb: [200],
    runs: runs.map((run) => ({
      clients: run.clients,
      punch: { result: load(run.rate), cpu: cpu(run.service, run.database) },
      noop: { result: load(1000), cpu: cpu(run.service, run.database) },
      statements: null,
    })),
  };
}

describe('projected capacity', () => {
  it('divides cores by the CPU per punch of the run with the most clients', () => {
    // 500 punches/s at 100 % service and 50 % database: 2 ms and 1 ms of CPU per punch.
    const projected = projectionOf(
      config('pg2', [
        { clients: 1, rate: 100, service: 80, database: 20 },
        { clients: 64, rate: 500, service: 100, database: 50 },
      ]),
      2,
    );
    expect(projected).not.toBeNull();
    expect(projected!.clients).toBe(64);
    expect(projected!.serviceMs).toBeCloseTo(2);
    expect(projected!.databaseMs).toBeCloseTo(1);
    expect(projected!.servicePerCore).toBeCloseTo(500);
    expect(projected!.databasePerCore).toBeCloseTo(1000);
    expect(projected!.onCores.map((entry) => [entry.cores, Math.round(entry.rate)])).toEqual([
      [2, 667],
      [4, 1333],
      [8, 2667],
      [16, 5333],
    ]);
    expect(projected!.measured).toEqual({ cores: 2, rate: 500 });
  });

  it('projects nothing for PGlite, or without a database CPU figure', () => {
    expect(projectionOf(config('pglite', [{ clients: 1, rate: 100, service: 100, database: null }]), 2)).toBeNull();
    expect(projectionOf(config('pg1', [{ clients: 1, rate: 100, service: 100, database: null }]), 2)).toBeNull();
    expect(projectionMarkdown([config('pglite', [{ clients: 1, rate: 100, service: 100, database: null }])], 2)).toEqual([]);
  });

  it('prints a row per PostgreSQL configuration and its assumptions', () => {
    const lines = projectionMarkdown([config('pg2', [{ clients: 64, rate: 500, service: 100, database: 50 }])], 2);
    expect(lines[2]).toBe('| pg2, 64 clients | 2.00 / 1.00 | 500 / 1000 | 500 | 667 | 1333 | 2667 | 5333 |');
    expect(lines.at(-1)).toMatch(/^Assumed:/);
  });
});
