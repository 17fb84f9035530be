/**
 * The kiosk's preferences (a project extension: unverified offline punches, sounds, locale, theme),
 * read from the service with every refresh and kept in IndexedDB so the tablet behaves the same
 * offline. Read back through the contract's schema: a damaged or older record gives the defaults.
 */
import { getKioskPreferences } from '../contract/routes/kioskExtensions';
import { DEFAULT_KIOSK_PREFERENCES, KioskPreferencesModel } from '../contract/supporting/kioskExtensions';
import type { ApiClient, KioskRef } from '../client';
import type { KioskDb } from './db';

export const PREFERENCES_KEY = 'preferences';

/** The preferences as kept (every field present), or the defaults before the first refresh. */
export function parseKioskPreferences(value: unknown): KioskPreferencesModel {
  const parsed = KioskPreferencesModel.safeParse(value ?? {});
  return parsed.success ? parsed.data : { ...DEFAULT_KIOSK_PREFERENCES };
}

export async function readKioskPreferences(db: KioskDb): Promise<KioskPreferencesModel> {
  return parseKioskPreferences((await db.meta.get(PREFERENCES_KEY))?.value);
}

/** Reads the kiosk's preferences from the service and keeps them. */
export async function refreshKioskPreferences(db: KioskDb, client: ApiClient, kiosk: KioskRef): Promise<KioskPreferencesModel> {
  const preferences = await client.call(getKioskPreferences, { path: { businessId: kiosk.businessId, kioskId: kiosk.kioskId } });
  await db.meta.put({ key: PREFERENCES_KEY, value: preferences });
  return preferences;
}
