import { describe, expect, it } from 'vitest';
import { DEFAULT_KIOSK_PREFERENCES, KioskPreferencesModel } from '../../../contract/supporting/kioskExtensions';
import { buildPreferences, canonicalLocale, delayChoices, IDLE_SCREEN_CHOICES, preferencesDirty, preferencesFormOf, STEP_TIMEOUT_CHOICES } from './kioskPreferencesForm';

describe('the kiosk preferences form', () => {
  it('round-trips the defaults and notices a change', () => {
    const form = preferencesFormOf(DEFAULT_KIOSK_PREFERENCES);
    expect(form).toEqual({ unverifiedOfflinePunches: 'flagged', sounds: true, locale: '', theme: 'system', idleScreenSeconds: 60, stepTimeoutSeconds: 30 });
    expect(buildPreferences(form)).toEqual({ ok: true, body: { ...DEFAULT_KIOSK_PREFERENCES } });
    expect(preferencesDirty(DEFAULT_KIOSK_PREFERENCES, form)).toBe(false);
    expect(preferencesDirty(DEFAULT_KIOSK_PREFERENCES, { ...form, theme: 'dark' })).toBe(true);
    expect(preferencesDirty(DEFAULT_KIOSK_PREFERENCES, { ...form, stepTimeoutSeconds: 120 })).toBe(true);
  });

  it('offers the idle screen and step delays, keeping one saved otherwise', () => {
    expect(delayChoices(IDLE_SCREEN_CHOICES, 60)).toEqual([...IDLE_SCREEN_CHOICES]);
    expect(delayChoices(STEP_TIMEOUT_CHOICES, 45)).toEqual([15, 30, 45, 60, 120, 300, 600]);
    // Every offered delay is one the contract accepts.
    for (const idleScreenSeconds of IDLE_SCREEN_CHOICES) expect(KioskPreferencesModel.safeParse({ idleScreenSeconds }).success).toBe(true);
    for (const stepTimeoutSeconds of STEP_TIMEOUT_CHOICES) expect(KioskPreferencesModel.safeParse({ stepTimeoutSeconds }).success).toBe(true);
    // WCAG 2.2.1: the step timeout can be made at least ten times its default.
    expect(Math.max(...STEP_TIMEOUT_CHOICES)).toBeGreaterThanOrEqual(10 * DEFAULT_KIOSK_PREFERENCES.stepTimeoutSeconds);
  });

  it('canonicalises a language tag and refuses what is not one', () => {
    expect(canonicalLocale(' en-gb ')).toBe('en-GB');
    expect(canonicalLocale('not a tag!')).toBeNull();
    const form = preferencesFormOf(DEFAULT_KIOSK_PREFERENCES);
    expect(buildPreferences({ ...form, locale: 'es-es' })).toMatchObject({ ok: true, body: { locale: 'es-ES' } });
    expect(buildPreferences({ ...form, locale: '12' })).toEqual({ ok: false, errors: { locale: 'manager.prefs.localeInvalid' } });
  });
});
