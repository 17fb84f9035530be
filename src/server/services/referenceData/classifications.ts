/**
 * Award classifications of an AU business (contract section 4: AU kiosks offer them in lookupdata,
 * record `classificationId` at clock-on and show it on clocked shifts). The contract has no route
 * to manage them, so the project extension `B/classification` lists, adds and removes them
 * (soft delete: past shifts still name them). Every function here is AU-only by its callers: a
 * business of another region has none (adding one is refused), so a clock-on naming one there is
 * refused like any unknown reference.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ClassificationLookupModel, UkTimeAndAttendanceShiftModel } from '../../../contract/generated/models';
import type { Database } from '../../db/openDatabase';
import { classifications, clockShifts, timesheetLines } from '../../db/schema';
import { regionOfCountry, type Region } from '../../../domain/regions';
import { ApiError, invalidField, notFound } from '../../errors/apiError';
import { loadBusiness } from '../businesses/businesses';

/** A business's live classifications, by description then id (what lookupdata offers). */
export async function classificationsOffered(db: Database, businessId: number): Promise<ClassificationLookupModel[]> {
  return db
    .select({ id: classifications.id, description: classifications.description })
    .from(classifications)
    .where(and(eq(classifications.businessId, businessId), isNull(classifications.deletedAt)))
    .orderBy(asc(classifications.description), asc(classifications.id));
}

/** Adds a classification (AU businesses only). */
export async function createClassification(db: Database, businessId: number, description: string): Promise<ClassificationLookupModel> {
  if (regionOfCountry((await loadBusiness(db, businessId)).country) !== 'Au') {
    throw new ApiError(400, 'validation-failed', 'Classifications are for Australian businesses.', {
      detail: "Award classifications exist in the vendor's AU region only; set the business's country to AU first.",
    });
  }
  const text = description.trim();
  if (!text) throw invalidField('validation-failed', 'description', 'A classification needs a description.');
  const [row] = await db.insert(classifications).values({ businessId, description: text }).returning();
  if (!row) throw new Error('insert returned no classification');
  return { id: row.id, description: row.description };
}

/** Removes a classification from what is offered; shifts that recorded it keep naming it. */
export async function deleteClassification(db: Database, businessId: number, id: number, now: Date): Promise<void> {
  const [row] = await db
    .update(classifications)
    .set({ deletedAt: now })
    .where(and(eq(classifications.businessId, businessId), eq(classifications.id, id), isNull(classifications.deletedAt)))
    .returning({ id: classifications.id });
  if (!row) throw notFound(`Classification ${id}`);
}

/** The refusal of a clock-on naming a classification the business does not offer. */
export const unknownClassification = (id: number) =>
  invalidField('invalid-reference', 'classificationId', `Classification ${id} is not one of this business's classifications.`);

/**
 * Each shift with its recorded classification (Au.AuTimeAndAttendanceShiftModel adds
 * classificationId and classificationName), read for the whole page in one statement.
 */
export async function withShiftClassifications(
  db: Database,
  businessId: number,
  shifts: UkTimeAndAttendanceShiftModel[],
): Promise<(UkTimeAndAttendanceShiftModel & { classificationId: number | null; classificationName: string | null })[]> {
  if (shifts.length === 0) return [];
  const rows = await db
    .select({ shiftId: clockShifts.id, classificationId: clockShifts.classificationId, name: classifications.description })
    .from(clockShifts)
    .leftJoin(classifications, and(eq(classifications.id, clockShifts.classificationId), eq(classifications.businessId, businessId)))
    .where(and(eq(clockShifts.businessId, businessId), inArray(clockShifts.id, shifts.map((s) => s.id))));
  const byShift = new Map(rows.map((row) => [row.shiftId, row]));
  return shifts.map((shift) => {
    const row = byShift.get(shift.id);
    return { ...shift, classificationId: row?.classificationId ?? null, classificationName: row?.name ?? null };
  });
}

/** Lookup data as the business's region has it: AU adds the classifications offered. */
export async function withRegionalLookup<T extends object>(db: Database, region: Region | undefined, businessId: number, data: T): Promise<T> {
  return region === 'Au' ? { ...data, classifications: await classificationsOffered(db, businessId) } : data;
}

/** Clocked shifts as the business's region has them: AU adds each shift's classification. */
export async function withRegionalShifts(
  db: Database,
  region: Region | undefined,
  businessId: number,
  shifts: UkTimeAndAttendanceShiftModel[],
): Promise<UkTimeAndAttendanceShiftModel[]> {
  return region === 'Au' ? withShiftClassifications(db, businessId, shifts) : shifts;
}

/**
 * Timesheet lines as an AU business has them (Au.AuTimesheetLineModel / AuIndividualTimesheetLineModel
 * add classificationId and classification): a line written from a clocked shift carries the shift's
 * classification, read for the whole page in one statement; a line written by hand has none (null).
 * `asText`: the list model types classificationId as a string, the single-line model as an int.
 */
export async function withRegionalLines<T extends { id: number }>(
  db: Database,
  region: Region | undefined,
  businessId: number,
  lines: T[],
  asText: boolean,
): Promise<T[]> {
  if (region !== 'Au' || lines.length === 0) return lines;
  const rows = await db
    .select({ lineId: timesheetLines.id, classificationId: clockShifts.classificationId, name: classifications.description })
    .from(timesheetLines)
    .innerJoin(clockShifts, eq(clockShifts.id, timesheetLines.clockShiftId))
    .leftJoin(classifications, and(eq(classifications.id, clockShifts.classificationId), eq(classifications.businessId, businessId)))
    .where(and(eq(timesheetLines.businessId, businessId), inArray(timesheetLines.id, lines.map((line) => line.id))));
  const byLine = new Map(rows.map((row) => [row.lineId, row]));
  return lines.map((line) => {
    const found = byLine.get(line.id);
    const id = found?.classificationId ?? null;
    return { ...line, classificationId: id === null ? null : asText ? String(id) : id, classification: found?.name ?? null };
  });
}
