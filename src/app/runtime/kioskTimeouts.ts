/**
 * The kiosk's two quiet-time settings, as this tablet keeps them (src/offline/preferencesRecord.ts):
 * when the idle screen comes over the staff grid, and how long a step after the grid waits for a
 * touch. Both are the manager's to change (WCAG 2.2.1: a time limit the user's side can adjust);
 * the contract's defaults until the preferences arrive.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { KioskDb } from '../../offline/db';
import { DEFAULT_STORED_PREFERENCES, readStoredPreferences } from '../../offline/preferencesRecord';

export interface KioskTimeouts {
  /** 0: no idle screen. */
  idleScreenMs: number;
  stepTimeoutMs: number;
}

export function useKioskTimeouts(db: KioskDb): KioskTimeouts {
  const stored = useLiveQuery(() => readStoredPreferences(db), [db]) ?? DEFAULT_STORED_PREFERENCES;
  return { idleScreenMs: stored.idleScreenSeconds * 1000, stepTimeoutMs: stored.stepTimeoutSeconds * 1000 };
}
