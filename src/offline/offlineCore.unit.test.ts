import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { backoffDelayMs, BACKOFF_CAP_MS } from './backoff';
import { createKioskClock, estimateOffset, sampleFromResponse } from './clock';
import { Dexie } from 'dexie';
import { KioskDb, SCHEMA_V1 } from './db';
import { rebase, NOT_CLOCKED_ON } from './localState';
import { forgetPin, learnPin, verifyPinOffline, VERIFIER_MAX_AGE_MS } from './offlinePin';
import { isAlreadyDone } from '../domain/attendance';
import { createSyncScheduler } from './syncScheduler';
import type { OutboxRecord } from './records';

let dbCounter = 0;
const freshDb = () => new KioskDb(`unit-${(dbCounter += 1)}`, { indexedDB: new IDBFactory(), IDBKeyRange });

describe('clock offset', () => {
  it('estimates the offset from Date headers, trusting the fastest round trips', () => {
    // Server is 90 s ahead; Date headers are truncated to the second.
    const truthMs = 90_000;
    const samples = [40, 60, 900, 35, 2500].map((rtt, i) => {
      const receivedAt = 1_000_000 + i * 10_000;
      const serverNow = receivedAt - rtt / 2 + truthMs;
      return sampleFromResponse(new Date(Math.floor(serverNow / 1000) * 1000), rtt, receivedAt);
    });
    expect(Math.abs(estimateOffset(samples) - truthMs)).toBeLessThanOrEqual(500);
    expect(estimateOffset([])).toBe(0);
  });

  it('corrects now() and survives a restart', async () => {
    const db = freshDb();
    let device = 5_000_000;
    const clock = createKioskClock(db, () => device);
    clock.observe(new Date(device + 120_000), 20);
    expect(Math.abs(clock.offsetMs() - 120_000)).toBeLessThanOrEqual(510);
    device += 1000;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = createKioskClock(db, () => device);
    await again.load();
    expect(again.offsetMs()).toBe(clock.offsetMs());
    expect(again.now().getTime()).toBe(device + clock.offsetMs());
  });

  it('never runs backwards nor repeats a time when a new estimate lowers the offset a little, but takes a real clock change', () => {
    let device = 7_000_000;
    const clock = createKioskClock(freshDb(), () => device);
    clock.observe(new Date(device + 60_000), 10);
    const before = clock.now().getTime();
    // A faster (so more trusted) sample that puts the service a second earlier: the estimate drops.
    clock.observe(new Date(device + 59_000), 5);
    expect(clock.offsetMs()).toBeLessThan(before - device);
    const held = [clock.now().getTime(), clock.now().getTime()];
    expect(held).toEqual([before + 1, before + 2]);
    device += 500;
    expect(clock.now().getTime(), 'still held until caught up').toBe(before + 3);
    device += 1_000;
    expect(clock.now().getTime()).toBe(device + clock.offsetMs());
    // The device's clock is set back an hour: the corrected clock follows at once.
    device -= 3_600_000;
    expect(clock.now().getTime()).toBe(device + clock.offsetMs());
  });
});

