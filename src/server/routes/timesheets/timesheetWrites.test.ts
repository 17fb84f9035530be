/**
 * Timesheet lines written by hand through the real app and database: create, update, delete with
 * bad input, other businesses' ids, enforceUniqueExternalId (also two creates racing), the units
 * rule, the status flow with its record of who decided, and Processed lines refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UkIndividualTimesheetLineModel } from '../../../contract/generated/models';
import { clockShifts, timesheetLines } from '../../db/schema';
import { createTenant } from '../../testing/fixtures';
import { startTestService, type ApiResult, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
  t.clock.set('2026-06-10T12:00:00Z');
});
afterAll(() => t.close());

const problem = (res: ApiResult) => res.body as { code: string; errors?: Array<{ field: string }> };

async function fixture(options: Parameters<typeof createTenant>[1] = {}) {
  const tenant = await createTenant(t, options);
  const auth = tenant.manager.auth;
  const post = async (path: string, json: unknown) => {
    const res = await t.request('POST', `${tenant.base}/${path}`, { auth, json });
    expect(res.status, res.text).toBe(200);
    return (res.body as { id: number }).id;
  };
  const locationId = await post('location', { name: 'Shop floor' });
  const workTypeId = await post('worktype', { name: 'Tills' });
  const conditionId = await post('worktype', { name: 'Night', mappingType: 'ShiftCondition' });
  return { tenant, auth, locationId, workTypeId, conditionId, employeeId: tenant.employees[0]!.id };
}

type Fixture = Awaited<ReturnType<typeof fixture>>;

function create(f: Fixture, json: Record<string, unknown>, query = '') {
  return t.request('POST', `${f.tenant.base}/timesheet${query}`, { auth: f.auth, json: { employeeId: f.employeeId, ...json } });
}

async function created(f: Fixture, json: Record<string, unknown>, query = '') {
  const res = await create(f, json, query);
  expect(res.status, res.text).toBe(200);
  return UkIndividualTimesheetLineModel.parse(res.body);
}

const DAY = { startTime: '2026-06-02T09:00:00', endTime: '2026-06-02T17:00:00' };

describe('POST B/timesheet', () => {
  it("creates a line in the business's zone and answers it as the contract's model", async () => {
    const f = await fixture();
    const line = await created(f, {
      ...DAY,
      locationId: f.locationId,
      workTypeId: f.workTypeId,
      shiftConditionIds: [f.conditionId],
      breaks: [{ startTime: '2026-06-02T12:00:00', endTime: '2026-06-02T12:30:00' }],
      comments: 'Covering for Ben',
      externalId: 'PAY-1',
      status: 'Approved',
    });
    expect(line).toMatchObject({
      employeeId: f.employeeId,
      startTime: '2026-06-02T09:00:00',
      endTime: '2026-06-02T17:00:00',
      breaks: [{ startTime: '2026-06-02T12:00:00', endTime: '2026-06-02T12:30:00', isPaidBreak: false }],
      locationId: f.locationId,
      workTypeId: f.workTypeId,
      workType: 'Tills',
      fullyQualifiedLocationName: 'Shop floor',
      shiftConditions: [{ id: f.conditionId, name: 'Night' }],
      comments: 'Covering for Ben',
      externalId: 'PAY-1',
      status: 'Approved',
      source: 'API',
    });
    const [row] = await t.db.select().from(timesheetLines).where(eq(timesheetLines.id, line.id));
    // London is UTC+1 in June: 09:00 local is 08:00Z.
    expect(row?.startUtc?.toISOString()).toBe('2026-06-02T08:00:00.000Z');
    expect(row).toMatchObject({ ianaTimeZone: 'Europe/London', decidedBy: f.tenant.manager.email, clockShiftId: null });
    const read = await t.request('GET', `${f.tenant.base}/timesheet/${line.id}`, { auth: f.auth });
    expect(read.body).toEqual(line);
  });

  it('takes instants with an offset as instants', async () => {
    const f = await fixture();
    const line = await created(f, { startTime: '2026-06-02T09:00:00Z', endTime: '2026-06-02T13:00:00+02:00' });
    expect(line).toMatchObject({ startTime: '2026-06-02T10:00:00', endTime: '2026-06-02T12:00:00' });
  });

  it('forces start and end to midnight when units is set', async () => {
    const f = await fixture();
    const line = await created(f, { startTime: '2026-06-02T13:45:00', endTime: '2026-06-02T18:00:00', units: 7.5 });
    expect(line).toMatchObject({ startTime: '2026-06-02T00:00:00', endTime: '2026-06-02T00:00:00', units: 7.5 });
  });

  it('refuses bad lines with the code and field at fault', async () => {
    const f = await fixture();
    const other = await fixture();
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ startTime: '2026-06-02T17:00:00', endTime: '2026-06-02T09:00:00' }, 400, 'shift-ends-before-start', 'endTime'],
      [{ ...DAY, endTime: DAY.startTime }, 400, 'shift-ends-before-start', 'endTime'],
      [{ endTime: DAY.endTime }, 400, 'validation-failed', 'startTime'],
      [{ startTime: DAY.startTime }, 400, 'validation-failed', 'endTime'],
      [{ ...DAY, breaks: [{ startTime: '2026-06-02T08:30:00', endTime: '2026-06-02T09:30:00' }] }, 400, 'break-outside-shift', 'breaks.0'],
      [{ ...DAY, breaks: [{ startTime: '2026-06-02T12:30:00', endTime: '2026-06-02T12:00:00' }] }, 400, 'break-ends-before-start', 'breaks.0'],
      [
        { ...DAY, breaks: [{ startTime: '2026-06-02T12:00:00', endTime: '2026-06-02T12:30:00' }, { startTime: '2026-06-02T12:15:00', endTime: '2026-06-02T12:45:00' }] },
        400,
        'breaks-overlap',
        'breaks.1',
      ],
      [{ ...DAY, breaks: [{ startTime: '2026-06-02T12:00:00' }] }, 400, 'validation-failed', 'breaks.0.endTime'],
      [{ ...DAY, locationId: other.locationId }, 400, 'invalid-reference', 'locationId'],
      [{ ...DAY, workTypeId: other.workTypeId }, 400, 'invalid-reference', 'workTypeId'],
      [{ ...DAY, workTypeId: f.conditionId }, 400, 'invalid-reference', 'workTypeId'],
      [{ ...DAY, shiftConditionIds: [f.workTypeId] }, 400, 'invalid-reference', 'shiftConditionIds'],
      [{ ...DAY, dimensionValueIds: [3] }, 400, 'invalid-reference', 'dimensionValueIds'],
      [{ ...DAY, units: -1 }, 400, 'validation-failed', 'units'],
      [{ ...DAY, status: 'Processed' }, 400, 'validation-failed', 'status'],
      [{ ...DAY, status: 'Done' }, 400, 'validation-failed', 'status'],
      [{ ...DAY, startTime: 'tomorrow' }, 400, 'validation-failed'],
      [{ ...DAY, employeeId: 0 }, 400, 'validation-failed', 'employeeId'],
      [{ ...DAY, employeeId: other.employeeId }, 404, 'not-found'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await create(f, body);
      const label = `${JSON.stringify(body)}: ${res.text}`;
      expect(res.status, label).toBe(status);
      expect(problem(res).code, label).toBe(code);
      if (field) expect(problem(res).errors?.map((e) => e.field), label).toContain(field);
    }
    const lines = await t.request('GET', `${f.tenant.base}/timesheet`, { auth: f.auth });
    expect(lines.body).toEqual([]);
  });

  it("applies the business's requireLocation and requireWorkType", async () => {
    const f = await fixture();
    const settings = await t.request('PUT', `${f.tenant.base}/timesheetsettings`, { auth: f.auth, json: { requireLocation: true, requireWorkType: true } });
    expect(settings.status, settings.text).toBe(200);
    expect(problem(await create(f, { ...DAY, workTypeId: f.workTypeId })).code).toBe('location-required');
    expect(problem(await create(f, { ...DAY, locationId: f.locationId })).code).toBe('work-type-required');
    await created(f, { ...DAY, locationId: f.locationId, workTypeId: f.workTypeId });
  });

  it('with enforceUniqueExternalId refuses a second line with the same external id (409), and needs one', async () => {
    const f = await fixture();
    await created(f, { ...DAY, externalId: 'SHIFT-7' }, '?enforceUniqueExternalId=true');
    const again = await create(f, { ...DAY, externalId: 'SHIFT-7' }, '?enforceUniqueExternalId=True');
    expect(again.status, again.text).toBe(409);
    expect(problem(again).code).toBe('conflict');
    expect(again.text).toContain('SHIFT-7');
    // Without the flag the contract allows the duplicate; with it, the id stays taken.
    await created(f, { ...DAY, externalId: 'SHIFT-7' });
    expect((await create(f, { ...DAY, externalId: 'SHIFT-7' }, '?enforceUniqueExternalId=true')).status).toBe(409);
    const missing = await create(f, DAY, '?enforceUniqueExternalId=true');
    expect(missing.status).toBe(400);
    expect(problem(missing).errors?.map((e) => e.field)).toEqual(['externalId']);
    expect((await create(f, DAY, '?enforceUniqueExternalId=maybe')).status).toBe(400);
    // Another business may use the same external id.
    const other = await fixture();
    await created(other, { ...DAY, externalId: 'SHIFT-7' }, '?enforceUniqueExternalId=true');
  });

  it('lets exactly one of two racing creates with the same external id through', async () => {
    const f = await fixture();
    const results = await Promise.all(
      Array.from({ length: 3 }, () => create(f, { ...DAY, externalId: 'RACE-1' }, '?enforceUniqueExternalId=true')),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const rows = await t.db.select().from(timesheetLines).where(eq(timesheetLines.externalId, 'RACE-1'));
    expect(rows).toHaveLength(1);
  });
});

describe('PUT and DELETE B/timesheet/{id}', () => {
  it('replaces the line, moves its status as the domain allows and records who decided', async () => {
    const f = await fixture();
    const line = await created(f, { ...DAY, comments: 'first' });
    const url = `${f.tenant.base}/timesheet/${line.id}`;
    const put = (json: Record<string, unknown>) => t.request('PUT', url, { auth: f.auth, json: { employeeId: f.employeeId, ...DAY, ...json } });

    const changed = await put({ endTime: '2026-06-02T18:00:00', locationId: f.locationId });
    expect(changed.status, changed.text).toBe(200);
    // The body replaces the line: comments left out are cleared; the status stays.
    expect(changed.body).toMatchObject({ endTime: '2026-06-02T18:00:00', locationId: f.locationId, comments: null, status: 'Submitted' });

    expect((await put({ status: 'Processed' })).status).toBe(409);
    t.clock.set('2026-06-10T12:05:00Z');
    expect((await put({ status: 'Approved' })).body).toMatchObject({ status: 'Approved' });
    let [row] = await t.db.select().from(timesheetLines).where(eq(timesheetLines.id, line.id));
    expect(row).toMatchObject({ status: 'Approved', decidedBy: f.tenant.manager.email });
    expect(row?.decidedAt?.toISOString()).toBe('2026-06-10T12:05:00.000Z');
    expect(row?.updatedAt?.toISOString()).toBe('2026-06-10T12:05:00.000Z');

    expect((await put({ status: 'Rejected' })).body).toMatchObject({ status: 'Rejected' });
    const refused = await put({ status: 'Processed' });
    expect(refused.status).toBe(409);
    expect(problem(refused).code).toBe('conflict');
    expect((await put({ status: 'Approved' })).status).toBe(200);
    expect((await put({ status: 'Processed' })).body).toMatchObject({ status: 'Processed' });
    [row] = await t.db.select().from(timesheetLines).where(eq(timesheetLines.id, line.id));
    expect(row?.status).toBe('Processed');

    // A processed line never changes and is never deleted.
    const locked = await put({ comments: 'too late', status: 'Processed' });
    expect(locked.status).toBe(409);
    expect(locked.text).toContain('Processed');
    expect((await t.request('DELETE', url, { auth: f.auth })).status).toBe(409);
    expect((await t.request('GET', url, { auth: f.auth })).body).toMatchObject({ status: 'Processed', comments: null });
  });

  it('refuses bad bodies, another employee and unknown status', async () => {
    const f = await fixture();
    const line = await created(f, DAY);
    const url = `${f.tenant.base}/timesheet/${line.id}`;
    const put = (json: Record<string, unknown>) => t.request('PUT', url, { auth: f.auth, json });
    expect(problem(await put({ ...DAY, endTime: '2026-06-02T08:00:00' })).code).toBe('shift-ends-before-start');
    expect((await put({ ...DAY, employeeId: f.tenant.employees[1]!.id })).status).toBe(409);
    expect(problem(await put({ ...DAY, status: 'Paid' })).code).toBe('validation-failed');
    // employeeId 0 (the model's default) keeps the line's employee.
    expect((await put({ ...DAY, employeeId: 0 })).status).toBe(200);
  });

  it("answers 404 for another business's line on every route, and leaves it alone", async () => {
    const f = await fixture();
    const other = await fixture();
    const theirs = await created(other, DAY);
    const url = `${f.tenant.base}/timesheet/${theirs.id}`;
    expect((await t.request('GET', url, { auth: f.auth })).status).toBe(404);
    expect((await t.request('GET', `${url}/punches`, { auth: f.auth })).status).toBe(404);
    expect((await t.request('PUT', url, { auth: f.auth, json: DAY })).status).toBe(404);
    expect((await t.request('DELETE', url, { auth: f.auth })).status).toBe(404);
    expect((await t.request('DELETE', `${f.tenant.base}/timesheet/99999999`, { auth: f.auth })).status).toBe(404);
    expect((await t.request('GET', `${other.tenant.base}/timesheet/${theirs.id}`, { auth: other.auth })).body).toEqual(theirs);
  });

  it('keeps a kiosk line on its clocked shift and in its zone; deleting it unlinks the shift and keeps the punches', async () => {
    // The business is in London, its kiosk in Kolkata (UTC+05:30).
    const f = await fixture({ kiosk: { ianaTimeZone: 'Asia/Kolkata' } });
    t.clock.set('2026-06-10T09:00:00Z');
    const punch = (op: string) => t.request('POST', `${f.tenant.kiosk}/${op}`, { auth: f.auth, json: { employeeId: f.employeeId } });
    expect((await punch('clockon')).status).toBe(200);
    t.clock.set('2026-06-10T13:00:00Z');
    expect((await punch('clockoff')).status).toBe(200);
    const [row] = await t.db.select().from(timesheetLines).where(eq(timesheetLines.employeeId, f.employeeId));
    expect(row?.clockShiftId).toBeGreaterThan(0);
    const url = `${f.tenant.base}/timesheet/${row!.id}`;
    const kioskLine = UkIndividualTimesheetLineModel.parse((await t.request('GET', url, { auth: f.auth })).body);
    expect(kioskLine).toMatchObject({ startTime: '2026-06-10T14:30:00', endTime: '2026-06-10T18:30:00', source: 'TimeAndAttendanceKiosk' });

    const approved = await t.request('PUT', url, { auth: f.auth, json: { ...kioskLine, endTime: '2026-06-10T18:00:00', status: 'Approved' } });
    expect(approved.status, approved.text).toBe(200);
    const [after] = await t.db.select().from(timesheetLines).where(eq(timesheetLines.id, row!.id));
    expect(after).toMatchObject({ clockShiftId: row!.clockShiftId, ianaTimeZone: 'Asia/Kolkata', source: 'TimeAndAttendanceKiosk', status: 'Approved' });
    // Read in the kiosk's zone: 18:00 in Kolkata is 12:30Z.
    expect(after?.endUtc?.toISOString()).toBe('2026-06-10T12:30:00.000Z');

    expect((await t.request('DELETE', url, { auth: f.auth })).status).toBe(200);
    expect((await t.request('GET', url, { auth: f.auth })).status).toBe(404);
    const [shift] = await t.db.select().from(clockShifts).where(eq(clockShifts.id, row!.clockShiftId!));
    expect(shift).toMatchObject({ timesheetLineId: null, status: 'completed' });
    expect(shift?.endUtc?.toISOString()).toBe('2026-06-10T13:00:00.000Z');
  });
});
