import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  KioskEmployeeModel,
  ShiftNoteViewModel,
  UkTimeAndAttendanceShiftModel,
  UkTimesheetLineModel,
} from '../../../contract/generated/models';
import { punches } from '../../db/schema';
import { createTenant, type Tenant } from '../../testing/fixtures';
import { bearer, startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

const post = (tenant: Tenant, path: string, json: unknown, auth = tenant.manager.auth) =>
  t.request('POST', `${tenant.base}${path}`, { auth, json });

async function search(tenant: Tenant, filters: Record<string, unknown>, auth = tenant.manager.auth) {
  const res = await post(tenant, '/kiosk/shifts', filters, auth);
  expect(res.status, res.text).toBe(200);
  return UkTimeAndAttendanceShiftModel.array().parse(res.body);
}

async function shiftFor(tenant: Tenant, employeeId: number, start: string, end: string | null) {
  t.clock.set(start);
  const on = KioskEmployeeModel.parse((await post(tenant, `/kiosk/${tenant.kioskId}/clockon`, { employeeId })).body);
  if (end) {
    t.clock.set(end);
    await post(tenant, `/kiosk/${tenant.kioskId}/clockoff`, { employeeId });
  }
  return on.currentShiftId!;
}

describe('shift search', () => {
  it('filters by employee, kiosk and UTC window; open shifts are included', async () => {
    const tenant = await createTenant(t);
    const [ada, ben] = tenant.employees.map((e) => e.id);
    const monday = await shiftFor(tenant, ada!, '2026-09-07T08:00:00Z', '2026-09-07T16:00:00Z');
    const tuesday = await shiftFor(tenant, ada!, '2026-09-08T08:00:00Z', '2026-09-08T16:00:00Z');
    const open = await shiftFor(tenant, ben!, '2026-09-08T09:00:00Z', null);
    t.clock.set('2026-09-08T18:00:00Z');

    expect((await search(tenant, {})).map((s) => s.id)).toEqual([open, tuesday, monday]);
    expect((await search(tenant, { employeeId: ada })).map((s) => s.id)).toEqual([tuesday, monday]);
    expect((await search(tenant, { fromDateUtc: '2026-09-08T00:00:00', toDateUtc: '2026-09-08T23:59:59' })).map((s) => s.id)).toEqual([open, tuesday]);
    // A shift overlapping the start of the window counts.
    expect((await search(tenant, { fromDateUtc: '2026-09-07T15:00:00Z', toDateUtc: '2026-09-07T20:00:00Z' })).map((s) => s.id)).toEqual([monday]);
    const openShift = (await search(tenant, { employeeId: ben }))[0];
    expect(openShift).toMatchObject({ endTimeUtc: null, endTimeLocal: null, timesheetLineId: null });
    expect(openShift?.employee?.status).toBe('ClockedOn');
    expect((await search(tenant, { kioskId: tenant.kioskId + 999 })).length).toBe(0);
    const backwards = await post(tenant, '/kiosk/shifts', { fromDateUtc: '2026-09-08T00:00:00Z', toDateUtc: '2026-09-07T00:00:00Z' });
    expect(backwards.body).toMatchObject({ errors: [{ field: 'toDateUtc' }] });
  });

  it('finds, without dates, a shift a kiosk recorded a little ahead of the service clock (within the skew allowance)', async () => {
    const tenant = await createTenant(t);
    const [ada] = tenant.employees.map((e) => e.id);
    t.clock.set('2026-09-08T09:00:00Z');
    // A kiosk's corrected clock may run ahead by up to MAX_FUTURE_SKEW_SECONDS; such punches are accepted.
    const ahead = new Date(Date.parse('2026-09-08T09:00:00Z') + (t.settings.MAX_FUTURE_SKEW_SECONDS * 1000) / 2).toISOString();
    const on = await post(tenant, `/kiosk/${tenant.kioskId}/clockon`, { employeeId: ada, recordedTimeUtc: ahead });
    expect(on.status, on.text).toBe(200);
    expect((await search(tenant, {})).map((s) => s.startTimeUtc)).toEqual([ahead]);
  });

  it('shows a device only its own kiosk’s shifts, and another business nothing', async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const second = await post(tenant, '/kiosk', { name: 'Second' });
    const secondKiosk = (second.body as { id: number }).id;
    t.clock.set('2026-09-09T08:00:00Z');
    await post(tenant, `/kiosk/${tenant.kioskId}/clockon`, { employeeId: tenant.employees[0]!.id });
    await post(tenant, `/kiosk/${secondKiosk}/clockon`, { employeeId: tenant.employees[1]!.id });
    const enrolled = await post(tenant, `/kiosk/${tenant.kioskId}/devices`, { name: 'Tablet' });
    const device = bearer((enrolled.body as { token: string }).token);
    expect((await search(tenant, {}, device)).map((s) => s.kioskId)).toEqual([tenant.kioskId]);
    expect((await post(tenant, '/kiosk/shifts', { kioskId: secondKiosk }, device)).status).toBe(403);
    expect((await t.request('POST', `${tenant.base}/kiosk/shifts`, { auth: other.manager.auth, json: {} })).status).toBe(404);
  });
});

