/**
 * The roster this tablet keeps for offline matching: the published shifts of
 * its staff from yesterday to a week ahead, with the kiosk's effective matching windows and
 * whether people may pick their shift, as the service sent them (KioskRosterModel, refreshed with
 * the other kiosk data by refreshKioskRoster.ts). Kept as one `meta` record (no schema change),
 * read back with zod/mini; roster times are kept as instants, converted once from the business's
 * wall clock when fetched. What the clock-on screens show is worked out here from the domain's
 * matching rules (src/domain/roster.ts), the same ones the service runs.
 */
import * as z from 'zod/mini';
import { arrivalAgainst, nextShiftAfter, pickableShifts, rosterShiftForClockOn, type Arrival, type RosteredShift, type ShiftChoice } from '../domain/roster';
import { personRosterState, type PersonAttendance, type PersonRosterState } from '../domain/rosterState';
import { finishTimeProblem } from '../domain/timesheets';
import type { KioskDb } from './db';
import { isoInstant, readRecord } from './records';

export const ROSTER_KEY = 'roster';

const KeptShift = z.object({
  id: z.int(),
  employeeId: z.nullable(z.int()),
  startUtc: isoInstant,
  endUtc: isoInstant,
  locationId: z.nullable(z.int()),
  locationName: z.nullable(z.string()),
  workTypeId: z.nullable(z.int()),
  workTypeName: z.nullable(z.string()),
});
export type KeptShift = z.infer<typeof KeptShift>;

export const KeptRoster = z.object({
  fetchedAt: isoInstant,
  clockOnWindowMinutes: z.nullable(z.int()),
  clockOffWindowMinutes: z.nullable(z.int()),
  allowEmployeeShiftSelection: z.boolean(),
  shifts: z.array(KeptShift),
});
export type KeptRoster = z.infer<typeof KeptRoster>;

/** A kept shift as the domain's matching takes it, with its names for the screen. */
export interface RosterShift extends RosteredShift {
  locationName: string | null;
  workTypeName: string | null;
}

export async function readKeptRoster(db: KioskDb): Promise<KeptRoster | null> {
  return readRecord(KeptRoster, (await db.meta.get(ROSTER_KEY))?.value);
}

export async function keepRoster(db: KioskDb, roster: KeptRoster): Promise<void> {
  await db.meta.put({ key: ROSTER_KEY, value: KeptRoster.parse(roster) });
}

/** One person's kept shifts, as the domain matches them. */
export function shiftsOf(roster: KeptRoster | null, employeeId: number): RosterShift[] {
  return (roster?.shifts ?? [])
    .filter((s) => s.employeeId === employeeId)
    .map((s) => ({ ...s, startUtc: new Date(s.startUtc), endUtc: new Date(s.endUtc) }));
}

/** The person's next kept shift after they leave at `at` (the clock-off receipt says it), if the kept week has one. */
export function nextRosterShift(roster: KeptRoster | null, employeeId: number, at: Date): RosterShift | null {
  return nextShiftAfter(shiftsOf(roster, employeeId), at);
}

/** What the clock-on screen shows of the roster: the matched shift, early or late, the shifts one may pick. */
export interface ClockOnRoster {
  match: RosterShift | null;
  arrival: Arrival | null;
  /** Offered only with allowEmployeeShiftSelection and more than one shift to pick from. */
  pickable: RosterShift[];
}

/**
 * The roster at a clock-on of `employeeId` at `at` (with the person's pick, when they made one):
 * the domain's match within the kiosk's clock-on window, else the shift already under way (a
 * late person still sees their shift), how early or late that is, and the shifts to pick from
 * when the kiosk lets people choose.
 */
export function clockOnRoster(roster: KeptRoster | null, employeeId: number, at: Date, choice?: ShiftChoice): ClockOnRoster {
  if (!roster) return { match: null, arrival: null, pickable: [] };
  const mine = shiftsOf(roster, employeeId);
  const matched = rosterShiftForClockOn(mine, at, roster.clockOnWindowMinutes, choice);
  const pickable = roster.allowEmployeeShiftSelection ? pickableShifts(mine, at, roster.clockOnWindowMinutes) : [];
  return {
    match: matched?.shift ?? null,
    arrival: matched ? arrivalAgainst(matched.shift, at) : null,
    pickable: pickable.length > 1 ? pickable : [],
  };
}

/** The choice a picked shift travels as in the vendor's clock-on body (no roster-shift field there). */
export function choiceOf(shift: Pick<RosteredShift, 'locationId' | 'workTypeId'>): { locationId?: number; workTypeId?: number } {
  return {
    ...(shift.locationId !== null ? { locationId: shift.locationId } : {}),
    ...(shift.workTypeId !== null ? { workTypeId: shift.workTypeId } : {}),
  };
}

/**
 * The finish to suggest to a person who forgot to clock off: the rostered end of the shift their
 * clock-on matched, when it is an acceptable finish (domain finishTimeProblem); null otherwise
 * (they give a time).
 */
export function suggestedFinish(
  roster: KeptRoster | null,
  employeeId: number,
  shift: { clockOnUtc: Date; breakStartUtc?: Date | null },
  now: Date,
): RosterShift | null {
  if (!roster) return null;
  const matched = rosterShiftForClockOn(shiftsOf(roster, employeeId), shift.clockOnUtc, roster.clockOnWindowMinutes);
  return matched && finishTimeProblem(matched.shift.endUtc, shift, now) === null ? matched.shift : null;
}

/** A person's roster state on the staff grid (domain personRosterState), from the kept roster and their attendance here. */
export function rosterStateOf(
  roster: KeptRoster | null,
  employeeId: number,
  local: { status: PersonAttendance['status']; clockOnTimeUtc: string | null; lastPunchTimeUtc: string | null },
  now: Date,
): PersonRosterState<RosterShift> {
  if (!roster) return { kind: 'none' };
  const instant = (value: string | null) => (value ? new Date(value) : null);
  return personRosterState(
    shiftsOf(roster, employeeId),
    { status: local.status, clockOnTimeUtc: instant(local.clockOnTimeUtc), lastPunchTimeUtc: instant(local.lastPunchTimeUtc) },
    now,
    roster,
  );
}
