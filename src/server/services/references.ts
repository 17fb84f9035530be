/**
 * The locations and work types of a business, loaded together for what kiosk operations need:
 * checking the ids a punch refers to, and naming them in shifts, lookups and timesheet lines.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/openDatabase';
import { locations, workTypes } from '../db/schema';

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

/** "Parent/Child" names, following parent links (a broken or cyclic chain stops where it breaks). */
export function qualifyNames(rows: ReadonlyArray<{ id: number; parentId: number | null; name: string }>): Map<number, string> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const names = new Map<number, string>();
  for (const row of rows) {
    const parts = [row.name];
    const seen = new Set([row.id]);
    let parent = row.parentId === null ? undefined : byId.get(row.parentId);
    while (parent && !seen.has(parent.id)) {
      parts.unshift(parent.name);
      seen.add(parent.id);
      parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
    }
    names.set(row.id, parts.join('/'));
  }
  return names;
}

export async function loadReferenceData(db: Database, businessId: number): Promise<ReferenceData> {
  const [locationRows, workTypeRows] = await Promise.all([
    db.select().from(locations).where(eq(locations.businessId, businessId)),
    db.select().from(workTypes).where(eq(workTypes.businessId, businessId)),
  ]);
  const qualified = qualifyNames(locationRows);
  return {
    locations: new Map(
      locationRows.map((row) => [
        row.id,
        {
          id: row.id,
          name: row.name,
          fullyQualifiedName: qualified.get(row.id) ?? row.name,
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
