/** The settable clock a service started with TEST_CLOCK keeps, its route, and where it is refused. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { createTestClock, testClockRoute } from './testClock';

describe('createTestClock', () => {
  it('starts at the given instant and runs on at real speed, then moves, steps and goes back to real time', () => {
    let real = Date.parse('2026-11-01T12:00:00Z');
    const clock = createTestClock(new Date('2026-03-29T00:59:00Z'), () => real);
    expect(clock.now().toISOString()).toBe('2026-03-29T00:59:00.000Z');
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2026-03-29T01:00:30.000Z');
    clock.advance(60_000);
    expect(clock.now().toISOString()).toBe('2026-03-29T01:01:30.000Z');
    clock.set(new Date('2026-10-25T00:30:00Z'));
    expect(clock.now().toISOString()).toBe('2026-10-25T00:30:00.000Z');
    clock.real();
    expect(clock.now().getTime()).toBe(real);
  });

  it('starts at the real time with `now`', () => {
    const clock = createTestClock('now', () => 1_000);
    expect(clock.now().getTime()).toBe(1_000);
  });
});

describe('TEST_CLOCK', () => {
  it('is off unless set, and takes `now` or an ISO-8601 instant with its offset', () => {
    expect(parseEnv({}).TEST_CLOCK).toBeUndefined();
    expect(parseEnv({ TEST_CLOCK: '' }).TEST_CLOCK).toBeUndefined();
    expect(parseEnv({ TEST_CLOCK: 'now' }).TEST_CLOCK).toBe('now');
    expect(parseEnv({ TEST_CLOCK: '2026-03-28T23:59:00+00:00' }).TEST_CLOCK).toEqual(new Date('2026-03-28T23:59:00Z'));
    expect(() => parseEnv({ TEST_CLOCK: 'tomorrow' })).toThrow(/TEST_CLOCK/);
  });

  it('is refused in production and under node:cluster', () => {
    expect(() => parseEnv({ TEST_CLOCK: 'now', NODE_ENV: 'production' })).toThrow(/TEST_CLOCK is for tests/);
    expect(() => parseEnv({ TEST_CLOCK: 'now', WORKERS: '2' })).toThrow(/TEST_CLOCK needs WORKERS=1/);
  });
});

describe('GET|PUT /_test/clock', () => {
  const appWith = (peer: string | undefined) => {
    let real = Date.parse('2026-11-01T12:00:00Z');
    const clock = createTestClock('now', () => real);
    const app = new Hono();
    const route = testClockRoute(clock, () => peer);
    app.get('/_test/clock', route);
    app.put('/_test/clock', route);
    const put = (body: string) => app.request('/_test/clock', { method: 'PUT', body, headers: { 'content-type': 'application/json' } });
    return { app, put, tick: (ms: number) => (real += ms) };
  };

  it('reads and moves the clock for a loopback caller', async () => {
    const { app, put, tick } = appWith('127.0.0.1');
    expect(await (await app.request('/_test/clock')).json()).toEqual({ now: '2026-11-01T12:00:00.000Z' });
    expect(await (await put('{"at":"2026-03-28T23:59:00Z"}')).json()).toEqual({ now: '2026-03-28T23:59:00.000Z' });
    tick(1_000);
    expect(await (await put('{"advanceMs":120000}')).json()).toEqual({ now: '2026-03-29T00:01:01.000Z' });
    expect(await (await put('{"real":true}')).json()).toEqual({ now: '2026-11-01T12:00:01.000Z' });
  });

  it('refuses a body that is not exactly one change, and leaves the clock alone', async () => {
    const { app, put } = appWith('::1');
    for (const body of ['not json', '{}', '{"at":"yesterday"}', '{"advanceMs":1.5}', '{"at":"2026-03-28T23:59:00Z","advanceMs":1}', '{"real":false}']) {
      expect((await put(body)).status, body).toBe(400);
    }
    expect(await (await app.request('/_test/clock')).json()).toEqual({ now: '2026-11-01T12:00:00.000Z' });
  });

  it('answers 404 to a caller that is not on a loopback address, or unknown', async () => {
    for (const peer of ['192.168.1.20', '10.0.0.1', '::ffff:192.168.1.20', undefined]) {
      const { app, put } = appWith(peer);
      expect((await app.request('/_test/clock')).status, String(peer)).toBe(404);
      expect((await put('{"advanceMs":1000}')).status, String(peer)).toBe(404);
    }
  });
});
