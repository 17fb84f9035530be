/**
 * The Roster tab without React: the week around a day (Monday first, dates on the kiosk's wall
 * clock), the service's roster shifts (wall-clock text in the business's zone) and clocked shifts
 * read as instants, and the board: per day, each shift with its person, times, place and where it
 * stands (domain rosterAttendance decides due, late and absent; nothing here restates it).
 */
import type { UkRosterShiftGenerateTimesheetModel, UkTimeAndAttendanceShiftModel } from '../../../contract/generated/models';
import { rosterAttendance, type ClockedShiftStart, type RosterAttendance, type RosteredShift } from '../../../domain/roster';
import { parseWireDateTime, toLocalDateTime } from '../../../domain/time';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The date `days` after a YYYY-MM-DD date (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + days * DAY_MS;
  return new Date(ms).toISOString().slice(0, 10);
}

/** The Monday of the week a date is in. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

export interface Week {
  /** Monday. */
  from: string;
  /** Sunday (inclusive). */
  to: string;
  days: string[];
}

/** The Monday-to-Sunday week of a date. */
export function weekOf(date: string): Week {
  const from = mondayOf(date);
  const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
  return { from, to: addDays(from, 6), days };
}

/** A roster shift with its times as instants (read in the business's zone). */
export interface BoardShift extends RosteredShift {
  model: UkRosterShiftGenerateTimesheetModel;
  /** The local date (kiosk zone) it starts on. */
  day: string;
}

export function boardShift(model: UkRosterShiftGenerateTimesheetModel, businessZone: string, kioskZone: string): BoardShift | null {
  const startUtc = parseWireDateTime(model.startTime, { zone: businessZone });
  const endUtc = parseWireDateTime(model.endTime, { zone: businessZone });
  if (!startUtc || !endUtc) return null;
  return {
    id: model.id,
    employeeId: model.employeeId,
    startUtc,
    endUtc,
    locationId: model.locationId,
    workTypeId: model.workTypeId,
    model,
    day: toLocalDateTime(startUtc, kioskZone).slice(0, 10),
  };
}

/** A clocked shift as the board compares it (its location 0 means none). */
export function clockedStart(shift: UkTimeAndAttendanceShiftModel): ClockedShiftStart | null {
  const startUtc = parseWireDateTime(shift.startTimeUtc, 'utc');
  const employeeId = shift.employee?.employeeId;
  if (!startUtc || employeeId === undefined) return null;
  return {
    id: shift.id,
    employeeId,
    startUtc,
    endUtc: shift.endTimeUtc ? parseWireDateTime(shift.endTimeUtc, 'utc') : null,
    locationId: shift.locationId || null,
    workTypeId: shift.workTypeId,
  };
}

export interface BoardRow {
  shift: BoardShift;
  attendance: RosterAttendance;
}

export interface BoardDay {
  day: string;
  rows: BoardRow[];
}

export interface BoardCounts {
  due: number;
  late: number;
  absent: number;
  arrived: number;
}

/** Whether a row is late: arrived late, or not yet arrived after the start. */
export function isLate(attendance: RosterAttendance): boolean {
  return attendance.kind === 'overdue' || (attendance.kind === 'arrived' && attendance.arrival.kind === 'late');
}

/**
 * The board of a week: every day of `days` with its shifts by start (then person), each with
 * where it stands at `now` against the clocked shifts.
 */
export function rosterBoard(
  shifts: readonly BoardShift[],
  clocked: readonly ClockedShiftStart[],
  days: readonly string[],
  now: Date,
  clockOnWindowMinutes: number | null,
): BoardDay[] {
  const attendance = rosterAttendance(shifts, clocked, now, clockOnWindowMinutes);
  return days.map((day) => ({
    day,
    rows: shifts
      .filter((s) => s.day === day)
      .sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime() || (a.model.employeeName ?? '').localeCompare(b.model.employeeName ?? '') || a.id - b.id)
      .map((shift) => ({ shift, attendance: attendance.get(shift.id) ?? { kind: 'upcoming' } })),
  }));
}

/** Today's figures for the head of the tab. */
export function countBoard(rows: readonly BoardRow[]): BoardCounts {
  return {
    due: rows.filter((r) => r.attendance.kind === 'due').length,
    late: rows.filter((r) => isLate(r.attendance)).length,
    absent: rows.filter((r) => r.attendance.kind === 'absent').length,
    arrived: rows.filter((r) => r.attendance.kind === 'arrived').length,
  };
}
