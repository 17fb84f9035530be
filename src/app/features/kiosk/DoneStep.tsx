/**
 * The confirmation: what was recorded and when, in the kiosk's time zone. A clock-on's choices are
 * read back from the body queued for the service (what was recorded, online or offline), and its
 * roster shift is a separate line ("Rostered 15:00–19:00 · 12 min early"). For punches, only the
 * hours that say something (domain receiptFacts: no "0 min"), what to do next (NextStep.tsx: after a
 * clock-off, the person's next rostered shift), whether it still
 * waits for the network; a short chime and vibration; then back to the staff grid by itself, after
 * long enough to read it (longer with a notice; a tap on the screen gives the time again). The
 * clock-off of a forgotten shift says a manager will confirm the finish given, shows no hours
 * (they are not known until then) and offers to clock on for today.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { receiptFacts, type ReceiptFactKind } from '../../../domain/workedHours';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { confirmPunch } from '../../feedback/punchFeedback';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useKioskLook } from '../../runtime/kioskLook';
import { useIsQueued } from '../../runtime/useKioskData';
import { useJournalCode } from './useJournalCode';
import { useUiStore, type Receipt } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { CheckIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import styles from './DoneStep.module.css';
import { useReceiptHours } from './receiptHours';
import { arrivalShort, shiftLabel } from './RosterShiftCard';
import { NextStep } from './NextStep';
import { UndoClockOff } from './UndoClockOff';
import steps from './Steps.module.css';

/** How long a receipt stays: long enough to read it. */
export const DONE_RETURN_SECONDS = 10;
/** With a notice to read as well (waiting for the network, unverified, a finish to confirm). */
export const DONE_NOTICE_RETURN_SECONDS = 15;

const FACT_LABELS: Record<ReceiptFactKind, MessageKey> = {
  thisShift: 'kiosk.done.thisShift',
  unpaidBreaks: 'kiosk.done.unpaidBreaks',
  paidBreak: 'kiosk.done.paidBreakLength',
  unpaidBreak: 'kiosk.done.unpaidBreakLength',
  today: 'kiosk.done.today',
  thisWeek: 'kiosk.done.thisWeek',
};

const TITLES: Record<Receipt['kind'], MessageKey> = {
  clockOn: 'kiosk.done.clockOn',
  startBreak: 'kiosk.done.startBreak',
  endBreak: 'kiosk.done.endBreak',
  clockOff: 'kiosk.done.clockOff',
  discard: 'kiosk.done.discard',
  note: 'kiosk.done.note',
  pinChanged: 'kiosk.done.pinChanged',
};

function Fact({ kind, label, value }: { kind: ReceiptFactKind; label: string; value: string }) {
  return (
    <div className={styles.fact} data-fact={kind}>
      <dt>{label}</dt>
      <dd className="tnum">{value}</dd>
    </div>
  );
}

const isPunchReceipt = (kind: Receipt['kind']): boolean => kind !== 'note' && kind !== 'pinChanged';

