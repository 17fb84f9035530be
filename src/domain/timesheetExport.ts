/**
 * The timesheet CSV export's per-line values: the local date, start and end of
 * a line, its unpaid and paid break minutes and its worked hours. Pure, so the service's export
 * and any screen that shows the same figures agree. Hours come from the instants (a line across a
 * daylight-saving change counts the hours really worked), unpaid breaks deducted, in hundredths.
 */
import { toLocalDateTime } from './time';

export interface ExportableLine {
  startUtc: Date | null;
  endUtc: Date | null;
  /** A line of units (no times): its quantity, shown as its hours. */
  units: number | null;
  breaks: ReadonlyArray<{ startUtc: Date; endUtc: Date | null; isPaidBreak: boolean }>;
  zone: string;
}

export interface ExportTimes {
  date: string;
  start: string;
  end: string;
  unpaidBreakMinutes: number;
  paidBreakMinutes: number;
  /** Decimal hours with 2 places (`7.50`). */
  hours: string;
}

const MINUTE_MS = 60_000;
const CENTI_HOUR_MS = 36_000;

/** Hundredths of an hour as `7.50`. */
export function formatHours(centiHours: number): string {
  const sign = centiHours < 0 ? '-' : '';
  const abs = Math.abs(centiHours);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The export's date, times, breaks and hours of one line. */
export function exportTimesOf(line: ExportableLine): ExportTimes {
  const startLocal = line.startUtc ? toLocalDateTime(line.startUtc, line.zone) : '';
  if (line.units !== null || !line.startUtc || !line.endUtc) {
    return { date: startLocal.slice(0, 10), start: '', end: '', unpaidBreakMinutes: 0, paidBreakMinutes: 0, hours: formatHours(Math.round((line.units ?? 0) * 100)) };
  }
  const end = line.endUtc;
  let unpaidMs = 0;
  let paidMs = 0;
  for (const b of line.breaks) {
    const length = Math.max(0, (b.endUtc ?? end).getTime() - b.startUtc.getTime());
    if (b.isPaidBreak) paidMs += length;
    else unpaidMs += length;
  }
  const workedMs = end.getTime() - line.startUtc.getTime() - unpaidMs;
  return {
    date: startLocal.slice(0, 10),
    start: startLocal.slice(11, 16),
    end: toLocalDateTime(end, line.zone).slice(11, 16),
    unpaidBreakMinutes: Math.round(unpaidMs / MINUTE_MS),
    paidBreakMinutes: Math.round(paidMs / MINUTE_MS),
    hours: formatHours(Math.round(workedMs / CENTI_HOUR_MS)),
  };
}
