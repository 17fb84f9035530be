/**
 * The service worker's Background Sync wake delivers what a closed tab left behind. A clock-off is
 * queued held for its undo, and the wake it asks for comes at once and finds it held; with the tab
 * gone (closed straight after the clock-off, or killed by the tablet) nothing else would send it
 * until the app opened again, and the person's shift would stay open at the service meanwhile.
 * The wake waits out the hold and sends it, once; an undo in the meantime still wins; and a wake
 * that could not deliver everything fails, so the browser wakes the worker again.
 *
 * Node has no Web Locks, so here a wake waits for a hold's time limit, as in a browser without
 * them; the locks that end a hold at once when its tab closes are tested in the browser
 * (e2e/clock-off-hold.spec.ts). Time is the tests' own: the kiosk's clock and the service's both
 * read `Date`, which these tests fake and move when the wake waits.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { punches } from '../server/db/schema';
import { createTenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { readEnrolment, saveEnrolment } from './device';
import { punchAtKiosk, undoPunchAtKiosk } from './kioskOperations';
import { deliverInBackground, HOLD_WAIT_LIMIT_MS, PAST_HOLD_MS, syncFromStore } from './storedSync';
import { syncOutbox } from './syncOutbox';
import { createOfflineHarness, type OfflineHarness } from './testing/offlineHarness';
import { CLOCK_OFF_HOLD_MS } from './undoPunch';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

beforeEach(() => {
  // Only Date: IndexedDB (fake-indexeddb) and the service keep their real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T16:58:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

async function serverKinds(employeeId: number): Promise<string[]> {
  const rows = await t.db.select().from(punches).where(eq(punches.employeeId, employeeId)).orderBy(punches.timeOfRecordUtc);
  return rows.map((p) => p.kind);
}

/** A tablet whose enrolment is stored (as the set-up leaves it, where the service worker reads it) and a person clocked on at the service. */
async function tabletWithPersonOnShift(): Promise<{ h: OfflineHarness; employeeId: number }> {
  const tenant = await createTenant(t);
  const h = await createOfflineHarness(t, tenant);
  await saveEnrolment(h.db, h.enrolment);
  const employeeId = tenant.employees[0]!.id;
  const on = await punchAtKiosk(h.runtime, employeeId, 'clockOn');
  expect(on.ok).toBe(true);
  await syncOutbox({ db: h.db, transport: h.transport });
  expect(await serverKinds(employeeId)).toEqual(['clockOn']);
  return { h, employeeId };
}

/** A wait that moves the faked clock instead of sleeping, and records what it was asked for. */
function movingClock(during?: () => Promise<void>) {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
    await during?.();
    vi.setSystemTime(new Date(Date.now() + ms));
  };
  return { waits, sleep };
}

describe('Background Sync after the tab has gone', () => {
  it('sends a clock-off held for its undo once its hold ends, once', async () => {
    const { h, employeeId } = await tabletWithPersonOnShift();
    const off = await punchAtKiosk(h.runtime, employeeId, 'clockOff');
    if (!off.ok) throw new Error('clock-off refused');
    // One plain run, as the worker made before: the held clock-off stays on the tablet.
    await syncFromStore(h.db, h.network);
    expect(await serverKinds(employeeId)).toEqual(['clockOn']);

    const clock = movingClock();
    await deliverInBackground(h.db, { fetchImpl: h.network, sleep: clock.sleep });
    expect(await serverKinds(employeeId)).toEqual(['clockOn', 'clockOff']);
    expect(await h.db.outbox.count()).toBe(0);
    // One wait, for the rest of the hold and no longer (the kiosk's clock may have crept a few
    // milliseconds between the clock-off's reading and the wake's).
    expect(clock.waits).toHaveLength(1);
    expect(clock.waits[0]).toBeGreaterThan(CLOCK_OFF_HOLD_MS - 1_000);
    expect(clock.waits[0]).toBeLessThanOrEqual(CLOCK_OFF_HOLD_MS + PAST_HOLD_MS + 100);

    // A second wake finds nothing left and sends nothing again.
    await deliverInBackground(h.db, { fetchImpl: h.network, sleep: clock.sleep });
    expect(await serverKinds(employeeId)).toEqual(['clockOn', 'clockOff']);
  });

  it('sends nothing when the clock-off is undone while it waits', async () => {
    const { h, employeeId } = await tabletWithPersonOnShift();
    const off = await punchAtKiosk(h.runtime, employeeId, 'clockOff');
    if (!off.ok) throw new Error('clock-off refused');
    const clock = movingClock(async () => {
      expect(await undoPunchAtKiosk(h.runtime, off.receipt.entryId)).toBe('undone');
    });
    await deliverInBackground(h.db, { fetchImpl: h.network, sleep: clock.sleep });
    expect(clock.waits).toHaveLength(1);
    expect(await serverKinds(employeeId)).toEqual(['clockOn']);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('fails while the service cannot be reached, keeping the punch, and delivers it at the next wake', async () => {
    const { h, employeeId } = await tabletWithPersonOnShift();
    const off = await punchAtKiosk(h.runtime, employeeId, 'clockOff');
    if (!off.ok) throw new Error('clock-off refused');
    h.setFaults(() => 'down');
    const clock = movingClock();
    await expect(deliverInBackground(h.db, { fetchImpl: h.network, sleep: clock.sleep })).rejects.toThrow('1 outbox entry is still waiting');
    expect(await h.db.outbox.count()).toBe(1);
    expect(await serverKinds(employeeId)).toEqual(['clockOn']);

    // The browser's next wake, with the service back and the entry's backoff over.
    h.setFaults(null);
    vi.setSystemTime(new Date(Date.now() + 10 * 60_000));
    await deliverInBackground(h.db, { fetchImpl: h.network, sleep: clock.sleep });
    expect(await serverKinds(employeeId)).toEqual(['clockOn', 'clockOff']);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('waits no longer than a hold can last, and then fails so the browser comes back', async () => {
    const { h, employeeId } = await tabletWithPersonOnShift();
    const off = await punchAtKiosk(h.runtime, employeeId, 'clockOff');
    if (!off.ok) throw new Error('clock-off refused');
    // A clock that does not move (a stuck timer, say): the hold never seems to end.
    const waits: number[] = [];
    const stuck = async (ms: number) => {
      waits.push(ms);
      await Promise.resolve();
    };
    await expect(deliverInBackground(h.db, { fetchImpl: h.network, sleep: stuck })).rejects.toThrow('still waiting');
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(2 * (HOLD_WAIT_LIMIT_MS + PAST_HOLD_MS));
    expect(await h.db.outbox.count()).toBe(1);
    expect(await serverKinds(employeeId)).toEqual(['clockOn']);
  });

  it('does nothing on a tablet that is not enrolled', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    expect(await readEnrolment(h.db)).toBeNull();
    const requestsBefore = h.stats.requests;
    const clock = movingClock();
    await deliverInBackground(h.db, { fetchImpl: h.network, sleep: clock.sleep });
    expect(clock.waits).toEqual([]);
    expect(h.stats.requests).toBe(requestsBefore);
  });
});
