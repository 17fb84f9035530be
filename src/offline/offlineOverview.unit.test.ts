import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { KioskDb } from './db';
import { NOT_CLOCKED_ON } from './localState';
import { readOfflineOverview } from './offlineOverview';
import type { OutboxRecord, StaffRecord, StoredAttendance } from './records';

let counter = 0;
const freshDb = () => new KioskDb(`overview-${(counter += 1)}`, { indexedDB: new IDBFactory(), IDBKeyRange });

const onShift = (since: string): StoredAttendance => ({ status: 'ClockedOn', clockOnTimeUtc: since, breakStartTimeUtc: null, lastPunchTimeUtc: since, currentShiftId: null });

function person(employeeId: number, name: string, server: StoredAttendance, local: StoredAttendance): StaffRecord {
  const [firstName = '', surname = ''] = name.split(' ');
  return { employeeId, firstName, surname, name, sortName: name.toLowerCase(), profileImageUrl: null, hasEmail: false, hasMobile: false, server, local, pinExpired: false, refreshedAt: '2026-07-01T08:00:00.000Z' };
}

function entry(id: string, op: OutboxRecord['op'], employeeId: number, body: Record<string, unknown>, attempts: OutboxRecord['attempts'] = []): OutboxRecord {
  return { id, op, employeeId, body, createdAt: '2026-07-01T09:00:30.000Z', nextAttemptAt: 0, attempts };
}

describe('readOfflineOverview', () => {
  it('shows the queue oldest first, who is on site with unsent punches replayed, and the unverified punches (not those made by badge)', async () => {
    const db = freshDb();
    await db.staff.bulkPut([
      person(1, 'Ada Lovelace', onShift('2026-07-01T07:00:00.000Z'), onShift('2026-07-01T07:00:00.000Z')),
      person(2, 'Ben Okafor', NOT_CLOCKED_ON, onShift('2026-07-01T09:00:00.000Z')),
      person(3, 'Chloe Martin', NOT_CLOCKED_ON, NOT_CLOCKED_ON),
    ]);
    await db.outbox.add(entry('a', 'clockOn', 2, { employeeId: 2, recordedTimeUtc: '2026-07-01T09:00:00.000Z' }, [{ at: '2026-07-01T09:00:01.000Z', outcome: 'network' }]));
    await db.outbox.add(entry('b', 'identityClaim', 2, { employeeId: 2, punchKind: 'clockOn', recordedTimeUtc: '2026-07-01T09:00:00.000Z' }));
    await db.outbox.add(entry('c', 'pinFailures', 3, { employeeId: 3 }));
    // Ada's punch after a badge the tablet accepted offline: its claim names the badge, not a sealed PIN.
    await db.outbox.add(entry('d', 'startBreak', 1, { employeeId: 1, recordedTimeUtc: '2026-07-01T09:01:00.000Z' }));
    await db.outbox.add(entry('e', 'identityClaim', 1, { employeeId: 1, punchKind: 'startBreak', recordedTimeUtc: '2026-07-01T09:01:00.000Z', badgeId: 7 }));

    const overview = await readOfflineOverview(db);
    expect(overview.queue.map((item) => [item.id, item.name, item.at.toISOString(), item.attempts])).toEqual([
      ['a', 'Ben Okafor', '2026-07-01T09:00:00.000Z', 1],
      ['b', 'Ben Okafor', '2026-07-01T09:00:00.000Z', 0],
      ['c', 'Chloe Martin', '2026-07-01T09:00:30.000Z', 0],
      ['d', 'Ada Lovelace', '2026-07-01T09:01:00.000Z', 0],
      ['e', 'Ada Lovelace', '2026-07-01T09:01:00.000Z', 0],
    ]);
    expect(overview.onSite.map((item) => [item.name, item.status, item.hasUnsent])).toEqual([
      ['Ada Lovelace', 'ClockedOn', true],
      ['Ben Okafor', 'ClockedOn', true],
    ]);
    expect(overview.unverified.map((item) => [item.id, item.punchKind])).toEqual([['b', 'clockOn']]);
    expect(overview.attention).toEqual([]);
  });

  it('leaves out damaged records instead of trusting them', async () => {
    const db = freshDb();
    await db.outbox.add({ id: 'x', op: 'clockOn' } as unknown as OutboxRecord);
    expect((await readOfflineOverview(db)).queue).toEqual([]);
  });
});
