/**
 * Roster matching: which rostered shift a clock-on or clock-off belongs to, whether the
 * person is early or late, and which shifts are near a moment. Pure, so the kiosk (offline, from
 * the roster it keeps) and the service (`matchingclockon`, the clocked shift's roster shift,
 * rounding to the roster) reach the same answer from the same shifts.
 *
 * Rules (the contract says only "the rostered shift a clock-on at dateUtc would snap to, given the
 * kiosk's matching window"; the rest is ours, stated in docs/timesheets-and-rosters.md):
 * - A clock-on matches a shift of that person whose start is within the clock-on window of it
 *   (either side, edges included); a clock-off one whose end is within the clock-off window.
 * - A window of null means the kiosk does no matching.
 * - Among several, a chosen location and work type win (that is how a person's pick of a nearby
 *   shift travels in the vendor's clock-on body), then the nearest edge, then the earlier start,
 *   then the lower id.
 * - "Exact" is to the minute: a punch inside the rostered minute needs no snapping, which is when
 *   the contract's matching routes answer `shift: null`.
 */

/** A roster shift as matching needs it. Instants, so overnight and daylight-saving shifts need nothing special. */
export interface RosteredShift {
  id: number;
  employeeId: number | null;
  startUtc: Date;
  endUtc: Date;
  locationId: number | null;
  workTypeId: number | null;
}

export interface ShiftChoice {
  locationId?: number | null;
  workTypeId?: number | null;
}

export interface RosterMatch<T extends RosteredShift> {
  shift: T;
  /** The punch falls inside the rostered minute (nothing to snap). */
  exact: boolean;
}

const MINUTE = 60_000;

/** How far from the roster a moment may be and still be "near" it (the `nearby` route, the kiosk's shift pick). */
export const NEARBY_HOURS = 12;

function choiceScore(shift: RosteredShift, choice: ShiftChoice | undefined): number {
  if (!choice) return 0;
  let score = 0;
  if (choice.locationId != null && shift.locationId === choice.locationId) score += 2;
  if (choice.workTypeId != null && shift.workTypeId === choice.workTypeId) score += 1;
  return score;
}

function sameMinute(a: Date, b: Date): boolean {
  return Math.floor(a.getTime() / MINUTE) === Math.floor(b.getTime() / MINUTE);
}

function bestMatch<T extends RosteredShift>(
  shifts: readonly T[],
  at: Date,
  windowMinutes: number | null,
  edge: (shift: T) => Date,
  choice: ShiftChoice | undefined,
): RosterMatch<T> | null {
  if (windowMinutes === null || windowMinutes < 0) return null;
  const window = windowMinutes * MINUTE;
  const candidates = shifts.filter((s) => Math.abs(at.getTime() - edge(s).getTime()) <= window || sameMinute(at, edge(s)));
  if (candidates.length === 0) return null;
  const [best] = [...candidates].sort(
    (a, b) =>
      choiceScore(b, choice) - choiceScore(a, choice) ||
      Math.abs(at.getTime() - edge(a).getTime()) - Math.abs(at.getTime() - edge(b).getTime()) ||
      a.startUtc.getTime() - b.startUtc.getTime() ||
      a.id - b.id,
  );
  return best ? { shift: best, exact: sameMinute(at, edge(best)) } : null;
}

/** The roster shift a clock-on at `at` belongs to, among one person's shifts. */
export function matchClockOn<T extends RosteredShift>(
  shifts: readonly T[],
  at: Date,
  windowMinutes: number | null,
  choice?: ShiftChoice,
): RosterMatch<T> | null {
  return bestMatch(shifts, at, windowMinutes, (s) => s.startUtc, choice);
}

/**
 * The roster shift a clock-on at `at` is measured against on screen and on the receipt: the one
 * `matchClockOn` picks within the window, else the shift already under way at `at` (someone five
 * hours late is still on that shift's roster line; the same "still came" rule as
 * `rosterAttendance`). The service links a clocked shift only to a match within the window.
 */
