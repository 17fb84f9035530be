/**
 * The "time and date style" choices of the kiosk settings, in plain words instead of a language tag
 * to type: automatic, or one of the styles of the regions the service serves (and whatever is set
 * already), each named in the manager's language and shown with an example of how a time reads.
 */

import { hourStyle } from '../../i18n/formatters';

/** English in the vendor's regions (UK, US, Ireland, AU, NZ, SG, MY) and Spanish in Spain and Mexico. */
export const COMMON_LOCALES = ['en-GB', 'en-US', 'en-IE', 'en-AU', 'en-NZ', 'en-SG', 'en-MY', 'es-ES', 'es-MX'] as const;

/** The tags to offer: the common ones, and the one already saved if it is another. */
export function localeChoices(saved: string): string[] {
  const tags: string[] = [...COMMON_LOCALES];
  return saved && !tags.includes(saved) ? [...tags, saved] : tags;
}

/** How an instant reads in a style ("Wed 1 Jul, 13:05"), on the kiosk's clock, with the hour as the kiosk writes it. */
export function localeExample(tag: string, zone: string, at: Date): string {
  try {
    return new Intl.DateTimeFormat(tag, { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', hour: hourStyle(tag), minute: '2-digit' }).format(at);
  } catch {
    return '';
  }
}

/** A style's name in the manager's language ("British English"), else the tag itself. */
export function localeName(tag: string, uiLocale: string): string {
  try {
    return new Intl.DisplayNames([uiLocale], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}
