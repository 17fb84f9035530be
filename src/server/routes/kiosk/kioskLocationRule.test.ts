/**
 * A kiosk lists and accepts an employee only when its location is among the
 * employee's locations (domain/kioskStaff.ts); a kiosk without a location lists everyone, and an
 * employee without locations is listed everywhere (docs/api.md, "Decisions where the contract is silent").
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BasicKioskEmployeeModel } from '../../../contract/generated/models';
import { employees } from '../../db/schema';
import { createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const idOf = (res: { body: unknown }) => (res.body as { id: number }).id;

describe('who a kiosk lists and accepts', () => {
  let tenant: Tenant;
  let device: string;
  let here: number;
  let there: number;
  let ada: number; // at Here
  let ben: number; // at There only
  let chloe: number; // no locations
  beforeAll(async () => {
    t.clock.set('2026-09-01T08:00:00Z');
    tenant = await createTenant(t, { employees: 3 });
    const post = (path: string, json: unknown) => t.request('POST', `${tenant.base}${path}`, { auth: tenant.manager.auth, json });
    here = idOf(await post('/location', { name: 'Here' }));
    there = idOf(await post('/location', { name: 'There' }));
    [ada, ben, chloe] = tenant.employees.map((e) => e.id) as [number, number, number];
    await t.db.update(employees).set({ locationIds: [here, there] }).where(eq(employees.id, ada));
    await t.db.update(employees).set({ locationIds: [there] }).where(eq(employees.id, ben));
    const kiosk = await t.request('PUT', tenant.kiosk, { auth: tenant.manager.auth, json: { name: 'Front door', locationId: here } });
    expect(kiosk.status, kiosk.text).toBe(200);
    device = await enrolDeviceAuth(t, tenant);
  });

  const staffIds = async (auth: string) => {
    const res = await t.request('GET', `${tenant.kiosk}/staff`, { auth });
    expect(res.status, res.text).toBe(200);
    return BasicKioskEmployeeModel.array().parse(res.body).map((s) => s.employeeId).sort((a, b) => a - b);
  };

  it("lists only the staff whose locations include the kiosk's, and those without locations", async () => {
    expect(await staffIds(device)).toEqual([ada, chloe].sort((a, b) => a - b));
    expect(await staffIds(tenant.manager.auth)).toEqual([ada, chloe].sort((a, b) => a - b));
  });

  it('does not identify, sign in, offer or clock on someone it does not list', async () => {
    const checkId = await t.request('POST', `${tenant.kiosk}/checkid`, { auth: device, json: { employeeId: ben } });
    expect(checkId.status).toBe(404);
    const pin = tenant.employees[1]!.pin;
    const checkPin = await t.request('POST', `${tenant.kiosk}/checkpin`, { auth: device, json: { employeeId: ben, pin } });
    expect(checkPin.status, checkPin.text).toBe(403);
    const lookup = await t.request('GET', `${tenant.kiosk}/lookupdata/${ben}`, { auth: device });
    expect(lookup.status, lookup.text).toBe(403);
    const clockOn = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: device, json: { employeeId: ben } });
    expect(clockOn.status, clockOn.text).toBe(403);
    expect(clockOn.text).toContain("does not work at this kiosk's location");

    const listed = await t.request('POST', `${tenant.kiosk}/checkpin`, { auth: device, json: { employeeId: ada, pin: tenant.employees[0]!.pin } });
    expect(listed.status, listed.text).toBe(200);
    const anywhere = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: device, json: { employeeId: chloe } });
    expect(anywhere.status, anywhere.text).toBe(200);
  });

  it("still closes an open shift after the employee's locations change", async () => {
    t.clock.set('2026-09-01T09:00:00Z');
    const on = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: device, json: { employeeId: ada } });
    expect(on.status, on.text).toBe(200);
    await t.db.update(employees).set({ locationIds: [there] }).where(eq(employees.id, ada));
    t.clock.set('2026-09-01T10:00:00Z');
    const off = await t.request('POST', `${tenant.kiosk}/clockoff`, { auth: device, json: { employeeId: ada } });
    expect(off.status, off.text).toBe(200);
    await t.db.update(employees).set({ locationIds: [here, there] }).where(eq(employees.id, ada));
  });

  it('a kiosk without a location lists every kiosk-enabled employee', async () => {
    const kiosk = await t.request('PUT', tenant.kiosk, { auth: tenant.manager.auth, json: { name: 'Front door', locationId: null } });
    expect(kiosk.status, kiosk.text).toBe(200);
    expect(await staffIds(device)).toEqual([ada, ben, chloe].sort((a, b) => a - b));
    await t.request('PUT', tenant.kiosk, { auth: tenant.manager.auth, json: { name: 'Front door', locationId: here } });
  });
});
