/**
 * The receipt's line on what comes next. After a clock-off it names the person's next rostered
 * shift when the roster this tablet keeps has one ("Your next shift: Thursday 11 June, 09:00–15:00"),
 * which is what people look at a clock for on their way out; otherwise, and after other punches,
 * the plain next step ("Clock off when you finish.").
 */
import type { PunchKind } from '../../../domain/attendance';
import { nextExpectedPunch } from '../../../domain/workedHours';
import { nextRosterShift } from '../../../offline/kioskRoster';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import type { Receipt } from '../../state/uiStore';
import styles from './DoneStep.module.css';
import { shiftLabel, shiftNames } from './RosterShiftCard';
import { useKeptRoster } from './useKeptRoster';

const NEXT: Partial<Record<PunchKind, MessageKey>> = {
  clockOff: 'kiosk.done.next.clockOff',
  endBreak: 'kiosk.done.next.endBreak',
  clockOn: 'kiosk.done.next.clockOn',
};

export function NextStep({ receipt }: { receipt: Receipt }) {
  const { t, format } = useI18n();
  const { db } = useRuntime();
  const roster = useKeptRoster(db);
  if (receipt.kind === 'note' || receipt.kind === 'pinChanged') return null;
  const shift = receipt.kind === 'clockOff' && receipt.employeeId !== undefined ? nextRosterShift(roster, receipt.employeeId, new Date(receipt.at)) : null;
  if (shift) {
    return (
      <p className={styles.next} data-testid="receipt-next-shift">
        {t('kiosk.roster.next', { day: format.weekdayDate(shift.startUtc), shift: shiftLabel(t, format, shift, shiftNames(shift)) })}
      </p>
    );
  }
  const next = nextExpectedPunch(receipt.kind);
  const key = next ? NEXT[next] : undefined;
  return key ? <p className={styles.next}>{t(key)}</p> : null;
}
