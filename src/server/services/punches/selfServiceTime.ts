/**
 * Employee self-service time and attendance (contract 2.2) around the kiosk's own services: the
 * body may only ever name the employee in the path, shifts and notes are only the employee's own,
 * and the pick-lists are what a self-service clock-on accepts (clockOnChoices.ts at the portal's
 * punch point). Punches themselves go through punches.ts recordPunch unchanged.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { LocationModel, UkWorkTypeModel } from '../../../contract/generated/models';
import type { Database } from '../../db/openDatabase';
import { clockShifts, locations, workTypes } from '../../db/schema';
import { invalidField, notFound } from '../../errors/apiError';
import { offeredLocations, offeredShiftConditions, offeredWorkTypes } from './clockOnChoices';
import { loadKioskEmployee, type EmployeeRow } from '../people/kioskEmployees';
import { toLocationModel } from '../referenceData/locations';
import type { ChoiceRules } from './punchPoints';
import { loadReferenceData } from '../referenceData/references';
import { toRegionalWorkTypeModel, toWorkTypeModel } from '../referenceData/workTypes';

/** The body with the path's employee: a body that names another employee (not 0) is a 400. */
export function asEmployee<B extends { employeeId?: number | null | undefined }>(body: B, employeeId: number): B & { employeeId: number } {
  if (body.employeeId !== null && body.employeeId !== undefined && body.employeeId !== 0 && body.employeeId !== employeeId) {
    throw invalidField('validation-failed', 'employeeId', `employeeId ${body.employeeId} is not the employee in the path (${employeeId}).`);
  }
  return { ...body, employeeId };
}

/** The employee acting through self-service (the route guard already checked the link and that they have not left). */
export function loadSelfServiceEmployee(db: Database, businessId: number, employeeId: number, now: Date): Promise<EmployeeRow> {
  return loadKioskEmployee(db, businessId, employeeId, { now, kioskAccess: false });
}

/** One of the employee's own clocked shifts (not discarded); any other id is 404, as if it did not exist. */
export async function loadOwnShift(db: Database, businessId: number, employeeId: number, shiftId: number): Promise<{ id: number }> {
  const [shift] = await db
    .select({ id: clockShifts.id })
    .from(clockShifts)
    .where(
      and(
        eq(clockShifts.id, shiftId),
        eq(clockShifts.businessId, businessId),
        eq(clockShifts.employeeId, employeeId),
        ne(clockShifts.status, 'discarded'),
      ),
    );
  if (!shift) throw notFound(`Shift ${shiftId}`);
  return shift;
}

/** The locations a self-service clock-on accepts for the employee, as LocationModel, by id. */
export async function selfServiceLocations(db: Database, businessId: number, rules: ChoiceRules, employee: EmployeeRow): Promise<LocationModel[]> {
  const refs = await loadReferenceData(db, businessId);
  const offered = new Map(offeredLocations(refs, rules, employee).map((l) => [l.id, l]));
  if (offered.size === 0) return [];
  const rows = await db
    .select()
    .from(locations)
    .where(and(eq(locations.businessId, businessId), inArray(locations.id, [...offered.keys()])))
    .orderBy(locations.id);
  return rows.map((row) => toLocationModel(row, offered.get(row.id)?.fullyQualifiedName ?? row.name));
}

/**
 * The ids of the work types, or the shift conditions, the employee is offered at a point with
 * `rules` (clockOnChoices.ts): their own work types (or all), and the conditions set up against
 * them or a location they may pick.
 */
export async function offeredWorkTypeIds(
  db: Database,
  businessId: number,
  rules: ChoiceRules,
  employee: EmployeeRow,
  kind: 'workTypes' | 'shiftConditions',
): Promise<number[]> {
  const refs = await loadReferenceData(db, businessId);
  const offered = kind === 'workTypes' ? offeredWorkTypes(refs, employee) : offeredShiftConditions(refs, employee, offeredLocations(refs, rules, employee));
  return offered.map((w) => w.id);
}

/** The work types, or the shift conditions, a self-service clock-on accepts for the employee, in the work-type shape, by id. */
export async function selfServiceWorkTypes(
  db: Database,
  businessId: number,
  rules: ChoiceRules,
  employee: EmployeeRow,
  kind: 'workTypes' | 'shiftConditions',
  /** Answer in the regional pre-Fill shape (workTypes.toRegionalWorkTypeModel). */
  regional = false,
): Promise<UkWorkTypeModel[]> {
  const ids = await offeredWorkTypeIds(db, businessId, rules, employee, kind);
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(workTypes)
    .where(and(eq(workTypes.businessId, businessId), inArray(workTypes.id, ids)))
    .orderBy(workTypes.id);
  return regional ? rows.map(toRegionalWorkTypeModel) : rows.map(toWorkTypeModel);
}
