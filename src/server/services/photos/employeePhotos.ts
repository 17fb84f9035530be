/**
 * One person's punch photos, for their request to see or erase what is held about them: exported
 * with the images (a page at a time, oldest first) or erased all at once. The punches stay; they
 * lose their photo.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { EmployeePhotoModel } from '../../../contract/supporting/photos';
import type { Database } from '../../db/openDatabase';
import { withTransaction } from '../../db/transactions';
import { employees, punches, punchPhotos } from '../../db/schema';
import { notFound } from '../../errors/apiError';
import type { Page } from '../../lists/odata/planList';
import { deletePhotos } from './photoRetention';

async function requireEmployee(db: Database, businessId: number, employeeId: number): Promise<void> {
  const [row] = await db.select({ id: employees.id }).from(employees).where(and(eq(employees.businessId, businessId), eq(employees.id, employeeId)));
  if (!row) throw notFound(`Employee ${employeeId}`);
}

const CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const contentTypeOf = (stored: string): EmployeePhotoModel['contentType'] => {
  const known = CONTENT_TYPES.find((type) => type === stored);
  if (!known) throw new Error(`A stored punch photo has the unexpected content type ${stored}`);
  return known;
};

export async function exportEmployeePhotos(db: Database, businessId: number, employeeId: number, page: Page): Promise<EmployeePhotoModel[]> {
  await requireEmployee(db, businessId, employeeId);
  const rows = await db
    .select({ punch: punches, storedUtc: punchPhotos.createdAt, contentType: punchPhotos.contentType, data: punchPhotos.data })
    .from(punches)
    .innerJoin(punchPhotos, and(eq(punchPhotos.id, punches.photoId), eq(punchPhotos.businessId, punches.businessId)))
    .where(and(eq(punches.businessId, businessId), eq(punches.employeeId, employeeId)))
    .orderBy(asc(punches.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ punch, storedUtc, contentType, data }) => ({
    punchId: punch.id,
    punchKind: punch.kind,
    kioskId: punch.kioskId,
    timeOfRecordUtc: punch.timeOfRecordUtc.toISOString(),
    storedUtc: storedUtc.toISOString(),
    contentType: contentTypeOf(contentType),
    image: data.toString('base64'),
  }));
}

export async function eraseEmployeePhotos(db: Database, businessId: number, employeeId: number): Promise<number> {
  await requireEmployee(db, businessId, employeeId);
  return withTransaction(db, async (tx) => {
    const rows = await tx
      .selectDistinct({ id: punches.photoId })
      .from(punches)
      .where(and(eq(punches.businessId, businessId), eq(punches.employeeId, employeeId)));
    return deletePhotos(tx, businessId, rows.flatMap((row) => (row.id === null ? [] : [row.id])));
  });
}
