import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BasicKioskEmployeeModel,
  UkTimeAndAttendanceLookupDataModel,
} from '../../../contract/generated/models';
import { employees } from '../../db/schema';
import { createTenant, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

const post = (tenant: Tenant, path: string, json: unknown) =>
  t.request('POST', `${tenant.base}${path}`, { auth: tenant.manager.auth, json });
const get = (tenant: Tenant, path: string) => t.request('GET', `${tenant.base}${path}`, { auth: tenant.manager.auth });
const idOf = (res: { body: unknown }) => (res.body as { id: number }).id;

describe('kiosk staff', () => {
  it('lists kiosk-enabled, current staff with live status, by name', async () => {
    t.clock.set('2026-08-01T09:00:00Z');
    const tenant = await createTenant(t, { employees: 3 });
    const [ada, ben, chloe] = tenant.employees;
    await t.db.update(employees).set({ isKioskEnabled: false }).where(eq(employees.id, chloe!.id));
    await post(tenant, `/kiosk/${tenant.kioskId}/clockon`, { employeeId: ben!.id });
    const res = await get(tenant, `/kiosk/${tenant.kioskId}/staff`);
    const staff = BasicKioskEmployeeModel.array().parse(res.body);
    expect(staff.map((s) => [s.name, s.status])).toEqual([
      [`${ada!.firstName} ${ada!.surname}`, 'NotClockedOn'],
      [`${ben!.firstName} ${ben!.surname}`, 'ClockedOn'],
    ]);
    expect(staff[1]).toMatchObject({ clockOnTimeUtc: '2026-08-01T09:00:00.000Z', hasEmail: true });

    await t.db.update(employees).set({ endDate: new Date('2026-08-01T08:00:00Z') }).where(eq(employees.id, ada!.id));
    const after = BasicKioskEmployeeModel.array().parse((await get(tenant, `/kiosk/${tenant.kioskId}/staff`)).body);
    expect(after.map((s) => s.employeeId)).toEqual([ben!.id]);
  });

  it('narrows current shifts to the kiosk location on request (SDK-style True/False and empty values)', async () => {
    const tenant = await createTenant(t);
    const [ada] = tenant.employees;
    const here = idOf(await post(tenant, '/location', { name: 'Here' }));
    const there = idOf(await post(tenant, '/location', { name: 'There' }));
    const kiosk = await t.request('PUT', `${tenant.kiosk}`, { auth: tenant.manager.auth, json: { name: 'Front door', locationId: here } });
    expect(kiosk.status, kiosk.text).toBe(200);
    await post(tenant, `/kiosk/${tenant.kioskId}/clockon`, { employeeId: ada!.id, locationId: there });
    const statusOf = async (query: string) =>
      BasicKioskEmployeeModel.array().parse((await get(tenant, `/kiosk/${tenant.kioskId}/staff${query}`)).body).find((s) => s.employeeId === ada!.id)?.status;
    expect(await statusOf('')).toBe('ClockedOn');
    expect(await statusOf('?restrictCurrentShiftsToCurrentKioskLocation=')).toBe('ClockedOn');
    expect(await statusOf('?RESTRICTCURRENTSHIFTSTOCURRENTKIOSKLOCATION=False')).toBe('ClockedOn');
    expect(await statusOf('?restrictCurrentShiftsToCurrentKioskLocation=True')).toBe('NotClockedOn');
    expect((await get(tenant, `/kiosk/${tenant.kioskId}/staff?restrictCurrentShiftsToCurrentKioskLocation=maybe`)).status).toBe(400);
  });

  it('adds a kiosk-enabled employee who can then use their PIN', async () => {
    const tenant = await createTenant(t);
    const res = await post(tenant, `/kiosk/${tenant.kioskId}/staff`, {
      firstName: ' Noor ',
      surname: 'Haddad',
      email: 'noor@example.test',
      mobileNumber: '+44 7700 900555',
      pin: '583920',
    });
    expect(res.status, res.text).toBe(200);
    const created = BasicKioskEmployeeModel.parse(res.body);
    expect(created).toMatchObject({ firstName: 'Noor', surname: 'Haddad', name: 'Noor Haddad', hasEmail: true, status: 'NotClockedOn' });
    expect(res.text).not.toContain('583920');
    const check = await post(tenant, `/kiosk/${tenant.kioskId}/checkpin`, { employeeId: created.employeeId, pin: '583920' });
    expect(check.status).toBe(200);
    const access = await get(tenant, `/kiosk/hasaccess/${created.employeeId}`);
    expect(access.body).toBe(true);
  });

  it('validates new staff and honours the kiosk’s canAddEmployees switch', async () => {
    const tenant = await createTenant(t);
    const add = (json: Record<string, unknown>) => post(tenant, `/kiosk/${tenant.kioskId}/staff`, json);
    const good = { firstName: 'A', surname: 'B', pin: '2468' };
    expect((await add({ ...good, firstName: '  ' })).body).toMatchObject({ errors: [{ field: 'firstName' }] });
    expect((await add({ ...good, surname: undefined })).body).toMatchObject({ errors: [{ field: 'surname' }] });
    expect((await add({ ...good, email: 'not-an-email' })).body).toMatchObject({ errors: [{ field: 'email' }] });
    expect((await add({ ...good, pin: '12' })).body).toMatchObject({ code: 'invalid-pin', errors: [{ field: 'pin' }] });
    expect((await add({ ...good, pin: undefined })).body).toMatchObject({ code: 'invalid-pin' });
    expect((await add({ ...good, pin: '1111' })).body).toMatchObject({ code: 'pin-too-simple', errors: [{ field: 'pin' }] });
    expect((await add({ ...good, pin: '0123' })).body).toMatchObject({ code: 'pin-too-simple', errors: [{ field: 'pin' }] });
    await t.request('PUT', tenant.kiosk, { auth: tenant.manager.auth, json: { name: 'Front door', canAddEmployees: false } });
    const gated = await add(good);
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({ code: 'kiosk-cannot-add-employees' });
  });
});

describe('identifying staff at the kiosk', () => {
  it('hasaccess answers a bare boolean; checkid resolves kiosk staff only', async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const [ada, ben] = tenant.employees;
    await t.db.update(employees).set({ isKioskEnabled: false }).where(eq(employees.id, ben!.id));
    const yes = await get(tenant, `/kiosk/hasaccess/${ada!.id}`);
    expect(yes.text).toBe('true');
    expect(yes.headers.get('content-type')).toContain('application/json');
    expect((await get(tenant, `/kiosk/hasaccess/${ben!.id}`)).text).toBe('false');
    expect((await get(tenant, `/kiosk/hasaccess/${other.employees[0]!.id}`)).status).toBe(404);

    const found = await post(tenant, `/kiosk/${tenant.kioskId}/checkid`, { employeeId: ada!.id });
    expect(BasicKioskEmployeeModel.parse(found.body)).toMatchObject({ employeeId: ada!.id });
    expect((await post(tenant, `/kiosk/${tenant.kioskId}/checkid`, { employeeId: ben!.id })).status).toBe(404);
    expect((await post(tenant, `/kiosk/${tenant.kioskId}/checkid`, { employeeId: other.employees[0]!.id })).status).toBe(404);
    expect((await post(tenant, `/kiosk/${tenant.kioskId}/checkid`, {})).status).toBe(400);
  });

  it('routes literal segments before ids (kiosk/shifts, kiosk/hasaccess)', async () => {
    const tenant = await createTenant(t);
    expect((await post(tenant, '/kiosk/shifts', {})).status).toBe(200);
    expect((await get(tenant, `/kiosk/hasaccess/${tenant.employees[0]!.id}`)).status).toBe(200);
    expect((await t.request('GET', `${tenant.base.toUpperCase().replace('BUSINESS', 'Business')}/KIOSK/${tenant.kioskId}/Staff`, { auth: tenant.manager.auth })).status).toBe(200);
  });
});

