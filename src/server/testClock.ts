/**
 * A service clock that browser and process tests can set, so no test depends on the hour or the
 * date it happens to run at. The service always reads time through `deps.now()`; in-process API
 * tests replace that function (testing/testService.ts). A service run as a process (the browser
 * tests start the compiled service) cannot be reached that way, so `TEST_CLOCK` gives it this
 * clock instead: it starts at the given instant (or at the real time) and runs on at real speed,
 * and `PUT /_test/clock` moves it. The setting is refused with NODE_ENV=production and under
 * node:cluster (env.ts), and the route answers only callers on a loopback address.
 */
import type { Context } from 'hono';
import { z } from 'zod';

export interface MovableClock {
  now: () => Date;
  /** Sets the clock to this instant; it runs on from there at real speed. */
  set: (instant: Date) => void;
  /** Moves the clock forward (or back, with a negative count). */
  advance: (ms: number) => void;
  /** Follows the real time again. */
  real: () => void;
}

/** `TEST_CLOCK`'s value: `now` (start at the real time, movable later) or an ISO-8601 instant. */
export const TestClockSetting = z.union([
  z.literal('now'),
  z.iso.datetime({ offset: true }).transform((text) => new Date(text)),
]);

export function createTestClock(start: 'now' | Date, realNow: () => number = Date.now): MovableClock {
  let offsetMs = start === 'now' ? 0 : start.getTime() - realNow();
  return {
    now: () => new Date(realNow() + offsetMs),
    set: (instant) => {
      offsetMs = instant.getTime() - realNow();
    },
    advance: (ms) => {
      offsetMs += ms;
    },
    real: () => {
      offsetMs = 0;
    },
  };
}

/** What `PUT /_test/clock` takes: exactly one of an instant, a step, or back to real time. */
const ClockChange = z.union([
  z.strictObject({ at: z.iso.datetime({ offset: true }) }),
  z.strictObject({ advanceMs: z.number().int().min(-366 * 24 * 3600_000).max(366 * 24 * 3600_000) }),
  z.strictObject({ real: z.literal(true) }),
]);

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

const noStore = { 'cache-control': 'no-store' };

/**
 * The handler of `GET|PUT /_test/clock` (server.ts mounts it only when TEST_CLOCK is set). Both
 * answer `{ now }`, the clock's reading after any change.
 */
export function testClockRoute(clock: MovableClock, peerAddress: (c: Context) => string | undefined) {
  return async (c: Context): Promise<Response> => {
    const peer = peerAddress(c);
    if (!peer || !LOOPBACK.test(peer)) return c.json({ status: 'not found' }, 404, noStore);
    if (c.req.method === 'PUT') {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return c.json({ status: 'bad request', detail: 'The body must be JSON.' }, 400, noStore);
      }
      const change = ClockChange.safeParse(body);
      if (!change.success) {
        return c.json({ status: 'bad request', detail: 'Send one of {"at": ISO-8601 instant}, {"advanceMs": integer}, {"real": true}.' }, 400, noStore);
      }
      const given = change.data;
      if ('at' in given) clock.set(new Date(given.at));
      else if ('advanceMs' in given) clock.advance(given.advanceMs);
      else clock.real();
    }
    return c.json({ now: clock.now().toISOString() }, 200, noStore);
  };
}