describe('backoff', () => {
  it('grows exponentially with jitter, is capped, and honours Retry-After', () => {
    expect(backoffDelayMs(1, null, () => 0)).toBe(500);
    expect(backoffDelayMs(1, null, () => 1)).toBe(1000);
    expect(backoffDelayMs(4, null, () => 1)).toBe(8000);
    expect(backoffDelayMs(40, null, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelayMs(1, 30_000, () => 1)).toBe(30_000);
  });
});

describe('reconciliation', () => {
  it('treats a refusal as done only when the service is already where the punch leads', () => {
    expect(isAlreadyDone('clockOn', 'already-clocked-on', 'ClockedOn')).toBe(true);
    expect(isAlreadyDone('clockOff', 'not-clocked-on', 'ClockedOff')).toBe(true);
    expect(isAlreadyDone('endBreak', 'not-on-break', 'ClockedOn')).toBe(true);
    expect(isAlreadyDone('clockOn', 'punch-before-previous', 'ClockedOn')).toBe(false);
    expect(isAlreadyDone('startBreak', 'not-clocked-on', 'NotClockedOn')).toBe(false);
  });
});

describe('local state', () => {
  const entry = (op: OutboxRecord['op'], at: string): OutboxRecord => ({
    id: `${op}-${at}`,
    op,
    employeeId: 1,
    body: { recordedTimeUtc: at },
    createdAt: at,
    nextAttemptAt: 0,
    attempts: [],
  });
  it('replays pending punches on the server state and skips ones the server state refuses', () => {
    const local = rebase(NOT_CLOCKED_ON, [entry('clockOn', '2026-01-05T08:00:00Z'), entry('startBreak', '2026-01-05T10:00:00Z')]);
    expect(local).toMatchObject({ status: 'OnBreak', clockOnTimeUtc: '2026-01-05T08:00:00.000Z', currentShiftId: null });
    const serverOn = { ...NOT_CLOCKED_ON, status: 'ClockedOn' as const, clockOnTimeUtc: '2026-01-05T07:00:00.000Z', lastPunchTimeUtc: '2026-01-05T07:00:00.000Z', currentShiftId: 42 };
    const replayed = rebase(serverOn, [entry('clockOn', '2026-01-05T08:00:00Z'), entry('clockOff', '2026-01-05T16:00:00Z')]);
    expect(replayed).toMatchObject({ status: 'ClockedOff', currentShiftId: null });
  });
});

describe('offline PIN verifiers', () => {
  it('verifies a learned PIN, refuses others, expires, and can be forgotten', async () => {
    const db = freshDb();
    const now = new Date('2026-03-01T09:00:00Z');
    expect(await verifyPinOffline(db, 7, '4821', now)).toBe('unknown');
    await learnPin(db, 7, '4821', now);
    expect(await verifyPinOffline(db, 7, '4821', now)).toBe('match');
    expect(await verifyPinOffline(db, 7, '4822', now)).toBe('mismatch');
    const stored = await db.pinVerifiers.get(7);
    expect(JSON.stringify(stored)).not.toContain('4821');
    expect(await verifyPinOffline(db, 7, '4821', new Date(now.getTime() + VERIFIER_MAX_AGE_MS + 1))).toBe('unknown');
    await forgetPin(db, 7);
    expect(await verifyPinOffline(db, 7, '4821', now)).toBe('unknown');
  });

  it('uses a per-device key: a verifier copied to another device does not verify', async () => {
    const one = freshDb();
    const two = freshDb();
    const now = new Date('2026-03-01T09:00:00Z');
    await learnPin(one, 7, '4821', now);
    await two.pinVerifiers.put((await one.pinVerifiers.get(7))!);
    expect(await verifyPinOffline(two, 7, '4821', now)).toBe('mismatch');
  });
});

describe('schema upgrades', () => {
  it('opens a version-1 database, keeping what parses and dropping what cannot be read', async () => {
    const factory = new IDBFactory();
    const name = 'upgrade-test';
    const v1 = new Dexie(name, { indexedDB: factory, IDBKeyRange });
    v1.version(1).stores(SCHEMA_V1);
    await v1.table('pinLockouts').bulkPut([
      { employeeId: 1, failedAttempts: 2, lockedUntil: null, unreported: ['2026-01-01T00:00:00.000Z'] },
      { employeeId: 2, failedAttempts: 'many' },
    ]);
    await v1.table('lookups').bulkPut([
      { employeeId: 1, data: { locations: [] }, refreshedAt: '2026-01-01T00:00:00.000Z' },
      { employeeId: 2, data: null },
    ]);
    await v1.table('outbox').add({ id: 'kept-as-is', op: 'clockOn', employeeId: 1, body: {}, createdAt: 'x', nextAttemptAt: 0 });
    v1.close();

    const db = new KioskDb(name, { indexedDB: factory, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(2);
    expect(await db.pinLockouts.toArray()).toEqual([{ employeeId: 1, failedAttempts: 2, lockedUntil: null }]);
    expect((await db.lookups.toArray()).map((l) => l.employeeId)).toEqual([1]);
    expect(await db.lookups.where('refreshedAt').below('2027-01-01').count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
    db.close();
  });
});

describe('sync scheduler', () => {
  const queued = (employeeId: number, nextAttemptAt: number, n: number): OutboxRecord => ({
    id: `entry-${employeeId}-${n}`,
    op: 'addNote',
    employeeId,
    body: {},
    createdAt: new Date(0).toISOString(),
    nextAttemptAt,
    attempts: [],
  });

  it('waits for the backoff of an employee’s first entry, not for the later entries queued behind it', async () => {
    // Only the scheduler's timers: IndexedDB (fake-indexeddb) keeps running on setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const db = freshDb();
      const start = Date.now();
      // Backing off for 10 s; the note behind it is "due" but cannot go before it.
      await db.outbox.bulkAdd([queued(1, start + 10_000, 1), queued(1, 0, 2)]);
      let runs = 0;
      const scheduler = createSyncScheduler({
        db,
        // A stand-in for the sync run: once the backoff is over both entries go out.
        run: async () => {
          runs += 1;
          if (Date.now() < start + 10_000) return { delivered: 0, reconciled: 0, attention: 0, deferred: 1, retrying: 0, offline: false };
          await db.outbox.clear();
          return { delivered: 2, reconciled: 0, attention: 0, deferred: 0, retrying: 0, offline: false };
        },
      });
      scheduler.start();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(runs, 'only the start-up run while the first entry backs off').toBe(1);
      await vi.advanceTimersByTimeAsync(5_500);
      expect(runs, 'a run once the backoff is over').toBe(2);
      scheduler.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
