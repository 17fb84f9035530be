/**
 * The demo is mid-day at the moment it is seeded, through the real app: at the demo kiosk Tom is
 * clocked on (with a note), Uma is on a break and Victor has been clocked on since yesterday (a
 * long shift, the forgotten clock-off), Oscar, Ruby and Sofia are not in, and yesterday's four
 * shifts wait as timesheet lines rounded to their roster. Seeded at a fixed instant.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BasicKioskEmployeeModel, ShiftNoteViewModel, UkTimesheetLineModel } from '../../contract/generated/models';
import { basicAuth, startTestService, type TestService } from '../testing/testService';
import { ensureDemo, type DemoFile } from './seedDemo';

const SEEDED_AT = '2026-11-25T10:20:00Z';

let t: TestService;
let dataDir: string;
let demo: DemoFile;
beforeAll(async () => {
  t = await startTestService();
  dataDir = mkdtempSync(join(tmpdir(), 'demo-today-'));
  t.clock.set(SEEDED_AT);
  demo = (await ensureDemo(t.db, t.service, { dataDir, baseUrl: 'http://127.0.0.1:1', ianaTimeZone: 'Europe/London', firstKioskId: () => Promise.resolve(0), now: new Date(SEEDED_AT) })).file;
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await t.close();
});

const get = async (path: string) => {
  const res = await t.request('GET', `/api/v2/business/${demo.businessId}${path}`, { auth: basicAuth(demo.apiKey) });
  expect(res.status, res.text).toBe(200);
  return res.body;
};

describe('the demo at the moment it is seeded', () => {
  it('has people clocked on, on a break and clocked on since yesterday at the demo kiosk; the rest are not in', async () => {
    const staff = BasicKioskEmployeeModel.array().parse(await get(`/kiosk/${demo.kioskId}/staff`));
    const state = Object.fromEntries(staff.map((s): [string, string] => [s.name ?? '', `${s.status}${s.longShift ? ' (long shift)' : ''}`]));
    expect(state).toMatchObject({
      'Tom Price': 'ClockedOn',
      'Uma Reid': 'OnBreak',
      'Victor Lang': 'ClockedOn (long shift)',
      'Oscar Bell': 'ClockedOff',
      'Ruby Hughes': 'ClockedOff',
      'Sofia Novak': 'NotClockedOn',
      'Amara Okafor': 'NotClockedOn',
    });
    expect(staff.filter((s) => s.status !== 'NotClockedOn' && s.status !== 'ClockedOff').map((s) => s.name).sort()).toEqual(['Tom Price', 'Uma Reid', 'Victor Lang']);
    expect(staff.find((s) => s.name === 'Tom Price')?.clockOnTimeUtc).toBe('2026-11-25T02:32:00.000Z');
    expect(staff.find((s) => s.name === 'Uma Reid')?.breakStartTimeUtc).toBe('2026-11-25T10:10:00.000Z');
    expect(staff.find((s) => s.name === 'Victor Lang')?.clockOnTimeUtc).toBe('2026-11-24T12:21:00.000Z');
  });

  it("keeps Tom's note on his open shift", async () => {
    const tom = demo.staff.find((s) => s.firstName === 'Tom')!;
    const staff = BasicKioskEmployeeModel.array().parse(await get(`/kiosk/${demo.kioskId}/staff`));
    const shiftId = staff.find((s) => s.employeeId === tom.employeeId)?.currentShiftId;
    const notes = ShiftNoteViewModel.array().parse(await get(`/kiosk/${demo.kioskId}/shift/${shiftId}/notes`));
    expect(notes.map((n) => n.note)).toEqual(['Oven 2 runs hot: I turned the sourdough down 10 degrees.']);
  });

  it("has yesterday's four worked shifts as Submitted lines, snapped to their roster", async () => {
    const lines = UkTimesheetLineModel.array().parse(await get('/timesheet?$orderby=startTime'));
    const names = new Map(demo.staff.map((s) => [s.employeeId, s.firstName]));
    // Oscar's shift was rostered 10:30-18:30 the day before (London is on GMT in November):
    // clocked 10:26 (within 10 minutes of the start: snapped) to 18:33 (to the nearest 5 minutes).
    expect(lines.map((l) => [names.get(l.employeeId), l.startTime, l.endTime, l.status])).toEqual([
      ['Tom', '2026-11-24T02:35:00', '2026-11-24T10:35:00', 'Submitted'],
      ['Ruby', '2026-11-24T10:00:00', '2026-11-24T18:00:00', 'Submitted'],
      ['Uma', '2026-11-24T07:20:00', '2026-11-24T15:20:00', 'Submitted'],
      ['Oscar', '2026-11-24T10:30:00', '2026-11-24T18:30:00', 'Submitted'],
    ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))));
  });
});
