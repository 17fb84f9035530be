import { describe, expect, it } from 'vitest';
import { DEFAULT_KIOSK_PREFERENCES } from '../../../contract/supporting/kioskExtensions';
import { buildPreferences, canonicalLocale, preferencesDirty, preferencesFormOf } from './kioskPreferencesForm';

describe('the kiosk preferences form', () => {
  it('round-trips the defaults and notices a change', () => {
    const form = preferencesFormOf(DEFAULT_KIOSK_PREFERENCES);
    expect(form).toEqual({ unverifiedOfflinePunches: 'flagged', sounds: true, locale: '', theme: 'system' });
    expect(buildPreferences(form)).toEqual({ ok: true, body: { ...DEFAULT_KIOSK_PREFERENCES } });
    expect(preferencesDirty(DEFAULT_KIOSK_PREFERENCES, form)).toBe(false);
    expect(preferencesDirty(DEFAULT_KIOSK_PREFERENCES, { ...form, theme: 'dark' })).toBe(true);
  });

  it('canonicalises a language tag and refuses what is not one', () => {
    expect(canonicalLocale(' en-gb ')).toBe('en-GB');
    expect(canonicalLocale('not a tag!')).toBeNull();
    const form = preferencesFormOf(DEFAULT_KIOSK_PREFERENCES);
    expect(buildPreferences({ ...form, locale: 'es-es' })).toMatchObject({ ok: true, body: { locale: 'es-ES' } });
    expect(buildPreferences({ ...form, locale: '12' })).toEqual({ ok: false, errors: { locale: 'manager.prefs.localeInvalid' } });
  });
});
