/** Reading the punch audit trail (the `punches` table) for managers and reconciliation. */
import { and, asc, eq, gte, inArray, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { PunchRecordModel } from '../../../contract/supporting/kiosk';
import type { Database } from '../../db/openDatabase';
import { punches } from '../../db/schema';
import { mapInSlices } from '../../lists/listGate';
import type { Page } from '../../lists/odata/planList';

export interface PunchFilters {
  employeeId?: number | undefined;
  kioskId?: number | undefined;
  fromUtc?: Date | null;
  toUtc?: Date | null;
  /** The kiosks the caller may see ('all', or a grant's list). */
  kioskIds: 'all' | readonly number[];
}

/** One page of the business's punches the filters select, oldest first (time of record, then id). */
export async function listPunches(db: Database, businessId: number, filters: PunchFilters, page: Page): Promise<PunchRecordModel[]> {
  const conditions: SQL[] = [eq(punches.businessId, businessId)];
  if (filters.kioskIds !== 'all') conditions.push(inArray(punches.kioskId, [...filters.kioskIds, -1]));
  if (filters.employeeId) conditions.push(eq(punches.employeeId, filters.employeeId));
  if (filters.kioskId) conditions.push(eq(punches.kioskId, filters.kioskId));
  if (filters.fromUtc) conditions.push(gte(punches.timeOfRecordUtc, filters.fromUtc));
  if (filters.toUtc) conditions.push(lte(punches.timeOfRecordUtc, filters.toUtc));
  const rows = await db
    .select({ row: punches, hasPhoto: isNotNull(punches.photoId) })
    .from(punches)
    .where(and(...conditions))
    .orderBy(asc(punches.timeOfRecordUtc), asc(punches.id))
    .limit(page.limit)
    .offset(page.offset);
  return mapInSlices(rows, ({ row, hasPhoto }) => ({
    id: row.id,
    employeeId: row.employeeId,
    kioskId: row.kioskId,
    shiftId: row.shiftId,
    kind: row.kind,
    timeOfRecordUtc: row.timeOfRecordUtc.toISOString(),
    recordedTimeUtc: row.recordedTimeUtc?.toISOString() ?? null,
    receivedUtc: row.receivedUtc.toISOString(),
    utcOffset: row.utcOffset,
    isAdminInitiated: row.isAdminInitiated,
    hasPhoto: Boolean(hasPhoto),
    photoExempt: row.photoExempt,
    recordedBy: row.principal,
  }));
}
