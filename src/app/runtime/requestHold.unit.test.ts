/**
 * The page's requests wait while a new version takes over, and never longer than the bound.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdRequestsUntil, REQUEST_HOLD_MAX_MS, requestsMayGo } from './requestHold';

/** Whether the promise has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('requestHold', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets requests go at once when nothing holds them', async () => {
    expect(await settled(requestsMayGo())).toBe(true);
  });

  it('holds requests until the awaited event, then lets them go', async () => {
    let switched!: () => void;
    holdRequestsUntil(new Promise<void>((resolve) => (switched = resolve)));
    const waiting = requestsMayGo();
    await vi.advanceTimersByTimeAsync(REQUEST_HOLD_MAX_MS - 1);
    expect(await settled(waiting)).toBe(false);
    switched();
    expect(await settled(waiting)).toBe(true);
    expect(await settled(requestsMayGo())).toBe(true);
  });

  it('lets them go after the bound when the event never comes, or when it fails', async () => {
    holdRequestsUntil(new Promise(() => undefined));
    const waiting = requestsMayGo();
    await vi.advanceTimersByTimeAsync(REQUEST_HOLD_MAX_MS - 1);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);

    holdRequestsUntil(Promise.reject(new Error('gone')));
    expect(await settled(requestsMayGo())).toBe(true);
  });

  it('a later hold replaces an earlier one', async () => {
    holdRequestsUntil(new Promise(() => undefined), 1_000);
    holdRequestsUntil(new Promise(() => undefined), 5_000);
    const waiting = requestsMayGo();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled(waiting)).toBe(false);
    expect(await settled(requestsMayGo())).toBe(false);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(await settled(waiting)).toBe(true);
  });
});
