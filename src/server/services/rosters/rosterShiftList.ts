/**
 * `GET B/rostershift` (contract 2.8) with every filter of the contract and its paging, and the
 * kiosk's offline roster (`GET B/kiosk/{kioskId}/roster`, a project extension). Windows are
 * wall-clock times in the business's zone; both lists read the (business_id, start_utc) index
 * over a bounded window, and a shift that began before the window is found because no shift is
 * longer than ROSTER_LIST.maxShiftHours.
 */
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { RosterShiftStatus, UkEssRosterShiftModel, UkRosterShiftGenerateTimesheetModel } from '../../../contract/generated/models';
import { ROSTER_LIST } from '../../../contract/paging';
import { lineMatchesRoster } from '../../../domain/timesheets';
import { parseWireDateTime } from '../../../domain/time';
import type { Database } from '../../db/openDatabase';
import { employees, rosterShifts, timesheetLines } from '../../db/schema';
import { ApiError, invalidField } from '../../errors/apiError';
import { loadBusiness } from '../businesses/businesses';
import { loadEmployeeGroup, matchingEmployees } from '../people/employeeGroups';
import { loadRosterDetails, toEssRosterShift, type RosterShiftRow } from './rosterShifts';
import { readInTurn } from '../../db/transactions';

const DAY_MS = 86_400_000;
const LONGEST_MS = ROSTER_LIST.maxShiftHours * 3_600_000;

export interface RosterListQuery {
  FromDate: string;
  ToDate: string;
  ShiftStatus?: RosterShiftStatus | undefined;
  ShiftStatuses?: RosterShiftStatus[] | undefined;
  SelectedLocations?: string[] | undefined;
  SelectedEmployees?: string[] | undefined;
  SelectedRoles?: string[] | undefined;
  EmployeeId?: number | undefined;
  LocationId?: number | undefined;
  EmployeeGroupId?: number | undefined;
  UnassignedShiftsOnly?: boolean | undefined;
  SelectAllRoles?: boolean | undefined;
  ExcludeShiftsOverlappingFromDate?: boolean | undefined;
  PageSize?: number | undefined;
  CurrentPage?: number | undefined;
  IncludeWarnings?: boolean | undefined;
}

export interface Window {
  from: Date;
  to: Date;
}

/**
 * Reads a window of wall-clock times in `zone`. A `to` at midnight means the end of that day
 * (the SDK sends dates as `yyyy-MM-ddT00:00:00`), so FromDate=ToDate=a day lists that day.
 */
export function readWindow(fromText: string, toText: string, zone: string, maxDays: number): Window {
  const from = parseWireDateTime(fromText, { zone });
  const toStart = parseWireDateTime(toText, { zone });
  if (!from) throw invalidField('validation-failed', 'FromDate', 'FromDate is not a valid date-time.');
  if (!toStart) throw invalidField('validation-failed', 'ToDate', 'ToDate is not a valid date-time.');
  const isMidnight = /^\d{4}-\d{2}-\d{2}([T ]00:00(:00(\.0+)?)?)?$/.test(toText.trim());
  // The next day's midnight in the zone, found from the wall clock (a day may last 23 or 25 hours).
  const to = isMidnight ? new Date((parseWireDateTime(nextDay(toText), { zone }) ?? toStart).getTime() - 1) : toStart;
  if (to.getTime() < from.getTime()) throw invalidField('validation-failed', 'ToDate', 'ToDate must not be before FromDate.');
  if (to.getTime() - from.getTime() > maxDays * DAY_MS + 2 * 3_600_000) {
    throw invalidField('validation-failed', 'ToDate', `The window may span at most ${maxDays} days.`);
  }
  return { from, to };
}

function nextDay(text: string): string {
  const day = new Date(`${text.trim().slice(0, 10)}T00:00:00Z`);
  return new Date(day.getTime() + DAY_MS).toISOString().slice(0, 19);
}

/** Ids given as text in a repeated parameter. */
function idsOf(values: readonly string[] | undefined): number[] {
  return [...new Set((values ?? []).map(Number))];
}

