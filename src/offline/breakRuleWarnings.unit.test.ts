import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { AttendanceState } from '../domain/attendance';
import { readBreakRuleWarnings, readClockOnRefusal, readMealsDue } from './breakRuleWarnings';
import { KioskDb } from './db';
import { KIOSK_SETTINGS_KEY } from './kioskHeading';
import { POLICY_KEY, readKioskBreakRules } from './kioskBreakRules';
import { journalPunch } from './workHistory';

let counter = 0;
const freshDb = () => new KioskDb(`break-rule-warnings-${(counter += 1)}`, { indexedDB: new IDBFactory(), IDBKeyRange });
const HOUR = 3_600_000;
const choice = (locationId: number | null) => ({ locationId, workTypeId: null, classificationId: null, dimensionValueIds: [] });
const AU = { profile: 'AU', blockShortRest: false } as const;
const UK = { profile: 'UK', blockShortRest: false } as const;
const UK_BLOCKING = { profile: 'UK', blockShortRest: true } as const;
// An AU business; "UK" (10) overrides it, "Leeds" (11) under it has nothing of its own, "Blocking" (12) refuses short rests.
const POLICY = {
  breakRules: AU,
  locationRules: [
    { locationId: 10, breakRules: UK, attestations: null },
    { locationId: 12, breakRules: UK_BLOCKING, attestations: null },
  ],
  locationParents: [{ locationId: 11, parentId: 10 }],
};

async function kioskWith(policy: unknown, kioskLocationId: number | null) {
  const db = freshDb();
  await db.meta.bulkPut([
    { key: POLICY_KEY, value: policy },
    { key: KIOSK_SETTINGS_KEY, value: { name: 'Front', ianaTimeZone: 'Europe/London', locationId: kioskLocationId } },
  ]);
  return db;
}

/** A shift of employee 7 here, 08:00 to 17:00 on 25 Nov, clocked on to `locationId`. */
async function lastShift(db: KioskDb, locationId: number | null) {
  const start = '2026-11-25T08:00:00.000Z';
  await journalPunch(db, 7, { kind: 'clockOn', at: new Date(start), shiftStart: null, choice: choice(locationId) });
  await journalPunch(db, 7, { kind: 'clockOff', at: new Date('2026-11-25T17:00:00Z'), shiftStart: start });
}

const OFF: AttendanceState = { status: 'ClockedOff', clockOnTimeUtc: null, breakStartTimeUtc: null, lastPunchTimeUtc: new Date('2026-11-25T17:00:00Z') };
// 11.5 h after the last shift: short under AU's 12 h, enough under the UK's 11 h.
const NEXT_MORNING = new Date(Date.parse('2026-11-25T17:00:00Z') + 11.5 * HOUR);

describe("the kiosk's break rules", () => {
  it('reads an older kept policy (no overrides, no tree) as the business rules alone, and a damaged member as absent', async () => {
    const old = await readKioskBreakRules(await kioskWith({ breakRules: UK, longShiftMinutes: 600 }, null));
    expect(old).toEqual({ business: UK, overrides: [], parents: [], kioskLocationId: null });
    const damaged = await readKioskBreakRules(await kioskWith({ ...POLICY, locationParents: [{ locationId: 'x' }] }, 10));
    expect(damaged).toEqual({ business: AU, overrides: POLICY.locationRules.map(({ locationId, breakRules }) => ({ locationId, breakRules })), parents: [], kioskLocationId: 10 });
  });
});

describe('warnings before a clock-on', () => {
  it("follow the kiosk's location (or one under it), else the business's", async () => {
    for (const [kioskLocation, warned] of [[10, false], [11, false], [null, true], [99, true]] as const) {
      const db = await kioskWith(POLICY, kioskLocation);
      await lastShift(db, null);
      const warnings = await readBreakRuleWarnings(db, 7, OFF, NEXT_MORNING, await readKioskBreakRules(db));
      expect(warnings.shortRest !== null, `kiosk at ${kioskLocation}`).toBe(warned);
      expect(warnings.profile.id).toBe(warned ? 'AU' : 'UK');
      expect(warnings.blocksClockOn).toBe(false);
    }
  });

  it("block a clock-on at a location that refuses short rests, on screen and when recorded, naming the location chosen", async () => {
    const db = await kioskWith(POLICY, 12);
    await lastShift(db, 12);
    const tooSoon = new Date(Date.parse('2026-11-25T17:00:00Z') + 10 * HOUR);
    const warnings = await readBreakRuleWarnings(db, 7, OFF, tooSoon, await readKioskBreakRules(db));
    expect(warnings.blocksClockOn).toBe(true);
    expect(warnings.shortRest?.until).toEqual(new Date('2026-11-26T04:00:00Z'));
    expect(await readClockOnRefusal(db, 7, tooSoon, null)).toMatchObject({ minimumMinutes: 660 });
    // Another location chosen: its own rules (the UK's, warning only); the business's AU rules warn only.
    expect(await readClockOnRefusal(db, 7, tooSoon, 10)).toBeNull();
    expect((await readBreakRuleWarnings(db, 7, OFF, tooSoon, await readKioskBreakRules(db), 10)).shortRest).not.toBeNull();
    // Once the rest is complete, nothing refuses.
    expect(await readClockOnRefusal(db, 7, new Date('2026-11-26T04:00:00Z'), null)).toBeNull();
  });
});

describe('the meal break due on a shift', () => {
  it("follows the shift's location (a location under an override too) on the grid and the person's screen alike", async () => {
    const db = await kioskWith(POLICY, null);
    const start = new Date('2026-11-26T08:00:00Z');
    await journalPunch(db, 7, { kind: 'clockOn', at: start, shiftStart: null, choice: choice(11) });
    await journalPunch(db, 8, { kind: 'clockOn', at: start, shiftStart: null, choice: choice(null) });
    const on: AttendanceState = { status: 'ClockedOn', clockOnTimeUtc: start, breakStartTimeUtc: null, lastPunchTimeUtc: start };
    const now = new Date('2026-11-26T10:00:00Z');
    const rules = await readKioskBreakRules(db);
    const mine = await readBreakRuleWarnings(db, 7, on, now, rules);
    // Leeds keeps the UK's 6 hours; employee 8's shift has no location and the kiosk none: the business's AU 5 hours.
    expect(mine.meal).toEqual({ dueBy: new Date('2026-11-26T14:00:00Z'), overdue: false });
    expect(mine.profile.id).toBe('UK');
    const grid = await readMealsDue(db, [{ employeeId: 7, state: on }, { employeeId: 8, state: on }, { employeeId: 9, state: OFF }], now, rules);
    expect([...grid]).toEqual([
      [7, mine.meal],
      [8, { dueBy: new Date('2026-11-26T13:00:00Z'), overdue: false }],
    ]);
  });
});
