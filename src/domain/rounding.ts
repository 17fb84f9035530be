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
 * hour in a zone with a half-hour offset.
 *
 * Every line this writes can be approved, edited and exported (a decision, written down with the
 * others where the contract is silent): when rounding would put the end at or before the start
 * (14:38-14:39 to the nearest 5 minutes is 14:40-14:40), the line keeps the punches' own times,
 * neither edge rounded nor snapped; a line is at least one minute long (a shift of seconds ends a
 * minute after it starts), because the manager's screens, the edit form and the export count whole
 * minutes; rounded breaks stay inside the line and never overlap (each starts no earlier than the
 * one before it ends).
 */
import { zoneOffsetMinutes } from './time';

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

/**
 * Rounds an instant on the local clock of `zone` (seconds count: 09:00:30 rounded up to 15 is
 * 09:15). The instant moves by what the clock at that moment moves, so it never moves the wrong way
 * or by more than the interval, even in the hour repeated when clocks go back (reading the rounded
 * wall-clock time back would land an hour early there).
 */
export function roundInstant(at: Date, direction: RoundingDirection, intervalMinutes: number, zone: string): Date {
  if (direction === 'DontRound' || intervalMinutes <= 0) return at;
  const offset = zoneOffsetMinutes(at, zone) * MINUTE;
  const wall = at.getTime() + offset;
  const step = intervalMinutes * MINUTE;
  const down = Math.floor(wall / step) * step;
  if (down === wall) return at;
  const up = down + step;
  const rounded = direction === 'RoundDown' ? down : direction === 'RoundUp' ? up : wall - down < up - wall ? down : up;
  return new Date(at.getTime() + (rounded - wall));
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

/** The shortest line written: one minute, the unit the manager's screens and the export count in. */
export const MIN_LINE_MS = MINUTE;

/** The shift as the timesheet line should carry it under `rules` (with its roster shift, if it has one). */
export function roundShift(shift: ShiftTimes, rules: RoundingRules, zone: string, roster?: RosterEdges | null): RoundedShift {
  const rosterStart = roster ? snapToRoster(shift.startUtc, roster.startUtc, rules.roundUpToRosterStartWithinMinutes, rules.roundDownToRosterStartWithinMinutes) : null;
  const rosterEnd = roster ? snapToRoster(shift.endUtc, roster.endUtc, rules.roundUpToRosterEndWithinMinutes, rules.roundDownToRosterEndWithinMinutes) : null;
  const roundedStart = rosterStart ?? roundInstant(shift.startUtc, rules.shiftStartRounding, rules.shiftStartRoundingMinutes, zone);
  const roundedEnd = rosterEnd ?? roundInstant(shift.endUtc, rules.shiftEndRounding, rules.shiftEndRoundingMinutes, zone);
  // Rounding that empties or inverts the shift is not applied: the punches' own times stand.
  const keepsShape = roundedEnd.getTime() > roundedStart.getTime();
  const lo = (keepsShape ? roundedStart : shift.startUtc).getTime();
  const hi = Math.max((keepsShape ? roundedEnd : shift.endUtc).getTime(), lo + MIN_LINE_MS);
  const ordered = [...shift.breaks].sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime());
  let previousEnd = lo;
  const breaks = ordered.map((b) => {
    const start = keepsShape ? roundInstant(b.startUtc, rules.breakStartRounding, rules.breakStartRoundingMinutes, zone) : b.startUtc;
    const end = keepsShape ? roundInstant(b.endUtc, rules.breakEndRounding, rules.breakEndRoundingMinutes, zone) : b.endUtc;
    const bs = clamp(start.getTime(), previousEnd, hi);
    const be = clamp(end.getTime(), bs, hi);
    previousEnd = be;
    return { startUtc: new Date(bs), endUtc: new Date(be), isPaidBreak: b.isPaidBreak };
  });
  return {
    startUtc: new Date(lo),
    endUtc: new Date(hi),
    breaks,
    snappedToRoster: { start: keepsShape && rosterStart !== null, end: keepsShape && rosterEnd !== null },
  };
}
