/**
 * The day and time a person who forgot to clock off says they finished, as they give it on the
 * kiosk (a local day and a wall-clock time in the kiosk's zone) and as the correction carries it
 * (an instant). Whether the answer is acceptable is the domain's rule (finishTimeProblem).
 */
import { localToUtc, toLocalDateTime } from '../../../domain/time';

const DAY_MS = 86_400_000;
/** At most this many days are offered (a shift open longer is for a manager). */
export const FINISH_DAYS_MAX = 7;

/** The local days a finish may fall on: from the clock-on's day to today, oldest first (YYYY-MM-DD). */
export function finishDays(clockOnUtc: Date, now: Date, zone: string): string[] {
  const first = toLocalDateTime(clockOnUtc, zone).slice(0, 10);
  const today = toLocalDateTime(now, zone).slice(0, 10);
  const days: string[] = [];
  for (let day = first, i = 0; day <= today && i < FINISH_DAYS_MAX; i += 1) {
    days.push(day);
    day = new Date(Date.parse(`${day}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  }
  return days.length > 0 && days.at(-1) !== today ? [...days.slice(1), today] : days;
}

/** The instant of a local day and "HH:MM" in `zone`; null when the time is not one. */
export function finishInstant(day: string, time: string, zone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  return localToUtc(new Date(`${day}T${time}:00Z`), zone);
}

/** The local "HH:MM" of an instant in `zone` (what a time field shows). */
export function localTimeOf(instant: Date, zone: string): string {
  return toLocalDateTime(instant, zone).slice(11, 16);
}

/** The local day (YYYY-MM-DD) of an instant in `zone`. */
export function localDayOf(instant: Date, zone: string): string {
  return toLocalDateTime(instant, zone).slice(0, 10);
}
