import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DeviceHealthReportModel } from '../contract/routes/devices';
import { HEALTH_LIMITS } from '../contract/supporting/devices';
import { KioskDb } from './db';
import { countUnknownBadge, endBadgeRun } from './badgeLockout';
import { collectDeviceHealth, createHealthReporter } from './deviceHealth';
import { writeSyncStatus } from './syncStatus';

const NOW = new Date('2025-03-01T10:00:00Z');
let dbCounter = 0;
const freshDb = () => new KioskDb(`health-${(dbCounter += 1)}`, { indexedDB: new IDBFactory(), IDBKeyRange });

const entry = (id: string, createdAt: string) => ({
  id,
  op: 'clockOn' as const,
  employeeId: 7,
  body: { employeeId: 7 },
  createdAt,
  nextAttemptAt: 0,
  attempts: [],
});

describe('health collection', () => {
  it('reads an empty device as healthy and never synced, in the shape the service accepts', async () => {
    const db = freshDb();
    const report = await collectDeviceHealth({ db, now: () => NOW, clockOffsetMs: () => 0, appVersion: '0.1.0+abc', storagePersisted: () => Promise.resolve(null) });
    expect(report).toEqual({
      queueDepth: 0,
      oldestUnsentUtc: null,
      lastSyncUtc: null,
      clockOffsetMs: 0,
      appVersion: '0.1.0+abc',
      storagePersisted: null,
      needsAttention: 0,
      unknownBadgesOffline: 0,
      lastUnknownBadgeOfflineUtc: null,
      badgeLockedUntilUtc: null,
    });
    expect(DeviceHealthReportModel.safeParse(report).success).toBe(true);
  });

  it('counts the queue and attention, finds the oldest entry and the last successful sync', async () => {
    const db = freshDb();
    await db.outbox.add(entry('b', '2025-03-01T09:05:00.000Z'));
    await db.outbox.add(entry('a', '2025-03-01T09:00:00.000Z'));
    await db.outbox.add(entry('c', '2025-03-01T09:10:00.000Z'));
    await db.attention.add({ ...entry('d', '2025-03-01T08:00:00.000Z'), movedAt: '2025-03-01T08:01:00.000Z', status: 400, code: 'x', message: 'No' });
    await writeSyncStatus(db, { state: 'idle', at: Date.parse('2025-03-01T09:20:00Z'), report: { delivered: 2, reconciled: 0, attention: 0, deferred: 0, retrying: 0, offline: false } });
    await writeSyncStatus(db, { state: 'offline', at: Date.parse('2025-03-01T09:30:00Z'), report: { delivered: 0, reconciled: 0, attention: 0, deferred: 0, retrying: 0, offline: true } });
    const report = await collectDeviceHealth({ db, now: () => NOW, clockOffsetMs: () => -1_234.6, appVersion: 'v2', storagePersisted: () => Promise.resolve(true) });
    expect(report).toMatchObject({
      queueDepth: 3,
      // The first queued (by sequence), which is the oldest sent in order.
      oldestUnsentUtc: '2025-03-01T09:05:00.000Z',
      lastSyncUtc: '2025-03-01T09:20:00.000Z',
      clockOffsetMs: -1_235,
      appVersion: 'v2',
      storagePersisted: true,
      needsAttention: 1,
    });
    expect(DeviceHealthReportModel.safeParse(report).success).toBe(true);
  });

  it('keeps what it sends within the service bounds, and a storage API that throws is "cannot say"', async () => {
    const db = freshDb();
    const report = await collectDeviceHealth({
      db,
      now: () => NOW,
      clockOffsetMs: () => 10 ** 13,
      appVersion: 'build with spaces\u0000 and more text than sixty-four characters allow, by a long way',
      storagePersisted: () => Promise.reject(new Error('denied')),
    });
    expect(report.clockOffsetMs).toBe(HEALTH_LIMITS.maxClockOffsetMs);
    expect(report.storagePersisted).toBeNull();
    expect(DeviceHealthReportModel.safeParse(report).success).toBe(true);
    const blank = await collectDeviceHealth({ db, now: () => NOW, clockOffsetMs: () => 0, appVersion: '  ', storagePersisted: () => Promise.resolve(false) });
    expect(blank.appVersion).toBe('dev');
  });
});

