/**
 * The pick-lists a kiosk shows one employee at clock-on (UkTimeAndAttendanceLookupDataModel),
 * built from the same rules clock-on enforces (clockOnChoices.ts).
 */
import type { UkTimeAndAttendanceLookupDataModel } from '../../contract/generated/models';
import type { Database } from '../db/openDatabase';
import { defaultLocation, offeredLocations, offeredShiftConditions, offeredWorkTypes } from './clockOnChoices';
import type { EmployeeRow } from './kioskEmployees';
import type { ChoiceRules } from './punchPoints';
import { loadReferenceData } from './references';

export async function lookupDataFor(
  db: Database,
  businessId: number,
  kiosk: ChoiceRules,
  employee: EmployeeRow,
): Promise<UkTimeAndAttendanceLookupDataModel> {
  const refs = await loadReferenceData(db, businessId);
  const locations = offeredLocations(refs, kiosk, employee);
  const fallback = defaultLocation(locations, kiosk, employee);
  const conditions = offeredShiftConditions(refs);
  const conditionIds = new Set(conditions.map((c) => c.id));
  return {
    locations: locations.map((l) => ({ id: l.id, description: l.fullyQualifiedName })),
    workTypes: offeredWorkTypes(refs).map((w) => ({
      isUnitBased: false,
      isLeaveType: w.isLeaveType,
      unitType: null,
      businessAwardPackageId: null,
      id: w.id,
      description: w.name,
    })),
    defaultLocation: fallback ? { id: fallback.id, description: fallback.fullyQualifiedName } : null,
    shiftConditions: conditions.map((c) => ({ shortCode: c.shortCode, businessAwardPackageId: null, id: c.id, description: c.name })),
    locationShiftConditions: locations.map((l) => ({
      locationId: l.id,
      shiftConditionIds: l.defaultShiftConditionIds.filter((id) => conditionIds.has(id)),
    })),
    reportingDimensionsEnabled: false,
    reportingDimensionGroups: [],
    reportingDimensionValues: [],
  };
}
