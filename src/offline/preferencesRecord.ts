/**
 * The kiosk's preferences as kept in IndexedDB, read back with zod/mini (the header and theme read
 * them before the full zod has loaded). The fields, values and defaults mirror the contract's
 * KioskPreferencesModel (src/contract/supporting/kioskExtensions.ts; a unit test holds them
 * together); a damaged or missing record gives the defaults, a damaged field its default.
 */
import * as z from 'zod/mini';
import type { KioskDb } from './db';

export const PREFERENCES_KEY = 'preferences';

export interface StoredKioskPreferences {
  unverifiedOfflinePunches: 'off' | 'flagged';
  sounds: boolean;
  /** BCP 47; null: from the business's country and the kiosk's time zone. */
  locale: string | null;
  theme: 'system' | 'light' | 'dark';
  /** Seconds at rest on the staff grid before the idle screen; 0: never. */
  idleScreenSeconds: number;
  /** Seconds a step after the grid waits for a touch before going back to the names. */
  stepTimeoutSeconds: number;
}

export const DEFAULT_STORED_PREFERENCES: StoredKioskPreferences = {
  unverifiedOfflinePunches: 'flagged',
  sounds: true,
  locale: null,
  theme: 'system',
  idleScreenSeconds: 60,
  stepTimeoutSeconds: 30,
};

const FIELDS = {
  unverifiedOfflinePunches: z.enum(['off', 'flagged']),
  sounds: z.boolean(),
  locale: z.nullable(z.string().check(z.minLength(2), z.maxLength(35))),
  theme: z.enum(['system', 'light', 'dark']),
  idleScreenSeconds: z.int().check(z.refine((n) => n === 0 || (n >= 10 && n <= 3600))),
  stepTimeoutSeconds: z.int().check(z.gte(10), z.lte(600)),
};

/** Each field as kept, or its default. */
export function parseStoredPreferences(value: unknown): StoredKioskPreferences {
  const out: StoredKioskPreferences = { ...DEFAULT_STORED_PREFERENCES };
  if (!value || typeof value !== 'object') return out;
  const record = value as Record<string, unknown>;
  const pick = <K extends keyof StoredKioskPreferences>(key: K) => {
    const parsed = z.safeParse(FIELDS[key], record[key]);
    if (parsed.success) out[key] = parsed.data as StoredKioskPreferences[K];
  };
  pick('unverifiedOfflinePunches');
  pick('sounds');
  pick('locale');
  pick('theme');
  pick('idleScreenSeconds');
  pick('stepTimeoutSeconds');
  return out;
}

export async function readStoredPreferences(db: KioskDb): Promise<StoredKioskPreferences> {
  return parseStoredPreferences((await db.meta.get(PREFERENCES_KEY))?.value);
}
