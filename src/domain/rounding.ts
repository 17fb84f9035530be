/**
 * Timesheet rounding: the business's rounding rules applied to a kiosk shift's start,
 * end and breaks, leaving the raw punches untouched. The contract has no rounding model; this one
 * follows the vendor's help pages ("Timesheet Rounding" in payroll settings): shift start and end,
 * break start and end, each "don't round", "round up", "round down" or "round to the nearest" x
 * minutes ("rounding up moves the time forward on the clock, rounding down backward"), and the
 * rostered-shift rules "round up / down to roster start / end time within x minutes".
 *
 * Order (ours; the vendor does not say): a rostered-shift rule that applies wins for that edge;
 * otherwise the general rule. Intervals count from local midnight, so a 60-minute rule lands on the
 * hour in a zone with a half-hour offset. A rounded end never precedes the rounded start, and
 * breaks stay inside the rounded shift.
 */
import { localToUtc, zoneOffsetMinutes } from './time';

export const ROUNDING_DIRECTIONS = ['DontRound', 'RoundUp', 'RoundDown', 'RoundToNearest'] as const;
export type RoundingDirection = (typeof ROUNDING_DIRECTIONS)[number];

/** The rounding intervals the vendor offers. */
export const ROUNDING_INTERVALS = [1, 5, 6, 10, 15, 30, 60] as const;

/** The business's rounding rules (RoundingRulesModel on the wire: the same flat shape). */
export interface RoundingRules {
  shiftStartRounding: RoundingDirection;
  shiftStartRoundingMinutes: number;
  shiftEndRounding: RoundingDirection;
  shiftEndRoundingMinutes: number;
  breakStartRounding: RoundingDirection;
  breakStartRoundingMinutes: number;
  breakEndRounding: RoundingDirection;
  breakEndRoundingMinutes: number;
  roundUpToRosterStartWithinMinutes: number | null;
  roundDownToRosterStartWithinMinutes: number | null;
  roundUpToRosterEndWithinMinutes: number | null;
  roundDownToRosterEndWithinMinutes: number | null;
}

/** No rounding at all: what a business has until it saves rules. */
export const NO_ROUNDING: RoundingRules = {
  shiftStartRounding: 'DontRound',
  shiftStartRoundingMinutes: 15,
  shiftEndRounding: 'DontRound',
  shiftEndRoundingMinutes: 15,
  breakStartRounding: 'DontRound',
  breakStartRoundingMinutes: 15,
  breakEndRounding: 'DontRound',
  breakEndRoundingMinutes: 15,
  roundUpToRosterStartWithinMinutes: null,
  roundDownToRosterStartWithinMinutes: null,
  roundUpToRosterEndWithinMinutes: null,
  roundDownToRosterEndWithinMinutes: null,
};

const MINUTE = 60_000;

/** Rounds an instant on the local clock of `zone` (seconds count: 09:00:30 rounded up to 15 is 09:15). */
export function roundInstant(at: Date, direction: RoundingDirection, intervalMinutes: number, zone: string): Date {
  if (direction === 'DontRound' || intervalMinutes <= 0) return at;
  const offset = zoneOffsetMinutes(at, zone) * MINUTE;
  const wall = at.getTime() + offset;
  const step = intervalMinutes * MINUTE;
  const down = Math.floor(wall / step) * step;
  if (down === wall) return at;
  const up = down + step;
  const rounded = direction === 'RoundDown' ? down : direction === 'RoundUp' ? up : wall - down < up - wall ? down : up;
  return localToUtc(new Date(rounded), zone);
}

export interface ShiftTimes {
  startUtc: Date;
  endUtc: Date;
  breaks: ReadonlyArray<{ startUtc: Date; endUtc: Date; isPaidBreak: boolean }>;
}

export interface RosterEdges {
  startUtc: Date;
  endUtc: Date;
}

export interface RoundedShift {
  startUtc: Date;
  endUtc: Date;
  breaks: Array<{ startUtc: Date; endUtc: Date; isPaidBreak: boolean }>;
  /** Which edges snapped to the roster (for the manager's view). */
  snappedToRoster: { start: boolean; end: boolean };
}

function snapToRoster(at: Date, rostered: Date, upWithin: number | null, downWithin: number | null): Date | null {
  const diff = rostered.getTime() - at.getTime();
  // Before the rostered time: rounding up (forward) to it.
  if (diff > 0 && upWithin !== null && diff <= upWithin * MINUTE) return rostered;
  // After it: rounding down (backward) to it.
  if (diff < 0 && downWithin !== null && -diff <= downWithin * MINUTE) return rostered;
  return null;
}

const clamp = (t: number, lo: number, hi: number) => Math.min(Math.max(t, lo), hi);

/** The shift as the timesheet line should carry it under `rules` (with its roster shift, if it has one). */
export function roundShift(shift: ShiftTimes, rules: RoundingRules, zone: string, roster?: RosterEdges | null): RoundedShift {
  const rosterStart = roster ? snapToRoster(shift.startUtc, roster.startUtc, rules.roundUpToRosterStartWithinMinutes, rules.roundDownToRosterStartWithinMinutes) : null;
  const rosterEnd = roster ? snapToRoster(shift.endUtc, roster.endUtc, rules.roundUpToRosterEndWithinMinutes, rules.roundDownToRosterEndWithinMinutes) : null;
  const start = rosterStart ?? roundInstant(shift.startUtc, rules.shiftStartRounding, rules.shiftStartRoundingMinutes, zone);
  let end = rosterEnd ?? roundInstant(shift.endUtc, rules.shiftEndRounding, rules.shiftEndRoundingMinutes, zone);
  if (end.getTime() < start.getTime()) end = start;
  const lo = start.getTime();
  const hi = end.getTime();
  const breaks = shift.breaks.map((b) => {
    const bs = clamp(roundInstant(b.startUtc, rules.breakStartRounding, rules.breakStartRoundingMinutes, zone).getTime(), lo, hi);
    const be = clamp(roundInstant(b.endUtc, rules.breakEndRounding, rules.breakEndRoundingMinutes, zone).getTime(), bs, hi);
    return { startUtc: new Date(bs), endUtc: new Date(be), isPaidBreak: b.isPaidBreak };
  });
  return { startUtc: start, endUtc: end, breaks, snappedToRoster: { start: rosterStart !== null, end: rosterEnd !== null } };
}
