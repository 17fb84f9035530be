/**
 * A manager sets a person's PIN through the real app: the new PIN works at once (the old one no
 * longer), a lockout and a pending reset PIN are cleared, `mustChange` marks it expired, the PIN
 * policy is enforced, and only a manager of this business and kiosk may do it. No PIN is logged.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KioskEmployeeModel } from '../../../contract/generated/models';
import { employees } from '../../db/schema';
import { addKiosk, addRestrictedUser, createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ LOG_LEVEL: 'debug' });
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

const setPin = (tenant: Tenant, employeeId: number, json: unknown, auth = tenant.manager.auth, kiosk = tenant.kiosk) =>
  t.request('POST', `${kiosk}/staff/${employeeId}/pin`, { auth, json });

const checkPin = (tenant: Tenant, employeeId: number, pin: string) =>
  t.request('POST', `${tenant.kiosk}/checkpin`, { auth: tenant.manager.auth, json: { employeeId, pin } });

describe('POST /kiosk/{kioskId}/staff/{employeeId}/pin', () => {
  it('replaces the PIN: the new one works, the old one does not, and nothing is logged', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const res = await setPin(tenant, ada.id, { pin: '550912' });
    expect(res.status, res.text).toBe(200);
    expect(res.text).toBe('');

    const withNew = await checkPin(tenant, ada.id, '550912');
    expect(withNew.status).toBe(200);
    expect(KioskEmployeeModel.parse(withNew.body)).toMatchObject({ employeeId: ada.id, pinExpired: false });
    expect((await checkPin(tenant, ada.id, ada.pin)).body).toMatchObject({ code: 'wrong-pin' });

    const [row] = await t.db.select().from(employees).where(eq(employees.id, ada.id));
    expect(row?.pinHash).toMatch(/^scrypt/);
    expect(row?.pinHash).not.toContain('550912');
    expect(t.logs.join('\n')).not.toContain('550912');
  });

  it('clears a lockout and a pending reset PIN, and marks the PIN expired when asked', async () => {
    t.clock.set('2026-07-01T09:00:00Z');
    const tenant = await createTenant(t);
    const ben = tenant.employees[1]!;
    for (let i = 0; i < 5; i += 1) await checkPin(tenant, ben.id, '0000');
    expect((await checkPin(tenant, ben.id, ben.pin)).status).toBe(429);
    await t.request('POST', `${tenant.kiosk}/emailreset`, { auth: tenant.manager.auth, json: { employeeId: ben.id } });

    const res = await setPin(tenant, ben.id, { pin: '1357', mustChange: true });
    expect(res.status, res.text).toBe(200);
    const [row] = await t.db.select().from(employees).where(eq(employees.id, ben.id));
    expect(row).toMatchObject({ pinFailedAttempts: 0, pinLockedUntil: null, pinResetHash: null, pinResetExpiresAt: null, pinExpired: true });
    const signIn = await checkPin(tenant, ben.id, '1357');
    expect(signIn.status, signIn.text).toBe(200);
    expect(signIn.body).toMatchObject({ pinExpired: true });

    // The person then chooses their own PIN, as after any reset.
    const changed = await t.request('POST', `${tenant.kiosk}/changepin`, {
      auth: tenant.manager.auth,
      json: { employeeId: ben.id, oldPin: '1357', newPin: '8642' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ pinExpired: false });
  });

  it('refuses PINs outside the policy and malformed bodies with a 400 naming the field', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const cases: Array<[unknown, string]> = [
      [{ pin: '123' }, 'pin'],
      [{ pin: '123456789' }, 'pin'],
      [{ pin: '12a4' }, 'pin'],
      [{ pin: ' 1234' }, 'pin'],
      [{ pin: '١٢٣٤' }, 'pin'],
      [{ pin: 1234 }, 'pin'],
      [{ pin: '9'.repeat(10_000) }, 'pin'],
      [{}, 'pin'],
      [{ pin: '1234', mustChange: 'yes' }, 'mustChange'],
    ];
    for (const [json, field] of cases) {
      const res = await setPin(tenant, ada.id, json);
      expect(res.status, JSON.stringify(json).slice(0, 60)).toBe(400);
      expect((res.body as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toContain(field);
      expect(res.text).not.toContain('9'.repeat(100));
    }
    expect((await setPin(tenant, ada.id, { pin: '1234', employeeId: 1 })).status).toBe(400);
    expect((await checkPin(tenant, ada.id, ada.pin)).status).toBe(200);
  });

  it('refuses a PIN anyone could guess, even from a manager, with pin-too-simple naming the field', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    for (const pin of ['0000', '1234', '4321', '2020', String(ada.id).padStart(4, '0')]) {
      const res = await setPin(tenant, ada.id, { pin, mustChange: true });
      expect(res.status, pin).toBe(400);
      expect(res.body, pin).toMatchObject({ code: 'pin-too-simple', errors: [{ field: 'pin' }] });
      expect((res.body as { errors: Array<{ message: string }> }).errors[0]?.message, pin).toContain('too easy to guess');
    }
    // Nothing changed: the PIN still works and is not marked for a change.
    const check = await checkPin(tenant, ada.id, ada.pin);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ pinExpired: false });
  });

  it('answers 404 for a person or kiosk of another business, and 403 for a person who may not use kiosks', async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const theirs = other.employees[0]!;
    expect((await setPin(tenant, theirs.id, { pin: '2468' })).status).toBe(404);
    expect((await setPin(tenant, 999_999, { pin: '2468' })).status).toBe(404);
    expect((await setPin(other, theirs.id, { pin: '2468' }, tenant.manager.auth)).status).toBe(404);
    expect((await setPin(tenant, tenant.employees[0]!.id, { pin: '2468' }, tenant.manager.auth, `${tenant.base}/kiosk/999999`)).status).toBe(404);
    // Their PIN is unchanged: it still works at their own kiosk.
    const theirCheck = await t.request('POST', `${other.kiosk}/checkpin`, { auth: other.manager.auth, json: { employeeId: theirs.id, pin: theirs.pin } });
    expect(theirCheck.status).toBe(200);
    await t.db.update(employees).set({ isKioskEnabled: false }).where(eq(employees.id, tenant.employees[1]!.id));
    const disabled = await setPin(tenant, tenant.employees[1]!.id, { pin: '2468' });
    expect(disabled.status).toBe(403);
    expect(disabled.body).toMatchObject({ code: 'not-kiosk-enabled' });
  });

  it('refuses a kiosk device (403) and a manager without access to the kiosk (403)', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const device = await enrolDeviceAuth(t, tenant);
    const asDevice = await setPin(tenant, ada.id, { pin: '2468' }, device);
    expect(asDevice.status).toBe(403);
    expect(asDevice.body).toMatchObject({ code: 'forbidden' });

    const backKiosk = await addKiosk(t, tenant, 'Back door');
    const backOnly = await addRestrictedUser(t, tenant, [backKiosk]);
    expect((await setPin(tenant, ada.id, { pin: '2468' }, backOnly.auth)).status).toBe(403);
    // Through the kiosk they may operate, they can.
    expect((await setPin(tenant, ada.id, { pin: '2468' }, backOnly.auth, `${tenant.base}/kiosk/${backKiosk}`)).status).toBe(200);
    expect((await checkPin(tenant, ada.id, '2468')).status).toBe(200);
    expect((await t.request('POST', `${tenant.kiosk}/staff/${ada.id}/pin`, { json: { pin: '2468' } })).status).toBe(401);
  });
});
