/**
 * Employees as a kiosk sees them: loading (and locking) one within a business, reading its
 * attendance state for the domain state machine, and mapping it to BasicKioskEmployeeModel /
 * KioskEmployeeModel with live shift state.
 */
import { and, asc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { BasicKioskEmployeeModel, KioskEmployeeModel } from '../../../contract/generated/models';
import { KIOSK_STAFF_MAX } from '../../../contract/paging';
import { ATTENDANCE_STATUSES, isLongShift, type AttendanceState, type AttendanceStatus } from '../../../domain/attendance';
import { isListedAtKiosk } from '../../../domain/kioskStaff';
import { toWireDate } from '../../../domain/time';
import type { Database } from '../../db/openDatabase';
import { clockShifts, employees } from '../../db/schema';
import { ApiError, invalidField, notFound } from '../../errors/apiError';

export type EmployeeRow = typeof employees.$inferSelect;

/** The columns a kiosk's view of an employee reads (the staff list selects only these). */
const STAFF_COLUMNS = {
  id: employees.id,
  firstName: employees.firstName,
  surname: employees.surname,
  email: employees.email,
  profileImageUrl: employees.profileImageUrl,
  mobilePhone: employees.mobilePhone,
  startDate: employees.startDate,
  locationIds: employees.locationIds,
  attendanceStatus: employees.attendanceStatus,
  currentShiftId: employees.currentShiftId,
  clockOnTimeUtc: employees.clockOnTimeUtc,
  breakStartTimeUtc: employees.breakStartTimeUtc,
  lastPunchTimeUtc: employees.lastPunchTimeUtc,
};
export type StaffRow = Pick<EmployeeRow, keyof typeof STAFF_COLUMNS>;

export interface StaffView {
  now: Date;
  longShiftMinutes: number;
  groupIds?: readonly number[];
  /** Report the employee as off shift (restrictCurrentShiftsToCurrentKioskLocation). */
  hideCurrentShift?: boolean;
}

function statusOf(row: Pick<EmployeeRow, 'id' | 'attendanceStatus'>): AttendanceStatus {
  const status = ATTENDANCE_STATUSES.find((s) => s === row.attendanceStatus);
  if (!status) throw new Error(`Employee ${row.id} has an unknown attendance status`);
  return status;
}

export function attendanceStateOf(row: StaffRow): AttendanceState {
  return {
    status: statusOf(row),
    clockOnTimeUtc: row.clockOnTimeUtc,
    breakStartTimeUtc: row.breakStartTimeUtc,
    lastPunchTimeUtc: row.lastPunchTimeUtc,
  };
}

export function toBasicKioskEmployee(row: StaffRow, view: StaffView): BasicKioskEmployeeModel {
  const state = attendanceStateOf(row);
  const hidden = view.hideCurrentShift === true;
  return {
    employeeId: row.id,
    firstName: row.firstName,
    surname: row.surname,
    name: `${row.firstName} ${row.surname}`.trim(),
    hasEmail: Boolean(row.email),
    profileImageUrl: row.profileImageUrl,
    mobileNumber: row.mobilePhone,
    status: hidden ? 'NotClockedOn' : state.status,
    longShift: hidden ? false : isLongShift(state, view.now, view.longShiftMinutes),
    clockOnTimeUtc: hidden ? null : (state.clockOnTimeUtc?.toISOString() ?? null),
    breakStartTimeUtc: hidden ? null : (state.breakStartTimeUtc?.toISOString() ?? null),
    recordedTimeUtc: hidden ? null : (state.lastPunchTimeUtc?.toISOString() ?? null),
    currentShiftId: hidden ? null : row.currentShiftId,
    employeeGroupIds: [...(view.groupIds ?? [])],
    employeeStartDate: row.startDate ? toWireDate(row.startDate) : null,
  };
}

export function toKioskEmployee(row: EmployeeRow, view: StaffView): KioskEmployeeModel {
  return { ...toBasicKioskEmployee(row, view), pinExpired: row.pinExpired };
}

/** True while the employee is not terminated (no end date, or one still ahead). */
export function isCurrentEmployee(row: Pick<EmployeeRow, 'endDate'>, now: Date): boolean {
  return row.endDate === null || row.endDate.getTime() > now.getTime();
}

/** True while the employee may use kiosks: enabled and not terminated. */
export function isActiveKioskEmployee(row: EmployeeRow, now: Date): boolean {
  return row.isKioskEnabled && isCurrentEmployee(row, now);
}

/** The employee named by a kiosk body's `employeeId`, required to be present. */
export function requireEmployeeId(employeeId: number | null | undefined): number {
  if (employeeId === null || employeeId === undefined || employeeId <= 0) {
    throw invalidField('validation-failed', 'employeeId', 'employeeId is required.');
  }
  return employeeId;
}

/**
 * Loads an employee of the business for a kiosk operation. With `lock`, the row is locked until
 * the surrounding transaction ends, which serialises every punch and PIN check of that employee.
 * `kioskAccess: false` (a self-service punch) asks only that they are not terminated. With
 * `atKiosk`, the employee must also be listed at that kiosk (domain/kioskStaff.ts): a kiosk does not
 * accept someone it does not list; refused like a person without kiosk access.
 */
export async function loadKioskEmployee(
  db: Database,
  businessId: number,
  employeeId: number,
  options: { lock?: boolean; now: Date; kioskAccess?: boolean; atKiosk?: { locationId: number | null } },
): Promise<EmployeeRow> {
  return (await loadKioskEmployeeWith(db, businessId, employeeId, options, null)).row;
}

/**
 * loadKioskEmployee, also reading `also` (one SQL value, e.g. a punch's other reads as JSON) in the
 * same statement: one round trip for a punch's reads. `also` is evaluated in
 * the statement's snapshot, which a wait for the lock does not refresh: read through it only data
 * that the employee's other punches do not change.
 */
export async function loadKioskEmployeeWith(
  db: Database,
  businessId: number,
  employeeId: number,
  options: Parameters<typeof loadKioskEmployee>[3],
  also: SQL | null,
): Promise<{ row: EmployeeRow; also: unknown }> {
  const query = db
    .select({ row: employees, also: also ?? sql<unknown>`null` })
    .from(employees)
    .where(and(eq(employees.id, employeeId), eq(employees.businessId, businessId)));
  const [found] = options.lock ? await query.for('update') : await query;
  return { row: checkKioskEmployee(found?.row, employeeId, options), also: found?.also };
}

/** The employee as read (undefined: no such employee of the business), refused as loadKioskEmployee refuses. */
export function checkKioskEmployee(row: EmployeeRow | undefined, employeeId: number, options: Omit<Parameters<typeof loadKioskEmployee>[3], 'lock'>): EmployeeRow {
  if (!row) throw notFound(`Employee ${employeeId}`);
  if (options.kioskAccess === false ? !isCurrentEmployee(row, options.now) : !isActiveKioskEmployee(row, options.now)) {
    throw new ApiError(403, 'not-kiosk-enabled', 'The employee cannot use kiosks.', {
      detail: `Employee ${employeeId} is not enabled for kiosk use. A manager can grant kiosk access.`,
    });
  }
  if (options.atKiosk && !isListedAtKiosk(options.atKiosk.locationId, row.locationIds)) {
    throw new ApiError(403, 'not-kiosk-enabled', 'The employee cannot use this kiosk.', {
      detail: `Employee ${employeeId} does not work at this kiosk's location. A manager can add the location to the employee.`,
    });
  }
  return row;
}

export interface KioskStaff {
  /** The staff, with the location of each one's open shift (null when off shift or without one). */
  rows: Array<{ employee: StaffRow; shiftLocationId: number | null }>;
  /** True when the business has more kiosk staff than KIOSK_STAFF_MAX and the list was cut. */
  truncated: boolean;
}

/**
 * Kiosk-enabled, non-terminated employees of a business listed at a kiosk at `kioskLocationId`
 * (domain/kioskStaff.ts, in SQL), by first name, surname and id: at most KIOSK_STAFF_MAX of them,
 * each with their open shift's location, in one query that history does not slow down (the shift
 * is found by primary key).
 */
export async function listKioskStaff(db: Database, businessId: number, now: Date, kioskLocationId: number | null): Promise<KioskStaff> {
  const rows = await db
    .select({ employee: STAFF_COLUMNS, shiftLocationId: clockShifts.locationId })
    .from(employees)
    .leftJoin(clockShifts, eq(clockShifts.id, employees.currentShiftId))
    .where(
      and(
        eq(employees.businessId, businessId),
        eq(employees.isKioskEnabled, true),
        or(isNull(employees.endDate), gt(employees.endDate, now)),
        kioskLocationId === null
          ? undefined
          : sql`(cardinality(${employees.locationIds}) = 0 or ${kioskLocationId}::integer = any(${employees.locationIds}))`,
      ),
    )
    .orderBy(asc(employees.firstName), asc(employees.surname), asc(employees.id))
    .limit(KIOSK_STAFF_MAX + 1);
  return { rows: rows.slice(0, KIOSK_STAFF_MAX), truncated: rows.length > KIOSK_STAFF_MAX };
}
