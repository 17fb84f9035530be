/**
 * A clock-off's undo keeps the outbox's exactly-once promise: the clock-off waits, held, while it
 * can be taken back; taken back, it is gone with its riders and never reaches the service, and the
 * person is clocked on again on the tablet; released, it is sent once; once sent (or once its hold
 * has run out) the undo refuses and says so.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PunchKind } from '../domain/attendance';
import { punches } from '../server/db/schema';
import { createTenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { enqueuePunch } from './enqueue';
import { punchAtKiosk, releasePunchAtKiosk, undoPunchAtKiosk } from './kioskOperations';
import { readRecord, StaffRecord } from './records';
import { syncOutbox } from './syncOutbox';
import { readSyncStatus } from './syncStatus';
import { createOfflineHarness, type OfflineHarness } from './testing/offlineHarness';
import { CLOCK_OFF_HOLD_MS, releaseUnshownHolds, undoHeldPunch } from './undoPunch';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const MINUTE = 60_000;

async function serverKinds(employeeId: number): Promise<string[]> {
  const rows = await t.db.select().from(punches).where(eq(punches.employeeId, employeeId)).orderBy(punches.timeOfRecordUtc);
  return rows.map((p) => p.kind);
}

async function localStatus(h: OfflineHarness, employeeId: number) {
  return readRecord(StaffRecord, await h.db.staff.get(employeeId))?.local.status;
}

const sync = (h: OfflineHarness, now = Date.now()) => syncOutbox({ db: h.db, transport: h.transport, now: () => now });

async function clockedOn(h: OfflineHarness, employeeId: number) {
  const on = await punchAtKiosk(h.runtime, employeeId, 'clockOn' satisfies PunchKind);
  expect(on.ok).toBe(true);
  await sync(h);
  expect(await serverKinds(employeeId)).toEqual(['clockOn']);
}

describe("a clock-off's undo", () => {
  it('holds the clock-off back (the sync stays up to date), and an undo deletes it before it ever leaves', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    const ada = tenant.employees[0]!;
    await clockedOn(h, ada.id);

    const off = await punchAtKiosk(h.runtime, ada.id, 'clockOff');
    if (!off.ok) throw new Error('clock-off refused');
    expect(await localStatus(h, ada.id)).toBe('ClockedOff');
    const report = await sync(h);
    expect(report).toMatchObject({ delivered: 0, deferred: 0, retrying: 0 });
    expect((await readSyncStatus(h.db)).current.state, 'a hold is not a failure').toBe('idle');
    // Even a manager's "Send now" leaves it.
    await syncOutbox({ db: h.db, transport: h.transport, force: true });
    expect(await serverKinds(ada.id)).toEqual(['clockOn']);

    expect(await undoPunchAtKiosk(h.runtime, off.receipt.entryId)).toBe('undone');
    expect(await h.db.outbox.count()).toBe(0);
    expect(await localStatus(h, ada.id)).toBe('ClockedOn');
    await sync(h);
    expect(await serverKinds(ada.id)).toEqual(['clockOn']);
    // Undone twice: nothing left to take back, and it says so.
    expect(await undoPunchAtKiosk(h.runtime, off.receipt.entryId)).toBe('already-sent');
  });

  it('sends a released clock-off once, and then refuses to undo it', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    const ben = tenant.employees[0]!;
    await clockedOn(h, ben.id);
    const off = await punchAtKiosk(h.runtime, ben.id, 'clockOff');
    if (!off.ok) throw new Error('clock-off refused');

    await releasePunchAtKiosk(h.runtime, off.receipt.entryId);
    await sync(h);
    expect(await serverKinds(ben.id)).toEqual(['clockOn', 'clockOff']);
    expect(await undoPunchAtKiosk(h.runtime, off.receipt.entryId)).toBe('already-sent');
    expect(await localStatus(h, ben.id)).toBe('ClockedOff');
  });

  it('lets the hold run out by itself (a receipt that never released it), after which the undo refuses', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    const cai = tenant.employees[0]!;
    await clockedOn(h, cai.id);
    const off = await punchAtKiosk(h.runtime, cai.id, 'clockOff');
    if (!off.ok) throw new Error('clock-off refused');
    const later = Date.now() + CLOCK_OFF_HOLD_MS + MINUTE;

    expect(await undoHeldPunch(h.db, off.receipt.entryId, later), 'too late: the sync may send it now').toBe('already-sent');
    await sync(h, later);
    expect(await serverKinds(cai.id)).toEqual(['clockOn', 'clockOff']);
  });

  it('ends the hold when the page loads again (a reload, a crash, an update): no receipt survives it to offer the undo', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    const fay = tenant.employees[0]!;
    await clockedOn(h, fay.id);
    const off = await punchAtKiosk(h.runtime, fay.id, 'clockOff');
    if (!off.ok) throw new Error('clock-off refused');
    // The moment of the clock-off itself: its hold cannot have run out by then.
    const stillHeld = off.receipt.at.getTime();
    await sync(h, stillHeld);
    expect(await serverKinds(fay.id), 'held while its receipt shows').toEqual(['clockOn']);

    const reloaded = await h.reload();
    await sync(h, stillHeld);
    expect(await serverKinds(fay.id)).toEqual(['clockOn', 'clockOff']);
    expect(await undoHeldPunch(h.db, off.receipt.entryId, stillHeld), 'sent: nothing to take back').toBe('already-sent');
    expect(await undoPunchAtKiosk(reloaded, off.receipt.entryId)).toBe('already-sent');
  });

  it("keeps the holds another tab's receipt still shows when a page starts, and ends the rest", async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    const [gil, hal] = tenant.employees;
    if (!gil || !hal) throw new Error('the tenant has two employees');
    await clockedOn(h, gil.id);
    await clockedOn(h, hal.id);
    const shown = await punchAtKiosk(h.runtime, gil.id, 'clockOff');
    const orphaned = await punchAtKiosk(h.runtime, hal.id, 'clockOff');
    if (!shown.ok || !orphaned.ok) throw new Error('clock-off refused');
    const stillHeld = shown.receipt.at.getTime();

    // What holdLocks.ts reports in a browser: one receipt still showing in another tab.
    await releaseUnshownHolds(h.db, new Set([shown.receipt.entryId]));
    await sync(h, stillHeld);
    expect(await serverKinds(gil.id), "the other tab's receipt still offers it").toEqual(['clockOn']);
    expect(await serverKinds(hal.id), 'nobody shows it any more').toEqual(['clockOn', 'clockOff']);
    expect(await undoHeldPunch(h.db, shown.receipt.entryId, stillHeld)).toBe('undone');
  });

  it('takes the identity claim riding on an unverified clock-off with it, and only that', async () => {
    const tenant = await createTenant(t, { employees: 2 });
    const h = await createOfflineHarness(t, tenant);
    const [dee, eli] = tenant.employees;
    if (!dee || !eli) throw new Error('two employees needed');
    await clockedOn(h, dee.id);
    h.setFaults(() => 'down');
    // Someone else's punch queued before, to stay.
    const other = await enqueuePunch(h.db, { employeeId: eli.id, kioskId: h.kiosk.kioskId, kind: 'clockOn', at: new Date(), utcOffsetMinutes: 0, now: new Date() });
    expect(other.ok).toBe(true);
    const off = await punchAtKiosk(h.runtime, dee.id, 'clockOff', {}, { keyId: 'pk_test', sealedPin: 'c2VhbGVk' });
    if (!off.ok) throw new Error('clock-off refused');
    expect((await h.db.outbox.toArray()).map((e) => e.op)).toEqual(['clockOn', 'clockOff', 'identityClaim']);

    expect(await undoPunchAtKiosk(h.runtime, off.receipt.entryId)).toBe('undone');
    expect((await h.db.outbox.toArray()).map((e) => [e.op, e.employeeId])).toEqual([['clockOn', eli.id]]);
    expect(await localStatus(h, dee.id)).toBe('ClockedOn');
    expect(await localStatus(h, eli.id)).toBe('ClockedOn');
  });

  it("does not hold a forgotten shift's clock-off (its finish was given on a screen of its own): it is sent at once and cannot be undone", async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    const fay = tenant.employees[0]!;
    await clockedOn(h, fay.id);
    const finished = new Date(Date.now() - 5 * MINUTE);
    const off = await punchAtKiosk(h.runtime, fay.id, 'clockOff', {}, undefined, { statedFinishUtc: finished, suggestedBy: 'typed' });
    if (!off.ok) throw new Error('clock-off refused');
    expect((await h.db.outbox.toArray()).map((e) => [e.op, e.heldUntil])).toEqual([
      ['clockOff', undefined],
      ['shiftCorrection', undefined],
    ]);
    expect(await undoPunchAtKiosk(h.runtime, off.receipt.entryId)).toBe('already-sent');
    await sync(h);
    expect(await serverKinds(fay.id)).toEqual(['clockOn', 'clockOff']);
  });
});
