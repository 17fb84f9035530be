/**
 * The demo's roster, laid around the moment it is seeded, through the real app: a published week
 * with breaks and 60-minute kiosk windows; at the seeding moment one person is due, one late, one
 * absent, and everyone else is rostered hours away; later starts top it up without doubling.
 * Seeded at two instants (an afternoon, and just before midnight on the night the clocks go
 * forward), so nothing depends on the hour.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UkRosterShiftGenerateTimesheetModel } from '../../contract/generated/models';
import { parseWireDateTime, toLocalDateTime } from '../../domain/time';
import { basicAuth, startTestService, type TestService } from '../testing/testService';
import { ensureDemo, type DemoFile } from './seedDemo';

const ZONE = 'Europe/London';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Each case seeds its own service (a database holds one demo). */
let t: TestService;
let dataDir: string;
beforeEach(async () => {
  t = await startTestService();
  dataDir = mkdtempSync(join(tmpdir(), 'demo-roster-'));
});
afterEach(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await t.close();
});

/** Seeds (or restarts) the demo at `now`, the service's clock standing there too. */
async function seedAt(now: string) {
  t.clock.set(now);
  return ensureDemo(t.db, t.service, { dataDir, baseUrl: 'http://127.0.0.1:1', ianaTimeZone: ZONE, firstKioskId: () => Promise.resolve(0), now: new Date(now) });
}

async function rosterOf(demo: DemoFile, from: Date, to: Date) {
  const B = `/api/v2/business/${demo.businessId}`;
  const res = await t.request('GET', `${B}/rostershift?FromDate=${from.toISOString()}&ToDate=${to.toISOString()}&SelectAllRoles=true&PageSize=500`, { auth: basicAuth(demo.apiKey) });
  expect(res.status, res.text).toBe(200);
  return UkRosterShiftGenerateTimesheetModel.array().parse(res.body);
}

async function matching(demo: DemoFile, employeeId: number, edge: 'clockon' | 'clockoff', at: Date): Promise<number | null> {
  const path = `/api/v2/business/${demo.businessId}/rostershift/${employeeId}/matching${edge}?kioskId=${demo.kioskId}&dateUtc=${at.toISOString()}`;
  const res = await t.request('GET', path, { auth: basicAuth(demo.apiKey) });
  expect(res.status, res.text).toBe(200);
  return (res.body as { shift: { id: number } | null }).shift?.id ?? null;
}

const idOf = (demo: DemoFile, name: string) => {
  const person = demo.staff.find((member) => `${member.firstName} ${member.surname}` === name);
  if (!person) throw new Error(`${name} is not in demo.json`);
  return person.employeeId;
};

// Seeds the whole demo two or three times per case: a bound for a busy machine, not a speed check.
describe('the demo roster', { timeout: 120_000 }, () => {
  it.each([
    ['an afternoon', '2026-11-25T15:37:42Z'],
    ['just before midnight as the clocks go forward', '2026-03-28T23:52:00Z'],
  ])('is laid around the seeding moment (%s), and topped up later', async (_, seededAt) => {
    const { file: demo } = await seedAt(seededAt);
    const anchor = Math.floor(Date.parse(seededAt) / MINUTE) * MINUTE;
    expect(demo.seededAt).toBe(new Date(anchor).toISOString());
    const kiosk = await t.request('GET', `/api/v2/business/${demo.businessId}/kiosk/${demo.kioskId}`, { auth: basicAuth(demo.apiKey) });
    expect(kiosk.body).toMatchObject({ clockOnWindowMinutes: 60, clockOffWindowMinutes: 60 });

    const week = () => rosterOf(demo, new Date(anchor - 2 * 24 * HOUR), new Date(anchor + 9 * 24 * HOUR));
    const shifts = await week();
    expect(shifts.every((s) => s.published && (s.breaks ?? []).length === 1 && s.locationId !== null && s.workTypeId !== null)).toBe(true);
    const startsOf = (name: string) => shifts.filter((s) => s.employeeId === idOf(demo, name)).map((s) => s.startTime);
    const local = (offsetMinutes: number) => toLocalDateTime(new Date(anchor + offsetMinutes * MINUTE), ZONE);
    /** The days (blocks around anchor + whole days) that have shifts starting in them. */
    const blocksOf = (list: Array<{ startTime: string }>) =>
      [...new Set(list.map((s) => Math.floor(((parseWireDateTime(s.startTime, { zone: ZONE })?.getTime() ?? 0) - anchor + 12 * HOUR) / (24 * HOUR))))].sort((a, b) => a - b);
    // The live scenes, at their offsets from the anchor: yesterday (those who worked it), today and tomorrow.
    expect(startsOf('Oscar Bell')).toEqual([-1, 0, 1].map((day) => local(day * 24 * 60 + 10)));
    expect(startsOf('Ruby Hughes')).toEqual([-1, 0, 1].map((day) => local(day * 24 * 60 - 20)));
    expect(startsOf('Sofia Novak')).toEqual([0, 1].map((day) => local(day * 24 * 60 - 120)));
    expect(startsOf('Victor Lang')).toEqual([-1, 0, 1].map((day) => local(day * 24 * 60 + 120)));
    // The week: seven blocks from today, and yesterday's.
    expect(blocksOf(shifts)).toEqual([-1, 0, 1, 2, 3, 4, 5, 6]);
    // Everyone else works most days (one day off in five), and nobody else worked yesterday.
    const others = demo.staff.slice(0, 12);
    for (const person of others) {
      const count = startsOf(`${person.firstName} ${person.surname}`).length;
      expect(count, `${person.firstName}'s shifts`).toBeGreaterThanOrEqual(5);
      expect(count, `${person.firstName}'s shifts`).toBeLessThanOrEqual(6);
    }

    // At the seeding moment: Oscar is due (within the window before his start), Ruby late (within
    // the window after hers), Sofia absent (past it), and nobody else's start or end is near.
    const now = new Date(anchor);
    expect(await matching(demo, idOf(demo, 'Oscar Bell'), 'clockon', now)).not.toBeNull();
    expect(await matching(demo, idOf(demo, 'Ruby Hughes'), 'clockon', now)).not.toBeNull();
    expect(await matching(demo, idOf(demo, 'Sofia Novak'), 'clockon', now)).toBeNull();
    expect(await matching(demo, idOf(demo, 'Tom Price'), 'clockoff', now)).not.toBeNull();
    for (const person of others) {
      for (const edge of ['clockon', 'clockoff'] as const) {
        for (const offset of [0, 60, 110]) {
          expect(await matching(demo, person.employeeId, edge, new Date(anchor + offset * MINUTE)), `${person.firstName} ${edge} +${offset} min`).toBeNull();
        }
      }
    }

    // A restart half a day later adds nothing; two days later adds two days.
    await seedAt(new Date(anchor + 11 * HOUR).toISOString());
    expect(await week()).toHaveLength(shifts.length);
    await seedAt(new Date(anchor + 2 * 24 * HOUR + 3 * HOUR).toISOString());
    const later = await rosterOf(demo, new Date(anchor - 2 * 24 * HOUR), new Date(anchor + 10 * 24 * HOUR));
    expect(blocksOf(later)).toEqual([-1, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