describe('badges it could not place offline', () => {
  it('are reported as a tally since enrolment with the latest time, and a lockout only while it lasts', async () => {
    const db = freshDb();
    const first = Date.parse('2025-03-01T09:00:00Z');
    for (let i = 0; i < 5; i += 1) await countUnknownBadge(db, new Date(first + i * 1000));
    const collect = (at: string) => collectDeviceHealth({ db, now: () => new Date(at), clockOffsetMs: () => 0, appVersion: 'v', storagePersisted: () => Promise.resolve(null) });
    const locked = await collect('2025-03-01T09:01:00Z');
    expect(locked).toMatchObject({ unknownBadgesOffline: 5, lastUnknownBadgeOfflineUtc: '2025-03-01T09:00:04.000Z' });
    // The fifth in a row locks the tablet's badge checks for the PIN policy's lockout (15 minutes by default).
    expect(locked.badgeLockedUntilUtc).toBe('2025-03-01T09:15:04.000Z');
    expect(DeviceHealthReportModel.safeParse(locked).success).toBe(true);
    const over = await collect('2025-03-01T09:20:00Z');
    expect(over).toMatchObject({ unknownBadgesOffline: 5, badgeLockedUntilUtc: null });
    // A badge accepted ends the run (and any lock), not the tally a manager reads.
    await endBadgeRun(db);
    expect(await collect('2025-03-01T09:21:00Z')).toMatchObject({ unknownBadgesOffline: 5, lastUnknownBadgeOfflineUtc: '2025-03-01T09:00:04.000Z', badgeLockedUntilUtc: null });
  });

  it('a damaged tally reads as none rather than stopping the report', async () => {
    const db = freshDb();
    await db.meta.put({ key: 'unknownBadgesOffline', value: { count: -3, lastAt: 'soon' } });
    const report = await collectDeviceHealth({ db, now: () => NOW, clockOffsetMs: () => 0, appVersion: 'v', storagePersisted: () => Promise.resolve(null) });
    expect(report).toMatchObject({ unknownBadgesOffline: 0, lastUnknownBadgeOfflineUtc: null });
  });
});

describe('health reporter', () => {
  const report = DeviceHealthReportModel.parse({
    queueDepth: 0,
    oldestUnsentUtc: null,
    lastSyncUtc: null,
    clockOffsetMs: 0,
    appVersion: 'v',
    storagePersisted: null,
    needsAttention: 0,
  });

  it('sends at most once per interval unless forced, one at a time, and swallows failures', async () => {
    let clock = 0;
    const sent: number[] = [];
    let fail = true;
    const reporter = createHealthReporter({
      collect: () => Promise.resolve(report),
      send: () => {
        sent.push(clock);
        return fail ? Promise.reject(new Error('network down')) : Promise.resolve();
      },
      now: () => clock,
      minIntervalMs: 20_000,
    });
    await expect(reporter.report()).resolves.toBeUndefined();
    expect(sent).toEqual([0]);
    clock = 5_000;
    fail = false;
    await reporter.report();
    expect(sent).toEqual([0]);
    await reporter.report({ force: true });
    expect(sent).toEqual([0, 5_000]);
    clock = 25_001;
    const first = reporter.report();
    const second = reporter.report({ force: true });
    await Promise.all([first, second]);
    expect(sent).toEqual([0, 5_000, 25_001]);
  });

  it('does not reject when collecting fails', async () => {
    const reporter = createHealthReporter({ collect: () => Promise.reject(new Error('idb closed')), send: () => Promise.resolve() });
    await expect(reporter.report()).resolves.toBeUndefined();
  });
});
