/**
 * The clocked-shift search (`POST B/kiosk/shifts`): open and completed shifts with their breaks,
 * names and the employee's live state, in UkTimeAndAttendanceShiftModel form. The contract gives
 * it no paging, so it is bounded here: a default window when no dates are given, a maximum window
 * length, and at most SHIFT_SEARCH.maxResults shifts (the newest), found on the (business, start)
 * index and read with only the breaks, names and groups of those shifts.
 */
import { and, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { UkTimeAndAttendanceShiftModel } from '../../../contract/generated/models';
import { SHIFT_SEARCH } from '../../../contract/paging';
import { parseWireDateTime, toLocalDateTime } from '../../../domain/time';
import type { Database } from '../../db/openDatabase';
import { clockShifts, employees, kiosks, shiftBreaks } from '../../db/schema';
import { invalidField } from '../../errors/apiError';
import { mapInSlices } from '../../lists/listGate';
import { groupIdsByEmployee } from '../people/employeeGroups';
import { toBasicKioskEmployee, type StaffView } from '../people/kioskEmployees';
import { loadReferencesFor } from '../referenceData/references';
import { dimensionValuesByIds } from '../referenceData/reportingDimensions';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface ShiftWindow {
  fromUtc: Date;
  toUtc: Date;
}

/**
 * The window a search covers: without toDateUtc it ends now plus the clock-skew allowance
 * (`futureAllowanceMs`, MAX_FUTURE_SKEW_SECONDS: punches recorded that far ahead of the service's
 * clock are accepted, so a search right after one must find it), or at fromDateUtc if that is
 * later; without fromDateUtc it starts SHIFT_SEARCH.defaultWindowDays before its end. A backwards
 * or over-long window is a 400 naming the date to change.
 */
export function shiftWindow(from: Date | null, to: Date | null, now: Date, futureAllowanceMs: number): ShiftWindow {
  const toUtc = to ?? new Date(Math.max(now.getTime() + futureAllowanceMs, from?.getTime() ?? 0));
  const fromUtc = from ?? new Date(toUtc.getTime() - SHIFT_SEARCH.defaultWindowDays * DAY_MS);
  const field = to ? 'toDateUtc' : 'fromDateUtc';
  if (toUtc.getTime() < fromUtc.getTime()) throw invalidField('validation-failed', 'toDateUtc', 'toDateUtc must not be before fromDateUtc.');
  if (toUtc.getTime() - fromUtc.getTime() > SHIFT_SEARCH.maxWindowDays * DAY_MS) {
    throw invalidField(
      'validation-failed',
      field,
      `A search covers at most ${SHIFT_SEARCH.maxWindowDays} days from fromDateUtc to toDateUtc (toDateUtc defaults to now); search a shorter window.`,
    );
  }
  return { fromUtc, toUtc };
}

export interface ShiftFilters extends ShiftWindow {
  kioskIds: 'all' | readonly number[];
  kioskId?: number | null | undefined;
  locationId?: number | null | undefined;
  employeeId?: number | null | undefined;
}

const NEWEST_FIRST = [desc(clockShifts.startUtc), desc(clockShifts.id)];

/** A window bound sent as text (the shift search's fromDateUtc/toDateUtc, the punch audit's FromUtc/ToUtc), or null when not given; 400 when unreadable. */
export function searchBound(value: string | null | undefined, field: string): Date | null {
  if (value === null || value === undefined) return null;
  const at = parseWireDateTime(value, 'utc');
  if (!at) throw invalidField('validation-failed', field, `${field} is not a valid date-time.`);
  return at;
}

/** The newest shifts of the window, at most SHIFT_SEARCH.maxResults, with employee and kiosk name. */
async function findShifts(db: Database, businessId: number, filters: ShiftFilters) {
  const limit = SHIFT_SEARCH.maxResults;
  const base: SQL[] = [eq(clockShifts.businessId, businessId), inArray(clockShifts.status, ['open', 'completed'])];
  if (filters.kioskIds !== 'all') {
    // A caller limited to some kiosks (a device, a restricted user) sees their shifts, and the
    // self-service shifts (no kiosk) of kiosk staff, so a tablet can tell "clocked on through
    // self-service" from "at another kiosk"; never other kiosks' shifts.
    const kioskless = and(isNull(clockShifts.kioskId), eq(employees.isKioskEnabled, true));
    const visible = or(inArray(clockShifts.kioskId, [...filters.kioskIds, -1]), kioskless);
    if (!visible) throw new Error('no visibility condition');
    base.push(visible);
  }
  if (filters.kioskId) base.push(eq(clockShifts.kioskId, filters.kioskId));
  if (filters.locationId) base.push(eq(clockShifts.locationId, filters.locationId));
  if (filters.employeeId) base.push(eq(clockShifts.employeeId, filters.employeeId));
  const lookback = new Date(filters.fromUtc.getTime() - SHIFT_SEARCH.overlapLookbackHours * HOUR_MS);
  const select = (where: SQL | undefined, count: number) =>
    db
      .select({ shift: clockShifts, employee: employees, kioskName: kiosks.name })
      .from(clockShifts)
      .innerJoin(employees, eq(employees.id, clockShifts.employeeId))
      // A shift clocked through self-service has no kiosk (kiosk_id null): it is kept, without a kiosk name.
      .leftJoin(kiosks, eq(kiosks.id, clockShifts.kioskId))
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(count);
  // Three index ranges, newest first, each read only as far as the answer still needs:
  // shifts that began in the window (a backward scan that stops after `limit` rows),
  const began = await select(and(...base, lte(clockShifts.startUtc, filters.toUtc), gte(clockShifts.startUtc, filters.fromUtc)), limit);
  if (began.length >= limit) return began;
  // then those that began shortly before it and were still running at its start,
  const before = await select(
    and(
      ...base,
      lt(clockShifts.startUtc, filters.fromUtc),
      gte(clockShifts.startUtc, lookback),
      or(isNull(clockShifts.endUtc), gte(clockShifts.endUtc, filters.fromUtc)),
    ),
    limit - began.length,
  );
  if (began.length + before.length >= limit) return [...began, ...before];
  // then those still open however long ago they began (a partial index holds only open shifts).
  const longOpen = await select(and(...base, isNull(clockShifts.endUtc), lt(clockShifts.startUtc, lookback)), limit - began.length - before.length);
  return [...began, ...before, ...longOpen];
}

/** Shifts of the business overlapping the window, newest first (at most SHIFT_SEARCH.maxResults). */
export async function searchShifts(
  db: Database,
  businessId: number,
  filters: ShiftFilters,
  view: Omit<StaffView, 'groupIds'>,
): Promise<UkTimeAndAttendanceShiftModel[]> {
  const rows = await findShifts(db, businessId, filters);
  if (rows.length === 0) return [];

  const breakRows = await db
    .select()
    .from(shiftBreaks)
    .where(inArray(shiftBreaks.shiftId, rows.map((r) => r.shift.id)))
    .orderBy(shiftBreaks.startUtc, shiftBreaks.id);
  const breaksByShift = new Map<number, typeof breakRows>();
  for (const b of breakRows) breaksByShift.set(b.shiftId, [...(breaksByShift.get(b.shiftId) ?? []), b]);
  const refs = await loadReferencesFor(db, businessId, {
    locationIds: rows.flatMap(({ shift }) => (shift.locationId === null ? [] : [shift.locationId])),
    workTypeIds: rows.flatMap(({ shift }) => [...(shift.workTypeId === null ? [] : [shift.workTypeId]), ...shift.shiftConditionIds]),
  });
  // Group membership is only reported for current employees (no end date, or one still ahead).
  const current = new Map(
    rows
      .map((r) => r.employee)
      .filter((employee) => employee.endDate === null || employee.endDate.getTime() > view.now.getTime())
      .map((employee) => [employee.id, employee]),
  );
  const groupIds = await groupIdsByEmployee(db, businessId, [...current.values()]);
  // Reporting dimension values the page's shifts recorded (no statement when none did).
  const dimensionValues = await dimensionValuesByIds(db, businessId, rows.flatMap(({ shift }) => shift.dimensionValueIds));

  return mapInSlices(rows, ({ shift, employee, kioskName }) => {
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
      // The contract's kioskId is not nullable: a shift clocked through self-service has kiosk 0.
      kioskId: shift.kioskId ?? 0,
      kioskName,
      timesheetLineId: shift.timesheetLineId,
      employee: toBasicKioskEmployee(employee, { ...view, groupIds: groupIds.get(employee.id) ?? [] }),
      breaks: (breaksByShift.get(shift.id) ?? []).map((b) => ({
        startTimeUtc: b.startUtc.toISOString(),
        startTimeLocal: toLocalDateTime(b.startUtc, zone),
        endTimeUtc: b.endUtc?.toISOString() ?? null,
        endTimeLocal: b.endUtc ? toLocalDateTime(b.endUtc, zone) : null,
        isPaidBreak: b.isPaidBreak,
      })),
      shiftConditions: shift.shiftConditionIds.map((id) => ({ id, name: refs.workTypes.get(id)?.name ?? null })),
      dimensionValues: shift.dimensionValueIds.flatMap((id) => dimensionValues.get(id) ?? []),
    };
  });
}
