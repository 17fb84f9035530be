/**
 * Generated kiosk shifts for property tests: every rounding rule the business can save, a punch
 * pair of any length (from the same instant to sixteen hours, mostly short, often across a
 * daylight-saving change), breaks inside it, an optional roster shift near it, in zones with
 * whole, half and three-quarter hour offsets. The domain's, the service's and the manager's tests
 * of "every line the kiosk can produce can be approved, edited and exported" share them.
 */
import fc from 'fast-check';
import { ROUNDING_DIRECTIONS, ROUNDING_INTERVALS, type RosterEdges, type RoundingRules, type ShiftTimes } from '../rounding';

export const ZONES = ['UTC', 'Europe/London', 'America/St_Johns', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Adelaide'] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Instants around the 2026 daylight-saving changes of the zones above (UTC), where wall clocks jump or repeat. */
const CHANGES = ['2026-03-08T05:30:00Z', '2026-03-29T01:00:00Z', '2026-04-04T16:30:00Z', '2026-10-03T16:30:00Z', '2026-10-25T01:00:00Z', '2026-11-01T04:30:00Z'].map(Date.parse);

const direction = fc.constantFrom(...ROUNDING_DIRECTIONS);
const interval = fc.constantFrom(...ROUNDING_INTERVALS);
const within = fc.option(fc.integer({ min: 0, max: 60 }), { nil: null });

export const roundingRulesArb: fc.Arbitrary<RoundingRules> = fc.record({
  shiftStartRounding: direction,
  shiftStartRoundingMinutes: interval,
  shiftEndRounding: direction,
  shiftEndRoundingMinutes: interval,
  breakStartRounding: direction,
  breakStartRoundingMinutes: interval,
  breakEndRounding: direction,
  breakEndRoundingMinutes: interval,
  roundUpToRosterStartWithinMinutes: within,
  roundDownToRosterStartWithinMinutes: within,
  roundUpToRosterEndWithinMinutes: within,
  roundDownToRosterEndWithinMinutes: within,
});

/** A clock-on instant: any in 2026 (to the millisecond), or one within three hours of a change. */
const clockOn = fc.oneof(
  fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 31) }),
  fc.tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -3 * HOUR, max: 3 * HOUR })).map(([change, offset]) => change + offset),
);

/** How long the shift lasted: often seconds or a few minutes (the short shifts rounding can empty), up to sixteen hours. */
const length = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2 * MINUTE }), fc.integer({ min: 0, max: 40 * MINUTE }), fc.integer({ min: 0, max: 16 * HOUR }));

export interface GeneratedShift {
  zone: (typeof ZONES)[number];
  rules: RoundingRules;
  shift: ShiftTimes;
  roster: RosterEdges | null;
}

export const kioskShiftArb: fc.Arbitrary<GeneratedShift> = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    rules: roundingRulesArb,
    start: clockOn,
    length,
    // Break edges as fractions of the shift, paired in order: 0 to 3 non-overlapping breaks.
    cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
    paid: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    roster: fc.option(fc.record({ offset: fc.integer({ min: -90 * MINUTE, max: 90 * MINUTE }), length: fc.integer({ min: MINUTE, max: 10 * HOUR }) }), { nil: null }),
  })
  .map(({ zone, rules, start, length: ms, cuts, paid, roster }) => {
    const edges = [...cuts].sort((a, b) => a - b).map((f) => start + Math.floor(f * ms));
    const breaks = [];
    for (let i = 0; i + 1 < edges.length; i += 2) {
      breaks.push({ startUtc: new Date(edges[i] ?? start), endUtc: new Date(edges[i + 1] ?? start), isPaidBreak: paid[i / 2] ?? false });
    }
    return {
      zone,
      rules,
      shift: { startUtc: new Date(start), endUtc: new Date(start + ms), breaks },
      roster: roster ? { startUtc: new Date(start + roster.offset), endUtc: new Date(start + roster.offset + roster.length) } : null,
    };
  });
