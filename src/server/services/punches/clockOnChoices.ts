/**
 * What a clock-on may tag its shift with (location, work type, shift conditions), checked against
 * the kiosk's rules and the business's records. The same rules serve lookupdata (what to offer)
 * and clock-on / addshift (what to accept).
 *
 * Per person (vendor: "Recording Shift Events with Clock Me In": shift
 * conditions appear "only if shift conditions have been set up against the employee or the
 * location", work types per employee): an employee is offered the work types set up against them
 * (employees.work_type_ids; every work type of the business while none is), and at a location the
 * shift conditions set up against them or against that location (its `defaultShiftConditionIds`,
 * the contract's only per-location list). A clock-on that names no conditions gets only those its
 * location applies by default: a condition set up against the person is theirs to tick, never
 * ticked for them (docs/api.md, "Decisions where the contract is silent").
 */
import { sql, type SQL } from 'drizzle-orm';
import { bind, type Bind } from '../../db/compiledStatements';
import type { Database } from '../../db/openDatabase';
import { employees, locations, workTypes } from '../../db/schema';
import { invalidField } from '../../errors/apiError';
import type { EmployeeRow } from '../people/kioskEmployees';
import type { ChoiceRules } from './punchPoints';
import { unknownClassification } from '../referenceData/classifications';
import { checkDimensionValues } from '../referenceData/reportingDimensions';
import { choiceReferencesSql, loadChoiceReferences, type ChoiceReferences, type LocationRef, type ReferenceData, type WorkTypeRef } from '../referenceData/references';

export interface ClockOnChoices {
  locationId: number | null;
  workTypeId: number | null;
  classificationId: number | null;
  shiftConditionIds: number[];
  dimensionValueIds: number[];
}

export interface ChoiceInput {
  locationId?: number | null | undefined;
  workTypeId?: number | null | undefined;
  classificationId?: number | null | undefined;
  shiftConditionIds?: number[] | null | undefined;
  dimensionValueIds?: number[] | null | undefined;
}

/** Locations the employee may pick at this kiosk (or through self-service). */
export function offeredLocations(refs: ReferenceData, kiosk: ChoiceRules, employee: EmployeeRow): LocationRef[] {
  const live = [...refs.locations.values()].filter((l) => !l.isDeleted);
  if (!kiosk.restrictLocationsForEmployees || employee.locationIds.length === 0) return live;
  return live.filter((l) => employee.locationIds.includes(l.id) || l.isGlobal);
}

/** The location preselected for the employee: the kiosk's own when allowed, else their first. */
export function defaultLocation(offered: readonly LocationRef[], kiosk: ChoiceRules, employee: EmployeeRow): LocationRef | null {
  return (
    offered.find((l) => l.id === kiosk.locationId) ??
    offered.find((l) => employee.locationIds.includes(l.id)) ??
    null
  );
}

type SetUp = Pick<EmployeeRow, 'workTypeIds'>;

/** The work types the employee may pick: those set up against them, else every live one of the business. */
export function offeredWorkTypes(refs: ReferenceData, employee: SetUp): WorkTypeRef[] {
  const live = [...refs.workTypes.values()].filter((w) => !w.isDeleted && !w.isShiftCondition);
  const own = live.filter((w) => employee.workTypeIds.includes(w.id));
  return own.length > 0 ? own : live;
}

/** The shift conditions the employee may pick at `location`: set up against them or against it. */
export function allowedShiftConditions(refs: ReferenceData, employee: SetUp, location: Pick<LocationRef, 'defaultShiftConditionIds'> | null): WorkTypeRef[] {
  const ids = new Set([...employee.workTypeIds, ...(location?.defaultShiftConditionIds ?? [])]);
  return [...refs.workTypes.values()].filter((w) => !w.isDeleted && w.isShiftCondition && ids.has(w.id));
}

/** The shift conditions a location applies by default (live ones the employee may have there): what a clock-on naming none gets. */
export function locationDefaultShiftConditions(refs: ReferenceData, employee: SetUp, location: Pick<LocationRef, 'defaultShiftConditionIds'> | null): WorkTypeRef[] {
  const defaults = location?.defaultShiftConditionIds ?? [];
  return allowedShiftConditions(refs, employee, location).filter((w) => defaults.includes(w.id));
}

