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
}

export function preferencesFormOf(model: KioskPreferencesModel): KioskPreferencesForm {
  return { unverifiedOfflinePunches: model.unverifiedOfflinePunches, sounds: model.sounds, locale: model.locale ?? '', theme: model.theme };
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
  return { ok: true, body: { unverifiedOfflinePunches: form.unverifiedOfflinePunches, sounds: form.sounds, locale, theme: form.theme } };
}

export function preferencesDirty(model: KioskPreferencesModel, form: KioskPreferencesForm): boolean {
  const saved = preferencesFormOf(model);
  return (Object.keys(saved) as (keyof KioskPreferencesForm)[]).some((key) => saved[key] !== form[key]);
}
