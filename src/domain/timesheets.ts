/**
 * Timesheet line rules: the statuses a line moves through, who may change it, when a
 * kiosk line is approved by itself (the business setting `approveIfMatchesRosterShift`), and the
 * forgotten clock-off: when to ask a person when they finished, and what answer is acceptable.
 * Pure, shared by the service and the kiosk.
 *
 * Statuses are the vendor's line statuses as text: Submitted -> Approved or Rejected -> Processed
 * (a manager may send an Approved or Rejected line back to Submitted, or change their mind between
 * Approved and Rejected; only an Approved line is processed, and a Processed line never changes).
 */

export const TIMESHEET_STATUSES = ['Submitted', 'Approved', 'Rejected', 'Processed'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

const NEXT: Record<TimesheetStatus, readonly TimesheetStatus[]> = {
  Submitted: ['Approved', 'Rejected'],
  Approved: ['Submitted', 'Rejected', 'Processed'],
  Rejected: ['Submitted', 'Approved'],
  Processed: [],
};

/** Whether a line may go from one status to another (staying put is always allowed except for Processed lines being edited). */
export function canMoveTimesheet(from: TimesheetStatus, to: TimesheetStatus): boolean {
  return from === to || NEXT[from].includes(to);
}

/** A processed line (in a pay run) is never changed or deleted. */
export function isLineLocked(status: TimesheetStatus): boolean {
  return status === 'Processed';
}

export function isTimesheetStatus(value: string): value is TimesheetStatus {
  return (TIMESHEET_STATUSES as readonly string[]).includes(value);
}

/**
 * A kiosk line matches its roster shift when its (rounded) start and end fall in the rostered
 * minutes and it is at the rostered location and work type where the roster names them. Then,
 * with `approveIfMatchesRosterShift`, it is approved as it is written.
 */
export function lineMatchesRoster(
  line: { startUtc: Date; endUtc: Date; locationId: number | null; workTypeId: number | null },
  roster: { startUtc: Date; endUtc: Date; locationId: number | null; workTypeId: number | null },
): boolean {
  const minute = (d: Date) => Math.floor(d.getTime() / 60_000);
  return (
    minute(line.startUtc) === minute(roster.startUtc) &&
    minute(line.endUtc) === minute(roster.endUtc) &&
    (roster.locationId === null || roster.locationId === line.locationId) &&
    (roster.workTypeId === null || roster.workTypeId === line.workTypeId)
  );
}

/** Corrections of a forgotten clock-off: pending until a manager accepts or rejects the stated finish. */
export const CORRECTION_STATUSES = ['Pending', 'Accepted', 'Rejected'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

/**
 * Ask when they finished: the person is on a shift that began longer ago than the long-shift
 * threshold (the same rule as the staff list's `longShift`).
 */
export function shouldAskFinishTime(clockOnUtc: Date | null, now: Date, longShiftMinutes: number): boolean {
  return clockOnUtc !== null && now.getTime() - clockOnUtc.getTime() > longShiftMinutes * 60_000;
}

export type FinishTimeProblem = 'before-clock-on' | 'in-future' | 'before-break';

/**
 * Whether a stated finish is possible: after the clock-on (and after any break start it would
 * close), and not later than now.
 */
export function finishTimeProblem(
  finishUtc: Date,
  shift: { clockOnUtc: Date; breakStartUtc?: Date | null },
  now: Date,
): FinishTimeProblem | null {
  if (finishUtc.getTime() <= shift.clockOnUtc.getTime()) return 'before-clock-on';
  if (finishUtc.getTime() > now.getTime()) return 'in-future';
  if (shift.breakStartUtc && finishUtc.getTime() < shift.breakStartUtc.getTime()) return 'before-break';
  return null;
}
