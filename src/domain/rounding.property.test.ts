/**
 * Generated proof that rounding never writes a line that cannot be approved: over every rounding
 * rule, punch times (seconds to sixteen hours, across daylight-saving changes, in odd-offset zones),
 * breaks and roster shifts, the line roundShift writes has the shape the service's approve, edit
 * and addshift checks demand (domain checkShiftShape), lasts at least a minute, is what plain
 * rounding gives whenever that keeps the shift's shape, is the punches' own times otherwise, and
 * exports with hours that add up. Under every break-rule profile too: where a profile keeps meal
 * punches unrounded (California, after Donohue v. AMN), each break of the line is its punches' own
 * times, only kept inside the line and apart from the break before it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BREAK_RULE_PROFILE, BREAK_RULE_PROFILES, lineRoundingRules } from './breakRules';
import { checkShiftShape } from './completeShift';
import { MIN_LINE_MS, roundInstant, roundShift, type RosterEdges, type RoundingRules, type ShiftTimes } from './rounding';
import { kioskShiftArb } from './testing/kioskLineArbitraries';
import { exportTimesOf } from './timesheetExport';

const RUNS = 3_000;

/** The edges plain rounding gives (roster snaps first), before the never-invert rule. */
function plainEdges(shift: ShiftTimes, rules: RoundingRules, zone: string, roster: RosterEdges | null) {
  const snap = (at: Date, rostered: Date | undefined, up: number | null, down: number | null) => {
    if (!rostered) return null;
    const diff = rostered.getTime() - at.getTime();
    if (diff > 0 && up !== null && diff <= up * 60_000) return rostered;
    if (diff < 0 && down !== null && -diff <= down * 60_000) return rostered;
    return null;
  };
  const start =
    snap(shift.startUtc, roster?.startUtc, rules.roundUpToRosterStartWithinMinutes, rules.roundDownToRosterStartWithinMinutes) ??
    roundInstant(shift.startUtc, rules.shiftStartRounding, rules.shiftStartRoundingMinutes, zone);
  const end =
    snap(shift.endUtc, roster?.endUtc, rules.roundUpToRosterEndWithinMinutes, rules.roundDownToRosterEndWithinMinutes) ??
    roundInstant(shift.endUtc, rules.shiftEndRounding, rules.shiftEndRoundingMinutes, zone);
  return { start, end };
}

describe('every line rounding writes can be approved', () => {
  it('has an end after its start (at least a minute), breaks inside and apart', () => {
    fc.assert(
      fc.property(kioskShiftArb, ({ zone, rules, shift, roster }) => {
        const line = roundShift(shift, rules, zone, roster);
        const plan = { start: line.startUtc, end: line.endUtc, breaks: line.breaks.map((b) => ({ start: b.startUtc, end: b.endUtc, isPaidBreak: b.isPaidBreak })) };
        expect(checkShiftShape(plan)).toBeNull();
        expect(line.endUtc.getTime() - line.startUtc.getTime()).toBeGreaterThanOrEqual(MIN_LINE_MS);
        expect(line.breaks).toHaveLength(shift.breaks.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('is plain rounding whenever that keeps the shift, and the punches otherwise', () => {
    fc.assert(
      fc.property(kioskShiftArb, ({ zone, rules, shift, roster }) => {
        const line = roundShift(shift, rules, zone, roster);
        const plain = plainEdges(shift, rules, zone, roster);
        const kept = plain.end.getTime() > plain.start.getTime();
        const [start, end] = kept ? [plain.start, plain.end] : [shift.startUtc, shift.endUtc];
        expect(line.startUtc.getTime()).toBe(start.getTime());
        // Only a shift shorter than a minute is lengthened, to one minute.
        expect(line.endUtc.getTime()).toBe(Math.max(end.getTime(), start.getTime() + MIN_LINE_MS));
        if (!kept) expect(line.snappedToRoster).toEqual({ start: false, end: false });
      }),
      { numRuns: RUNS },
    );
  });

  it('exports with hours that are the line less its unpaid breaks', () => {
    fc.assert(
      fc.property(kioskShiftArb, ({ zone, rules, shift, roster }) => {
        const line = roundShift(shift, rules, zone, roster);
        const exported = exportTimesOf({ startUtc: line.startUtc, endUtc: line.endUtc, units: null, breaks: line.breaks, zone });
        const unpaidMs = line.breaks.filter((b) => !b.isPaidBreak).reduce((sum, b) => sum + b.endUtc.getTime() - b.startUtc.getTime(), 0);
        const workedMs = line.endUtc.getTime() - line.startUtc.getTime() - unpaidMs;
        expect(workedMs).toBeGreaterThanOrEqual(0);
        expect(Number(exported.hours)).toBeCloseTo(Math.round(workedMs / 36_000) / 100, 2);
        expect(exported.start).toMatch(/^\d{2}:\d{2}$/);
        expect(exported.end).toMatch(/^\d{2}:\d{2}$/);
      }),
      { numRuns: RUNS },
    );
  });

  it('under every break-rule profile: approvable, and meal punches as punched where the profile says so', () => {
    fc.assert(
      fc.property(kioskShiftArb, fc.constantFrom(...BREAK_RULE_PROFILES), ({ zone, rules, shift, roster }, profileId) => {
        const profile = BREAK_RULE_PROFILE[profileId];
        const line = roundShift(shift, lineRoundingRules(rules, profile), zone, roster);
        const plan = { start: line.startUtc, end: line.endUtc, breaks: line.breaks.map((b) => ({ start: b.startUtc, end: b.endUtc, isPaidBreak: b.isPaidBreak })) };
        expect(checkShiftShape(plan)).toBeNull();
        // The shift's own edges round exactly as without a profile.
        const plain = roundShift(shift, rules, zone, roster);
        expect(line.startUtc.getTime()).toBe(plain.startUtc.getTime());
        expect(line.endUtc.getTime()).toBe(plain.endUtc.getTime());
        if (profile.roundMealPunches) {
          expect(line.breaks).toEqual(plain.breaks);
          return;
        }
        const lo = line.startUtc.getTime();
        const hi = line.endUtc.getTime();
        const punched = [...shift.breaks].sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime());
        let previousEnd = lo;
        punched.forEach((b, i) => {
          const start = Math.min(Math.max(b.startUtc.getTime(), previousEnd), hi);
          const end = Math.min(Math.max(b.endUtc.getTime(), start), hi);
          expect(line.breaks[i]?.startUtc.getTime()).toBe(start);
          expect(line.breaks[i]?.endUtc.getTime()).toBe(end);
          previousEnd = end;
        });
      }),
      { numRuns: RUNS },
    );
  });
});
