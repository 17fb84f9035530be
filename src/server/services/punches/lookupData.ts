/**
 * The pick-lists a kiosk shows one employee at clock-on (UkTimeAndAttendanceLookupDataModel),
 * built from the same rules clock-on enforces (clockOnChoices.ts).
 */
import type { UkTimeAndAttendanceLookupDataModel } from '../../../contract/generated/models';
import type { Database } from '../../db/openDatabase';
import { defaultLocation, locationDefaultShiftConditions, offeredLocations, offeredShiftConditions, offeredWorkTypes } from './clockOnChoices';
import type { EmployeeRow } from '../people/kioskEmployees';
import type { ChoiceRules } from './punchPoints';
import { loadReferenceData } from '../referenceData/references';
import { dimensionLookup, listReportingDimensions } from '../referenceData/reportingDimensions';

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
  const dimensions = await reportingDimensionsOffered(db, businessId, kiosk);
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
    // What each location applies by default (its defaultShiftConditionIds, live ones): the only
    // conditions a kiosk ticks before the person does, and what a clock-on naming none gets.
    locationShiftConditions: locations.map((l) => ({
      locationId: l.id,
      shiftConditionIds: locationDefaultShiftConditions(refs, employee, l).map((c) => c.id),
    })),
    ...dimensions,
  };
}

/** The kiosk's switch and, when on, the business's dimensions and values (B/reportingdimension). */
async function reportingDimensionsOffered(db: Database, businessId: number, kiosk: ChoiceRules) {
  const enabled = kiosk.timesheetDimensionsEnabled === true;
  if (!enabled) return { reportingDimensionsEnabled: false, reportingDimensionGroups: [], reportingDimensionValues: [] };
  return { reportingDimensionsEnabled: true, ...dimensionLookup(await listReportingDimensions(db, businessId)) };
}
