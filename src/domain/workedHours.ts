/**
 * Hours worked, for the kiosk's receipts: today's and this week's worked time (unpaid breaks
 * deducted, paid ones counted as work), the length of the shift just closed and of the break just
 * ended. Pure, so it is tested here and fed by whatever the tablet holds: the service's shifts
 * for the person when it had them, with the punches this tablet recorded since replayed on top
 * (the same order rule as the state machine: a punch never precedes the previous one, so every
 * punch the service has not seen yet is later than everything it has).
 */
import type { PunchKind } from './attendance';
import { localToUtc, toLocalDateTime } from './time';

export interface BreakSpan {
  start: Date;
  end: Date | null;
  isPaid: boolean;
}

/** One clocked shift: open while `end` is null. */
export interface WorkSpan {
  start: Date;
  end: Date | null;
  breaks: BreakSpan[];
}

/** A punch as the tablet recorded it, with the start of the shift it belonged to when known. */
export interface RecordedPunch {
  kind: PunchKind;
  at: Date;
  isPaidBreak?: boolean;
  /** For punches inside a shift: when that shift began (lets a journal that starts mid-shift open it). */
  shiftStart?: Date | null;
}

/** Punches this close to the newest instant the service knows are taken as already known to it. */
export const SAME_PUNCH_MS = 1_000;

const DAY_MS = 86_400_000;

