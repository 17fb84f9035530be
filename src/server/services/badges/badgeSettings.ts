/**
 * How badges are accepted: the business's mode (PIN only until an administrator chooses) and a
 * kiosk's own (null: the business's). Kept in their own tables rather than the vendor's settings
 * documents, which have no place for them.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_BADGE_MODE, effectiveBadgeMode, type BadgeMode } from '../../../domain/badges';
import type { Database } from '../../db/openDatabase';
import { businessBadgeSettings, kioskBadgeSettings } from '../../db/schema';

export async function readBusinessBadgeMode(db: Database, businessId: number): Promise<BadgeMode> {
  const [row] = await db.select({ mode: businessBadgeSettings.mode }).from(businessBadgeSettings).where(eq(businessBadgeSettings.businessId, businessId));
  return row?.mode ?? DEFAULT_BADGE_MODE;
}

export async function saveBusinessBadgeMode(db: Database, businessId: number, mode: BadgeMode, now: Date): Promise<BadgeMode> {
  await db
    .insert(businessBadgeSettings)
    .values({ businessId, mode, updatedAt: now })
    .onConflictDoUpdate({ target: businessBadgeSettings.businessId, set: { mode, updatedAt: now } });
  return mode;
}

export async function readKioskBadgeMode(db: Database, kioskId: number): Promise<BadgeMode | null> {
  const [row] = await db.select({ mode: kioskBadgeSettings.mode }).from(kioskBadgeSettings).where(eq(kioskBadgeSettings.kioskId, kioskId));
  return row?.mode ?? null;
}

export async function saveKioskBadgeMode(db: Database, businessId: number, kioskId: number, mode: BadgeMode | null, now: Date): Promise<BadgeMode | null> {
  await db
    .insert(kioskBadgeSettings)
    .values({ kioskId, businessId, mode, updatedAt: now })
    .onConflictDoUpdate({ target: kioskBadgeSettings.kioskId, set: { mode, updatedAt: now } });
  return mode;
}

/** The mode the kiosk uses now. */
export async function kioskBadgeMode(db: Database, businessId: number, kioskId: number): Promise<BadgeMode> {
  return effectiveBadgeMode(await readBusinessBadgeMode(db, businessId), await readKioskBadgeMode(db, kioskId));
}
