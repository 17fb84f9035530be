/** The demo's week of roster and its kiosk windows (issue 10), seeded through the real app and topped up. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UkRosterShiftGenerateTimesheetModel } from '../../contract/generated/models';
import { basicAuth, startTestService, type TestService } from '../testing/testService';
import { ensureDemo } from './seedDemo';

let t: TestService;
let dataDir: string;
beforeAll(async () => {
  t = await startTestService();
  dataDir = mkdtempSync(join(tmpdir(), 'demo-roster-'));
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await t.close();
});

describe('the demo roster', () => {
  it('seeds a published week with breaks, one overnight shift a day and 60-minute kiosk windows, and tops it up later', async () => {
    const options = (now: string) => ({
      dataDir,
      baseUrl: 'http://127.0.0.1:1',
      ianaTimeZone: 'Europe/London',
      firstKioskId: () => Promise.resolve(0),
      now: () => new Date(now),
    });
    const { file } = await ensureDemo(t.db, t.service, options('2026-11-25T18:00:00Z'));
    const auth = basicAuth(file.apiKey);
    const B = `/api/v2/business/${file.businessId}`;
    const kiosk = await t.request('GET', `${B}/kiosk/${file.kioskId}`, { auth });
    expect(kiosk.body).toMatchObject({ clockOnWindowMinutes: 60, clockOffWindowMinutes: 60 });

    const week = async () => {
      const res = await t.request('GET', `${B}/rostershift?FromDate=2026-11-20T00:00:00&ToDate=2026-12-10T00:00:00&PageSize=500`, { auth });
      expect(res.status, res.text).toBe(200);
      return UkRosterShiftGenerateTimesheetModel.array().parse(res.body);
    };
    const shifts = await week();
    const days = [...new Set(shifts.map((s) => s.startTime.slice(0, 10)))];
    expect(days).toEqual(['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01']);
    expect(shifts.every((s) => s.published && (s.breaks ?? []).length === 1 && s.locationId !== null && s.workTypeId !== null)).toBe(true);
    // Every person works most days (one day off in five), each day has one overnight delivery run.
    expect(shifts.length).toBeGreaterThan(7 * 8);
    const overnight = shifts.filter((s) => s.endTime.slice(0, 10) !== s.startTime.slice(0, 10));
    expect(overnight.map((s) => `${s.startTime}-${s.endTime}`)).toContain('2026-11-25T22:00:00-2026-11-26T06:00:00');
    const counter = shifts.find((s) => s.startTime === '2026-11-26T09:00:00' && s.locationName === 'Front counter');
    expect(counter).toMatchObject({ endTime: '2026-11-26T17:00:00', breaks: [{ startTime: '2026-11-26T12:30:00', endTime: '2026-11-26T13:00:00' }] });

    // A restart the same day adds nothing; two days later adds the two new days only.
    await ensureDemo(t.db, t.service, options('2026-11-25T20:00:00Z'));
    expect(await week()).toHaveLength(shifts.length);
    await ensureDemo(t.db, t.service, options('2026-11-27T07:00:00Z'));
    const later = await week();
    expect([...new Set(later.map((s) => s.startTime.slice(0, 10)))]).toHaveLength(9);
  });
});
