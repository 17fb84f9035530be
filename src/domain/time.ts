/**
 * Time helpers both sides need: the contract's .NET TimeSpan offsets, wall-clock ("Local") times
 * in an IANA zone, and reading the SDK's date-times that may or may not carry a zone.
 */

/** Formats minutes as a .NET TimeSpan (`-05:00:00`). */
export function formatTimeSpan(totalMinutes: number): string {
  const sign = totalMinutes < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(totalMinutes));
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const minutes = String(abs % 60).padStart(2, '0');
  return `${sign}${hours}:${minutes}:00`;
}

/** True when the runtime knows the IANA zone id. */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockParts(instant: Date, zone: string): Record<string, number> {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(zone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

/** Offset of `zone` from UTC at `instant`, in minutes (e.g. 60 for Europe/London in summer). */
export function zoneOffsetMinutes(instant: Date, zone: string): number {
  const p = wallClockParts(instant, zone);
  const asUtc = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - whole) / 60_000);
}

/** Offset of `zone` at `instant` in whole seconds, as milliseconds (exact, through Intl). */
function offsetMs(instant: number, zone: string): number {
  const p = wallClockParts(new Date(instant), zone);
  const asUtc = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * Offsets are constant between a zone's transitions (a few a year), so lists that format
 * thousands of times ask Intl once per zone and six hours: a span whose two ends share an offset
 * is taken to have it throughout; a span with a transition in it is computed per instant.
 */
const SPAN_MS = 6 * 60 * 60 * 1000;
const spanOffsets = new Map<string, number | null>();

function cachedOffsetMs(instant: number, zone: string): number {
  const span = Math.floor(instant / SPAN_MS);
  const key = `${zone} ${span}`;
  let offset = spanOffsets.get(key);
  if (offset === undefined) {
    const first = offsetMs(span * SPAN_MS, zone);
    offset = first === offsetMs((span + 1) * SPAN_MS - 1000, zone) ? first : null;
    if (spanOffsets.size >= 50_000) spanOffsets.clear();
    spanOffsets.set(key, offset);
  }
  return offset ?? offsetMs(instant, zone);
}

/** Wall-clock time of `instant` in `zone`, as the contract's `*Local` fields carry it (no zone). */
export function toLocalDateTime(instant: Date, zone: string): string {
  const local = new Date(instant.getTime() + cachedOffsetMs(instant.getTime(), zone));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
}

const ZONED = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Reads a wire date-time. A value with `Z` or an offset is that instant; one without a zone is
 * read as UTC when `assume` is 'utc' (the `*Utc` fields), or as wall-clock time in `assume.zone`.
 */
export function parseWireDateTime(value: string, assume: 'utc' | { zone: string }): Date | null {
  let text = value.trim().replace(' ', 'T');
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) text += 'T00:00:00';
  text = text.replace(/\.(\d{3})\d+/, '.$1');
  if (ZONED.test(text) || assume === 'utc') {
    const ms = Date.parse(ZONED.test(text) ? text : `${text}Z`);
    return Number.isNaN(ms) ? null : new Date(ms);
  }
  const naive = Date.parse(`${text}Z`);
  if (Number.isNaN(naive)) return null;
  return localToUtc(new Date(naive), assume.zone);
}

/**
 * Converts a wall-clock time (given as the fields of a UTC Date) in `zone` to the instant.
 * In an autumn overlap the earlier instant wins; a time inside a spring gap does not exist and is
 * pushed forward by the gap (01:30 on the London spring-forward day becomes 02:30 BST).
 */
export function localToUtc(wallClock: Date, zone: string): Date {
  const wall = wallClock.getTime();
  const DAY_MS = 86_400_000;
  const offsetBefore = zoneOffsetMinutes(new Date(wall - DAY_MS), zone);
  const offsetAfter = zoneOffsetMinutes(new Date(wall + DAY_MS), zone);
  const candidates = [wall - offsetBefore * 60_000, wall - offsetAfter * 60_000].sort((a, b) => a - b);
  const valid = candidates.find((c) => c + zoneOffsetMinutes(new Date(c), zone) * 60_000 === wall);
  return new Date(valid ?? wall - offsetBefore * 60_000);
}

/**
 * The calendar date of `instant` in `zone`, stored as that date's UTC midnight (how the service
 * keeps dates such as an employee's start date, which carry no time of day).
 */
export function calendarDateIn(instant: Date, zone: string): Date {
  return new Date(`${toLocalDateTime(instant, zone).slice(0, 10)}T00:00:00Z`);
}

/**
 * A stored date (its UTC midnight) in the contract's wire form for a date: midnight with no zone,
 * `2026-01-05T00:00:00`, as the vendor's .NET SDK writes a date-only DateTime (contract 1.4).
 */
export function toWireDate(date: Date): string {
  return `${date.toISOString().slice(0, 10)}T00:00:00`;
}
