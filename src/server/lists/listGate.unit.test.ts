/** The list gate: at most LIST_CONCURRENCY list requests at once, the rest in order, a bounded queue. */
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { ApiError } from '../errors/apiError';
import { mapInSlices, throughListGate } from './listGate';

function deferred() {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('list gate', () => {
  it('runs at most the configured number at once, the others in arrival order', async () => {
    const settings = parseEnv({ LIST_CONCURRENCY: '2', LIST_QUEUE_MAX: '10' });
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, () => deferred());
    const runs = gates.map((gate, i) =>
      throughListGate(settings, async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]?.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.resolve();
    gates[2]?.resolve();
    await tick();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    gates.forEach((gate) => gate.resolve());
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
  });

  it('frees its slot when the work fails, and answers 429 when too many wait', async () => {
    const settings = parseEnv({ LIST_CONCURRENCY: '1', LIST_QUEUE_MAX: '1' });
    await expect(throughListGate(settings, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const hold = deferred();
    const first = throughListGate(settings, () => hold.promise);
    const second = throughListGate(settings, () => Promise.resolve('second'));
    const third = throughListGate(settings, () => Promise.resolve('third')).catch((error: unknown) => error);
    const refused = await third;
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, code: 'lists-busy', headers: { 'retry-after': '1' } });
    hold.resolve();
    await first;
    expect(await second).toBe('second');
  });

  it('maps in slices, in order', async () => {
    expect(await mapInSlices([1, 2, 3, 4, 5], (n) => n * 2, 2)).toEqual([2, 4, 6, 8, 10]);
    expect(await mapInSlices([], (n: number) => n)).toEqual([]);
  });
});
