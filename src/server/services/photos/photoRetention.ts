/**
 * Deleting punch photos past their business's retention, and the record of it. One pass looks at
 * every business holding a photo older than the shortest allowed retention, deletes its photos
 * stored before its cut-off (unlinking them from their punches, which stay), and records the run
 * and, per business it touched, the count and the cut-off: never an image. Run records older than
 * the longest retention are dropped by the same pass.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PhotoRetentionRunModel } from '../../../contract/supporting/photos';
import { PHOTO_RETENTION_DAYS, photoCutoff } from '../../../domain/photoRetention';
import type { Database } from '../../db/openDatabase';
import { withTransaction } from '../../db/transactions';
import { photoDeletions, photoRetentionRuns, punches, punchPhotos } from '../../db/schema';
import type { Page } from '../../lists/odata/planList';
import { DEFAULT_PHOTO_POLICY } from '../../../contract/supporting/photos';
import { readAllPhotoPolicies } from './photoPolicy';

export interface RetentionRunResult {
  runId: number;
  photosDeleted: number;
  businesses: number;
}

/** Deletes these photos of the business and unlinks them from their punches; returns how many went. */
export async function deletePhotos(tx: Database, businessId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  await tx.update(punches).set({ photoId: null }).where(and(eq(punches.businessId, businessId), inArray(punches.photoId, [...ids])));
  const deleted = await tx.delete(punchPhotos).where(and(eq(punchPhotos.businessId, businessId), inArray(punchPhotos.id, [...ids]))).returning({ id: punchPhotos.id });
  return deleted.length;
}

/** Photos deleted per statement, so one business with years of photos is not one huge statement. */
const BATCH = 500;

/** One pass of the retention job at `now` (the service's clock). */
export async function deleteExpiredPhotos(db: Database, now: Date): Promise<RetentionRunResult> {
  const policies = await readAllPhotoPolicies(db);
  const earliest = photoCutoff(now, PHOTO_RETENTION_DAYS.min);
  const candidates = await db.selectDistinct({ businessId: punchPhotos.businessId }).from(punchPhotos).where(lt(punchPhotos.createdAt, earliest));
  const perBusiness: Array<{ businessId: number; cutoffUtc: Date; photosDeleted: number }> = [];
  for (const { businessId } of candidates) {
    const cutoffUtc = photoCutoff(now, (policies.get(businessId) ?? DEFAULT_PHOTO_POLICY).retentionDays);
    let photosDeleted = 0;
    for (;;) {
      const batch = await withTransaction(db, async (tx) => {
        const rows = await tx
          .select({ id: punchPhotos.id })
          .from(punchPhotos)
          .where(and(eq(punchPhotos.businessId, businessId), lt(punchPhotos.createdAt, cutoffUtc)))
          .limit(BATCH);
        return deletePhotos(tx, businessId, rows.map((row) => row.id));
      });
      photosDeleted += batch;
      if (batch < BATCH) break;
    }
    if (photosDeleted > 0) perBusiness.push({ businessId, cutoffUtc, photosDeleted });
  }
  const photosDeleted = perBusiness.reduce((sum, b) => sum + b.photosDeleted, 0);
  const runId = await withTransaction(db, async (tx) => {
    const [run] = await tx.insert(photoRetentionRuns).values({ ranUtc: now, photosDeleted }).returning({ id: photoRetentionRuns.id });
    if (!run) throw new Error('insert returned no run');
    if (perBusiness.length > 0) await tx.insert(photoDeletions).values(perBusiness.map((b) => ({ runId: run.id, ...b })));
    // The record outlives any photo it speaks of by a year at most.
    await tx.delete(photoRetentionRuns).where(lt(photoRetentionRuns.ranUtc, photoCutoff(now, 2 * PHOTO_RETENTION_DAYS.max)));
    return run.id;
  });
  return { runId, photosDeleted, businesses: perBusiness.length };
}

/** The job's runs as they touched one business, newest first. */
export async function listRetentionRuns(db: Database, businessId: number, page: Page): Promise<PhotoRetentionRunModel[]> {
  const rows = await db
    .select({ ranUtc: photoRetentionRuns.ranUtc, cutoffUtc: photoDeletions.cutoffUtc, photosDeleted: sql<number>`coalesce(${photoDeletions.photosDeleted}, 0)`.mapWith(Number) })
    .from(photoRetentionRuns)
    .leftJoin(photoDeletions, and(eq(photoDeletions.runId, photoRetentionRuns.id), eq(photoDeletions.businessId, businessId)))
    .orderBy(desc(photoRetentionRuns.ranUtc), desc(photoRetentionRuns.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({ ranUtc: row.ranUtc.toISOString(), cutoffUtc: row.cutoffUtc?.toISOString() ?? null, photosDeleted: row.photosDeleted }));
}
