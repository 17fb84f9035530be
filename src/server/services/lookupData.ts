/**
 * The pick-lists a kiosk shows one employee at clock-on (UkTimeAndAttendanceLookupDataModel),
 * built from the same rules clock-on enforces (clockOnChoices.ts).
 */
import type { UkTimeAndAttendanceLookupDataModel } from '../../contract/generated/models';
import type { Database } from '../db/openDatabase';
import { allowedShiftConditions, defaultLocation, offeredLocations, offeredShiftConditions, offeredWorkTypes } from './clockOnChoices';
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
  const conditions = offeredShiftConditions(refs, employee, locations);
  return {
    locations: locations.map((l) => ({ id: l.id, description: l.fullyQualifiedName })),
    workTypes: offeredWorkTypes(refs, employee).map((w) => ({
      isUnitBased: false,
      isLeaveType: w.isLeaveType,
      unitType: null,
      businessAwardPackageId: null,
      id: w.id,
      description: w.name,
    })),
    defaultLocation: fallback ? { id: fallback.id, description: fallback.fullyQualifiedName } : null,
    shiftConditions: conditions.map((c) => ({ shortCode: c.shortCode, businessAwardPackageId: null, id: c.id, description: c.name })),
    // Allowed per location (the contract's reading): set up against the employee or the location.
    locationShiftConditions: locations.map((l) => ({
      locationId: l.id,
      shiftConditionIds: allowedShiftConditions(refs, employee, l).map((c) => c.id),
    })),
    // The kiosk's switch (issue 13); no group or value exists to offer (no contract route defines one).
    reportingDimensionsEnabled: kiosk.timesheetDimensionsEnabled === true,
    reportingDimensionGroups: [],
    reportingDimensionValues: [],
  };
}
