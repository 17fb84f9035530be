/**
 * A working day on the demo data, through the real app: a rostered person clocks on
 * a few minutes early, takes a break, clocks off a few minutes late; the line is written rounded to
 * the roster (the demo's rounding rules) with the raw punches beside it; the manager approves it
 * and exports the day.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UkIndividualTimesheetLineModel, UkRosterShiftGenerateTimesheetModel, UkTimesheetLineModel } from '../../contract/generated/models';
import { TimesheetLinePunchesModel } from '../../contract/supporting/timesheets';
import { basicAuth, startTestService, type TestService } from '../testing/testService';
import { DEMO_ROUNDING, ensureDemo } from './seedDemo';

let t: TestService;
let dataDir: string;
beforeAll(async () => {
  t = await startTestService();
  dataDir = mkdtempSync(join(tmpdir(), 'demo-day-'));
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await t.close();
});

const MINUTE = 60_000;

describe('a demo day', () => {
  it('clock on early, break, clock off late: the line is rounded to the roster, approved and exported', async () => {
    // Seeded at 06:00, so the counter staff's shifts (3 hours after the seeding moment) run 09:00-17:00.
    t.clock.set('2026-11-25T06:00:00Z');
    const options = { dataDir, baseUrl: 'http://127.0.0.1:1', ianaTimeZone: 'Europe/London', firstKioskId: () => Promise.resolve(0), now: t.clock.now() };
    const { file } = await ensureDemo(t.db, t.service, options);
    const auth = basicAuth(file.apiKey);
    const B = `/api/v2/business/${file.businessId}`;
    expect((await t.request('GET', `${B}/roundingrules`, { auth })).body).toEqual(DEMO_ROUNDING);

    // Tomorrow's 09:00-17:00 counter shift (London is on GMT in November, so local = UTC).
    const roster = await t.request('GET', `${B}/rostershift?FromDate=2026-11-26T00:00:00&ToDate=2026-11-26T23:59:00&PageSize=500`, { auth });
    const shift = UkRosterShiftGenerateTimesheetModel.array()
      .parse(roster.body)
      .find((s) => s.startTime === '2026-11-26T09:00:00' && s.employeeId !== null);
    expect(shift, roster.text).toBeDefined();
    const employeeId = shift!.employeeId!;
    const rosterStart = new Date(`${shift!.startTime}Z`).getTime();
    const rosterEnd = new Date(`${shift!.endTime}Z`).getTime();

    const punch = async (op: string, at: number, body: Record<string, unknown> = {}) => {
      t.clock.set(new Date(at));
      const res = await t.request('POST', `${B}/kiosk/${file.kioskId}/${op}`, { auth, json: { employeeId, ...body } });
      expect(res.status, `${op}: ${res.text}`).toBe(200);
    };
    await punch('clockon', rosterStart - 7 * MINUTE - 20_000, { locationId: shift!.locationId, workTypeId: shift!.workTypeId });
    await punch('startbreak', rosterStart + 3.5 * 60 * MINUTE + 2 * MINUTE);
    await punch('endbreak', rosterStart + 4 * 60 * MINUTE + 3 * MINUTE);
    await punch('clockoff', rosterEnd + 4 * MINUTE);

    const lines = UkTimesheetLineModel.array().parse((await t.request('GET', `${B}/timesheet?$filter=employeeId eq ${employeeId}`, { auth })).body);
    expect(lines).toHaveLength(1);
    const url = `${B}/timesheet/${lines[0]!.id}`;
    const line = UkIndividualTimesheetLineModel.parse((await t.request('GET', url, { auth })).body);
    // Snapped to the rostered start and end; the breaks as punched.
    expect(line).toMatchObject({ startTime: '2026-11-26T09:00:00', endTime: '2026-11-26T17:00:00', status: 'Submitted', breaks: [{ startTime: '2026-11-26T12:32:00', endTime: '2026-11-26T13:03:00' }] });
    const raw = TimesheetLinePunchesModel.parse((await t.request('GET', `${url}/punches`, { auth })).body);
    expect(raw).toMatchObject({ rosterShiftId: shift!.id, startLocal: '2026-11-26T08:52:40', endLocal: '2026-11-26T17:04:00' });

    const approved = await t.request('PUT', url, { auth, json: { ...line, status: 'Approved' } });
    expect(approved.status, approved.text).toBe(200);
    const csv = await t.request('GET', `${B}/timesheet/export?FromDate=2026-11-26&ToDate=2026-11-26&EmployeeId=${employeeId}`, { auth });
    const rows = csv.text.trim().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(new RegExp(`^,${employeeId},[^,]+,2026-11-26,09:00,17:00,31,0,7\\.48,Front counter,[^,]+,Approved,${line.id},$`));
  });
});
