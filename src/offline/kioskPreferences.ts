/**
 * The kiosk's preferences (a project extension: unverified offline punches, sounds, locale, theme),
 * read from the service with every refresh and kept in IndexedDB so the tablet behaves the same
 * offline. Read back in preferencesRecord.ts: a damaged or older record gives the defaults.
 */
import { getKioskPreferences } from '../contract/routes/kioskExtensions';
import type { KioskPreferencesModel } from '../contract/supporting/kioskExtensions';
import type { ApiClient, KioskRef } from '../client';
import type { KioskDb } from './db';
import { PREFERENCES_KEY } from './preferencesRecord';

export { PREFERENCES_KEY, readStoredPreferences as readKioskPreferences } from './preferencesRecord';

/** Reads the kiosk's preferences from the service and keeps them. */
export async function refreshKioskPreferences(db: KioskDb, client: ApiClient, kiosk: KioskRef): Promise<KioskPreferencesModel> {
  const preferences = await client.call(getKioskPreferences, { path: { businessId: kiosk.businessId, kioskId: kiosk.kioskId } });
  await db.meta.put({ key: PREFERENCES_KEY, value: preferences });
  return preferences;
}