/** The shift conditions the employee may pick at any of `locations` (or with none). */
export function offeredShiftConditions(refs: ReferenceData, employee: SetUp, locations: readonly LocationRef[]): WorkTypeRef[] {
  const ids = new Set(allowedShiftConditions(refs, employee, null).map((w) => w.id));
  for (const location of locations) for (const w of allowedShiftConditions(refs, employee, location)) ids.add(w.id);
  return [...refs.workTypes.values()].filter((w) => ids.has(w.id));
}

/**
 * offeredWorkTypes / offeredShiftConditions over the employee's own locations (no kiosk narrows
 * them: their assigned ones and the global ones, or every live one while none is assigned), as a
 * condition on `work_types` rows, so a page of `B/employee/{id}/worktype|shiftcondition` reads
 * only its rows (history.test.ts bounds them).
 */
export function offeredToEmployeeSql(businessId: number, employeeId: number, kind: 'workTypes' | 'shiftConditions'): SQL {
  const own = sql`(select unnest(e.work_type_ids) from ${employees} e where e.id = ${employeeId} and e.business_id = ${businessId})`;
  if (kind === 'workTypes') {
    return sql`(${workTypes.id} in ${own} or not exists (select 1 from ${workTypes} o where o.business_id = ${businessId}
      and o.deleted_at is null and o.mapping_type is distinct from 'ShiftCondition' and o.id in ${own}))`;
  }
  const places = sql`(select e.location_ids from ${employees} e where e.id = ${employeeId} and e.business_id = ${businessId})`;
  return sql`(${workTypes.id} in ${own} or ${workTypes.id} in (select unnest(l.default_shift_condition_ids) from ${locations} l
    where l.business_id = ${businessId} and l.deleted_at is null
      and (cardinality(${places}::integer[]) = 0 or l.id = any(${places}::integer[]) or l.is_global)))`;
}

/** Checks a clock-on's choices and fills in the defaults. */
export async function checkClockOnChoices(
  db: Database,
  businessId: number,
  kiosk: ChoiceRules,
  employee: EmployeeRow,
  input: ChoiceInput,
): Promise<ClockOnChoices> {
  // Only the locations the clock-on names, or its default could be (the kiosk's, the employee's),
  // and the work types it names, its location's default shift conditions name or are set up
  // against the employee (one statement each, as before).
  const named = input.locationId ?? null;
  if (named === null && kiosk.isLocationRequired) {
    throw invalidField('location-required', 'locationId', 'This kiosk requires a location at clock-on.');
  }
  const candidates = named !== null ? [named] : [...(kiosk.locationId === null ? [] : [kiosk.locationId]), ...employee.locationIds];
  const refs = await loadChoiceReferences(db, businessId, candidates, (found) => {
    const location = named !== null ? found.get(named) : defaultLocation(offeredLocations({ locations: found, workTypes: new Map() }, kiosk, employee), kiosk, employee);
    const workType = input.workTypeId === null || input.workTypeId === undefined ? [] : [input.workTypeId];
    return [...workType, ...(input.shiftConditionIds ?? []), ...(location?.defaultShiftConditionIds ?? []), ...employee.workTypeIds];
  }, input.classificationId ?? null, kiosk.timesheetDimensionsEnabled ? (input.dimensionValueIds ?? []) : []);
  return choicesFrom(refs, kiosk, employee, input);
}

/**
 * The references a clock-on's choices are checked against, as one JSON value of the statement
 * that reads the employee (`employee`: its location and work type columns there; `kioskLocationId`:
 * the point's location, a value or the kiosk's column), with placeholders whose values
 * clockOnChoiceValues gives: a live clock-on reads them without a statement of their own. Parse
 * with choiceReferencesOf, check with choicesFrom.
 */
