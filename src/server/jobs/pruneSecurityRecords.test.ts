import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinFailureReports, rateLimits, signInLockouts } from '../db/schema';
import { createTenant } from '../testing/fixtures';
import { startTestService, type TestService } from '../testing/testService';
import { pruneSecurityRecords } from './pruneSecurityRecords';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

describe('pruning what the brute-force defences keep', () => {
  it('removes only expired counters, idle unlocked lockouts and reports too old to matter', async () => {
    const now = new Date('2026-07-06T12:00:00Z');
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);
    const tenant = await createTenant(t, { employees: 1 });
    const employeeId = tenant.employees[0]!.id;
    await t.db.insert(rateLimits).values([
      { key: 'old', points: 3, expire: hoursAgo(1) },
      { key: 'live', points: 3, expire: new Date(now.getTime() + 60_000) },
    ]);
    await t.db.insert(signInLockouts).values([
      { addressDigest: 'idle', failedAttempts: 2, lockedUntil: null, updatedAt: hoursAgo(25) },
      { addressDigest: 'recent', failedAttempts: 2, lockedUntil: null, updatedAt: hoursAgo(1) },
      { addressDigest: 'locked', failedAttempts: 0, lockedUntil: new Date(now.getTime() + 60_000), updatedAt: hoursAgo(25) },
    ]);
    const maxAgeHours = t.settings.PIN_FAILURES_MAX_AGE_HOURS;
    await t.db.insert(pinFailureReports).values([
      { businessId: tenant.businessId, employeeId, reporter: 'user:1', attemptedAt: hoursAgo(maxAgeHours + 2), receivedAt: now },
      { businessId: tenant.businessId, employeeId, reporter: 'user:1', attemptedAt: hoursAgo(maxAgeHours), receivedAt: now },
    ]);
    expect(await pruneSecurityRecords(t.db, now, t.settings)).toBe(3);
    expect((await t.db.select().from(rateLimits)).map((row) => row.key)).toEqual(['live']);
    expect((await t.db.select().from(signInLockouts)).map((row) => row.addressDigest).sort()).toEqual(['locked', 'recent']);
    expect(await t.db.select().from(pinFailureReports)).toHaveLength(1);
  });
});
