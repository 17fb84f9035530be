/**
 * Every line a kiosk can produce can be approved, rejected, edited and exported, through the real
 * app and database, sent back as the manager's Timesheets tab sends it (the whole line from the
 * list, `lineBody`, with a new status or comment): a shift of a minute that rounding to the nearest
 * five would have made 14:40-14:40, a shift of seconds, breaks that rounding would have made
 * overlap, and a shift in the hour repeated when clocks go back, whose wall-clock text reads
 * inverted. Each keeps its times through every decision and is in the export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UkTimesheetLineModel } from '../../../contract/generated/models';
import { NO_ROUNDING, type RoundingRules } from '../../../domain/rounding';
import { lineBody } from '../../../app/features/manager/timesheetForms';
import { createTenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const NEAREST_FIVE: RoundingRules = {
  ...NO_ROUNDING,
  shiftStartRounding: 'RoundToNearest',
  shiftStartRoundingMinutes: 5,
  shiftEndRounding: 'RoundToNearest',
  shiftEndRoundingMinutes: 5,
  breakStartRounding: 'DontRound',
  breakEndRounding: 'RoundUp',
  breakEndRoundingMinutes: 15,
};

async function business() {
  const tenant = await createTenant(t);
  const auth = tenant.manager.auth;
  const saved = await t.request('POST', `${tenant.base}/roundingrules`, { auth, json: NEAREST_FIVE });
  expect(saved.status, saved.text).toBe(200);
  const employeeId = tenant.employees[0]!.id;
  const punch = async (op: string, at: string) => {
    t.clock.set(at);
    const res = await t.request('POST', `${tenant.kiosk}/${op}`, { auth, json: { employeeId } });
    expect(res.status, `${op} at ${at}: ${res.text}`).toBe(200);
  };
  /** The kiosk line as the Timesheets tab lists it (the newest of the employee). */
  const listed = async () => {
    const res = await t.request('GET', `${tenant.base}/timesheet?$filter=employeeId eq ${employeeId}&$orderby=id desc&$top=1`, { auth });
    expect(res.status, res.text).toBe(200);
    const [line] = UkTimesheetLineModel.array().parse(res.body);
    if (!line) throw new Error('no line');
    return line;
  };
  const send = async (line: UkTimesheetLineModel, patch: Parameters<typeof lineBody>[1]) => {
    const res = await t.request('PUT', `${tenant.base}/timesheet/${line.id}`, { auth, json: lineBody(line, patch) });
    expect(res.status, res.text).toBe(200);
    return listed();
  };
  const exported = async (day: string) => {
    const res = await t.request('GET', `${tenant.base}/timesheet/export?FromDate=${day}&ToDate=${day}`, { auth });
    expect(res.status, res.text).toBe(200);
    return res.text.trim().split('\r\n').slice(1);
  };
  return { punch, listed, send, exported };
}

type Times = Pick<UkTimesheetLineModel, 'startTime' | 'endTime' | 'breaks'>;
const timesOf = (line: Times): Times => ({ startTime: line.startTime, endTime: line.endTime, breaks: line.breaks });

/** Rejects, approves, comments on and exports the line, checking its times never move. */
async function decideEverything(b: Awaited<ReturnType<typeof business>>, expected: Times, exportRow: RegExp, day: string) {
  let line = await b.listed();
  expect(timesOf(line)).toEqual(expected);
  line = await b.send(line, { status: 'Rejected' });
  expect(line.status).toBe('Rejected');
  line = await b.send(line, { status: 'Approved' });
  expect(line.status).toBe('Approved');
  line = await b.send(line, { comments: 'Checked with the shift lead' });
  expect(line.comments).toBe('Checked with the shift lead');
  expect(timesOf(line)).toEqual(expected);
  const rows = await b.exported(day);
  expect(rows.find((row) => row.endsWith(`,Approved,${line.id},`))).toMatch(exportRow);
}

describe('kiosk lines a manager decides on', () => {
  it('a one-minute shift, which rounding to the nearest five would empty, keeps its punched times', async () => {
    const b = await business();
    // London in June is UTC+1: 14:38 to 14:39.
    await b.punch('clockon', '2026-06-01T13:38:00Z');
    await b.punch('clockoff', '2026-06-01T13:39:00Z');
    await decideEverything(b, { startTime: '2026-06-01T14:38:00', endTime: '2026-06-01T14:39:00', breaks: [] }, /,2026-06-01,14:38,14:39,0,0,0\.02,/, '2026-06-01');
  });

  it('a shift of seconds is one minute long', async () => {
    const b = await business();
    await b.punch('clockon', '2026-06-02T13:38:10Z');
    await b.punch('clockoff', '2026-06-02T13:38:40Z');
    await decideEverything(b, { startTime: '2026-06-02T14:38:10', endTime: '2026-06-02T14:39:10', breaks: [] }, /,2026-06-02,14:38,14:39,0,0,0\.02,/, '2026-06-02');
  });

  it('breaks whose rounded ends would overlap follow one another', async () => {
    const b = await business();
    await b.punch('clockon', '2026-06-03T08:00:00Z');
    await b.punch('startbreak', '2026-06-03T09:02:00Z');
    await b.punch('endbreak', '2026-06-03T09:20:00Z');
    await b.punch('startbreak', '2026-06-03T09:25:00Z');
    await b.punch('endbreak', '2026-06-03T09:40:00Z');
    await b.punch('clockoff', '2026-06-03T11:00:00Z');
    const breaks = [
      { startTime: '2026-06-03T10:02:00', endTime: '2026-06-03T10:30:00', isPaidBreak: false },
      { startTime: '2026-06-03T10:30:00', endTime: '2026-06-03T10:45:00', isPaidBreak: false },
    ];
    await decideEverything(b, { startTime: '2026-06-03T09:00:00', endTime: '2026-06-03T12:00:00', breaks }, /,2026-06-03,09:00,12:00,43,0,2\.28,/, '2026-06-03');
  });

  it('a shift in the hour repeated when clocks go back keeps its instants', async () => {
    const b = await business();
    // 01:50 BST to 01:12 GMT on 25 October: 22 minutes, whose wall-clock end reads before its start.
    await b.punch('clockon', '2026-10-25T00:50:00Z');
    await b.punch('clockoff', '2026-10-25T01:12:00Z');
    await decideEverything(b, { startTime: '2026-10-25T01:50:00', endTime: '2026-10-25T01:10:00', breaks: [] }, /,2026-10-25,01:50,01:10,0,0,0\.33,/, '2026-10-25');
  });
});