export function rosterShiftForClockOn<T extends RosteredShift>(
  shifts: readonly T[],
  at: Date,
  windowMinutes: number | null,
  choice?: ShiftChoice,
): RosterMatch<T> | null {
  const matched = matchClockOn(shifts, at, windowMinutes, choice);
  if (matched) return matched;
  const underWay = shifts
    .filter((s) => s.startUtc.getTime() <= at.getTime() && at.getTime() < s.endUtc.getTime())
    .sort((a, b) => choiceScore(b, choice) - choiceScore(a, choice) || a.startUtc.getTime() - b.startUtc.getTime() || a.id - b.id)[0];
  return underWay ? { shift: underWay, exact: false } : null;
}

/**
 * The roster shift a clock-off at `at` belongs to. When the clocked shift already remembers its
 * roster shift, that one is the only candidate.
 */
export function matchClockOff<T extends RosteredShift>(
  shifts: readonly T[],
  at: Date,
  windowMinutes: number | null,
  rosterShiftId?: number | null,
): RosterMatch<T> | null {
  const pool = rosterShiftId != null ? shifts.filter((s) => s.id === rosterShiftId) : shifts;
  return bestMatch(pool, at, windowMinutes, (s) => s.endUtc, undefined);
}

/**
 * The person's next rostered shift once they leave at `at`: the earliest that starts after it
 * (a later part of a split day, or tomorrow's), for the clock-off receipt. A shift under way at
 * `at` is the one being left, not the next.
 */
export function nextShiftAfter<T extends RosteredShift>(shifts: readonly T[], at: Date): T | null {
  return [...shifts].filter((s) => s.startUtc.getTime() > at.getTime()).sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime() || a.id - b.id)[0] ?? null;
}

/** The person's shifts overlapping `NEARBY_HOURS` either side of `at`, by start. */
export function nearbyShifts<T extends RosteredShift>(shifts: readonly T[], at: Date, hours = NEARBY_HOURS): T[] {
  const from = at.getTime() - hours * 3_600_000;
  const to = at.getTime() + hours * 3_600_000;
  return shifts
    .filter((s) => s.endUtc.getTime() >= from && s.startUtc.getTime() <= to)
    .sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime() || a.id - b.id);
}

/**
 * The shifts a person may pick from at clock-on (`allowEmployeeShiftSelection`): those the
 * clock-on window reaches, or already under way, by start.
 */
export function pickableShifts<T extends RosteredShift>(shifts: readonly T[], at: Date, windowMinutes: number | null): T[] {
  const window = (windowMinutes ?? 0) * MINUTE;
  return shifts
    .filter(
      (s) =>
        (windowMinutes !== null && Math.abs(at.getTime() - s.startUtc.getTime()) <= window) ||
        (s.startUtc.getTime() <= at.getTime() && at.getTime() < s.endUtc.getTime()),
    )
    .sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime() || a.id - b.id);
}

export type Arrival = { kind: 'onTime' } | { kind: 'early' | 'late'; minutes: number };

/**
 * Early or late against the rostered start, in minutes as the clocks read (inside the rostered
 * minute is on time): a clock-on the receipt shows as 06:50 is ten minutes early for 07:00, even
 * at 06:50:40.
 */
export function arrivalAgainst(shift: Pick<RosteredShift, 'startUtc'>, at: Date): Arrival {
  const diff = Math.floor(at.getTime() / MINUTE) - Math.floor(shift.startUtc.getTime() / MINUTE);
  if (diff === 0) return { kind: 'onTime' };
  return { kind: diff < 0 ? 'early' : 'late', minutes: Math.abs(diff) };
}

/**
 * The window a kiosk matches with: its own setting, else the business's self-service setting
 * (EmployeePortalSettingsModel), else none.
 */
