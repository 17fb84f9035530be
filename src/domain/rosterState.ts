/**
 * Where one person stands against the roster at a moment, for the staff grid: due (their shift
 * starts within the clock-on window), late (it has started and they are not on it), on shift (on
 * the roster shift their clock-on belongs to), finishing (its end is within the clock-off window) or
 * past its end (still clocked on after the rostered finish: the grid says the shift ended, not that
 * it is finishing). Pure, from the roster the tablet keeps and the person's attendance, so the grid says
 * the same offline as online; the pairing of a clock-on with its shift is roster.ts's.
 */
import { rosterShiftForClockOn, type RosteredShift } from './roster';

/** How far ahead "due" and "finishing" look when the kiosk does no matching (no window). */
export const ROSTER_LEAD_MINUTES = 15;

const MINUTE = 60_000;

export type PersonRosterState<T extends RosteredShift = RosteredShift> =
  | { kind: 'due' | 'onShift' | 'finishing' | 'pastEnd'; shift: T }
  | { kind: 'late'; shift: T; minutes: number }
  | { kind: 'none' };

export interface PersonAttendance {
  status: 'NotClockedOn' | 'ClockedOn' | 'OnBreak' | 'ClockedOff';
  clockOnTimeUtc: Date | null;
  lastPunchTimeUtc: Date | null;
}

export interface RosterWindows {
  clockOnWindowMinutes: number | null;
  clockOffWindowMinutes: number | null;
}

const lead = (minutes: number | null) => Math.max(0, minutes ?? ROSTER_LEAD_MINUTES) * MINUTE;

/**
 * The person's roster state at `now` among their own shifts. Someone clocked off after the start
 * of a shift (less the clock-on window) came for it: it is neither due nor late.
 */
export function personRosterState<T extends RosteredShift>(shifts: readonly T[], person: PersonAttendance, now: Date, windows: RosterWindows): PersonRosterState<T> {
  const at = now.getTime();
  const onShift = person.status === 'ClockedOn' || person.status === 'OnBreak';
  if (onShift) {
    if (!person.clockOnTimeUtc) return { kind: 'none' };
    const shift = rosterShiftForClockOn(shifts, person.clockOnTimeUtc, windows.clockOnWindowMinutes)?.shift;
    if (!shift) return { kind: 'none' };
    const end = shift.endUtc.getTime();
    return { kind: at >= end ? 'pastEnd' : at >= end - lead(windows.clockOffWindowMinutes) ? 'finishing' : 'onShift', shift };
  }
  const since = person.lastPunchTimeUtc?.getTime() ?? Number.NEGATIVE_INFINITY;
  const ahead = lead(windows.clockOnWindowMinutes);
  const open = shifts
    .filter((s) => at < s.endUtc.getTime() && since < s.startUtc.getTime() - ahead && s.startUtc.getTime() - ahead <= at)
    .sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime() || a.id - b.id);
  const shift = open[0];
  if (!shift) return { kind: 'none' };
  const startMinute = Math.floor(shift.startUtc.getTime() / MINUTE);
  if (Math.floor(at / MINUTE) <= startMinute) return { kind: 'due', shift };
  return { kind: 'late', shift, minutes: Math.max(1, Math.floor((at - shift.startUtc.getTime()) / MINUTE)) };
}
