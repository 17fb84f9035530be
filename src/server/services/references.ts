/**
 * The locations and work types of a business, loaded together for what kiosk operations need:
 * checking the ids a punch refers to, and naming them in shifts, lookups and timesheet lines.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/openDatabase';
import { locations, workTypes } from '../db/schema';
import { fullyQualifiedName } from './locations';

export interface LocationRef {
  id: number;
  name: string;
  fullyQualifiedName: string;
  isDeleted: boolean;
  isGlobal: boolean;
  defaultShiftConditionIds: number[];
}

export interface WorkTypeRef {
  id: number;
  name: string;
  shortCode: string | null;
  isShiftCondition: boolean;
  isLeaveType: boolean;
  isDeleted: boolean;
}

export interface ReferenceData {
  locations: Map<number, LocationRef>;
  workTypes: Map<number, WorkTypeRef>;
}

export async function loadReferenceData(db: Database, businessId: number): Promise<ReferenceData> {
  const [locationRows, workTypeRows] = await Promise.all([
    db.select().from(locations).where(eq(locations.businessId, businessId)),
    db.select().from(workTypes).where(eq(workTypes.businessId, businessId)),
  ]);
  const byId = new Map(locationRows.map((row) => [row.id, row]));
  return {
    locations: new Map(
      locationRows.map((row) => [
        row.id,
        {
          id: row.id,
          name: row.name,
          fullyQualifiedName: fullyQualifiedName(row, byId),
          isDeleted: row.deletedAt !== null,
          isGlobal: row.isGlobal,
          defaultShiftConditionIds: row.defaultShiftConditionIds,
        },
      ]),
    ),
    workTypes: new Map(
      workTypeRows.map((row) => [
        row.id,
        {
          id: row.id,
          name: row.name,
          shortCode: row.shortCode,
          isShiftCondition: row.mappingType === 'ShiftCondition',
          isLeaveType: row.mappingType === 'LeaveCategory' || row.leaveCategoryId !== null,
          isDeleted: row.deletedAt !== null,
        },
      ]),
    ),
  };
}
