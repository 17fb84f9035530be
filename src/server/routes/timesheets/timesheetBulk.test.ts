/**
 * Bulk timesheets through the real app and database: insert keyed by standard or external
 * employee ids (locations and work types by either id type), all-or-nothing on a bad line, the
 * answer only when asked, and replace deleting the listed employees' unprocessed lines in the
 * window (and unlinking a kiosk line's clocked shift) in the same transaction.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UkSubmitTimesheetsResponse, UkTimesheetLineModel } from '../../../contract/generated/models';
import { clockShifts, employees } from '../../db/schema';
import { createTenant } from '../../testing/fixtures';
import { startTestService, type ApiResult, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
  t.clock.set('2026-06-20T12:00:00Z');
});
afterAll(() => t.close());

const problem = (res: ApiResult) => res.body as { code: string; errors?: Array<{ field: string }> };

async function fixture() {
  const tenant = await createTenant(t, { employees: 3 });
  const auth = tenant.manager.auth;
  const post = async (path: string, json: unknown) => {
    const res = await t.request('POST', `${tenant.base}/${path}`, { auth, json });
    expect(res.status, res.text).toBe(200);
    return (res.body as { id: number }).id;
  };
  const locationId = await post('location', { name: 'Depot', externalId: 'LOC-D' });
  const workTypeId = await post('worktype', { name: 'Driving', externalId: 'WT-DRV' });
  const conditionId = await post('worktype', { name: 'Weekend', externalId: 'SC-WE', mappingType: 'ShiftCondition' });
  const [ada, ben, chloe] = tenant.employees.map((e) => e.id);
  await t.db.update(employees).set({ externalId: 'EMP-ADA' }).where(eq(employees.id, ada!));
  await t.db.update(employees).set({ externalId: 'EMP-BEN' }).where(eq(employees.id, ben!));
  const bulk = (method: 'POST' | 'PUT', json: unknown) => t.request(method, `${tenant.base}/timesheet/bulk`, { auth, json });
  const list = async () => UkTimesheetLineModel.array().parse((await t.request('GET', `${tenant.base}/timesheet`, { auth })).body);
  return { tenant, auth, locationId, workTypeId, conditionId, ada: ada!, ben: ben!, chloe: chloe!, bulk, list };
}

const line = (day: string, extra: Record<string, unknown> = {}) => ({ startTime: `${day}T09:00:00`, endTime: `${day}T17:00:00`, ...extra });

describe('POST B/timesheet/bulk', () => {
  it('adds lines keyed by standard ids, approved when asked, and answers them per key', async () => {
    const f = await fixture();
    const res = await f.bulk('POST', {
      approved: true,
      returnResponse: true,
      timesheets: {
        [String(f.ada)]: [line('2026-06-01', { locationId: String(f.locationId), workTypeId: String(f.workTypeId), shiftConditionIds: [String(f.conditionId)] }), line('2026-06-02')],
        [String(f.ben)]: [line('2026-06-01', { status: 'Processed', breaks: [{ startTime: '2026-06-01T12:00:00', endTime: '2026-06-01T12:30:00' }] })],
      },
    });
    expect(res.status, res.text).toBe(200);
    const body = UkSubmitTimesheetsResponse.parse(res.body);
    expect(Object.keys(body.timesheets ?? {}).sort()).toEqual([String(f.ada), String(f.ben)].sort());
    expect(body.timesheets?.[String(f.ada)]).toHaveLength(2);
    expect(body.timesheets?.[String(f.ada)]?.[0]).toMatchObject({
      employeeId: f.ada,
      startTime: '2026-06-01T09:00:00',
      locationId: f.locationId,
      workTypeId: f.workTypeId,
      shiftConditionIds: [f.conditionId],
      status: 'Approved',
    });
    // A line's own status is not the request's to set: `approved` decides.
    expect(body.timesheets?.[String(f.ben)]?.[0]).toMatchObject({ status: 'Approved', breaks: [{ startTime: '2026-06-01T12:00:00', endTime: '2026-06-01T12:30:00', isPaidBreak: false }] });
    expect(await f.list()).toHaveLength(3);
  });

  it('reads keys, locations and work types as external ids when told to, and answers nothing unless asked', async () => {
    const f = await fixture();
    const res = await f.bulk('POST', {
      employeeIdType: 'External',
      locationIdType: 'External',
      workTypeIdType: 'External',
      timesheets: { 'EMP-ADA': [line('2026-06-03', { locationId: 'LOC-D', workTypeId: 'WT-DRV', shiftConditionIds: ['SC-WE'] })] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ timesheets: null });
    const [added] = await f.list();
    expect(added).toMatchObject({ employeeId: f.ada, locationId: String(f.locationId), workTypeId: String(f.workTypeId), shiftConditionIds: [String(f.conditionId)], status: 'Submitted' });
  });

  it('refuses the whole request when a key, an id or a line is bad, naming it, and writes nothing', async () => {
    const f = await fixture();
    const other = await fixture();
    const good = { [String(f.ada)]: [line('2026-06-04')] };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ timesheets: { ...good, [String(other.ada)]: [line('2026-06-04')] } }, 'invalid-reference', `timesheets.${other.ada}`],
      [{ timesheets: { ...good, 'not-a-number': [line('2026-06-04')] } }, 'invalid-reference', 'timesheets.not-a-number'],
      [{ employeeIdType: 'External', timesheets: { 'EMP-NOBODY': [line('2026-06-04')] } }, 'invalid-reference', 'timesheets.EMP-NOBODY'],
      [{ timesheets: { ...good, [String(f.ben)]: [line('2026-06-04'), line('2026-06-05', { endTime: '2026-06-05T08:00:00' })] } }, 'shift-ends-before-start', `timesheets.${f.ben}.1.endTime`],
      [{ timesheets: { [String(f.ada)]: [line('2026-06-04', { locationId: 'LOC-D' })] } }, 'invalid-reference', `timesheets.${f.ada}.0.locationId`],
      [{ locationIdType: 'External', timesheets: { [String(f.ada)]: [line('2026-06-04', { locationId: String(f.locationId) })] } }, 'invalid-reference', `timesheets.${f.ada}.0.locationId`],
      [{ timesheets: { [String(f.ada)]: [line('2026-06-04', { workTypeId: String(other.workTypeId) })] } }, 'invalid-reference', `timesheets.${f.ada}.0.workTypeId`],
      [{ timesheets: { [String(f.ada)]: [line('2026-06-04', { shiftConditionIds: [String(f.workTypeId)] })] } }, 'invalid-reference', `timesheets.${f.ada}.0.shiftConditionIds`],
      [{ timesheets: { [String(f.ada)]: [line('2026-06-04', { payCategoryId: 'abc' })] } }, 'validation-failed', `timesheets.${f.ada}.0.payCategoryId`],
    ];
    for (const [body, code, field] of cases) {
      const res = await f.bulk('POST', body);
      const label = `${JSON.stringify(body)}: ${res.text}`;
      expect(res.status, label).toBe(400);
      expect(problem(res).code, label).toBe(code);
      expect(problem(res).errors?.map((e) => e.field), label).toEqual([field]);
    }
    expect(await f.list()).toEqual([]);
    expect((await f.bulk('POST', { timesheets: { [String(f.ada)]: 'nope' } })).status).toBe(400);
  });
});

describe('PUT B/timesheet/bulk', () => {
  it("deletes the listed employees' unprocessed lines inside the window, then adds, in one go", async () => {
    const f = await fixture();
    const add = await f.bulk('POST', {
      timesheets: {
        [String(f.ada)]: [line('2026-05-31'), line('2026-06-01'), line('2026-06-07'), line('2026-06-08')],
        [String(f.chloe)]: [line('2026-06-02')],
      },
      returnResponse: true,
    });
    const added = UkSubmitTimesheetsResponse.parse(add.body).timesheets?.[String(f.ada)] ?? [];
    // One of Ada's lines in the window is processed: it stays.
    const processed = added[2]!;
    for (const status of ['Approved', 'Processed']) {
      const res = await t.request('PUT', `${f.tenant.base}/timesheet/${processed.id}`, { auth: f.auth, json: { ...line('2026-06-07'), status } });
      expect(res.status, res.text).toBe(200);
    }
    // Ada's kiosk line in the window goes too, and its clocked shift no longer names it.
    t.clock.set('2026-06-03T08:00:00Z');
    const punch = (op: string) => t.request('POST', `${f.tenant.kiosk}/${op}`, { auth: f.auth, json: { employeeId: f.ada } });
    expect((await punch('clockon')).status).toBe(200);
    t.clock.set('2026-06-03T12:00:00Z');
    expect((await punch('clockoff')).status).toBe(200);
    t.clock.set('2026-06-20T12:00:00Z');
    expect(await f.list()).toHaveLength(6);

    const res = await f.bulk('PUT', {
      fromDate: '2026-06-01T00:00:00',
      toDate: '2026-06-07T00:00:00',
      approved: true,
      returnResponse: true,
      timesheets: { [String(f.ada)]: [line('2026-06-04', { comments: 'replacement' })] },
    });
    expect(res.status, res.text).toBe(200);
    const lines = await f.list();
    const mine = lines.filter((l) => l.employeeId === f.ada).map((l) => [l.startTime?.slice(0, 10), l.status, l.comments]);
    expect(mine).toEqual([
      ['2026-05-31', 'Submitted', null],
      ['2026-06-04', 'Approved', 'replacement'],
      ['2026-06-07', 'Processed', null],
      ['2026-06-08', 'Submitted', null],
    ]);
    // Chloe was not listed: her line in the window stays.
    expect(lines.filter((l) => l.employeeId === f.chloe)).toHaveLength(1);
    const shifts = await t.db.select().from(clockShifts).where(eq(clockShifts.employeeId, f.ada));
    expect(shifts.map((s) => s.timesheetLineId)).toEqual([null]);
  });

  it('needs the window, in order, and rolls the deletion back when a new line is bad', async () => {
    const f = await fixture();
    await f.bulk('POST', { timesheets: { [String(f.ada)]: [line('2026-06-02')] } });
    const missing = await f.bulk('PUT', { toDate: '2026-06-07T00:00:00', timesheets: {} });
    expect(missing.status).toBe(400);
    expect(problem(missing).errors?.map((e) => e.field)).toEqual(['fromDate']);
    const backwards = await f.bulk('PUT', { fromDate: '2026-06-07T00:00:00', toDate: '2026-06-01T00:00:00', timesheets: {} });
    expect(problem(backwards).errors?.map((e) => e.field)).toEqual(['toDate']);
    const bad = await f.bulk('PUT', {
      fromDate: '2026-06-01T00:00:00',
      toDate: '2026-06-07T00:00:00',
      timesheets: { [String(f.ada)]: [line('2026-06-03', { endTime: '2026-06-03T08:00:00' })] },
    });
    expect(bad.status).toBe(400);
    expect((await f.list()).map((l) => l.startTime)).toEqual(['2026-06-02T09:00:00']);
    // POST with replaceExisting replaces as PUT does.
    const replaced = await f.bulk('POST', {
      replaceExisting: true,
      fromDate: '2026-06-01T00:00:00',
      toDate: '2026-06-07T00:00:00',
      timesheets: { [String(f.ada)]: [line('2026-06-05')] },
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect((await f.list()).map((l) => l.startTime)).toEqual(['2026-06-05T09:00:00']);
  });
});
