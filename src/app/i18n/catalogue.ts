/**
 * The one message catalogue: every feature's messages merged, per language. Components never hold
 * text of their own; they ask `t(key, values)`.
 */
import type { Message } from './define';
import { common } from './messages/common';
import type { health } from './messages/health';
import { kiosk } from './messages/kiosk';
import type { kioskRoster } from './messages/kioskRoster';
import type { manager } from './messages/manager';
import type { managerFix } from './messages/managerFix';
import type { managerFleet } from './messages/managerFleet';
import type { managerSettings } from './messages/managerSettings';
import type { managerPin } from './messages/managerPin';
import type { managerRoster } from './messages/managerRoster';
import type { managerStaff } from './messages/managerStaff';
import type { problems } from './messages/problems';
import type { setup } from './messages/setup';
import type { badges } from './messages/badges';
import type { kioskBadges } from './messages/kioskBadges';
import type { attestations } from './messages/attestations';
import type { myHours } from './messages/myHours';
import type { personPhotos } from './messages/personPhotos';
import type { photoNotice } from './messages/photoNotice';

/** Every key of every feature, checked at compile time; the texts load with their feature. */
type AllMessages = typeof common.en & typeof kiosk.en & typeof kioskRoster.en & typeof setup.en & typeof manager.en & typeof managerFix.en & typeof managerFleet.en & typeof managerSettings.en & typeof managerRoster.en & typeof health.en & typeof managerPin.en & typeof managerStaff.en & typeof problems.en & typeof badges.en & typeof kioskBadges.en & typeof attestations.en & typeof myHours.en & typeof photoNotice.en & typeof personPhotos.en;
export type MessageKey = keyof AllMessages;
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/**
 * The texts loaded so far: the kiosk's own at start; set-up and manager mode add theirs when their
 * code loads (registerMessages), so the kiosk screen does not carry them; the words for problem
 * codes come with i18n/problemWords.ts.
 */
export const CATALOGUES: Record<Locale, Partial<Record<MessageKey, Message>>> = {
  en: { ...common.en, ...kiosk.en },
  es: { ...common.es, ...kiosk.es },
};

/** Adds a feature's messages (called at the top of a lazily loaded feature). */
export function registerMessages(messages: { en: Partial<Record<MessageKey, Message>>; es: Partial<Record<MessageKey, Message>> }): void {
  Object.assign(CATALOGUES.en, messages.en);
  Object.assign(CATALOGUES.es, messages.es);
}

/** The best supported locale for a BCP 47 list such as navigator.languages. */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    const match = LOCALES.find((locale) => locale === base);
    if (match) return match;
  }
  return 'en';
}

/** The device's regional variant of a supported language (en-GB for en), for dates and times. */
export function formatLocaleFor(locale: Locale, preferred: readonly string[]): string {
  return preferred.find((tag) => tag.toLowerCase().split('-')[0] === locale) ?? locale;
}
