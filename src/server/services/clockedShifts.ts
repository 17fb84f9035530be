/**
 * The clocked-shift search (`POST B/kiosk/shifts`): open and completed shifts with their breaks,
 * names and the employee's live state, in UkTimeAndAttendanceShiftModel form.
 */
import { and, desc, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { UkTimeAndAttendanceShiftModel } from '../../contract/generated/models';
import { toLocalDateTime } from '../../domain/time';
import type { Database } from '../db/openDatabase';
import { clockShifts, employees, kiosks, shiftBreaks } from '../db/schema';
import { toBasicKioskEmployee, type StaffView } from './kioskEmployees';
import { loadReferenceData } from './references';

export interface ShiftFilters {
  kioskIds: 'all' | readonly number[];
  kioskId?: number | null | undefined;
  locationId?: number | null | undefined;
  employeeId?: number | null | undefined;
  fromUtc?: Date | null;
  toUtc?: Date | null;
}

/** Shifts of the business overlapping the window, newest first. */
export async function searchShifts(
  db: Database,
  businessId: number,
  filters: ShiftFilters,
  view: Omit<StaffView, 'groupIds'> & { groupIdsByEmployee: Map<number, number[]> },
): Promise<UkTimeAndAttendanceShiftModel[]> {
  const conditions: SQL[] = [eq(clockShifts.businessId, businessId), inArray(clockShifts.status, ['open', 'completed'])];
  if (filters.kioskIds !== 'all') conditions.push(inArray(clockShifts.kioskId, [...filters.kioskIds, -1]));
  if (filters.kioskId) conditions.push(eq(clockShifts.kioskId, filters.kioskId));
  if (filters.locationId) conditions.push(eq(clockShifts.locationId, filters.locationId));
  if (filters.employeeId) conditions.push(eq(clockShifts.employeeId, filters.employeeId));
  if (filters.toUtc) conditions.push(lte(clockShifts.startUtc, filters.toUtc));
  if (filters.fromUtc) {
    const overlapsFrom = or(isNull(clockShifts.endUtc), gte(clockShifts.endUtc, filters.fromUtc));
    if (overlapsFrom) conditions.push(overlapsFrom);
  }
  const rows = await db
    .select({ shift: clockShifts, employee: employees, kioskName: kiosks.name })
    .from(clockShifts)
    .innerJoin(employees, eq(employees.id, clockShifts.employeeId))
    .innerJoin(kiosks, eq(kiosks.id, clockShifts.kioskId))
    .where(and(...conditions))
    .orderBy(desc(clockShifts.startUtc), desc(clockShifts.id));
  if (rows.length === 0) return [];

  const breakRows = await db
    .select()
    .from(shiftBreaks)
    .where(inArray(shiftBreaks.shiftId, rows.map((r) => r.shift.id)))
    .orderBy(shiftBreaks.startUtc);
  const breaksByShift = new Map<number, typeof breakRows>();
  for (const b of breakRows) breaksByShift.set(b.shiftId, [...(breaksByShift.get(b.shiftId) ?? []), b]);
  const refs = await loadReferenceData(db, businessId);

  return rows.map(({ shift, employee, kioskName }) => {
    const zone = shift.ianaTimeZone;
    const location = shift.locationId === null ? undefined : refs.locations.get(shift.locationId);
    const workType = shift.workTypeId === null ? undefined : refs.workTypes.get(shift.workTypeId);
    return {
      id: shift.id,
      startTimeLocal: toLocalDateTime(shift.startUtc, zone),
      startTimeUtc: shift.startUtc.toISOString(),
      endTimeUtc: shift.endUtc?.toISOString() ?? null,
      endTimeLocal: shift.endUtc ? toLocalDateTime(shift.endUtc, zone) : null,
      locationId: shift.locationId ?? 0,
      locationFullyQualifiedName: location?.fullyQualifiedName ?? null,
      workTypeId: shift.workTypeId,
      workTypeName: workType?.name ?? null,
      kioskId: shift.kioskId,
      kioskName,
      timesheetLineId: shift.timesheetLineId,
      employee: toBasicKioskEmployee(employee, { ...view, groupIds: view.groupIdsByEmployee.get(employee.id) ?? [] }),
      breaks: (breaksByShift.get(shift.id) ?? []).map((b) => ({
        startTimeUtc: b.startUtc.toISOString(),
        startTimeLocal: toLocalDateTime(b.startUtc, zone),
        endTimeUtc: b.endUtc?.toISOString() ?? null,
        endTimeLocal: b.endUtc ? toLocalDateTime(b.endUtc, zone) : null,
        isPaidBreak: b.isPaidBreak,
      })),
      shiftConditions: shift.shiftConditionIds.map((id) => ({ id, name: refs.workTypes.get(id)?.name ?? null })),
      dimensionValues: [],
    };
  });
}