describe('shift notes', () => {
  it('adds, lists with filters, marks read and deletes notes', async () => {
    const tenant = await createTenant(t);
    const [ada, ben] = tenant.employees.map((e) => e.id);
    const shiftId = await shiftFor(tenant, ada!, '2026-09-10T08:00:00Z', null);
    t.clock.set('2026-09-10T09:00:00Z');
    const notes = `/kiosk/${tenant.kioskId}/shift/${shiftId}/notes`;
    const add = async (json: Record<string, unknown>) => {
      const res = await post(tenant, notes, json);
      expect(res.status, res.text).toBe(200);
      return ShiftNoteViewModel.parse(res.body);
    };
    const first = await add({ employeeId: ada, type: 'Shift', visibility: 'Visible', note: 'Forklift 3 is leaking' });
    expect(first).toMatchObject({ note: 'Forklift 3 is leaking', type: 'Shift', read: false, createdByAdmin: false, date: '2026-09-10T09:00:00.000Z' });
    expect(first.employee).toMatchObject({ id: ada, name: `${tenant.employees[0]!.firstName} ${tenant.employees[0]!.surname}` });
    const hidden = await add({ employeeId: ben, type: 'ClockOn', visibility: 'Hidden', note: 'Covering for Ada', isAdminInitiated: true });

    const list = async (query = '') => {
      const res = await t.request('GET', `${tenant.base}${notes}${query}`, { auth: tenant.manager.auth });
      expect(res.status, res.text).toBe(200);
      return ShiftNoteViewModel.array().parse(res.body).map((n) => n.id);
    };
    expect(await list()).toEqual([first.id, hidden.id]);
    // The SDK sends every parameter, unset ones empty.
    expect(await list('?EmployeeId=&IsAdminInitiated=&Type=&Visibility=')).toEqual([first.id, hidden.id]);
    expect(await list(`?employeeid=${ben}`)).toEqual([hidden.id]);
    expect(await list('?IsAdminInitiated=True')).toEqual([hidden.id]);
    expect(await list('?Visibility=Visible')).toEqual([first.id]);
    expect(await list('?Type=ClockOn')).toEqual([hidden.id]);
    expect((await t.request('GET', `${tenant.base}${notes}?Type=Lunch`, { auth: tenant.manager.auth })).status).toBe(400);

    const read = await post(tenant, `${notes}/read-state`, { employeeId: ada, noteIds: [first.id], read: true });
    expect(read.status).toBe(200);
    expect(read.text).toBe('');
    const afterRead = ShiftNoteViewModel.array().parse((await t.request('GET', `${tenant.base}${notes}`, { auth: tenant.manager.auth })).body);
    expect(afterRead.map((n) => n.read)).toEqual([true, false]);
    expect((await post(tenant, `${notes}/read-state`, { employeeId: ada, noteIds: [first.id, 987654], read: true })).body).toMatchObject({
      errors: [{ field: 'noteIds' }],
    });

    const removed = await t.request('DELETE', `${tenant.base}${notes}/${first.id}`, { auth: tenant.manager.auth });
    expect(removed.status).toBe(200);
    expect(await list()).toEqual([hidden.id]);
    expect((await t.request('DELETE', `${tenant.base}${notes}/${first.id}`, { auth: tenant.manager.auth })).status).toBe(404);
  });

  it('refuses empty notes, unknown shifts, admin notes from a device and other tenants', async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const ada = tenant.employees[0]!.id;
    const shiftId = await shiftFor(tenant, ada, '2026-09-11T08:00:00Z', null);
    const notes = `/kiosk/${tenant.kioskId}/shift/${shiftId}/notes`;
    expect((await post(tenant, notes, { employeeId: ada, note: '   ' })).body).toMatchObject({ errors: [{ field: 'note' }] });
    expect((await post(tenant, `/kiosk/${tenant.kioskId}/shift/99999999/notes`, { employeeId: ada, note: 'x' })).status).toBe(404);
    const enrolled = await post(tenant, `/kiosk/${tenant.kioskId}/devices`, { name: 'Tablet' });
    const device = bearer((enrolled.body as { token: string }).token);
    expect((await post(tenant, notes, { employeeId: ada, note: 'x', isAdminInitiated: true }, device)).status).toBe(403);
    expect((await post(tenant, notes, { employeeId: ada, note: 'From the tablet' }, device)).status).toBe(200);
    const foreign = await t.request('GET', `${other.base}/kiosk/${other.kioskId}/shift/${shiftId}/notes`, { auth: other.manager.auth });
    expect(foreign.status).toBe(404);
  });
});