function statusCondition(statuses: readonly RosterShiftStatus[]): SQL | undefined {
  if (statuses.length === 0 || statuses.includes('All')) return undefined;
  const parts = statuses.map((status) => {
    switch (status) {
      case 'Published':
        return eq(rosterShifts.published, true);
      case 'Unpublished':
        return eq(rosterShifts.published, false);
      case 'Accepted':
        return and(eq(rosterShifts.published, true), eq(rosterShifts.accepted, true));
    }
  });
  return or(...parts);
}

/** Shifts of the business starting in the window, or (unless excluded) running at its start. */
function windowCondition(businessId: number, window: Window, includeOverlapping: boolean): SQL | undefined {
  const startsInside = and(gte(rosterShifts.startUtc, window.from), lte(rosterShifts.startUtc, window.to));
  const runningAtStart = and(
    gte(rosterShifts.startUtc, new Date(window.from.getTime() - LONGEST_MS)),
    lt(rosterShifts.startUtc, window.from),
    gt(rosterShifts.endUtc, window.from),
  );
  return and(eq(rosterShifts.businessId, businessId), includeOverlapping ? or(startsInside, runningAtStart) : startsInside);
}

function pageOf(query: RosterListQuery): { limit: number; offset: number } {
  const size = query.PageSize ?? ROSTER_LIST.defaultPageSize;
  const page = query.CurrentPage ?? 1;
  if (size < 1) throw invalidField('validation-failed', 'PageSize', 'PageSize must be 1 or more.');
  if (page < 1) throw invalidField('validation-failed', 'CurrentPage', 'CurrentPage must be 1 or more.');
  const limit = Math.min(size, ROSTER_LIST.maxPageSize);
  return { limit, offset: (page - 1) * limit };
}

/** Overlaps with other shifts of the same person, and references gone since. */
function warningsOf(row: RosterShiftRow, others: readonly RosterShiftRow[], details: Awaited<ReturnType<typeof loadRosterDetails>>): string[] {
  const warnings: string[] = [];
  for (const other of others) {
    if (other.id === row.id || other.employeeId !== row.employeeId || row.employeeId === null) continue;
    if (other.startUtc < row.endUtc && row.startUtc < other.endUtc) {
      warnings.push(`Overlaps roster shift ${other.id} of the same employee.`);
    }
  }
  if (row.locationId !== null && details.refs.locations.get(row.locationId)?.isDeleted) warnings.push('The location has been deleted.');
  if (row.workTypeId !== null && details.refs.workTypes.get(row.workTypeId)?.isDeleted) warnings.push('The work type has been deleted.');
  return warnings;
}

/** The page's shifts of the same people that could overlap them (for warnings). */
async function neighboursOf(db: Database, businessId: number, rows: readonly RosterShiftRow[]): Promise<RosterShiftRow[]> {
  const people = [...new Set(rows.flatMap((row) => (row.employeeId === null ? [] : [row.employeeId])))];
  if (people.length === 0) return [];
  const first = Math.min(...rows.map((row) => row.startUtc.getTime()));
  const last = Math.max(...rows.map((row) => row.endUtc.getTime()));
  return db
    .select()
    .from(rosterShifts)
    .where(
      and(
        eq(rosterShifts.businessId, businessId),
        inArray(rosterShifts.employeeId, people),
        gte(rosterShifts.startUtc, new Date(first - LONGEST_MS)),
        lt(rosterShifts.startUtc, new Date(last)),
      ),
    );
}

/** The timesheet line written for each shift (by roster_shift_id), for `isDifferent`. */
async function linesOf(db: Database, businessId: number, rows: readonly RosterShiftRow[]) {
  if (rows.length === 0) return new Map<number, typeof timesheetLines.$inferSelect>();
  const lines = await db
    .select()
    .from(timesheetLines)
    .where(and(eq(timesheetLines.businessId, businessId), inArray(timesheetLines.rosterShiftId, rows.map((row) => row.id))));
  return new Map(lines.flatMap((line) => (line.rosterShiftId === null ? [] : [[line.rosterShiftId, line] as const])));
}

