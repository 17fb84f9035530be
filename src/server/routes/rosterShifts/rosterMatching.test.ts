/**
 * Roster matching through the real app: matchingclockon/off at the window's exact edges and the
 * contract's null rules, overnight and daylight-saving shifts, nearby, the roster shift a clocked
 * shift remembers (clock-on and addshift), and the kiosk's roster extension and its scope.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KioskRosterModel } from '../../../contract/routes/rosterShifts';
import { UkEssRosterShiftModel, UkRosterShiftMatchingResultModel } from '../../../contract/generated/models';
import { clockShifts } from '../../db/schema';
import { DEFAULT_PORTAL_SETTINGS } from '../../services/businesses/settings';
import { addKiosk, createTenant, enrolDeviceAuth, type Tenant, type TenantOptions } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
  t.clock.set('2026-06-01T06:00:00Z');
});
afterAll(() => t.close());

const MINUTE = 60_000;

async function rostered(tenant: Tenant, json: Record<string, unknown>, publish = true): Promise<UkEssRosterShiftModel> {
  const res = await t.request('POST', `${tenant.base}/rostershift?publish=${publish}`, { auth: tenant.manager.auth, json });
  expect(res.status, res.text).toBe(200);
  return UkEssRosterShiftModel.parse(res.body);
}

async function match(tenant: Tenant, employeeId: number, edge: 'clockon' | 'clockoff', at: Date, kioskId = tenant.kioskId): Promise<number | null> {
  const url = `${tenant.base}/rostershift/${employeeId}/matching${edge}?kioskId=${kioskId}&dateUtc=${at.toISOString().slice(0, 19)}`;
  const res = await t.request('GET', url, { auth: tenant.manager.auth });
  expect(res.status, res.text).toBe(200);
  return UkRosterShiftMatchingResultModel.parse(res.body).shift?.id ?? null;
}

async function windowed(options: TenantOptions = {}): Promise<Tenant> {
  return createTenant(t, { kiosk: { clockOnWindowMinutes: 10, clockOffWindowMinutes: 15 }, ...options });
}

describe('matchingclockon and matchingclockoff', () => {
  it('match at the window edges, inclusive, and not a minute beyond', async () => {
    const tenant = await windowed();
    const ada = tenant.employees[0]!.id;
    // 09:00-17:00 BST = 08:00Z-16:00Z.
    const shift = await rostered(tenant, { employeeId: ada, startTime: '2026-06-02T09:00:00', endTime: '2026-06-02T17:00:00' });
    const start = Date.parse('2026-06-02T08:00:00Z');
    const end = Date.parse('2026-06-02T16:00:00Z');
    const on = (offsetMinutes: number) => match(tenant, ada, 'clockon', new Date(start + offsetMinutes * MINUTE));
    const off = (offsetMinutes: number) => match(tenant, ada, 'clockoff', new Date(end + offsetMinutes * MINUTE));
    expect(await on(-10)).toBe(shift.id);
    expect(await on(10)).toBe(shift.id);
    expect(await on(-11)).toBeNull();
    expect(await on(11)).toBeNull();
    expect(await on(-1)).toBe(shift.id);
    expect(await off(-15)).toBe(shift.id);
    expect(await off(15)).toBe(shift.id);
    expect(await off(-16)).toBeNull();
    expect(await off(16)).toBeNull();
    // Exactly on the rostered minute: nothing to snap, so null (the contract's rule).
    expect(await on(0)).toBeNull();
    expect(await off(0)).toBeNull();
    const inMinute = await t.request('GET', `${tenant.base}/rostershift/${ada}/matchingclockon?kioskId=${tenant.kioskId}&dateUtc=2026-06-02T08:00:59Z`, {
      auth: tenant.manager.auth,
    });
    expect(inMinute.body).toEqual({ shift: null });
    // The answer is the whole shift in wall-clock time.
    const full = await t.request('GET', `${tenant.base}/rostershift/${ada}/matchingclockon?kioskId=${tenant.kioskId}&dateUtc=2026-06-02T07:55:00`, {
      auth: tenant.manager.auth,
    });
    expect(full.body).toMatchObject({ shift: { id: shift.id, startTime: '2026-06-02T09:00:00', endTime: '2026-06-02T17:00:00', employeeId: ada } });
  });

  it('answers null with nothing near, without a window, and for unpublished shifts; the portal window stands in for the kiosk', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!.id;
    const shift = await rostered(tenant, { employeeId: ada, startTime: '2026-06-02T09:00:00', endTime: '2026-06-02T17:00:00' });
    await rostered(tenant, { employeeId: ada, startTime: '2026-06-03T09:00:00', endTime: '2026-06-03T17:00:00' }, false);
    const early = new Date('2026-06-02T07:55:00Z');
    expect(await match(tenant, ada, 'clockon', early)).toBeNull();
    const saved = await t.request('POST', `${tenant.base}/employeeportalsettings`, {
      auth: tenant.manager.auth,
      json: { ...DEFAULT_PORTAL_SETTINGS, clockOnWindowMinutes: 5, clockOffWindowMinutes: 0 },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await match(tenant, ada, 'clockon', early)).toBe(shift.id);
    expect(await match(tenant, ada, 'clockon', new Date('2026-06-02T07:54:00Z'))).toBeNull();
    // A window of 0: only the rostered minute, which is exact, so null.
    expect(await match(tenant, ada, 'clockoff', new Date('2026-06-02T16:01:00Z'))).toBeNull();
    // Unpublished: never matched.
    expect(await match(tenant, ada, 'clockon', new Date('2026-06-03T07:57:00Z'))).toBeNull();
    // Nothing rostered for Ben.
    expect(await match(tenant, tenant.employees[1]!.id, 'clockon', early)).toBeNull();
  });

  it('prefers the nearest shift, and matches overnight and daylight-saving shifts by their instants', async () => {
    const tenant = await windowed({ kiosk: { clockOnWindowMinutes: 120, clockOffWindowMinutes: 60 } });
    const ada = tenant.employees[0]!.id;
    const early = await rostered(tenant, { employeeId: ada, startTime: '2026-06-02T08:00:00', endTime: '2026-06-02T09:00:00' });
    const late = await rostered(tenant, { employeeId: ada, startTime: '2026-06-02T09:30:00', endTime: '2026-06-02T12:00:00' });
    expect(await match(tenant, ada, 'clockon', new Date('2026-06-02T07:20:00Z'))).toBe(early.id);
    expect(await match(tenant, ada, 'clockon', new Date('2026-06-02T08:20:00Z'))).toBe(late.id);
    // Overnight: 22:00 to 06:00 next day (BST); clock-off the next morning.
    const night = await rostered(tenant, { employeeId: ada, startTime: '2026-06-05T22:00:00', endTime: '2026-06-06T06:00:00' });
    expect(await match(tenant, ada, 'clockoff', new Date('2026-06-06T05:30:00Z'))).toBe(night.id);
    // 29 March 2026 (spring forward at 01:00 GMT): 00:00 GMT to 04:00 BST is 3 hours; end = 03:00Z.
    const spring = await rostered(tenant, { employeeId: ada, startTime: '2026-03-29T00:00:00', endTime: '2026-03-29T04:00:00' });
    expect(spring.endTime).toBe('2026-03-29T04:00:00');
    expect(await match(tenant, ada, 'clockoff', new Date('2026-03-29T03:59:00Z'))).toBe(spring.id);
    expect(await match(tenant, ada, 'clockoff', new Date('2026-03-29T04:01:00Z'))).toBeNull();
    // 25 October 2026 (fall back at 02:00 BST): 09:00 GMT is 09:00Z.
    const autumn = await rostered(tenant, { employeeId: ada, startTime: '2026-10-25T09:00:00', endTime: '2026-10-25T17:00:00' });
    expect(await match(tenant, ada, 'clockon', new Date('2026-10-25T07:00:00Z'))).toBe(autumn.id);
    expect(await match(tenant, ada, 'clockon', new Date('2026-10-25T06:59:00Z'))).toBeNull();
  });

  it('refuses bad input and ids of another business', async () => {
    const tenant = await windowed();
    const other = await windowed();
    const ada = tenant.employees[0]!.id;
    const get = (path: string, auth = tenant.manager.auth) => t.request('GET', `${tenant.base}/rostershift/${path}`, { auth });
    expect((await get(`${ada}/matchingclockon?dateUtc=2026-06-02T08:00:00`)).status).toBe(400);
    expect((await get(`${ada}/matchingclockon?kioskId=${tenant.kioskId}`)).status).toBe(400);
    expect((await get(`${ada}/matchingclockoff?kioskId=${tenant.kioskId}&dateUtc=soon`)).status).toBe(400);
    expect((await get(`${ada}/matchingclockon?kioskId=${other.kioskId}&dateUtc=2026-06-02T08:00:00`)).status).toBe(404);
    expect((await get(`${other.employees[0]!.id}/matchingclockon?kioskId=${tenant.kioskId}&dateUtc=2026-06-02T08:00:00`)).status).toBe(404);
    expect((await get(`${other.employees[0]!.id}/nearby?localTime=2026-06-02T08:00:00`)).status).toBe(404);
    expect((await get(`${ada}/nearby`)).status).toBe(400);
    const device = await enrolDeviceAuth(t, tenant);
    expect((await get(`${ada}/matchingclockon?kioskId=${tenant.kioskId}&dateUtc=2026-06-02T08:00:00`, device)).status).toBe(403);
  });
});

describe('nearby', () => {
  it("lists the person's published shifts within 12 hours of a wall-clock time, by start", async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!.id;
    const night = await rostered(tenant, { employeeId: ada, startTime: '2026-06-01T22:00:00', endTime: '2026-06-02T06:00:00' });
    const day = await rostered(tenant, { employeeId: ada, startTime: '2026-06-02T09:00:00', endTime: '2026-06-02T17:00:00' });
    await rostered(tenant, { employeeId: ada, startTime: '2026-06-02T21:30:00', endTime: '2026-06-02T23:00:00' });
    await rostered(tenant, { employeeId: ada, startTime: '2026-06-02T10:00:00', endTime: '2026-06-02T11:00:00' }, false);
    await rostered(tenant, { employeeId: tenant.employees[1]!.id, startTime: '2026-06-02T09:00:00', endTime: '2026-06-02T17:00:00' });
    const res = await t.request('GET', `${tenant.base}/rostershift/${ada}/nearby?localTime=2026-06-02T09:15:00`, { auth: tenant.manager.auth });
    expect(res.status, res.text).toBe(200);
    // 09:15 BST ± 12 h = 21:15 the day before to 21:15: the 21:30 shift is outside.
    expect(UkEssRosterShiftModel.array().parse(res.body).map((s) => s.id)).toEqual([night.id, day.id]);
  });
});

describe('the clocked shift remembers its roster shift', () => {
  it('at clock-on, by the kiosk window and the chosen location; not without a match', async () => {
    const tenant = await windowed();
    const [ada, ben] = tenant.employees;
    const location = async (name: string) => {
      const res = await t.request('POST', `${tenant.base}/location`, { auth: tenant.manager.auth, json: { name } });
      return (res.body as { id: number }).id;
    };
    const front = await location('Front');
    const back = await location('Back');
    await rostered(tenant, { employeeId: ada!.id, locationId: front, startTime: '2026-06-02T09:00:00', endTime: '2026-06-02T17:00:00' });
    const atBack = await rostered(tenant, { employeeId: ada!.id, locationId: back, startTime: '2026-06-02T09:05:00', endTime: '2026-06-02T13:00:00' });
    t.clock.set('2026-06-02T07:58:00Z');
    const on = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId: ada!.id, locationId: back } });
    expect(on.status, on.text).toBe(200);
    const shiftId = (on.body as { currentShiftId: number }).currentShiftId;
    const [row] = await t.db.select().from(clockShifts).where(eq(clockShifts.id, shiftId));
    expect(row?.rosterShiftId).toBe(atBack.id);

    // Ben has nothing rostered: no roster shift.
    const benOn = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId: ben!.id } });
    const [benRow] = await t.db.select().from(clockShifts).where(eq(clockShifts.id, (benOn.body as { currentShiftId: number }).currentShiftId));
    expect(benRow?.rosterShiftId).toBeNull();
    t.clock.set('2026-06-01T06:00:00Z');
  });

  it("by the business's window when the kiosk has none; the line names the roster shift, so a stub adds nothing", async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!.id;
    const shift = await rostered(tenant, { employeeId: ada, startTime: '2026-06-03T09:00:00', endTime: '2026-06-03T17:00:00' });
    const clockOn = async () => {
      const on = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId: ada } });
      expect(on.status, on.text).toBe(200);
      const [row] = await t.db.select().from(clockShifts).where(eq(clockShifts.id, (on.body as { currentShiftId: number }).currentShiftId));
      return row?.rosterShiftId;
    };
    // No window anywhere: no matching.
    t.clock.set('2026-06-03T07:50:00Z');
    expect(await clockOn()).toBeNull();
    expect((await t.request('POST', `${tenant.kiosk}/discard`, { auth: tenant.manager.auth, json: { employeeId: ada } })).status).toBe(200);
    await t.request('POST', `${tenant.base}/employeeportalsettings`, {
      auth: tenant.manager.auth,
      json: { ...DEFAULT_PORTAL_SETTINGS, clockOnWindowMinutes: 15 },
    });
    t.clock.set('2026-06-03T07:51:00Z');
    expect(await clockOn()).toBe(shift.id);
    t.clock.set('2026-06-03T16:00:00Z');
    expect((await t.request('POST', `${tenant.kiosk}/clockoff`, { auth: tenant.manager.auth, json: { employeeId: ada } })).status).toBe(200);

    const list = await t.request('GET', `${tenant.base}/rostershift?FromDate=2026-06-03T00:00:00&ToDate=2026-06-03T00:00:00`, { auth: tenant.manager.auth });
    // The line runs 08:51-17:00 BST against 09:00-17:00: different.
    expect(list.body).toMatchObject([{ id: shift.id, isDifferent: true }]);
    const stub = await t.request('POST', `${tenant.base}/rostershift/${shift.id}/stub`, { auth: tenant.manager.auth, json: { note: null } });
    expect(stub.status, stub.text).toBe(200);
    const lines = await t.request('GET', `${tenant.base}/timesheet`, { auth: tenant.manager.auth });
    expect((lines.body as unknown[]).length).toBe(1);
    t.clock.set('2026-06-01T06:00:00Z');
  });

  it('for addshift, from the recorded start', async () => {
    const tenant = await windowed();
    const ada = tenant.employees[0]!.id;
    const shift = await rostered(tenant, { employeeId: ada, startTime: '2026-05-28T09:00:00', endTime: '2026-05-28T17:00:00' });
    const res = await t.request('POST', `${tenant.kiosk}/addshift`, {
      auth: tenant.manager.auth,
      json: { employeeId: ada, recordedStartTimeUtc: '2026-05-28T08:04:00Z', recordedEndTimeUtc: '2026-05-28T16:02:00Z' },
    });
    expect(res.status, res.text).toBe(200);
    const rows = await t.db.select().from(clockShifts).where(eq(clockShifts.employeeId, ada));
    expect(rows.map((r) => r.rosterShiftId)).toEqual([shift.id]);
  });
});

describe('the kiosk roster (project extension)', () => {
  it("answers the effective windows and the published shifts of the kiosk's staff; other kiosks and businesses are refused", async () => {
    const tenant = await createTenant(t, { employees: 3, kiosk: { clockOnWindowMinutes: 20 } });
    const other = await createTenant(t);
    const [ada, ben, chloe] = tenant.employees;
    await t.request('POST', `${tenant.base}/employeeportalsettings`, {
      auth: tenant.manager.auth,
      json: { ...DEFAULT_PORTAL_SETTINGS, clockOnWindowMinutes: 5, clockOffWindowMinutes: 30, allowEmployeeShiftSelection: true },
    });
    const night = await rostered(tenant, { employeeId: ada!.id, startTime: '2026-06-01T22:00:00', endTime: '2026-06-02T06:00:00' });
    const day = await rostered(tenant, { employeeId: ben!.id, startTime: '2026-06-03T09:00:00', endTime: '2026-06-03T17:00:00' });
    await rostered(tenant, { employeeId: ben!.id, startTime: '2026-06-04T09:00:00', endTime: '2026-06-04T17:00:00' }, false);
    await rostered(tenant, { startTime: '2026-06-04T09:00:00', endTime: '2026-06-04T17:00:00' });
    await rostered(tenant, { employeeId: chloe!.id, startTime: '2026-06-04T09:00:00', endTime: '2026-06-04T17:00:00' });
    const revoke = await t.request('POST', `${tenant.base}/employee/revokekioskaccess/${chloe!.id}`, { auth: tenant.manager.auth });
    expect(revoke.status, revoke.text).toBeLessThan(300);
    await rostered(other, { employeeId: other.employees[0]!.id, startTime: '2026-06-03T09:00:00', endTime: '2026-06-03T17:00:00' });

    const device = await enrolDeviceAuth(t, tenant);
    const url = (query: string, tenantOf = tenant, kioskId = tenantOf.kioskId) => `${tenantOf.base}/kiosk/${kioskId}/roster?${query}`;
    const res = await t.request('GET', url('FromDate=2026-06-02T00:00:00&ToDate=2026-06-08T00:00:00'), { auth: device });
    expect(res.status, res.text).toBe(200);
    const roster = KioskRosterModel.parse(res.body);
    expect(roster).toMatchObject({ clockOnWindowMinutes: 20, clockOffWindowMinutes: 30, allowEmployeeShiftSelection: true });
    expect(roster.shifts.map((s) => s.id)).toEqual([night.id, day.id]);

    const get = (path: string, auth = device) => t.request('GET', path, { auth });
    expect((await get(url('FromDate=2026-06-02T00:00:00&ToDate=2026-06-20T00:00:00'))).status).toBe(400);
    expect((await get(url('FromDate=2026-06-05T00:00:00&ToDate=2026-06-02T00:00:00'))).status).toBe(400);
    expect((await get(url('FromDate=2026-06-05T00:00:00'))).status).toBe(400);
    const kioskB = await addKiosk(t, tenant, 'Back door');
    expect((await get(url('FromDate=2026-06-02T00:00:00&ToDate=2026-06-03T00:00:00', tenant, kioskB))).status).toBe(403);
    expect((await get(url('FromDate=2026-06-02T00:00:00&ToDate=2026-06-03T00:00:00', other))).status).toBe(404);
    expect((await get(url('FromDate=2026-06-02T00:00:00&ToDate=2026-06-03T00:00:00', other), tenant.manager.auth)).status).toBe(404);
    expect((await get(url('FromDate=2026-06-02T00:00:00&ToDate=2026-06-03T00:00:00'), tenant.manager.auth)).status).toBe(200);
  });
});
