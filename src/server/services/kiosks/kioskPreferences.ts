/**
 * A kiosk's preferences for its tablets (project extension): read with defaults
 * when none are stored, replaced whole when a manager saves them.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_KIOSK_PREFERENCES, type KioskPreferencesModel } from '../../../contract/supporting/kioskExtensions';
import type { Database } from '../../db/openDatabase';
import { kioskPreferences } from '../../db/schema';

type Row = typeof kioskPreferences.$inferSelect;

function toModel(row: Row | undefined): KioskPreferencesModel {
  if (!row) return { ...DEFAULT_KIOSK_PREFERENCES };
  return {
    unverifiedOfflinePunches: row.unverifiedOfflinePunches,
    sounds: row.sounds,
    locale: row.locale,
    theme: row.theme,
    idleScreenSeconds: row.idleScreenSeconds,
    stepTimeoutSeconds: row.stepTimeoutSeconds,
  };
}

/** The kiosk's preferences (the kiosk itself is checked by the caller). */
export async function readKioskPreferences(db: Database, kioskId: number): Promise<KioskPreferencesModel> {
  const [row] = await db.select().from(kioskPreferences).where(eq(kioskPreferences.kioskId, kioskId));
  return toModel(row);
}

/** Replaces the kiosk's preferences and answers what is stored. */
export async function saveKioskPreferences(
  db: Database,
  businessId: number,
  kioskId: number,
  preferences: KioskPreferencesModel,
  now: Date,
): Promise<KioskPreferencesModel> {
  const values = { ...preferences, kioskId, businessId, updatedAt: now };
  const [row] = await db
    .insert(kioskPreferences)
    .values(values)
    .onConflictDoUpdate({ target: kioskPreferences.kioskId, set: { ...preferences, updatedAt: now } })
    .returning();
  return toModel(row);
}