describe('lookup data', () => {
  it('offers locations (restricted per employee when the kiosk says so), work types and shift conditions', async () => {
    const tenant = await createTenant(t);
    const [ada] = tenant.employees;
    const night = idOf(await post(tenant, '/worktype', { name: 'Night loading', mappingType: 'ShiftCondition', shortCode: 'NL' }));
    const picking = idOf(await post(tenant, '/worktype', { name: 'Picking' }));
    const depot = idOf(await post(tenant, '/location', { name: 'Depot', defaultShiftConditionIds: [night] }));
    const dock = idOf(await post(tenant, '/location', { name: 'Dock', parentId: depot }));
    const office = idOf(await post(tenant, '/location', { name: 'Office' }));
    await t.request('PUT', tenant.kiosk, { auth: tenant.manager.auth, json: { name: 'Front door', locationId: dock } });

    const lookup = async () => UkTimeAndAttendanceLookupDataModel.parse((await get(tenant, `/kiosk/${tenant.kioskId}/lookupdata/${ada!.id}`)).body);
    const all = await lookup();
    expect(all.locations?.map((l) => l.description)).toEqual(['Depot', 'Depot/Dock', 'Office']);
    expect(all.defaultLocation).toEqual({ id: dock, description: 'Depot/Dock' });
    expect(all.workTypes?.map((w) => w.id)).toEqual([picking]);
    expect(all.shiftConditions).toEqual([{ shortCode: 'NL', businessAwardPackageId: null, id: night, description: 'Night loading' }]);
    expect(all.locationShiftConditions).toContainEqual({ locationId: depot, shiftConditionIds: [night] });
    expect(all.reportingDimensionsEnabled).toBe(false);

    await t.db.update(employees).set({ locationIds: [office] }).where(eq(employees.id, ada!.id));
    // A kiosk lists only staff of its location: the restricting kiosk is the office's.
    await t.request('PUT', tenant.kiosk, { auth: tenant.manager.auth, json: { name: 'Front door', locationId: office, restrictLocationsForEmployees: true } });
    const restricted = await lookup();
    expect(restricted.locations?.map((l) => l.id)).toEqual([office]);
    expect(restricted.defaultLocation?.id).toBe(office);
    const refused = await post(tenant, `/kiosk/${tenant.kioskId}/clockon`, { employeeId: ada!.id, locationId: dock });
    expect(refused.body).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'locationId' }] });
  });
});
