/**
 * Rounding rules (project-designed) through the real app and database: saved and read back,
 * refused when malformed; kiosk lines rounded at clock-off and addshift, snapped to their roster
 * shift, approved with `approveIfMatchesRosterShift` when they match it, and the raw punches kept
 * beside them (`GET B/timesheet/{id}/punches`).
 */
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UkIndividualTimesheetLineModel } from '../../../contract/generated/models';
import { TimesheetLinePunchesModel } from '../../../contract/supporting/timesheets';
import { NO_ROUNDING, type RoundingRules } from '../../../domain/rounding';
import { clockShifts, rosterShifts, timesheetLines } from '../../db/schema';
import { createTenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const QUARTER: RoundingRules = {
  ...NO_ROUNDING,
  shiftStartRounding: 'RoundUp',
  shiftStartRoundingMinutes: 15,
  shiftEndRounding: 'RoundDown',
  shiftEndRoundingMinutes: 15,
  breakStartRounding: 'RoundToNearest',
  breakStartRoundingMinutes: 5,
  breakEndRounding: 'RoundToNearest',
  breakEndRoundingMinutes: 5,
};

async function fixture(rules: RoundingRules | null, settings: Record<string, unknown> = {}) {
  const tenant = await createTenant(t);
  const auth = tenant.manager.auth;
  if (rules) {
    const saved = await t.request('POST', `${tenant.base}/roundingrules`, { auth, json: rules });
    expect(saved.status, saved.text).toBe(200);
  }
  if (Object.keys(settings).length > 0) {
    const res = await t.request('PUT', `${tenant.base}/timesheetsettings`, { auth, json: settings });
    expect(res.status, res.text).toBe(200);
  }
  const location = await t.request('POST', `${tenant.base}/location`, { auth, json: { name: 'Counter' } });
  const employeeId = tenant.employees[0]!.id;
  /** One punch at an instant (the clock is moved there first). */
  const punch = async (op: string, at: string, body: Record<string, unknown> = {}) => {
    t.clock.set(at);
    const res = await t.request('POST', `${tenant.kiosk}/${op}`, { auth, json: { employeeId, ...body } });
    expect(res.status, `${op}: ${res.text}`).toBe(200);
    return res.body as { currentShiftId: number | null };
  };
  const onlyLine = async () => {
    const [row] = await t.db.select().from(timesheetLines).where(eq(timesheetLines.employeeId, employeeId));
    const res = await t.request('GET', `${tenant.base}/timesheet/${row!.id}`, { auth });
    return { row: row!, line: UkIndividualTimesheetLineModel.parse(res.body) };
  };
  return { tenant, auth, employeeId, locationId: (location.body as { id: number }).id, punch, onlyLine };
}

type Fixture = Awaited<ReturnType<typeof fixture>>;

/** A roster shift of the employee, written directly (the roster routes are tested on their own). */
async function rosterShift(f: Fixture, start: string, end: string, locationId: number | null) {
  const [row] = await t.db
    .insert(rosterShifts)
    .values({ businessId: f.tenant.businessId, employeeId: f.employeeId, locationId, ianaTimeZone: 'Europe/London', startUtc: new Date(start), endUtc: new Date(end), token: randomUUID(), published: true })
    .returning();
  return row!.id;
}

/** Clocks on, names the roster shift on the clocked shift (whatever clock-on matched), clocks off. */
async function rosteredShift(f: Fixture, rosterId: number, on: string, off: string) {
  const shiftId = (await f.punch('clockon', on, { locationId: f.locationId })).currentShiftId!;
  await t.db.update(clockShifts).set({ rosterShiftId: rosterId }).where(eq(clockShifts.id, shiftId));
  await f.punch('clockoff', off);
  return shiftId;
}

describe('GET and POST B/roundingrules', () => {
  it('answers no rounding until rules are saved, then the saved rules, for this business only', async () => {
    const f = await fixture(null);
    const url = `${f.tenant.base}/roundingrules`;
    expect((await t.request('GET', url, { auth: f.auth })).body).toEqual(NO_ROUNDING);
    const rules: RoundingRules = { ...QUARTER, roundUpToRosterStartWithinMinutes: 10, roundDownToRosterEndWithinMinutes: 5 };
    const saved = await t.request('POST', url, { auth: f.auth, json: rules });
    expect(saved.body).toEqual(rules);
    expect((await t.request('GET', url, { auth: f.auth })).body).toEqual(rules);
    const other = await fixture(null);
    expect((await t.request('GET', `${other.tenant.base}/roundingrules`, { auth: other.auth })).body).toEqual(NO_ROUNDING);
  });

  it('refuses rules that are not the model, naming the field', async () => {
    const f = await fixture(null);
    const url = `${f.tenant.base}/roundingrules`;
    const { shiftEndRounding: _, ...missing } = QUARTER;
    const cases: Array<[unknown, string]> = [
      [{ ...QUARTER, shiftStartRoundingMinutes: 7 }, 'shiftStartRoundingMinutes'],
      [{ ...QUARTER, breakEndRounding: 'RoundSideways' }, 'breakEndRounding'],
      [missing, 'shiftEndRounding'],
      [{ ...QUARTER, roundUpToRosterEndWithinMinutes: 0 }, 'roundUpToRosterEndWithinMinutes'],
      [{ ...QUARTER, roundUpToRosterEndWithinMinutes: 2.5 }, 'roundUpToRosterEndWithinMinutes'],
      [{ ...QUARTER, roundToPayPeriod: true }, 'roundToPayPeriod'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('POST', url, { auth: f.auth, json: body });
      expect(res.status, res.text).toBe(400);
      expect(res.text, res.text).toContain(field);
    }
    expect((await t.request('GET', url, { auth: f.auth })).body).toEqual(NO_ROUNDING);
  });
});

describe('kiosk lines under the rounding rules', () => {
  it('rounds start, end and breaks at clock-off and keeps the raw punches beside the line', async () => {
    const f = await fixture(QUARTER);
    // London in June is UTC+1: 08:53:20 on, break 12:02 to 12:33, off 17:04.
    await f.punch('clockon', '2026-06-01T07:53:20Z');
    await f.punch('startbreak', '2026-06-01T11:02:00Z');
    await f.punch('endbreak', '2026-06-01T11:33:00Z');
    await f.punch('clockoff', '2026-06-01T16:04:00Z');
    const { row, line } = await f.onlyLine();
    expect(line).toMatchObject({
      startTime: '2026-06-01T09:00:00',
      endTime: '2026-06-01T17:00:00',
      breaks: [{ startTime: '2026-06-01T12:00:00', endTime: '2026-06-01T12:35:00', isPaidBreak: false }],
      status: 'Submitted',
    });
    const raw = await t.request('GET', `${f.tenant.base}/timesheet/${row.id}/punches`, { auth: f.auth });
    expect(raw.status, raw.text).toBe(200);
    expect(TimesheetLinePunchesModel.parse(raw.body)).toEqual({
      timesheetLineId: row.id,
      clockShiftId: row.clockShiftId,
      rosterShiftId: null,
      ianaTimeZone: 'Europe/London',
      startUtc: '2026-06-01T07:53:20.000Z',
      endUtc: '2026-06-01T16:04:00.000Z',
      startLocal: '2026-06-01T08:53:20',
      endLocal: '2026-06-01T17:04:00',
      breaks: [{ startUtc: '2026-06-01T11:02:00.000Z', endUtc: '2026-06-01T11:33:00.000Z', startLocal: '2026-06-01T12:02:00', endLocal: '2026-06-01T12:33:00', isPaidBreak: false }],
    });
    const [shift] = await t.db.select().from(clockShifts).where(eq(clockShifts.id, row.clockShiftId!));
    expect(shift?.startUtc.toISOString()).toBe('2026-06-01T07:53:20.000Z');
    expect(shift?.timesheetLineId).toBe(row.id);
  });

  it('rounds a shift recorded with addshift the same way', async () => {
    const f = await fixture(QUARTER);
    t.clock.set('2026-06-02T20:00:00Z');
    const res = await t.request('POST', `${f.tenant.kiosk}/addshift`, {
      auth: f.auth,
      json: { employeeId: f.employeeId, recordedStartTimeUtc: '2026-06-02T06:01:00Z', recordedEndTimeUtc: '2026-06-02T14:14:00Z' },
    });
    expect(res.status, res.text).toBe(200);
    expect((await f.onlyLine()).line).toMatchObject({ startTime: '2026-06-02T07:15:00', endTime: '2026-06-02T15:00:00' });
  });

  it('writes a line without a roster shift and without rules exactly as punched', async () => {
    const f = await fixture(null);
    await f.punch('clockon', '2026-06-03T07:53:20Z');
    await f.punch('clockoff', '2026-06-03T16:04:10Z');
    expect((await f.onlyLine()).line).toMatchObject({ startTime: '2026-06-03T08:53:20', endTime: '2026-06-03T17:04:10' });
  });
});

describe('roster snapping and approveIfMatchesRosterShift', () => {
  const SNAP: RoundingRules = { ...NO_ROUNDING, roundUpToRosterStartWithinMinutes: 10, roundDownToRosterEndWithinMinutes: 10 };
  // Rostered 09:00 to 17:00 London time (UTC+1).
  const START = '2026-06-04T08:00:00Z';
  const END = '2026-06-04T16:00:00Z';

  it('snaps to the roster shift within the windows and approves a line that then matches it', async () => {
    const f = await fixture(SNAP, { approveIfMatchesRosterShift: true });
    const rosterId = await rosterShift(f, START, END, f.locationId);
    const shiftId = await rosteredShift(f, rosterId, '2026-06-04T07:50:00Z', '2026-06-04T16:10:00Z');
    const { row, line } = await f.onlyLine();
    expect(line).toMatchObject({ startTime: '2026-06-04T09:00:00', endTime: '2026-06-04T17:00:00', status: 'Approved', locationId: f.locationId });
    expect(row).toMatchObject({ decidedBy: 'roster-match', rosterShiftId: rosterId, clockShiftId: shiftId });
    expect(row.decidedAt).not.toBeNull();
    const raw = TimesheetLinePunchesModel.parse((await t.request('GET', `${f.tenant.base}/timesheet/${row.id}/punches`, { auth: f.auth })).body);
    expect(raw).toMatchObject({ rosterShiftId: rosterId, startLocal: '2026-06-04T08:50:00', endLocal: '2026-06-04T17:10:00' });
  });

  it('leaves a start just outside the window as punched, and the line Submitted', async () => {
    const f = await fixture(SNAP, { approveIfMatchesRosterShift: true });
    const rosterId = await rosterShift(f, START, END, f.locationId);
    await rosteredShift(f, rosterId, '2026-06-04T07:49:59Z', '2026-06-04T16:10:00Z');
    const { row, line } = await f.onlyLine();
    expect(line).toMatchObject({ startTime: '2026-06-04T08:49:59', endTime: '2026-06-04T17:00:00', status: 'Submitted' });
    expect(row).toMatchObject({ decidedBy: null, rosterShiftId: rosterId });
  });

  it('does not approve a matching line at another location, nor without the setting', async () => {
    const elsewhere = await fixture(SNAP, { approveIfMatchesRosterShift: true });
    const other = await t.request('POST', `${elsewhere.tenant.base}/location`, { auth: elsewhere.auth, json: { name: 'Kitchen' } });
    await rosteredShift(elsewhere, await rosterShift(elsewhere, START, END, (other.body as { id: number }).id), '2026-06-04T07:55:00Z', '2026-06-04T16:05:00Z');
    expect((await elsewhere.onlyLine()).line).toMatchObject({ startTime: '2026-06-04T09:00:00', endTime: '2026-06-04T17:00:00', status: 'Submitted' });

    const off = await fixture(SNAP);
    await rosteredShift(off, await rosterShift(off, START, END, off.locationId), '2026-06-04T07:55:00Z', '2026-06-04T16:05:00Z');
    expect((await off.onlyLine()).line).toMatchObject({ startTime: '2026-06-04T09:00:00', endTime: '2026-06-04T17:00:00', status: 'Submitted' });
  });
});
