/**
 * How My hours words a line for its person and their manager: its day, its span ("09:00–17:00", a
 * units line's units) and a manager's change ("Your manager changed Tuesday: 09:00–17:00 →
 * 09:00–16:30"), in the kiosk's zone like every time the kiosk shows.
 */
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

export function changeWords(t: Translate, format: Formatters, change: LineChangeModel): string {
  const day = dayWords(format, change.after ?? change.before);
  const before = change.before ? spanWords(t, format, change.before) : '';
  const after = change.after ? spanWords(t, format, change.after) : '';
  switch (change.action) {
    case 'Added':
      return t('myHours.change.Added', { day, after });
    case 'Deleted':
      return t('myHours.change.Deleted', { day, before });
    case 'Changed':
      return t('myHours.change.Changed', { day, before, after });
  }
}