/** The service's shifts (UkTimeAndAttendanceShiftModel-shaped) as spans, oldest first. */
export function spansFromShifts(
  shifts: readonly { startTimeUtc: string; endTimeUtc: string | null; breaks?: readonly { startTimeUtc: string; endTimeUtc: string | null; isPaidBreak: boolean }[] | null }[],
): WorkSpan[] {
  return shifts
    .map((s) => ({
      start: new Date(s.startTimeUtc),
      end: s.endTimeUtc ? new Date(s.endTimeUtc) : null,
      breaks: (s.breaks ?? []).map((b) => ({ start: new Date(b.startTimeUtc), end: b.endTimeUtc ? new Date(b.endTimeUtc) : null, isPaid: b.isPaidBreak })),
    }))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The newest instant in a set of spans (a start, end, or break edge), or null when empty. */
export function newestInstant(spans: readonly WorkSpan[]): number | null {
  let newest: number | null = null;
  const see = (d: Date | null) => {
    if (d && (newest === null || d.getTime() > newest)) newest = d.getTime();
  };
  for (const span of spans) {
    see(span.start);
    see(span.end);
    for (const b of span.breaks) {
      see(b.start);
      see(b.end);
    }
  }
  return newest;
}

const copy = (spans: readonly WorkSpan[]): WorkSpan[] => spans.map((s) => ({ ...s, breaks: s.breaks.map((b) => ({ ...b })) }));

/**
 * Replays recorded punches on known spans: those later than everything the spans hold (by more
 * than SAME_PUNCH_MS) are applied in time order; the rest are already in them. A punch inside a
 * shift the spans do not hold opens it from its `shiftStart` (or, without one, is skipped).
 */
export function replayPunches(known: readonly WorkSpan[], punches: readonly RecordedPunch[]): WorkSpan[] {
  const spans = copy(known);
  const horizon = newestInstant(spans);
  const fresh = punches.filter((p) => horizon === null || p.at.getTime() > horizon + SAME_PUNCH_MS).sort((a, b) => a.at.getTime() - b.at.getTime());
  const open = (): WorkSpan | null => {
    const last = spans.at(-1);
    return last && last.end === null ? last : null;
  };
  const openOrStart = (p: RecordedPunch): WorkSpan | null => {
    const current = open();
    if (current) return current;
    if (!p.shiftStart || p.shiftStart.getTime() > p.at.getTime()) return null;
    const started: WorkSpan = { start: p.shiftStart, end: null, breaks: [] };
    spans.push(started);
    return started;
  };
  for (const p of fresh) {
    switch (p.kind) {
      case 'clockOn': {
        const stale = open();
        if (stale) stale.end = p.at;
        spans.push({ start: p.at, end: null, breaks: [] });
        break;
      }
      case 'startBreak': {
        openOrStart(p)?.breaks.push({ start: p.at, end: null, isPaid: p.isPaidBreak ?? false });
        break;
      }
      case 'endBreak': {
        const span = openOrStart(p);
        const running = span?.breaks.at(-1);
        if (running && running.end === null) running.end = p.at;
        break;
      }
      case 'clockOff': {
        const span = openOrStart(p);
        if (!span) break;
        const running = span.breaks.at(-1);
        if (running && running.end === null) running.end = p.at;
        span.end = p.at;
        break;
      }
      case 'discard': {
        if (open()) spans.pop();
        break;
      }
    }
  }
  return spans;
}

const overlap = (start: number, end: number, from: number, to: number) => Math.max(0, Math.min(end, to) - Math.max(start, from));

/** Worked time inside [from, to): each span up to `now` if open, less its unpaid breaks. */
export function workedMs(spans: readonly WorkSpan[], from: Date, to: Date, now: Date): number {
  const [f, t] = [from.getTime(), to.getTime()];
  let total = 0;
  for (const span of spans) {
    const start = span.start.getTime();
    const end = Math.max(start, (span.end ?? now).getTime());
    total += overlap(start, end, f, t);
    for (const b of span.breaks) {
      if (b.isPaid) continue;
      const bStart = Math.max(start, b.start.getTime());
      const bEnd = Math.min(end, (b.end ?? now).getTime());
      if (bEnd > bStart) total -= overlap(bStart, bEnd, f, t);
    }
  }
  return Math.max(0, total);
}

/** Midnight at the start of the local day of `instant` in `zone`. */
export function localDayStart(instant: Date, zone: string): Date {
  const day = toLocalDateTime(instant, zone).slice(0, 10);
  return localToUtc(new Date(`${day}T00:00:00Z`), zone);
}

/** Midnight at the start of the local week of `instant` in `zone` (ISO weeks: Monday first). */
export function localWeekStart(instant: Date, zone: string): Date {
  const day = toLocalDateTime(instant, zone).slice(0, 10);
  const wall = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (wall.getUTCDay() + 6) % 7;
  return localToUtc(new Date(wall.getTime() - sinceMonday * DAY_MS), zone);
}

/** The figures a receipt shows for a punch at `at`. */
export interface ReceiptHours {
  todayMs: number;
  weekMs: number;
  /** For a clock-off: the closed shift's worked time and its unpaid breaks. */
  shift: { workedMs: number; unpaidBreakMs: number } | null;
  /** For an end-break: the break that ended. */
  endedBreak: { ms: number; isPaid: boolean } | null;
}

/** What a receipt says about hours after a punch of `kind` at `at`, from the person's spans. */
export function receiptHours(spans: readonly WorkSpan[], kind: PunchKind, at: Date, zone: string): ReceiptHours {
  const tomorrow = new Date(at.getTime() + DAY_MS);
  const todayMs = workedMs(spans, localDayStart(at, zone), tomorrow, at);
  const weekMs = workedMs(spans, localWeekStart(at, zone), tomorrow, at);
  const closing = (edge: Date | null) => edge !== null && Math.abs(edge.getTime() - at.getTime()) <= SAME_PUNCH_MS;
  let shift: ReceiptHours['shift'] = null;
  let endedBreak: ReceiptHours['endedBreak'] = null;
  if (kind === 'clockOff') {
    const closed = [...spans].reverse().find((s) => closing(s.end));
    if (closed) {
      const far = new Date(8.64e15);
      const gross = (closed.end ?? at).getTime() - closed.start.getTime();
      const worked = workedMs([closed], new Date(0), far, at);
      shift = { workedMs: worked, unpaidBreakMs: Math.max(0, gross - worked) };
    }
  }
  if (kind === 'endBreak') {
    const ended = spans.flatMap((s) => s.breaks).find((b) => closing(b.end));
    if (ended) endedBreak = { ms: (ended.end ?? at).getTime() - ended.start.getTime(), isPaid: ended.isPaid };
  }
  return { todayMs, weekMs, shift, endedBreak };
}

export type ReceiptFactKind = 'thisShift' | 'unpaidBreaks' | 'paidBreak' | 'unpaidBreak' | 'today' | 'thisWeek';

/** One figure a receipt shows. */
export interface ReceiptFact {
  kind: ReceiptFactKind;
  ms: number;
}

/** Equal as a receipt writes them (to the nearest minute). */
const sameMinutes = (a: number, b: number) => Math.round(a / 60_000) === Math.round(b / 60_000);

/**
 * The figures worth showing, in order: the closed shift and its unpaid breaks, the break that
 * ended, then today and this week, each only when it says something new. Nothing worked shows
 * nothing (a first clock-on of the week has no figures), today is left out when it is the shift
 * just closed, and the week when it is today.
 */
export function receiptFacts(hours: ReceiptHours): ReceiptFact[] {
  const facts: ReceiptFact[] = [];
  if (hours.shift) {
    facts.push({ kind: 'thisShift', ms: hours.shift.workedMs });
    if (hours.shift.unpaidBreakMs > 0) facts.push({ kind: 'unpaidBreaks', ms: hours.shift.unpaidBreakMs });
  }
  if (hours.endedBreak) facts.push({ kind: hours.endedBreak.isPaid ? 'paidBreak' : 'unpaidBreak', ms: hours.endedBreak.ms });
  const showToday = hours.todayMs >= 30_000 && !(hours.shift && sameMinutes(hours.shift.workedMs, hours.todayMs));
  if (showToday) facts.push({ kind: 'today', ms: hours.todayMs });
  if (hours.weekMs >= 30_000 && !sameMinutes(hours.weekMs, hours.todayMs)) facts.push({ kind: 'thisWeek', ms: hours.weekMs });
  return facts;
}

/** The punch a person is expected to make next after `kind` (the receipt's reminder), if any. */
export function nextExpectedPunch(kind: PunchKind): PunchKind | null {
  switch (kind) {
    case 'clockOn':
    case 'endBreak':
      return 'clockOff';
    case 'startBreak':
      return 'endBreak';
    case 'clockOff':
      return 'clockOn';
    case 'discard':
      return null;
  }
}
