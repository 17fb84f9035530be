import { describe, expect, it } from 'vitest';
import { DEFAULT_KIOSK_PREFERENCES, KIOSK_THEMES, KioskPreferencesModel, UNVERIFIED_OFFLINE_PUNCHES } from '../contract/supporting/kioskExtensions';
import { DEFAULT_STORED_PREFERENCES, parseStoredPreferences } from './preferencesRecord';

describe('the kept kiosk preferences', () => {
  it('have the contract defaults and accept what the contract accepts', () => {
    expect(DEFAULT_STORED_PREFERENCES).toEqual(DEFAULT_KIOSK_PREFERENCES);
    for (const unverifiedOfflinePunches of UNVERIFIED_OFFLINE_PUNCHES) {
      for (const theme of KIOSK_THEMES) {
        const model = KioskPreferencesModel.parse({ unverifiedOfflinePunches, theme, sounds: false, locale: 'es-ES' });
        expect(parseStoredPreferences(model)).toEqual(model);
      }
    }
  });

  it('give each damaged field its default and keep the rest', () => {
    expect(parseStoredPreferences(null)).toEqual(DEFAULT_STORED_PREFERENCES);
    expect(parseStoredPreferences('junk')).toEqual(DEFAULT_STORED_PREFERENCES);
    expect(parseStoredPreferences({ theme: 'neon', sounds: false, locale: 42, unverifiedOfflinePunches: 'off' })).toEqual({
      ...DEFAULT_STORED_PREFERENCES,
      sounds: false,
      unverifiedOfflinePunches: 'off',
    });
  });
});
