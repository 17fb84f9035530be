/** Settings parsing: defaults, empty values, and one readable error naming every bad variable. */
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('treats an empty setting as not set, so it takes its default', () => {
    const settings = parseEnv({ WORKERS: '', PORT: '', DATABASE_POOL_SIZE: '', METRICS: '', LOG_LEVEL: '', HOST: '' });
    expect(settings).toMatchObject({ WORKERS: 1, PORT: 8787, DATABASE_POOL_SIZE: 10, METRICS: false, LOG_LEVEL: 'info', HOST: '127.0.0.1' });
  });

  it('keeps an explicit 0 where 0 means something (a random port, one process per core)', () => {
    expect(parseEnv({ WORKERS: '0', PORT: '0' })).toMatchObject({ WORKERS: 0, PORT: 0 });
  });

  it('names every bad variable in one error', () => {
    expect(() => parseEnv({ WORKERS: 'two', DATABASE_POOL_SIZE: '0', METRICS: 'maybe' })).toThrow(/WORKERS[\s\S]*DATABASE_POOL_SIZE[\s\S]*METRICS|WORKERS[\s\S]*METRICS[\s\S]*DATABASE_POOL_SIZE/);
  });
});
