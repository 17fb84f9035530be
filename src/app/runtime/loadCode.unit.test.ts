/** loadCode asks a failing load again after each wait, and gives up with the last failure. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCode } from './loadCode';

describe('loadCode', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the first load that succeeds, after waiting each given time between tries', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const load = vi.fn(() => (++calls < 3 ? Promise.reject(new Error(`refused ${calls}`)) : Promise.resolve('code')));
    const loaded = loadCode(load, [1_000, 2_000, 4_000]);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(loaded).resolves.toBe('code');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('rejects with the last failure once every wait has been used, having tried once more than there are waits', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const load = vi.fn(() => Promise.reject(new Error(`refused ${++calls}`)));
    const loaded = loadCode(load, [10, 20]);
    const outcome = expect(loaded).rejects.toThrow('refused 3');
    await vi.advanceTimersByTimeAsync(30);
    await outcome;
    expect(load).toHaveBeenCalledTimes(3);
  });
});