export function DoneStep({ receipt }: { receipt: Receipt }) {
  const { t, format } = useI18n();
  const { db, reachability } = useRuntime();
  const unreachable = useSyncExternalStore(reachability.subscribe, () => reachability.snapshot().state === 'unreachable');
  const look = useKioskLook(db);
  const reset = useUiStore((s) => s.reset);
  const go = useUiStore((s) => s.go);
  const corrected = receipt.statedFinishUtc !== undefined;
  const details = receipt.details ?? [];
  const queued = useIsQueued(db, receipt.entryId, unreachable || !navigator.onLine);
  // The punch's entry in the business's journal (docs/punch-journal.md), once the service answered it.
  const journalCode = useJournalCode(db, isPunchReceipt(receipt.kind) ? receipt.entryId : null);
  const hours = useReceiptHours(receipt, receipt.employeeId ?? null, format.zone);
  const facts = hours && !corrected ? receiptFacts(hours) : [];
  const hasNotice = queued || Boolean(receipt.unverified) || corrected;
  const stay = hasNotice ? DONE_NOTICE_RETURN_SECONDS : DONE_RETURN_SECONDS;
  // Seconds since the receipt came up or was last tapped; a notice that shows later lengthens the stay.
  const [elapsed, setElapsed] = useState(0);
  const left = stay - elapsed;
  const firstName = receipt.employeeName.split(' ')[0] ?? receipt.employeeName;

  useEffect(() => {
    const timer = setInterval(() => setElapsed((n) => n + 1), 1000);
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
    <section
      className={`${steps.centered} ${styles.receipt}`}
      aria-labelledby="done-title"
      data-testid="receipt"
      data-kind={receipt.kind}
      onPointerDown={() => setElapsed(0)}
    >
      <div className={`${styles.badge} ${styles[receipt.kind] ?? ''}`} aria-hidden="true">
        <CheckIcon />
      </div>
      <h1 id="done-title" className={steps.title}>
        {t(TITLES[receipt.kind])}
      </h1>
      <div className={styles.when}>
        <p className={styles.time}>{format.time(receipt.at)}</p>
        <p className={steps.subtitle}>{format.weekdayDate(receipt.at)}</p>
      </div>
      {details.length ? (
        <p className={styles.recorded} data-testid="receipt-recorded">
          {details.join(' · ')}
        </p>
      ) : null}
      {receipt.rosterShift ? (
        <p className={styles.roster} data-testid="receipt-roster" data-arrival={receipt.rosterShift.arrival.kind}>
          {t('kiosk.roster.rostered', { shift: shiftLabel(t, format, receipt.rosterShift, receipt.rosterShift.names) })} · {arrivalShort(t, format, receipt.rosterShift.arrival)}
        </p>
      ) : null}
      {hours && facts.length > 0 ? (
        <div className={styles.hours} data-testid="receipt-hours">
          <dl className={styles.facts} aria-describedby="hours-caption">
            {facts.map((fact) => (
              <Fact key={fact.kind} kind={fact.kind} label={t(FACT_LABELS[fact.kind])} value={format.duration(fact.ms)} />
            ))}
          </dl>
          <p id="hours-caption" className={styles.caption}>
            {t('kiosk.done.hoursCaption')}
            {hours.withService ? '' : ` · ${t('kiosk.done.hoursLocal')}`}
          </p>
        </div>
      ) : null}
      <NextStep receipt={receipt} />
      <p className={steps.subtitle}>
        {receipt.kind === 'clockOff' ? t('kiosk.done.goodbye', { name: firstName }) : receipt.kind === 'clockOn' ? t('kiosk.done.welcome', { name: firstName }) : receipt.employeeName}
      </p>
      {receipt.unverified ? <Notice tone="warning">{t('kiosk.done.unverified')}</Notice> : null}
      {receipt.statedFinishUtc ? <Notice tone="info">{t('kiosk.finish.done', { time: format.dateTime(receipt.statedFinishUtc) })}</Notice> : null}
      {queued ? <Notice tone="info">{t('kiosk.done.queued')}</Notice> : null}
      {journalCode ? (
        <p className={styles.caption} data-testid="receipt-journal">
          {t('kiosk.done.journalCode', { code: journalCode })}
        </p>
      ) : queued && isPunchReceipt(receipt.kind) ? (
        <p className={styles.caption} data-testid="receipt-journal-pending">
          {t('kiosk.done.journalPending')}
        </p>
      ) : null}
      <UndoClockOff receipt={receipt} />
      <div className={styles.buttons}>
        {corrected && receipt.pin !== undefined && receipt.employeeId !== undefined ? (
          <Button variant="clockOn" size="large" onClick={() => go({ step: 'actions', employeeId: receipt.employeeId ?? 0, pin: receipt.pin ?? '' })} data-testid="clock-on-today">
            {t('kiosk.finish.clockOnNow')}
          </Button>
        ) : null}
        <Button variant="primary" size="large" onClick={reset} style={{ minWidth: 260 }}>
          {t('common.done')}
        </Button>
        <p className={styles.countdown} aria-live="off" data-testid="receipt-countdown">
          {t('kiosk.done.returning', { count: Math.max(0, left) })}
        </p>
      </div>
    </section>
  );
}