export function matchingWindow(kioskMinutes: number | null | undefined, businessMinutes: number | null | undefined): number | null {
  return kioskMinutes ?? businessMinutes ?? null;
}

/** A clocked shift as the roster board needs it (the manager's Roster tab). */
export interface ClockedShiftStart {
  id: number;
  employeeId: number;
  startUtc: Date;
  /** Null while the shift is open. */
  endUtc: Date | null;
  locationId: number | null;
  workTypeId: number | null;
}

/**
 * Where a rostered shift stands at a moment:
 * - `arrived`: a clocked shift belongs to it (`arrival` says early, on time or late; `open` while still clocked on);
 * - `upcoming`: no clock-on, and the clock-on window before the start has not opened yet;
 * - `due`: no clock-on, the window before the start is open (or it is the rostered minute);
 * - `overdue`: no clock-on, the start has passed but the window after it has not (running late, `minutes` so far);
 * - `absent`: no clock-on and the window after the start has passed (also once the shift is over).
 */
export type RosterAttendance =
  | { kind: 'arrived'; clockedShiftId: number; clockOnUtc: Date; arrival: Arrival; open: boolean }
  | { kind: 'upcoming' | 'due' | 'absent' }
  | { kind: 'overdue'; minutes: number };

/**
 * Pairs clocked shifts with roster shifts and says, per roster shift id, who is due, late or absent.
 *
 * Rules (ours, stated in docs/timesheets-and-rosters.md): clocked shifts are taken oldest first; each belongs to the
 * shift `matchClockOn` picks among that person's roster shifts not yet taken (the same window and
 * preference for the chosen location and work type the kiosk uses), else to the first such shift
 * it overlaps (someone who came earlier or later than the window still came). A roster shift
 * without one is `upcoming`, `due`, `overdue` or `absent` by the clock-on window around its start;
 * a null window (no matching) counts as 0 minutes, so the shift is absent once its minute is over.
 */
export function rosterAttendance<T extends RosteredShift>(
  shifts: readonly T[],
  clocked: readonly ClockedShiftStart[],
  now: Date,
  windowMinutes: number | null,
): Map<number, RosterAttendance> {
  const result = new Map<number, RosterAttendance>();
  const taken = new Set<number>();
  const byStart = [...clocked].sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime() || a.id - b.id);
  for (const shift of byStart) {
    const open = shifts.filter((s) => s.employeeId === shift.employeeId && !taken.has(s.id));
    const choice = { locationId: shift.locationId, workTypeId: shift.workTypeId };
    const end = shift.endUtc?.getTime() ?? Number.POSITIVE_INFINITY;
    const rostered =
      matchClockOn(open, shift.startUtc, windowMinutes, choice)?.shift ??
      [...open]
        .sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime() || a.id - b.id)
        .find((s) => shift.startUtc.getTime() < s.endUtc.getTime() && end > s.startUtc.getTime());
    if (!rostered) continue;
    taken.add(rostered.id);
    result.set(rostered.id, {
      kind: 'arrived',
      clockedShiftId: shift.id,
      clockOnUtc: shift.startUtc,
      arrival: arrivalAgainst(rostered, shift.startUtc),
      open: shift.endUtc === null,
    });
  }
  const window = Math.max(0, windowMinutes ?? 0) * MINUTE;
  for (const shift of shifts) {
    if (result.has(shift.id)) continue;
    const start = shift.startUtc.getTime();
    const at = now.getTime();
    if (sameMinute(now, shift.startUtc)) result.set(shift.id, { kind: 'due' });
    else if (at < start - window) result.set(shift.id, { kind: 'upcoming' });
    else if (at < start) result.set(shift.id, { kind: 'due' });
    else if (at <= start + window) result.set(shift.id, { kind: 'overdue', minutes: Math.max(1, Math.floor((at - start) / MINUTE)) });
    else result.set(shift.id, { kind: 'absent' });
  }
  return result;
}