/** One page of `GET B/rostershift`. */
export async function listRosterShifts(
  db: Database,
  businessId: number,
  query: RosterListQuery,
  now: Date,
): Promise<UkRosterShiftGenerateTimesheetModel[]> {
  const zone = (await loadBusiness(db, businessId)).ianaTimeZone;
  const window = readWindow(query.FromDate, query.ToDate, zone, ROSTER_LIST.maxWindowDays);
  const page = pageOf(query);
  const conditions: Array<SQL | undefined> = [
    windowCondition(businessId, window, !query.ExcludeShiftsOverlappingFromDate),
    statusCondition([...(query.ShiftStatus ? [query.ShiftStatus] : []), ...(query.ShiftStatuses ?? [])]),
  ];
  const roles = idsOf(query.SelectedRoles);
  if (roles.length > 0) conditions.push(inArray(rosterShifts.roleId, roles));
  else if (!query.SelectAllRoles) conditions.push(isNull(rosterShifts.roleId));
  const locationIds = idsOf(query.SelectedLocations);
  if (locationIds.length > 0) conditions.push(inArray(rosterShifts.locationId, locationIds));
  const employeeIds = idsOf(query.SelectedEmployees);
  if (employeeIds.length > 0) conditions.push(inArray(rosterShifts.employeeId, employeeIds));
  if (query.EmployeeId !== undefined) conditions.push(eq(rosterShifts.employeeId, query.EmployeeId));
  if (query.LocationId !== undefined) conditions.push(eq(rosterShifts.locationId, query.LocationId));
  if (query.UnassignedShiftsOnly) conditions.push(isNull(rosterShifts.employeeId));
  if (query.EmployeeGroupId !== undefined) {
    const group = await loadEmployeeGroup(db, businessId, query.EmployeeGroupId).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) {
        throw invalidField('invalid-reference', 'EmployeeGroupId', `Employee group ${query.EmployeeGroupId} does not exist.`);
      }
      throw error;
    });
    const members = (await matchingEmployees(db, group, now)).map((m) => m.id);
    conditions.push(members.length > 0 ? inArray(rosterShifts.employeeId, members) : sql`false`);
  }

  const rows = await db
    .select()
    .from(rosterShifts)
    .where(and(...conditions))
    .orderBy(asc(rosterShifts.startUtc), asc(rosterShifts.id))
    .limit(page.limit)
    .offset(page.offset);
  const [details, lines, neighbours] = await readInTurn(
    () => loadRosterDetails(db, businessId, rows),
    () => linesOf(db, businessId, rows),
    async () => (query.IncludeWarnings ? neighboursOf(db, businessId, rows) : null),
  );
  return rows.map((row) => {
    const line = lines.get(row.id);
    const isDifferent =
      line !== undefined &&
      (line.startUtc === null || line.endUtc === null || !lineMatchesRoster({ ...line, startUtc: line.startUtc, endUtc: line.endUtc }, row));
    const location = row.locationId === null ? undefined : details.refs.locations.get(row.locationId);
    return {
      ...toEssRosterShift(row, details),
      description: null,
      isDifferent,
      fullyQualifiedLocationName: location?.fullyQualifiedName ?? null,
      warnings: neighbours === null ? null : warningsOf(row, neighbours, details),
    };
  });
}

/**
 * The kiosk's offline roster (project extension): published shifts of the people the kiosk lists
 * (kiosk-enabled, not left) overlapping the window, by start, at most ROSTER_LIST.kioskMaxShifts.
 */
export async function listKioskRoster(
  db: Database,
  businessId: number,
  fromText: string,
  toText: string,
  now: Date,
): Promise<UkEssRosterShiftModel[]> {
  const zone = (await loadBusiness(db, businessId)).ianaTimeZone;
  const window = readWindow(fromText, toText, zone, ROSTER_LIST.kioskWindowDays);
  const rows = await db
    .select({ shift: rosterShifts })
    .from(rosterShifts)
    .innerJoin(employees, eq(employees.id, rosterShifts.employeeId))
    .where(
      and(
        windowCondition(businessId, window, true),
        eq(rosterShifts.published, true),
        eq(employees.isKioskEnabled, true),
        or(isNull(employees.endDate), gt(employees.endDate, now)),
      ),
    )
    .orderBy(asc(rosterShifts.startUtc), asc(rosterShifts.id))
    .limit(ROSTER_LIST.kioskMaxShifts);
  const shifts = rows.map((r) => r.shift);
  const details = await loadRosterDetails(db, businessId, shifts);
  return shifts.map((row) => toEssRosterShift(row, details));
}
