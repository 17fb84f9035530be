/**
 * The checks of a submitted roster shift (RosterShiftEditModel), before anything is written: its
 * wall-clock times read in the business's zone (a spring-forward gap pushes a time forward, an
 * autumn overlap takes the earlier instant: domain/time.ts), the employee, location and work type
 * of this business and usable, the end after the start and at most ROSTER_LIST.maxShiftHours
 * later, breaks inside the shift and not overlapping (the same shape rules as a finished shift).
 */
import { and, eq } from 'drizzle-orm';
import type { RosterShiftEditModelInput } from '../../../contract/generated/models';
import { ROSTER_LIST } from '../../../contract/paging';
import { checkShiftShape } from '../../../domain/completeShift';
import { parseWireDateTime } from '../../../domain/time';
import type { Database } from '../../db/openDatabase';
import { employees, locations, workTypes } from '../../db/schema';
import { invalidField } from '../../errors/apiError';
import { loadBusiness } from '../businesses/businesses';
import { readInTurn } from '../../db/transactions';

export interface RosterBreakValues {
  startUtc: Date;
  endUtc: Date;
  isPaidBreak: boolean;
}

export interface CheckedRosterShift {
  values: {
    employeeId: number | null;
    locationId: number | null;
    workTypeId: number | null;
    roleId: number | null;
    role: unknown;
    qualifications: unknown;
    ianaTimeZone: string;
    startUtc: Date;
    endUtc: Date;
    notes: string | null;
  };
  /** The breaks to store, or null to keep the stored ones (an update without breaks). */
  breaks: RosterBreakValues[] | null;
}

const HOUR_MS = 3_600_000;

function wallClock(value: string, field: string, zone: string): Date {
  const at = parseWireDateTime(value, { zone });
  if (!at) throw invalidField('validation-failed', field, `${field} is not a valid date-time.`);
  return at;
}

/** Null for 0/absent ids (the SDK's "none"). */
const idOrNull = (value: number | null | undefined) => (value === null || value === undefined || value === 0 ? null : value);

async function checkReferences(db: Database, businessId: number, ids: Pick<CheckedRosterShift['values'], 'employeeId' | 'locationId' | 'workTypeId'>, start: Date) {
  const [employee, location, workType] = await readInTurn(
    async () =>
    ids.employeeId === null
      ? null
      : db
          .select({ endDate: employees.endDate })
          .from(employees)
          .where(and(eq(employees.id, ids.employeeId), eq(employees.businessId, businessId)))
          .then((rows) => rows[0] ?? 'missing'),
    async () =>
    ids.locationId === null
      ? null
      : db
          .select({ deletedAt: locations.deletedAt })
          .from(locations)
          .where(and(eq(locations.id, ids.locationId), eq(locations.businessId, businessId)))
          .then((rows) => rows[0] ?? 'missing'),
    async () =>
    ids.workTypeId === null
      ? null
      : db
          .select({ deletedAt: workTypes.deletedAt, mappingType: workTypes.mappingType })
          .from(workTypes)
          .where(and(eq(workTypes.id, ids.workTypeId), eq(workTypes.businessId, businessId)))
          .then((rows) => rows[0] ?? 'missing'),
  );
  if (employee === 'missing') throw invalidField('invalid-reference', 'employeeId', `Employee ${ids.employeeId} does not exist.`);
  if (employee?.endDate && employee.endDate.getTime() <= start.getTime()) {
    throw invalidField('invalid-reference', 'employeeId', `Employee ${ids.employeeId} has left before the shift starts.`);
  }
  if (location === 'missing' || location?.deletedAt) {
    throw invalidField('invalid-reference', 'locationId', `Location ${ids.locationId} does not exist.`);
  }
  if (workType === 'missing' || workType?.deletedAt) {
    throw invalidField('invalid-reference', 'workTypeId', `Work type ${ids.workTypeId} does not exist.`);
  }
  if (workType?.mappingType === 'ShiftCondition') {
    throw invalidField('invalid-reference', 'workTypeId', `Work type ${ids.workTypeId} is a shift condition, not a work type.`);
  }
}

/**
 * Checks a submitted shift. `stored` holds the shift's current breaks on an update (null on a
 * create): they are kept, and must still fit, when the body brings no breaks.
 */
export async function checkRosterShiftInput(
  db: Database,
  businessId: number,
  input: RosterShiftEditModelInput,
  stored: readonly RosterBreakValues[] | null,
): Promise<CheckedRosterShift> {
  const zone = (await loadBusiness(db, businessId)).ianaTimeZone;
  const startUtc = wallClock(input.startTime, 'startTime', zone);
  const endUtc = wallClock(input.endTime, 'endTime', zone);
  const given = (input.breaks ?? []).map((b, i) => ({
    startUtc: wallClock(b.startTime, `breaks.${i}.startTime`, zone),
    endUtc: wallClock(b.endTime, `breaks.${i}.endTime`, zone),
    isPaidBreak: b.isPaidBreak,
  }));
  const breaks = given.length > 0 || stored === null ? given : null;
  const checkedBreaks = breaks ?? stored ?? [];

  const problem = checkShiftShape({
    start: startUtc,
    end: endUtc,
    breaks: checkedBreaks.map((b) => ({ start: b.startUtc, end: b.endUtc, isPaidBreak: b.isPaidBreak })),
  });
  if (problem) {
    const field =
      problem.breakIndex === undefined ? 'endTime' : breaks === null ? 'breaks' : `breaks.${problem.breakIndex}`;
    const hint = breaks === null && problem.breakIndex !== undefined ? ' (the stored breaks; send clearBreaks=true or new breaks)' : '';
    throw invalidField(problem.code, field, `${problem.message}${hint}`);
  }
  if (given.some((b) => b.endUtc.getTime() === b.startUtc.getTime())) {
    throw invalidField('break-ends-before-start', 'breaks', 'A break must end after it starts.');
  }
  if (endUtc.getTime() - startUtc.getTime() > ROSTER_LIST.maxShiftHours * HOUR_MS) {
    throw invalidField('validation-failed', 'endTime', `A roster shift lasts at most ${ROSTER_LIST.maxShiftHours} hours.`);
  }

  const ids = { employeeId: idOrNull(input.employeeId), locationId: idOrNull(input.locationId), workTypeId: idOrNull(input.workTypeId) };
  await checkReferences(db, businessId, ids, startUtc);
  const role = input.role && input.role.id > 0 ? input.role : null;
  return {
    values: {
      ...ids,
      roleId: role?.id ?? null,
      role: role ? { id: role.id, name: role.name ?? null, className: role.className ?? null, hexColourCode: role.hexColourCode ?? null } : null,
      qualifications: (input.qualifications ?? []).map((q) => ({ id: q.id, name: q.name ?? null })),
      ianaTimeZone: zone,
      startUtc,
      endUtc,
      notes: input.notes?.trim() || null,
    },
    breaks,
  };
}
