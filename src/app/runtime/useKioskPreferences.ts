/**
 * The kiosk's preferences (unverified offline punches, sounds, locale, theme) as this tablet keeps
 * them, live: every field present, the defaults before the first refresh or outside an enrolled
 * kiosk. Light on purpose (zod/mini records), so the header and theme can use it from the first frame.
 */
import { useContext } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { DEFAULT_STORED_PREFERENCES, readStoredPreferences, type StoredKioskPreferences } from '../../offline/preferencesRecord';
import { KioskBaseContext } from './RuntimeContext';

export type KioskPreferences = StoredKioskPreferences;

export function useKioskPreferences(): KioskPreferences {
  const db = useContext(KioskBaseContext)?.db ?? null;
  return useLiveQuery(async () => (db ? readStoredPreferences(db) : DEFAULT_STORED_PREFERENCES), [db]) ?? DEFAULT_STORED_PREFERENCES;
}
