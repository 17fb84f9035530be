/**
 * One kiosk device cannot lock a whole team out: it may have PIN_LOCKOUTS_PER_DEVICE people locked
 * by wrong PINs at once (services/pins/deviceLockouts.ts, docs/offline-pin.md). Beyond that, a
 * wrong PIN that would lock one more person is not counted (429, Retry-After until the device's
 * first lockout ends), live or reported from offline; other devices and managers are not held back;
 * an unlock or an ended lockout frees a place.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../db/schema';
import { createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

const MAX_ATTEMPTS = 5;
const LOCKOUTS = 2;
let t: TestService;
beforeAll(async () => {
  t = await startTestService({ PIN_MAX_ATTEMPTS: String(MAX_ATTEMPTS), PIN_LOCKOUT_MINUTES: '15', PIN_LOCKOUTS_PER_DEVICE: String(LOCKOUTS) });
});
afterAll(() => t.close());

const checkpin = (tenant: Tenant, auth: string, employeeId: number, pin = '0000') =>
  t.request('POST', `${tenant.kiosk}/checkpin`, { auth, json: { employeeId, pin } });

/** Wrong PINs for `employeeId` until it locks; the last answer. */
async function lockOut(tenant: Tenant, auth: string, employeeId: number) {
  let last = await checkpin(tenant, auth, employeeId);
  for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) last = await checkpin(tenant, auth, employeeId);
  return last;
}

async function lockOf(employeeId: number) {
  const [row] = await t.db.select({ failed: employees.pinFailedAttempts, until: employees.pinLockedUntil, by: employees.pinLockedBy }).from(employees).where(eq(employees.id, employeeId));
  return row!;
}

describe('a device locking people out', () => {
  it('locks at most PIN_LOCKOUTS_PER_DEVICE people at once; the next is not counted', async () => {
    t.clock.set('2026-06-01T08:00:00Z');
    const tenant = await createTenant(t, { employees: 4 });
    const device = await enrolDeviceAuth(t, tenant);
    const [ada, ben, cy, dee] = tenant.employees.map((e) => e.id) as [number, number, number, number];
    for (const id of [ada, ben]) {
      const locked = await lockOut(tenant, device, id);
      expect(locked.status, locked.text).toBe(429);
      expect(locked.body).toMatchObject({ code: 'pin-locked' });
    }
    // The third colleague: four wrong PINs count, the fifth (which would lock) does not.
    const third = await lockOut(tenant, device, cy);
    expect(third.status, third.text).toBe(429);
    expect(third.body).toMatchObject({ code: 'rate-limited' });
    expect(Number(third.headers.get('retry-after'))).toBe(15 * 60);
    expect(await lockOf(cy)).toMatchObject({ failed: MAX_ATTEMPTS - 1, until: null });
    // Their right PIN is not compared either while the device is at its cap on this last attempt...
    expect((await checkpin(tenant, device, cy, tenant.employees[2]!.pin)).body).toMatchObject({ code: 'rate-limited' });
    // ...but someone with attempts to spare is unaffected, and so is a right PIN's reset of the count.
    expect((await checkpin(tenant, device, dee, tenant.employees[3]!.pin)).status).toBe(200);

    // Another device of the business, and a manager, are not held back by this device's cap.
    const other = await enrolDeviceAuth(t, tenant);
    expect((await checkpin(tenant, other, cy)).body).toMatchObject({ code: 'pin-locked' });
    expect((await lockOf(cy)).by).toMatch(/^device:/);

    // A manager's unlock frees a place for this device.
    const unlocked = await t.request('POST', `${tenant.kiosk}/staff/${ada}/unlockpin`, { auth: tenant.manager.auth });
    expect(unlocked.status, unlocked.text).toBe(200);
    expect((await lockOut(tenant, device, dee)).body).toMatchObject({ code: 'pin-locked' });

    // Lockouts that end free places too.
    t.clock.set('2026-06-01T08:16:00Z');
    expect((await checkpin(tenant, device, ada)).body).toMatchObject({ code: 'wrong-pin' });
  });

  it('applies the same cap to wrong PINs reported from offline (a 429: the report is sent again later)', async () => {
    t.clock.set('2026-06-02T08:00:00Z');
    const tenant = await createTenant(t, { employees: 3 });
    const device = await enrolDeviceAuth(t, tenant);
    const [ada, ben, cy] = tenant.employees.map((e) => e.id) as [number, number, number];
    for (const id of [ada, ben]) expect((await lockOut(tenant, device, id)).body).toMatchObject({ code: 'pin-locked' });
    const times = Array.from({ length: MAX_ATTEMPTS }, (_, i) => new Date(Date.parse('2026-06-02T07:59:00Z') + i * 1000).toISOString());
    const report = await t.request('POST', `${tenant.kiosk}/pinfailures`, { auth: device, json: { employeeId: cy, failedAttemptsUtc: times } });
    expect(report.status, report.text).toBe(429);
    expect(await lockOf(cy)).toMatchObject({ failed: 0, until: null });
  });
});