describe('addshift', () => {
  it('records a forgotten shift with its breaks, punches and timesheet line', async () => {
    t.clock.set('2026-09-14T20:00:00Z');
    const tenant = await createTenant(t, { kiosk: { paidBreaksEnabled: true } });
    const ada = tenant.employees[0]!.id;
    const res = await post(tenant, `/kiosk/${tenant.kioskId}/addshift`, {
      employeeId: ada,
      isAdminInitiated: true,
      recordedStartTimeUtc: '2026-09-14T07:00:00Z',
      recordedEndTimeUtc: '2026-09-14T15:00:00Z',
      note: 'Forgot to clock on',
      breaks: [
        { start: { recordedTimeUtc: '2026-09-14T10:00:00Z' }, end: { recordedTimeUtc: '2026-09-14T10:15:00Z' }, isPaidBreak: true },
        { start: { recordedTimeUtc: '2026-09-14T12:00:00Z' }, end: { recordedTimeUtc: '2026-09-14T12:30:00Z' } },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(KioskEmployeeModel.parse(res.body)).toMatchObject({ employeeId: ada, status: 'NotClockedOn', recordedTimeUtc: '2026-09-14T15:00:00.000Z' });

    const [shift] = await search(tenant, { employeeId: ada });
    expect(shift).toMatchObject({ startTimeUtc: '2026-09-14T07:00:00.000Z', endTimeUtc: '2026-09-14T15:00:00.000Z' });
    expect(shift?.breaks?.map((b) => b.isPaidBreak)).toEqual([true, false]);
    const [line] = UkTimesheetLineModel.array().parse((await t.request('GET', `${tenant.base}/timesheet`, { auth: tenant.manager.auth })).body);
    expect(line).toMatchObject({ startTime: '2026-09-14T08:00:00', endTime: '2026-09-14T16:00:00', comments: 'Forgot to clock on' });
    expect(line?.breaks).toHaveLength(2);
    const audit = await t.db.select().from(punches).where(eq(punches.employeeId, ada));
    expect(audit.map((p) => p.kind)).toEqual(['clockOn', 'startBreak', 'endBreak', 'startBreak', 'endBreak', 'clockOff']);
    expect(audit.every((p) => p.isAdminInitiated)).toBe(true);

    // A later live clock-on may not reach back into the recorded shift.
    const back = await post(tenant, `/kiosk/${tenant.kioskId}/clockon`, { employeeId: ada, recordedTimeUtc: '2026-09-14T14:00:00Z' });
    expect(back.body).toMatchObject({ code: 'punch-before-previous' });
  });

  it('refuses overlaps, breaks outside the shift, missing times and future ends', async () => {
    t.clock.set('2026-09-15T20:00:00Z');
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!.id;
    await shiftFor(tenant, ada, '2026-09-15T06:00:00Z', '2026-09-15T09:00:00Z');
    t.clock.set('2026-09-15T20:00:00Z');
    const add = (json: Record<string, unknown>) => post(tenant, `/kiosk/${tenant.kioskId}/addshift`, { employeeId: ada, ...json });
    const base = { recordedStartTimeUtc: '2026-09-15T10:00:00Z', recordedEndTimeUtc: '2026-09-15T14:00:00Z' };
    expect((await add({ ...base, recordedStartTimeUtc: '2026-09-15T08:00:00Z' })).body).toMatchObject({ code: 'shift-overlaps-existing' });
    expect((await add({ ...base, recordedEndTimeUtc: '2026-09-15T09:30:00Z' })).body).toMatchObject({ code: 'shift-ends-before-start' });
    expect((await add({ ...base, recordedEndTimeUtc: '2026-09-15T21:00:00Z' })).body).toMatchObject({ code: 'punch-in-future' });
    expect((await add({ recordedEndTimeUtc: base.recordedEndTimeUtc })).status).toBe(400);
    const outside = await add({ ...base, breaks: [{ start: { recordedTimeUtc: '2026-09-15T09:30:00Z' }, end: { recordedTimeUtc: '2026-09-15T10:30:00Z' } }] });
    expect(outside.body).toMatchObject({ code: 'break-outside-shift', errors: [{ field: 'breaks.0' }] });
    const noEnd = await add({ ...base, breaks: [{ start: { recordedTimeUtc: '2026-09-15T11:00:00Z' } }] });
    expect(noEnd.body).toMatchObject({ errors: [{ field: 'breaks.0.end.recordedTimeUtc' }] });
    const paid = await add({ ...base, breaks: [{ start: { recordedTimeUtc: '2026-09-15T11:00:00Z' }, end: { recordedTimeUtc: '2026-09-15T11:10:00Z' }, isPaidBreak: true }] });
    expect(paid.body).toMatchObject({ errors: [{ field: 'breaks.0.isPaidBreak' }] });
    expect((await add(base)).status).toBe(200);
  });

  it('does not overlap the open shift either', async () => {
    t.clock.set('2026-09-16T12:00:00Z');
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!.id;
    await shiftFor(tenant, ada, '2026-09-16T08:00:00Z', null);
    t.clock.set('2026-09-16T12:00:00Z');
    const res = await post(tenant, `/kiosk/${tenant.kioskId}/addshift`, {
      employeeId: ada,
      recordedStartTimeUtc: '2026-09-16T07:00:00Z',
      recordedEndTimeUtc: '2026-09-16T09:00:00Z',
    });
    expect(res.body).toMatchObject({ code: 'shift-overlaps-existing' });
    const before = await post(tenant, `/kiosk/${tenant.kioskId}/addshift`, {
      employeeId: ada,
      recordedStartTimeUtc: '2026-09-16T05:00:00Z',
      recordedEndTimeUtc: '2026-09-16T07:30:00Z',
    });
    expect(KioskEmployeeModel.parse(before.body).status).toBe('ClockedOn');
  });
});
