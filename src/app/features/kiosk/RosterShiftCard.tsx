/**
 * The roster at clock-on: the shift the kiosk matched ("09:00–17:00 · Front
 * counter"), or the one already under way for someone late, with a kind word on arriving early or
 * late, and, when the kiosk lets people choose and more than one shift is near, the pick of which
 * one they are starting. What matches is decided by the domain (clockOnRoster in
 * src/offline/kioskRoster.ts); this only says it.
 */
import type { Arrival } from '../../../domain/roster';
import type { ClockOnRoster, RosterShift } from '../../../offline/kioskRoster';
import type { Formatters } from '../../i18n/formatters';
import { useI18n } from '../../i18n/I18nProvider';
import type { Translate } from '../../i18n/translate';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import styles from './RosterShiftCard.module.css';

/** What a roster shift is called on screen besides its times: location, then work type. */
export function shiftNames(shift: Pick<RosterShift, 'locationName' | 'workTypeName'>): string[] {
  return [shift.locationName, shift.workTypeName].filter((name): name is string => Boolean(name));
}

/** "09:00–17:00 · Front counter", in the kiosk's zone. */
export function shiftLabel(t: Translate, format: Formatters, shift: { startUtc: Date | string; endUtc: Date | string }, names: readonly string[]): string {
  return [t('kiosk.roster.shift', { start: format.time(shift.startUtc), end: format.time(shift.endUtc) }), ...names].join(' · ');
}

/** An hour or more is said in hours ("5 h 0 min late"), not as a count of minutes. */
const LONG_MINUTES = 60;

/** The kind sentence for the actions screen. */
export function arrivalSentence(t: Translate, format: Formatters, arrival: Arrival): string {
  if (arrival.kind === 'onTime') return t('kiosk.roster.onTime');
  if (arrival.minutes >= LONG_MINUTES) return t(arrival.kind === 'early' ? 'kiosk.roster.earlyLong' : 'kiosk.roster.lateLong', { duration: format.duration(arrival.minutes * 60_000) });
  return t(arrival.kind === 'early' ? 'kiosk.roster.early' : 'kiosk.roster.late', { count: arrival.minutes });
}

/** The short form for the receipt ("12 min early"). */
export function arrivalShort(t: Translate, format: Formatters, arrival: Arrival): string {
  if (arrival.kind === 'onTime') return t('kiosk.roster.onTimeShort');
  if (arrival.minutes >= LONG_MINUTES) return t(arrival.kind === 'early' ? 'kiosk.roster.earlyShortLong' : 'kiosk.roster.lateShortLong', { duration: format.duration(arrival.minutes * 60_000) });
  return t(arrival.kind === 'early' ? 'kiosk.roster.earlyShort' : 'kiosk.roster.lateShort', { count: arrival.minutes });
}

export function RosterShiftCard({ view, pickedId, onPick }: { view: ClockOnRoster; pickedId: number | null; onPick: (id: number) => void }) {
  const { t, format } = useI18n();
  if (view.pickable.length > 0) {
    return (
      <div className={styles.card} data-testid="roster-pick">
        <ChoiceGroup
          legend={t('kiosk.roster.pick')}
          hint={t('kiosk.roster.pickHint')}
          name="rosterShift"
          choices={view.pickable.map((s) => ({ value: s.id, label: shiftLabel(t, format, s, shiftNames(s)) }))}
          selected={[pickedId ?? view.match?.id ?? -1]}
          onChange={([id]) => (id !== undefined ? onPick(id) : undefined)}
        />
        {view.arrival ? <p className={styles.arrival}>{arrivalSentence(t, format, view.arrival)}</p> : null}
      </div>
    );
  }
  if (!view.match || !view.arrival) return null;
  return (
    <div className={styles.card} data-testid="roster-shift" data-arrival={view.arrival.kind}>
      <p className={styles.label}>{t('kiosk.roster.yourShift')}</p>
      <p className={styles.shift}>{shiftLabel(t, format, view.match, shiftNames(view.match))}</p>
      <p className={styles.arrival}>{arrivalSentence(t, format, view.arrival)}</p>
    </div>
  );
}
