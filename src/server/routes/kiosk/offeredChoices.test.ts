/**
 * What is offered: lookupdata offers each person only their work types (every
 * work type while none is set up against them) and the shift conditions set up against them or the
 * location; `locationShiftConditions` holds what each location applies by default; clock-on refuses
 * anything not offered, naming the field, and a clock-on naming no conditions gets only its
 * location's defaults (a condition set up against the person is theirs to tick, never ticked for them).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UkTimeAndAttendanceLookupDataModel } from '../../../contract/generated/models';
import { clockShifts, employees } from '../../db/schema';
import { createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const byId = (ids: readonly number[] | null | undefined) => [...(ids ?? [])].sort((a, b) => a - b);

describe('what a kiosk offers each person at clock-on', () => {
  let tenant: Tenant;
  let device: string;
  const ids = { picking: 0, driving: 0, night: 0, cold: 0, wet: 0, store: 0, yard: 0 };
  let ada: number; // Picking and Night set up against her; works at Store and Yard
  let ben: number; // nothing set up; works at Store
  beforeAll(async () => {
    t.clock.set('2026-09-03T08:00:00Z');
    tenant = await createTenant(t, { employees: 2 });
    const post = async (path: string, json: unknown) => {
      const res = await t.request('POST', `${tenant.base}${path}`, { auth: tenant.manager.auth, json });
      expect(res.status, res.text).toBe(200);
      return (res.body as { id: number }).id;
    };
    ids.picking = await post('/worktype', { name: 'Picking' });
    ids.driving = await post('/worktype', { name: 'Driving' });
    ids.night = await post('/worktype', { name: 'Night', mappingType: 'ShiftCondition' });
    ids.cold = await post('/worktype', { name: 'Cold store', mappingType: 'ShiftCondition' });
    ids.wet = await post('/worktype', { name: 'Wet', mappingType: 'ShiftCondition' });
    ids.store = await post('/location', { name: 'Store', defaultShiftConditionIds: [ids.cold] });
    ids.yard = await post('/location', { name: 'Yard' });
    [ada, ben] = tenant.employees.map((e) => e.id) as [number, number];
    await t.db.update(employees).set({ locationIds: [ids.store, ids.yard], workTypeIds: [ids.picking, ids.night] }).where(eq(employees.id, ada));
    await t.db.update(employees).set({ locationIds: [ids.store] }).where(eq(employees.id, ben));
    const kiosk = await t.request('PUT', tenant.kiosk, { auth: tenant.manager.auth, json: { name: 'Store door', locationId: ids.store, restrictLocationsForEmployees: true } });
    expect(kiosk.status, kiosk.text).toBe(200);
    device = await enrolDeviceAuth(t, tenant);
  });

  const lookup = async (employeeId: number) => {
    const res = await t.request('GET', `${tenant.kiosk}/lookupdata/${employeeId}`, { auth: device });
    expect(res.status, res.text).toBe(200);
    return UkTimeAndAttendanceLookupDataModel.parse(res.body);
  };
  const presetAt = (data: UkTimeAndAttendanceLookupDataModel, locationId: number) =>
    byId(data.locationShiftConditions?.find((l) => l.locationId === locationId)?.shiftConditionIds);

  it('offers her own work types and the conditions set up against her or each location', async () => {
    const data = await lookup(ada);
    expect(byId(data.workTypes?.map((w) => w.id))).toEqual([ids.picking]);
    expect(byId(data.shiftConditions?.map((c) => c.id))).toEqual(byId([ids.night, ids.cold]));
    // Night is hers to tick; only Store applies a condition (Cold store) by default.
    expect(presetAt(data, ids.store)).toEqual([ids.cold]);
    expect(presetAt(data, ids.yard)).toEqual([]);
  });

  it('offers someone with nothing set up every work type and only the location’s conditions', async () => {
    const data = await lookup(ben);
    expect(byId(data.workTypes?.map((w) => w.id))).toEqual(byId([ids.picking, ids.driving]));
    expect(byId(data.shiftConditions?.map((c) => c.id))).toEqual([ids.cold]);
    expect(presetAt(data, ids.store)).toEqual([ids.cold]);
  });

  it('refuses a work type or shift condition not offered to that person, naming the field', async () => {
    const clockOn = (json: Record<string, unknown>) => t.request('POST', `${tenant.kiosk}/clockon`, { auth: device, json: { employeeId: ada, ...json } });
    const driving = await clockOn({ workTypeId: ids.driving });
    expect(driving.status, driving.text).toBe(400);
    expect(driving.body).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'workTypeId' }] });
    const wet = await clockOn({ shiftConditionIds: [ids.wet] });
    expect(wet.status, wet.text).toBe(400);
    expect(wet.body).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'shiftConditionIds' }] });
    const coldInYard = await clockOn({ locationId: ids.yard, shiftConditionIds: [ids.cold] });
    expect(coldInYard.body).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'shiftConditionIds' }] });
    const ok = await clockOn({ locationId: ids.store, workTypeId: ids.picking, shiftConditionIds: [ids.cold, ids.night] });
    expect(ok.status, ok.text).toBe(200);
  });

  it("gives a clock-on that names no conditions its location's defaults, never the person's own", async () => {
    const shiftOf = async (res: Awaited<ReturnType<typeof t.request>>) => {
      expect(res.status, res.text).toBe(200);
      const [shift] = await t.db.select().from(clockShifts).where(eq(clockShifts.id, (res.body as { currentShiftId: number }).currentShiftId));
      return shift;
    };
    const clockOn = (json: Record<string, unknown>) => t.request('POST', `${tenant.kiosk}/clockon`, { auth: device, json });
    expect(await shiftOf(await clockOn({ employeeId: ben }))).toMatchObject({ locationId: ids.store, workTypeId: null, shiftConditionIds: [ids.cold] });
    // Ada has Night set up against her: offered, not applied. In the Yard nothing is applied.
    t.clock.advance(60_000);
    expect((await t.request('POST', `${tenant.kiosk}/clockoff`, { auth: device, json: { employeeId: ada } })).status).toBe(200);
    t.clock.advance(60_000);
    expect(await shiftOf(await clockOn({ employeeId: ada, locationId: ids.yard }))).toMatchObject({ locationId: ids.yard, shiftConditionIds: [] });
  });
});
