/**
 * IANA time zones for the set-up pickers, without React: the zones this browser knows, a search
 * that finds "buenos" or "new york" or "europe/ma", and readable labels ("Buenos Aires",
 * "America / Argentina", "GMT-03:00").
 */
import { foldForSearch } from '../../i18n/search';

/** Every zone the browser supports, plus `extra` (the device's or a business's zone may be an alias). */
export function supportedTimeZones(extra: readonly string[] = []): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', ...extra.filter(isValidZone)])].sort();
}

export function isValidZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "America/Argentina/Buenos_Aires" -> city "Buenos Aires", region "America / Argentina". */
export function zoneParts(zone: string): { city: string; region: string } {
  const parts = zone.split('/').map((part) => part.replace(/_/g, ' '));
  const city = parts.pop() ?? zone;
  return { city, region: parts.join(' / ') };
}

/** The zone's UTC offset at `at`, e.g. "GMT+01:00" ("GMT" for UTC itself). */
export function zoneOffset(zone: string, locale: string, at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** Lower case, accents removed, `_` and `/` as spaces: "São_Paulo" and "sao paulo" meet. */
function fold(text: string): string {
  return foldForSearch(text)
    .replace(/[_/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** How well a zone matches (lower is better), or null when it does not. */
function rank(zone: string, needle: string): number | null {
  const whole = fold(zone);
  const city = fold(zoneParts(zone).city);
  if (city === needle) return 0;
  if (city.startsWith(needle)) return 1;
  if (whole.startsWith(needle)) return 2;
  if (whole.split(' ').some((word) => word.startsWith(needle))) return 3;
  if (whole.includes(needle)) return 4;
  return null;
}

/** The best `limit` zones for a query, and how many matched in all. */
export function searchTimeZones(zones: readonly string[], query: string, limit: number): { matches: string[]; total: number } {
  const needle = fold(query);
  if (!needle) return { matches: [], total: 0 };
  const ranked: Array<{ zone: string; score: number }> = [];
  for (const zone of zones) {
    const score = rank(zone, needle);
    if (score !== null) ranked.push({ zone, score });
  }
  ranked.sort((a, b) => a.score - b.score || a.zone.localeCompare(b.zone));
  return { matches: ranked.slice(0, limit).map((entry) => entry.zone), total: ranked.length };
}
