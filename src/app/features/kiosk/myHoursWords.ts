/**
 * How My hours words a line for its person and their manager: its day, its span ("09:00–17:00", a
 * units line's units) and a manager's change ("Your manager changed Tuesday: 09:00–17:00 →
 * 09:00–16:30"), in the kiosk's zone like every time the kiosk shows. A change that touched the
 * breaks names them on both sides ("09:00–17:00, break 12:00–12:30 (30 min) → 09:00–17:00, break
 * 12:00–12:45 (45 min)"), so a change to the breaks alone never reads as no change.
 */
import { breakMinutes, changedParts } from '../../../domain/lineChanges';
import type { LineChangeModel, LineSnapshotModel } from '../../../contract/supporting/myHours';
import type { Formatters } from '../../i18n/formatters';
import type { Translate } from '../../i18n/translate';

export function spanWords(t: Translate, format: Formatters, line: LineSnapshotModel): string {
  if (line.startUtc === null) return t('myHours.units', { units: line.units ?? 0 });
  return t('myHours.span', { start: format.time(line.startUtc), end: line.endUtc ? format.time(line.endUtc) : t('myHours.onNow') });
}

export function dayWords(format: Formatters, line: LineSnapshotModel | null): string {
  return line?.startUtc ? format.weekdayDate(line.startUtc) : '';
}

/** A line's span with its breaks: their wall times as the service wrote them, and their real minutes. */
function spanWithBreaks(t: Translate, format: Formatters, line: LineSnapshotModel): string {
  const span = spanWords(t, format, line);
  if (line.breaks.length === 0) return t('myHours.change.noBreak', { span });
  const times = line.breaks
    .map((b) => t(b.isPaidBreak ? 'myHours.change.paidBreakTimes' : 'myHours.change.breakTimes', { start: b.startLocal.slice(11, 16), end: b.endLocal ? b.endLocal.slice(11, 16) : t('myHours.onNow') }))
    .join(', ');
  return t('myHours.change.withBreaks', { span, times, minutes: format.duration(breakMinutes(line) * 60_000), count: line.breaks.length });
}

/** The two sides of a change as the person and the manager read them (empty for a side that is not there). */
export function changeSides(t: Translate, format: Formatters, change: Pick<LineChangeModel, 'before' | 'after'>): { before: string; after: string } {
  const { breaks } = changedParts(change.before, change.after);
  const words = (line: LineSnapshotModel | null) => (line === null ? '' : breaks ? spanWithBreaks(t, format, line) : spanWords(t, format, line));
  return { before: words(change.before), after: words(change.after) };
}

export function changeWords(t: Translate, format: Formatters, change: LineChangeModel): string {
  const day = dayWords(format, change.after ?? change.before);
  const { before, after } = changeSides(t, format, change);
  switch (change.action) {
    case 'Added':
      return t('myHours.change.Added', { day, after });
    case 'Deleted':
      return t('myHours.change.Deleted', { day, before });
    case 'Changed':
      return t('myHours.change.Changed', { day, before, after });
  }
}