export function clockOnChoiceReferencesSql(businessId: Bind<number>, employee: { locationIds: SQL; workTypeIds: SQL }, kioskLocationId: SQL): SQL {
  const named = sql`${bind<number | null>('choice.locationId')}::integer`;
  const kioskLocation = sql`${kioskLocationId}::integer`;
  return choiceReferencesSql({
    businessId,
    locationIds: sql`(case when ${named} is not null then array[${named}] else array_remove(array[${kioskLocation}], null) || ${employee.locationIds} end)`,
    workTypeIds: sql`(${bind<number[]>('choice.workTypeIds')}::integer[] || ${employee.workTypeIds})`,
    classificationId: bind('choice.classificationId'),
    dimensionValueIds: bind('choice.dimensionValueIds'),
  });
}

/**
 * The values of clockOnChoiceReferencesSql's placeholders for a clock-on asking `input`. The named
 * dimension values are read whether or not the point takes them: choicesFrom refuses them first
 * where it does not.
 */
export function clockOnChoiceValues(input: ChoiceInput): Record<string, unknown> {
  return {
    'choice.locationId': input.locationId ?? null,
    'choice.workTypeIds': [...(input.workTypeId === null || input.workTypeId === undefined ? [] : [input.workTypeId]), ...(input.shiftConditionIds ?? [])],
    'choice.classificationId': input.classificationId ?? null,
    'choice.dimensionValueIds': input.dimensionValueIds ?? [],
  };
}

/** The clock-on's choices checked against `refs` (what was read for it), with the defaults filled in. */
export function choicesFrom(refs: ChoiceReferences, kiosk: ChoiceRules, employee: EmployeeRow, input: ChoiceInput): ClockOnChoices {
  const offered = offeredLocations(refs, kiosk, employee);

  let location: LocationRef | null = null;
  if (input.locationId !== null && input.locationId !== undefined) {
    location = offered.find((l) => l.id === input.locationId) ?? null;
    if (!location) {
      throw invalidField('invalid-reference', 'locationId', `Location ${input.locationId} is not available to this employee.`);
    }
  } else if (kiosk.isLocationRequired) {
    throw invalidField('location-required', 'locationId', 'This kiosk requires a location at clock-on.');
  } else {
    location = defaultLocation(offered, kiosk, employee);
  }

  if (input.workTypeId !== null && input.workTypeId !== undefined) {
    if (!offeredWorkTypes(refs, employee).some((w) => w.id === input.workTypeId)) {
      throw invalidField('invalid-reference', 'workTypeId', `Work type ${input.workTypeId} is not offered to this employee.`);
    }
  } else if (kiosk.isWorkTypeRequired) {
    throw invalidField('work-type-required', 'workTypeId', 'This kiosk requires a work type at clock-on.');
  }

  const allowed = allowedShiftConditions(refs, employee, location).map((w) => w.id);
  const shiftConditionIds = input.shiftConditionIds ?? locationDefaultShiftConditions(refs, employee, location).map((w) => w.id);
  const unknown = shiftConditionIds.find((id) => !allowed.includes(id));
  if (unknown !== undefined) {
    throw invalidField('invalid-reference', 'shiftConditionIds', `Shift condition ${unknown} is not offered to this employee at this location.`);
  }
  // Only an AU business has classifications (services/referenceData/classifications.ts), so elsewhere any is refused.
  if (refs.classification && refs.classification.description === null) throw unknownClassification(refs.classification.id);
  const namedValues = input.dimensionValueIds ?? [];
  if (namedValues.length > 0 && !kiosk.timesheetDimensionsEnabled) {
    throw invalidField('invalid-reference', 'dimensionValueIds', 'Reporting dimensions are not enabled at this kiosk (timesheetDimensionsEnabled).');
  }
  // Live values of the business, at most one per dimension (reportingDimensions.ts), read with the choices.
  const dimensionValueIds = checkDimensionValues(namedValues, refs.dimensionValues);
  return {
    locationId: location?.id ?? null,
    workTypeId: input.workTypeId ?? null,
    classificationId: input.classificationId ?? null,
    shiftConditionIds: [...new Set(shiftConditionIds)],
    dimensionValueIds,
  };
}
