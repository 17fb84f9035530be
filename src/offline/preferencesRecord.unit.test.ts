import { describe, expect, it } from 'vitest';
import { DEFAULT_KIOSK_PREFERENCES, KIOSK_THEMES, KioskPreferencesModel, UNVERIFIED_OFFLINE_PUNCHES } from '../contract/supporting/kioskExtensions';
import { DEFAULT_STORED_PREFERENCES, parseStoredPreferences } from './preferencesRecord';

describe('the kept kiosk preferences', () => {
  it('have the contract defaults and accept what the contract accepts', () => {
    expect(DEFAULT_STORED_PREFERENCES).toEqual(DEFAULT_KIOSK_PREFERENCES);
    for (const unverifiedOfflinePunches of UNVERIFIED_OFFLINE_PUNCHES) {
      for (const theme of KIOSK_THEMES) {
        const model = KioskPreferencesModel.parse({ unverifiedOfflinePunches, theme, sounds: false, locale: 'es-ES', idleScreenSeconds: 0, stepTimeoutSeconds: 600 });
        expect(parseStoredPreferences(model)).toEqual(model);
      }
    }
  });

  it('keep the idle screen and step timeout within what the contract accepts', () => {
    for (const [idleScreenSeconds, ok] of [[0, true], [10, true], [3600, true], [5, false], [3601, false], [30.5, false]] as const) {
      expect(KioskPreferencesModel.safeParse({ idleScreenSeconds }).success, String(idleScreenSeconds)).toBe(ok);
      expect(parseStoredPreferences({ idleScreenSeconds }).idleScreenSeconds).toBe(ok ? idleScreenSeconds : DEFAULT_STORED_PREFERENCES.idleScreenSeconds);
    }
    for (const [stepTimeoutSeconds, ok] of [[10, true], [600, true], [9, false], [601, false]] as const) {
      expect(KioskPreferencesModel.safeParse({ stepTimeoutSeconds }).success, String(stepTimeoutSeconds)).toBe(ok);
      expect(parseStoredPreferences({ stepTimeoutSeconds }).stepTimeoutSeconds).toBe(ok ? stepTimeoutSeconds : DEFAULT_STORED_PREFERENCES.stepTimeoutSeconds);
    }
  });

  it('give each damaged field its default and keep the rest', () => {
    expect(parseStoredPreferences(null)).toEqual(DEFAULT_STORED_PREFERENCES);
    expect(parseStoredPreferences('junk')).toEqual(DEFAULT_STORED_PREFERENCES);
    expect(parseStoredPreferences({ theme: 'neon', sounds: false, locale: 42, unverifiedOfflinePunches: 'off', idleScreenSeconds: 5, stepTimeoutSeconds: 1e9 })).toEqual({
      ...DEFAULT_STORED_PREFERENCES,
      sounds: false,
      unverifiedOfflinePunches: 'off',
    });
  });
});
