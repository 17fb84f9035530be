/**
 * The one message catalogue: every feature's messages merged, per language. Components never hold
 * text of their own; they ask `t(key, values)`.
 */
import type { Message } from './define';
import { common } from './messages/common';
import { health } from './messages/health';
import { kiosk } from './messages/kiosk';
import { manager } from './messages/manager';
import { setup } from './messages/setup';

const en = { ...common.en, ...kiosk.en, ...setup.en, ...manager.en, ...health.en };
const es = { ...common.es, ...kiosk.es, ...setup.es, ...manager.es, ...health.es };

export type MessageKey = keyof typeof en;
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

export const CATALOGUES: Record<Locale, Record<MessageKey, Message>> = { en, es };

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
