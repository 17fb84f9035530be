/**
 * The kiosk preferences form without React: the preferences resource as form
 * values, the locale checked as a BCP 47 tag, and the body to save. The resource is a project
 * extension (PUT B/kiosk/{kioskId}/preferences), saved apart from the vendor's kiosk model.
 */
import type { KioskPreferencesInput, KioskPreferencesModel } from '../../../contract/supporting/kioskExtensions';
import type { MessageKey } from '../../i18n/catalogue';

export interface KioskPreferencesForm {
  unverifiedOfflinePunches: 'off' | 'flagged';
  sounds: boolean;
  /** As typed; empty: from the business's country and the kiosk's time zone. */
  locale: string;
  theme: 'system' | 'light' | 'dark';
  idleScreenSeconds: number;
  stepTimeoutSeconds: number;
}

/** The delays offered for the idle screen (0: never) and for going back to the names, in seconds. */
export const IDLE_SCREEN_CHOICES: readonly number[] = [0, 30, 60, 120, 300, 600];
export const STEP_TIMEOUT_CHOICES: readonly number[] = [15, 30, 60, 120, 300, 600];

/** The offered delays, with the saved one among them even when it was set otherwise (through the API). */
export function delayChoices(offered: readonly number[], saved: number): number[] {
  return offered.includes(saved) ? [...offered] : [...offered, saved].sort((a, b) => a - b);
}

export function preferencesFormOf(model: KioskPreferencesModel): KioskPreferencesForm {
  return {
    unverifiedOfflinePunches: model.unverifiedOfflinePunches,
    sounds: model.sounds,
    locale: model.locale ?? '',
    theme: model.theme,
    idleScreenSeconds: model.idleScreenSeconds,
    stepTimeoutSeconds: model.stepTimeoutSeconds,
  };
}

/** A BCP 47 tag Intl accepts, canonicalised (`en-gb` -> `en-GB`); null when it is not one. */
export function canonicalLocale(text: string): string | null {
  try {
    const [tag] = Intl.getCanonicalLocales(text.trim());
    return tag && tag.length <= 35 ? tag : null;
  } catch {
    return null;
  }
}

export type PreferencesCheck = { ok: true; body: KioskPreferencesInput } | { ok: false; errors: { locale?: MessageKey } };

export function buildPreferences(form: KioskPreferencesForm): PreferencesCheck {
  const typed = form.locale.trim();
  const locale = typed ? canonicalLocale(typed) : null;
  if (typed && !locale) return { ok: false, errors: { locale: 'manager.prefs.localeInvalid' } };
  return {
    ok: true,
    body: {
      unverifiedOfflinePunches: form.unverifiedOfflinePunches,
      sounds: form.sounds,
      locale,
      theme: form.theme,
      idleScreenSeconds: form.idleScreenSeconds,
      stepTimeoutSeconds: form.stepTimeoutSeconds,
    },
  };
}

export function preferencesDirty(model: KioskPreferencesModel, form: KioskPreferencesForm): boolean {
  const saved = preferencesFormOf(model);
  return (Object.keys(saved) as (keyof KioskPreferencesForm)[]).some((key) => saved[key] !== form[key]);
}
