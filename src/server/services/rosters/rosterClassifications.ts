/**
 * AU roster shifts' award classifications (Au.AuRosterShiftEditModel / AuEssRosterShiftModel /
 * AuRosterShiftGenerateTimesheetModel add classificationId and classificationName): the AU body's
 * classificationId is checked against the business's live classifications before the shift is
 * written and kept on the roster shift; AU answers carry it with its name, read for the page in one
 * statement. Other regions have no such field (the UK body's is not read).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Region } from '../../../domain/regions';
import type { Database } from '../../db/openDatabase';
import { classifications, rosterShifts } from '../../db/schema';
import { unknownClassification } from '../referenceData/classifications';

const WithClassification = z.object({ classificationId: z.number().int().nullish() });

/** The classification an AU roster body names (null when none); undefined outside AU. */
export async function checkedRosterClassification(db: Database, region: Region | undefined, businessId: number, body: unknown): Promise<number | null | undefined> {
  if (region !== 'Au') return undefined;
  const id = WithClassification.safeParse(body).data?.classificationId ?? null;
  if (id === null) return null;
  const [found] = await db
    .select({ id: classifications.id })
    .from(classifications)
    .where(and(eq(classifications.businessId, businessId), eq(classifications.id, id), isNull(classifications.deletedAt)));
  if (!found) throw unknownClassification(id);
  return id;
}

/** Keeps an AU roster shift's classification (nothing to do outside AU: `classificationId` undefined). */
export async function keepRosterClassification(db: Database, businessId: number, rosterShiftId: number, classificationId: number | null | undefined): Promise<void> {
  if (classificationId === undefined) return;
  await db.update(rosterShifts).set({ classificationId }).where(and(eq(rosterShifts.businessId, businessId), eq(rosterShifts.id, rosterShiftId)));
}

/** Roster shifts as an AU business has them: each with its classification's id and name. */
export async function withRosterClassifications<T extends { id: number }>(db: Database, region: Region | undefined, businessId: number, shifts: T[]): Promise<T[]> {
  if (region !== 'Au' || shifts.length === 0) return shifts;
  const rows = await db
    .select({ id: rosterShifts.id, classificationId: rosterShifts.classificationId, name: classifications.description })
    .from(rosterShifts)
    .leftJoin(classifications, and(eq(classifications.id, rosterShifts.classificationId), eq(classifications.businessId, businessId)))
    .where(and(eq(rosterShifts.businessId, businessId), inArray(rosterShifts.id, shifts.map((shift) => shift.id))));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return shifts.map((shift) => ({ ...shift, classificationId: byId.get(shift.id)?.classificationId ?? null, classificationName: byId.get(shift.id)?.name ?? null }));
}

/** A matching result (`{ shift }`) as an AU business has it. */
export async function withMatchedClassification<T extends { id: number }>(db: Database, region: Region | undefined, businessId: number, result: { shift: T | null }): Promise<{ shift: T | null }> {
  if (!result.shift) return result;
  const [shift = result.shift] = await withRosterClassifications(db, region, businessId, [result.shift]);
  return { ...result, shift };
}
