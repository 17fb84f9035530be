/**
 * A held request leaves only when its hold ends, and its timeout and round trip start then, so
 * a hold neither times it out nor skews the clock estimate built from round trips.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTransport } from './transport';

describe('transport holdUntil', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends nothing while held; then sends, with the timeout and round trip counted from there', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const roundTrips: number[] = [];
    const transport = createTransport({
      baseUrl: 'http://service.test',
      credentials: () => null,
      timeoutMs: 1_000,
      holdUntil: () => held,
      onServerDate: (_date, roundTripMs) => roundTrips.push(roundTripMs),
      fetch: (input) => {
        sent.push(input instanceof Request ? input.url : String(input));
        return Promise.resolve(new Response('{}', { status: 200, headers: { date: new Date().toUTCString() } }));
      },
    });
    const answer = transport.send(new Request('http://service.test/healthz'), { operation: 'health', credentials: false });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toEqual([]);
    release();
    const response = await answer;
    expect(response.status).toBe(200);
    expect(sent).toEqual(['http://service.test/healthz']);
    expect(roundTrips).toHaveLength(1);
    expect(roundTrips[0]).toBeLessThan(1_000);
  });
});
