import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { KioskDb } from './db';
import { adoptPinSetByManager, learnPin, verifyPinOffline } from './offlinePin';

let dbCounter = 0;
const freshDb = () => new KioskDb(`adopt-${(dbCounter += 1)}`, { indexedDB: new IDBFactory(), IDBKeyRange });
const now = new Date('2025-03-01T09:00:00Z');

describe('a PIN set by a manager, on this tablet', () => {
  it('lifts the lockout and re-learns the verifier from the new PIN', async () => {
    const db = freshDb();
    await learnPin(db, 7, '4821', now);
    await db.pinLockouts.put({ employeeId: 7, failedAttempts: 0, lockedUntil: '2025-03-01T09:15:00.000Z' });
    await adoptPinSetByManager(db, 7, '550912', now);
    expect(await db.pinLockouts.get(7)).toBeUndefined();
    expect(await verifyPinOffline(db, 7, '550912', now)).toBe('match');
    expect(await verifyPinOffline(db, 7, '4821', now)).toBe('mismatch');
    expect(JSON.stringify(await db.pinVerifiers.toArray())).not.toContain('550912');
  });

  it('forgets the verifier when the PIN must be changed at next use', async () => {
    const db = freshDb();
    await learnPin(db, 7, '4821', now);
    await adoptPinSetByManager(db, 7, null, now);
    expect(await verifyPinOffline(db, 7, '4821', now)).toBe('unknown');
  });
});
