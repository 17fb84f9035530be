/** "Clocked on since 8:02", "On break since 10:15" or "Not clocked on", in the kiosk's zone. */
import type { StoredAttendance } from '../../../offline/records';
import { useI18n } from '../../i18n/I18nProvider';

export function useStatusLine(state: StoredAttendance): string {
  const { t, format } = useI18n();
  const label = t(`status.${state.status}`);
  const since = state.status === 'OnBreak' ? state.breakStartTimeUtc : state.status === 'ClockedOn' ? state.clockOnTimeUtc : null;
  return since ? `${label} ${t('status.since', { time: format.time(since) })}` : label;
}

/** The short form for a card in the staff grid: "On since 8:02". */
export function useShortStatus(state: StoredAttendance): string {
  const { t, format } = useI18n();
  if (state.status === 'ClockedOn' && state.clockOnTimeUtc) return t('kiosk.grid.on', { time: format.time(state.clockOnTimeUtc) });
  if (state.status === 'OnBreak' && state.breakStartTimeUtc) return t('kiosk.grid.break', { time: format.time(state.breakStartTimeUtc) });
  return state.status === 'ClockedOff' ? t('kiosk.grid.done') : t('kiosk.grid.off');
}
