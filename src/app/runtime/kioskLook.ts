/**
 * How this kiosk looks and sounds: sounds on a punch, the theme, the business's
 * locale for times. Read from the kiosk's preferences as this tablet keeps them
 * (src/offline/preferencesRecord.ts, refreshed from the service), taking `db` so the locale root above the kiosk can use it
 * too; the safe defaults (sound on, the tablet's theme, locale from the kiosk's zone) until then.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { KioskDb } from '../../offline/db';
import { DEFAULT_STORED_PREFERENCES, readStoredPreferences } from '../../offline/preferencesRecord';

export type KioskTheme = 'system' | 'light' | 'dark';

export interface KioskLook {
  /** A short tone and a vibration confirm a punch. */
  sounds: boolean;
  theme: KioskTheme;
  /** The business's locale for times and dates (BCP 47); null derives it from the kiosk's zone. */
  locale: string | null;
}

export const DEFAULT_KIOSK_LOOK: KioskLook = { sounds: DEFAULT_STORED_PREFERENCES.sounds, theme: DEFAULT_STORED_PREFERENCES.theme, locale: DEFAULT_STORED_PREFERENCES.locale };

/**
 * The kiosk's look, live; the defaults before the preferences reach this tablet. `known` is false
 * for the moment the record is being read, so a one-off effect (the punch chime) can wait for it.
 */
export function useKioskLook(db: KioskDb | null): KioskLook & { known: boolean } {
  const stored = useLiveQuery(async () => (db ? readStoredPreferences(db) : DEFAULT_STORED_PREFERENCES), [db]);
  return stored ? { sounds: stored.sounds, theme: stored.theme, locale: stored.locale, known: true } : { ...DEFAULT_KIOSK_LOOK, known: false };
}
