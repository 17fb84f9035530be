/**
 * Dates, times and durations for people, always with Intl in the kiosk's time zone (not the
 * tablet's), so an overnight shift or a daylight-saving change reads the same on every device.
 */
import type { Translate } from './translate';

export interface Formatters {
  time(instant: Date | string): string;
  date(instant: Date | string): string;
  weekdayDate(instant: Date | string): string;
  dateTime(instant: Date | string): string;
  duration(ms: number): string;
  zone: string;
}

const asDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/**
 * How the hour is written: a 24-hour clock always with two digits ("06:00", as the manager's
 * screens, time fields and the export write it), a 12-hour clock as the locale writes it ("6:00 am").
 */
export function hourStyle(locale: string): 'numeric' | '2-digit' {
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h23' || cycle === 'h24' ? '2-digit' : 'numeric';
}

export function createFormatters(locale: string, zone: string, t: Translate): Formatters {
  const hour = hourStyle(locale);
  const time = new Intl.DateTimeFormat(locale, { timeZone: zone, hour, minute: '2-digit' });
  const date = new Intl.DateTimeFormat(locale, { timeZone: zone, day: 'numeric', month: 'long' });
  const weekdayDate = new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long' });
  const dateTime = new Intl.DateTimeFormat(locale, { timeZone: zone, day: 'numeric', month: 'short', hour, minute: '2-digit' });
  return {
    zone,
    time: (instant) => time.format(asDate(instant)),
    date: (instant) => date.format(asDate(instant)),
    weekdayDate: (instant) => weekdayDate.format(asDate(instant)),
    dateTime: (instant) => dateTime.format(asDate(instant)),
    duration: (ms) => {
      // To the nearest minute, as the manager's screens and the export count (10:00 to 10:20 is 20
      // minutes, whatever the seconds); seconds of something that happened are not "0 min" of it.
      const totalMinutes = Math.max(0, Math.round(ms / 60_000));
      if (ms > 0 && totalMinutes === 0) return t('duration.underMinute');
      const hours = Math.floor(totalMinutes / 60);
      const minutes = totalMinutes % 60;
      return hours > 0 ? t('duration.hoursMinutes', { hours, minutes }) : t('duration.minutes', { minutes });
    },
  };
}

/**
 * The locale dates and times are written in: the person's language with the business's region
 * (a London business writes 13:05 in English and in Spanish), or the device's own variant when
 * the business's locale is not known. `business` is a BCP 47 tag such as en-GB (businessLocale
 * in src/domain/businessLocale.ts).
 */
export function timeLocaleFor(language: string, business: string | null, deviceVariant: string): string {
  if (!business) return deviceVariant;
  try {
    const tag = new Intl.Locale(business);
    if (tag.language === language) return tag.toString();
    const mixed = tag.region ? `${language}-${tag.region}` : language;
    return Intl.getCanonicalLocales(mixed)[0] ?? deviceVariant;
  } catch {
    return deviceVariant;
  }
}

/** The zone the device itself is in (used before a kiosk zone is known). */
export function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
