/**
 * The Staff screen's project extensions through the real app: a locked PIN is listed for the kiosks
 * that list the person and a manager lifts it (the PIN unchanged); kiosk access changes one kiosk
 * at a time (a person at another location put on this kiosk, a person on two kiosks taken off
 * one), and says what else changed when the rule leaves no choice.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EmployeeKioskAccessModel, KioskAccessChangeModel, PinLockoutModel } from '../../../contract/supporting/staffAccess';
import { employees } from '../../db/schema';
import { addKiosk, createTenant, enrolDeviceAuth, restrictedUserAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

const checkPin = (tenant: Tenant, employeeId: number, pin: string) =>
  t.request('POST', `${tenant.kiosk}/checkpin`, { auth: tenant.manager.auth, json: { employeeId, pin } });

async function post<T>(tenant: Tenant, path: string, json: unknown): Promise<T> {
  const res = await t.request('POST', path, { auth: tenant.manager.auth, json });
  expect(res.status, res.text).toBe(200);
  return res.body as T;
}

describe('PIN lockouts on Staff', () => {
  it('lists a person locked after five wrong PINs, and a manager unlocks them with the PIN unchanged', async () => {
    t.clock.set('2026-07-01T09:00:00Z');
    const tenant = await createTenant(t, { employees: 3 });
    const grace = tenant.employees[2]!;
    for (let i = 0; i < 5; i += 1) await checkPin(tenant, grace.id, '0000');
    expect((await checkPin(tenant, grace.id, grace.pin)).status).toBe(429);

    const listed = await t.request('GET', `${tenant.kiosk}/pinlockouts`, { auth: tenant.manager.auth });
    expect(listed.status, listed.text).toBe(200);
    expect(PinLockoutModel.array().parse(listed.body)).toEqual([{ employeeId: grace.id, failedAttempts: 0, lockedUntilUtc: '2026-07-01T09:15:00.000Z' }]);

    const unlocked = await t.request('POST', `${tenant.kiosk}/staff/${grace.id}/unlockpin`, { auth: tenant.manager.auth });
    expect(unlocked.status, unlocked.text).toBe(200);
    expect((await t.request('GET', `${tenant.kiosk}/pinlockouts`, { auth: tenant.manager.auth })).body).toEqual([]);
    expect((await checkPin(tenant, grace.id, grace.pin)).status).toBe(200);
    // Unlocking again changes nothing.
    expect((await t.request('POST', `${tenant.kiosk}/staff/${grace.id}/unlockpin`, { auth: tenant.manager.auth })).status).toBe(200);
  });

  it('is for managers of the kiosk: its device, another kiosk\'s manager and another business are refused', async () => {
    const tenant = await createTenant(t);
    const counter = await addKiosk(t, tenant, 'Counter');
    const ada = tenant.employees[0]!;
    const device = await enrolDeviceAuth(t, tenant);
    expect((await t.request('POST', `${tenant.kiosk}/staff/${ada.id}/unlockpin`, { auth: device })).status).toBe(403);
    const counterManager = await restrictedUserAuth(t, tenant, [counter]);
    expect((await t.request('GET', `${tenant.kiosk}/pinlockouts`, { auth: counterManager })).status).toBe(403);
    const other = await createTenant(t);
    expect((await t.request('POST', `${tenant.kiosk}/staff/${other.employees[0]!.id}/unlockpin`, { auth: tenant.manager.auth })).status).toBe(404);
  });
});

describe('kiosk access per kiosk', () => {
  async function twoSites() {
    const tenant = await createTenant(t, { employees: 3 });
    const bakery = await post<{ id: number }>(tenant, `${tenant.base}/location`, { name: 'Bakery' });
    const counterSite = await post<{ id: number }>(tenant, `${tenant.base}/location`, { name: 'Counter' });
    const front = await t.request('PUT', `${tenant.kiosk}`, { auth: tenant.manager.auth, json: { ...(await t.request('GET', tenant.kiosk, { auth: tenant.manager.auth })).body as object, locationId: bakery.id } });
    expect(front.status, front.text).toBe(200);
    const counter = await post<{ id: number }>(tenant, `${tenant.base}/kiosk`, { name: 'Counter kiosk', locationId: counterSite.id });
    const [mia, chloe, dev] = tenant.employees as [Tenant['employees'][0], Tenant['employees'][0], Tenant['employees'][0]];
    // No contract route writes an employee's locations (the demo sets them the same way).
    const setLocations = (employeeId: number, locationIds: number[]) => t.db.update(employees).set({ locationIds }).where(eq(employees.id, employeeId));
    await setLocations(mia.id, [counterSite.id]);
    await setLocations(chloe.id, [bakery.id, counterSite.id]);
    return { tenant, bakery: bakery.id, counterSite: counterSite.id, counterKiosk: counter.id, mia, chloe, dev };
  }

  const accessOf = async (tenant: Tenant, employeeId: number) => {
    const res = await t.request('GET', `${tenant.base}/kioskaccess`, { auth: tenant.manager.auth });
    expect(res.status, res.text).toBe(200);
    return EmployeeKioskAccessModel.array().parse(res.body).find((row) => row.employeeId === employeeId);
  };
  const setAccess = (tenant: Tenant, kioskId: number, employeeId: number, hasAccess: boolean, auth = tenant.manager.auth) =>
    t.request('PUT', `${tenant.base}/kiosk/${kioskId}/staff/${employeeId}/access`, { auth, json: { hasAccess } });
  const staffIds = async (tenant: Tenant, kioskId: number) =>
    ((await t.request('GET', `${tenant.base}/kiosk/${kioskId}/staff`, { auth: tenant.manager.auth })).body as Array<{ employeeId: number }>).map((s) => s.employeeId);

  it('shows a person at another location as on that kiosk only, and putting them on this kiosk really lists them here', async () => {
    const { tenant, counterKiosk, mia, counterSite, bakery } = await twoSites();
    expect(await accessOf(tenant, mia.id)).toEqual({ employeeId: mia.id, isKioskEnabled: true, locationIds: [counterSite], kioskIds: [counterKiosk] });
    expect(await staffIds(tenant, tenant.kioskId)).not.toContain(mia.id);

    const res = await setAccess(tenant, tenant.kioskId, mia.id, true);
    expect(res.status, res.text).toBe(200);
    expect(KioskAccessChangeModel.parse(res.body)).toEqual({
      employeeId: mia.id,
      isKioskEnabled: true,
      locationIds: [counterSite, bakery],
      kioskIds: [tenant.kioskId, counterKiosk].sort((a, b) => a - b),
      alsoAdded: [],
      alsoRemoved: [],
    });
    expect(await staffIds(tenant, tenant.kioskId)).toContain(mia.id);
    expect(await staffIds(tenant, counterKiosk)).toContain(mia.id);
  });

  it('takes a person off one kiosk and leaves them on the other', async () => {
    const { tenant, counterKiosk, chloe, counterSite } = await twoSites();
    const res = await setAccess(tenant, tenant.kioskId, chloe.id, false);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ isKioskEnabled: true, locationIds: [counterSite], kioskIds: [counterKiosk], alsoRemoved: [] });
    expect(await staffIds(tenant, tenant.kioskId)).not.toContain(chloe.id);
    expect(await staffIds(tenant, counterKiosk)).toContain(chloe.id);
    // Asking again changes nothing.
    expect((await setAccess(tenant, tenant.kioskId, chloe.id, false)).body).toMatchObject({ kioskIds: [counterKiosk] });
  });

  it('is for administrators; bad bodies are refused naming the field, and nothing changes', async () => {
    const { tenant, chloe } = await twoSites();
    const restricted = await restrictedUserAuth(t, tenant, [tenant.kioskId]);
    expect((await setAccess(tenant, tenant.kioskId, chloe.id, false, restricted)).status).toBe(403);
    for (const json of [{}, { hasAccess: 'yes' }, { hasAccess: true, extra: 1 }]) {
      const res = await t.request('PUT', `${tenant.kiosk}/staff/${chloe.id}/access`, { auth: tenant.manager.auth, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect((await accessOf(tenant, chloe.id))?.kioskIds).toHaveLength(2);
  });
});
