/**
 * A business's photo policy (how long punch photos are kept, who may see them), stored as a
 * business settings document of its own kind and parsed on every read, so a damaged document is a
 * server fault rather than a silently different retention.
 */
import { and, eq } from 'drizzle-orm';
import { DEFAULT_PHOTO_POLICY, PhotoPolicyModel } from '../../../contract/supporting/photos';
import type { Database } from '../../db/openDatabase';
import { businessSettings } from '../../db/schema';
import type { Grant } from '../../auth/access';

const KIND = 'photos';

export function photoPolicyFrom(model: unknown, businessId: number): PhotoPolicyModel {
  if (model === undefined || model === null) return DEFAULT_PHOTO_POLICY;
  const parsed = PhotoPolicyModel.safeParse(model);
  if (!parsed.success) throw new Error(`Stored photo policy of business ${businessId} is not valid`);
  return parsed.data;
}

export async function readPhotoPolicy(db: Database, businessId: number): Promise<PhotoPolicyModel> {
  const [row] = await db
    .select({ model: businessSettings.model })
    .from(businessSettings)
    .where(and(eq(businessSettings.businessId, businessId), eq(businessSettings.kind, KIND)));
  return photoPolicyFrom(row?.model, businessId);
}

export async function writePhotoPolicy(db: Database, businessId: number, model: PhotoPolicyModel): Promise<PhotoPolicyModel> {
  await db
    .insert(businessSettings)
    .values({ businessId, kind: KIND, model })
    .onConflictDoUpdate({ target: [businessSettings.businessId, businessSettings.kind], set: { model } });
  return model;
}

/** The stored policies of every business that saved one (the retention job's read). */
export async function readAllPhotoPolicies(db: Database): Promise<Map<number, PhotoPolicyModel>> {
  const rows = await db.select({ businessId: businessSettings.businessId, model: businessSettings.model }).from(businessSettings).where(eq(businessSettings.kind, KIND));
  return new Map(rows.map((row) => [row.businessId, photoPolicyFrom(row.model, row.businessId)]));
}

/**
 * Whether this caller may see punch photos: unrestricted users always, restricted users when the
 * policy lets kiosk managers see them, devices never (a tablet does not show a photo again).
 */
export function maySeePhotos(grant: Pick<Grant, 'principal' | 'isAdmin'>, policy: PhotoPolicyModel): boolean {
  if (grant.principal.kind !== 'user') return false;
  return grant.isAdmin || policy.viewers === 'kioskManagers';
}
