/**
 * "Clocked on since 8:02", "On break since 10:15" or "Not clocked on", in the kiosk's zone; a
 * shift that began on an earlier day says so ("since yesterday at 21:00", "since 26 Mar, 21:00"), so
 * a forgotten clock-off is visible at a glance.
 */
import { toLocalDateTime } from '../../../domain/time';
import type { StoredAttendance } from '../../../offline/records';
import { useI18n } from '../../i18n/I18nProvider';
import type { Formatters } from '../../i18n/formatters';
import type { Translate } from '../../i18n/translate';

const DAY_MS = 86_400_000;

/** Whole local days between two instants in `zone` (0: the same day). */
export function localDaysBetween(earlier: Date, later: Date, zone: string): number {
  const day = (d: Date) => Date.parse(`${toLocalDateTime(d, zone).slice(0, 10)}T00:00:00Z`);
  return Math.round((day(later) - day(earlier)) / DAY_MS);
}

/** "9:05" today, "yesterday at 21:00", else "26 Mar, 21:00", in the kiosk's zone. */
export function sinceWhen(t: Translate, format: Formatters, since: string, now: Date): string {
  const days = localDaysBetween(new Date(since), now, format.zone);
  if (days <= 0) return format.time(since);
  return days === 1 ? t('kiosk.when.yesterday', { time: format.time(since) }) : format.dateTime(since);
}

export function useStatusLine(state: StoredAttendance): string {
  const { t, format } = useI18n();
  const label = t(`status.${state.status}`);
  const since = state.status === 'OnBreak' ? state.breakStartTimeUtc : state.status === 'ClockedOn' ? state.clockOnTimeUtc : null;
  if (!since) return label;
  const now = new Date();
  if (localDaysBetween(new Date(since), now, format.zone) <= 0) return `${label} ${t('status.since', { time: format.time(since) })}`;
  return t(state.status === 'OnBreak' ? 'kiosk.grid.break' : 'kiosk.grid.on', { time: sinceWhen(t, format, since, now) });
}

/** "8:02" today, else only the day ("yesterday", "24 November"): a grid card has room for no more. */
function sinceShort(t: Translate, format: Formatters, since: string, now: Date): string {
  const days = localDaysBetween(new Date(since), now, format.zone);
  if (days <= 0) return format.time(since);
  return days === 1 ? t('kiosk.when.yesterdayShort') : format.date(since);
}

/** The short form for a card in the staff grid: "On since 8:02", "On since yesterday". */
export function useShortStatus(state: StoredAttendance): string {
  const { t, format } = useI18n();
  const now = new Date();
  if (state.status === 'ClockedOn' && state.clockOnTimeUtc) return t('kiosk.grid.on', { time: sinceShort(t, format, state.clockOnTimeUtc, now) });
  if (state.status === 'OnBreak' && state.breakStartTimeUtc) return t('kiosk.grid.break', { time: sinceShort(t, format, state.breakStartTimeUtc, now) });
  return state.status === 'ClockedOff' ? t('kiosk.grid.done') : t('kiosk.grid.off');
}
