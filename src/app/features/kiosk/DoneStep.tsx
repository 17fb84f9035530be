/**
 * The confirmation: what was recorded and when, in the kiosk's time zone; for punches, the hours
 * worked today and this week (unpaid breaks deducted), the shift's or break's length and what to
 * do next; whether it still waits for the network; a short chime and vibration; then back to the
 * staff grid by itself. A clock-on names its roster shift and how early or late it was; the
 * clock-off of a forgotten shift says a manager will confirm the finish given, shows no hours
 * (they are not known until then) and offers to clock on for today.
 */
import { useEffect, useRef, useState } from 'react';
import { nextExpectedPunch } from '../../../domain/workedHours';
import type { PunchKind } from '../../../domain/attendance';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { confirmPunch } from '../../feedback/punchFeedback';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useKioskLook } from '../../runtime/kioskLook';
import { useIsQueued } from '../../runtime/useKioskData';
import { useUiStore, type Receipt } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { CheckIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import styles from './DoneStep.module.css';
import { useReceiptHours } from './receiptHours';
import { arrivalShort, shiftLabel } from './RosterShiftCard';
import steps from './Steps.module.css';

export const DONE_RETURN_SECONDS = 6;

const TITLES: Record<Receipt['kind'], MessageKey> = {
  clockOn: 'kiosk.done.clockOn',
  startBreak: 'kiosk.done.startBreak',
  endBreak: 'kiosk.done.endBreak',
  clockOff: 'kiosk.done.clockOff',
  discard: 'kiosk.done.discard',
  note: 'kiosk.done.note',
  pinChanged: 'kiosk.done.pinChanged',
};

const NEXT: Partial<Record<PunchKind, MessageKey>> = {
  clockOff: 'kiosk.done.next.clockOff',
  endBreak: 'kiosk.done.next.endBreak',
  clockOn: 'kiosk.done.next.clockOn',
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd className="tnum">{value}</dd>
    </div>
  );
}

export function DoneStep({ receipt }: { receipt: Receipt }) {
  const { t, format } = useI18n();
  const { db } = useRuntime();
  const look = useKioskLook(db);
  const reset = useUiStore((s) => s.reset);
  const go = useUiStore((s) => s.go);
  const corrected = receipt.statedFinishUtc !== undefined;
  // What the roster line already names (the shift's location) is not said twice.
  const details = (receipt.details ?? []).filter((d) => !receipt.rosterShift?.names.includes(d));
  const queued = useIsQueued(db, receipt.entryId);
  const hours = useReceiptHours(receipt, receipt.employeeId ?? null, format.zone);
  const [left, setLeft] = useState(DONE_RETURN_SECONDS);
  const firstName = receipt.employeeName.split(' ')[0] ?? receipt.employeeName;
  const next = receipt.kind === 'note' || receipt.kind === 'pinChanged' ? null : nextExpectedPunch(receipt.kind);
  const nextKey = next ? NEXT[next] : undefined;
  // A break of a few seconds still happened: not "0 min".
  const breakLength = (ms: number) => (ms > 0 && ms < 60_000 ? t('kiosk.done.underMinute') : format.duration(ms));

  useEffect(() => {
    const timer = setInterval(() => setLeft((n) => n - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0) reset();
  }, [left, reset]);
  // Once per receipt, as soon as the kiosk's sound preference is read: the chime and buzz that say "done".
  const confirmed = useRef(false);
  useEffect(() => {
    if (!look.known || confirmed.current) return;
    confirmed.current = true;
    confirmPunch(look);
  }, [look]);

  return (
    <section className={`${steps.centered} ${styles.receipt}`} aria-labelledby="done-title" data-testid="receipt" data-kind={receipt.kind}>
      <div className={`${styles.badge} ${styles[receipt.kind] ?? ''}`} aria-hidden="true">
        <CheckIcon />
      </div>
      <h1 id="done-title" className={steps.title}>
        {t(TITLES[receipt.kind])}
      </h1>
      <p className={styles.time}>{format.time(receipt.at)}</p>
      <p className={steps.subtitle}>{format.weekdayDate(receipt.at)}</p>
      {details.length ? <p className={steps.forName}>{details.join(' · ')}</p> : null}
      {receipt.rosterShift ? (
        <p className={styles.roster} data-testid="receipt-roster" data-arrival={receipt.rosterShift.arrival.kind}>
          {shiftLabel(t, format, receipt.rosterShift, receipt.rosterShift.names)} · {arrivalShort(t, receipt.rosterShift.arrival)}
        </p>
      ) : null}
      {hours && !corrected ? (
        <div className={styles.hours} data-testid="receipt-hours">
          <dl className={styles.facts} aria-describedby="hours-caption">
            {hours.shift ? <Fact label={t('kiosk.done.thisShift')} value={format.duration(hours.shift.workedMs)} /> : null}
            {hours.shift && hours.shift.unpaidBreakMs > 0 ? <Fact label={t('kiosk.done.unpaidBreaks')} value={breakLength(hours.shift.unpaidBreakMs)} /> : null}
            {hours.endedBreak ? (
              <Fact label={t(hours.endedBreak.isPaid ? 'kiosk.done.paidBreakLength' : 'kiosk.done.unpaidBreakLength')} value={breakLength(hours.endedBreak.ms)} />
            ) : null}
            <Fact label={t('kiosk.done.today')} value={format.duration(hours.todayMs)} />
            <Fact label={t('kiosk.done.thisWeek')} value={format.duration(hours.weekMs)} />
          </dl>
          <p id="hours-caption" className={styles.caption}>
            {t('kiosk.done.hoursCaption')}
            {hours.withService ? '' : ` · ${t('kiosk.done.hoursLocal')}`}
          </p>
        </div>
      ) : null}
      {nextKey ? <p className={styles.next}>{t(nextKey)}</p> : null}
      <p className={steps.subtitle}>
        {receipt.kind === 'clockOff' ? t('kiosk.done.goodbye', { name: firstName }) : receipt.kind === 'clockOn' ? t('kiosk.done.welcome', { name: firstName }) : receipt.employeeName}
      </p>
      {receipt.unverified ? <Notice tone="warning">{t('kiosk.done.unverified')}</Notice> : null}
      {receipt.statedFinishUtc ? <Notice tone="info">{t('kiosk.finish.done', { time: format.dateTime(receipt.statedFinishUtc) })}</Notice> : null}
      {queued ? <Notice tone="info">{t('kiosk.done.queued')}</Notice> : null}
      <div className={styles.buttons}>
        {corrected && receipt.pin !== undefined && receipt.employeeId !== undefined ? (
          <Button variant="clockOn" size="large" onClick={() => go({ step: 'actions', employeeId: receipt.employeeId ?? 0, pin: receipt.pin ?? '' })} data-testid="clock-on-today">
            {t('kiosk.finish.clockOnNow')}
          </Button>
        ) : null}
        <Button variant="primary" size="large" onClick={reset} style={{ minWidth: 260 }}>
          {t('common.done')}
        </Button>
      </div>
      <p className={styles.countdown} aria-live="off">
        {t('kiosk.done.returning', { count: Math.max(0, left) })}
      </p>
    </section>
  );
}
