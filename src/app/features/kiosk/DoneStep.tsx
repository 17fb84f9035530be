/**
 * The confirmation: what was recorded and when, in the kiosk's time zone, whether it is still
 * waiting for the network, then back to the staff grid by itself.
 */
import { useEffect, useState } from 'react';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useIsQueued } from '../../runtime/useKioskData';
import { useUiStore, type Receipt } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { CheckIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import styles from './DoneStep.module.css';
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

export function DoneStep({ receipt }: { receipt: Receipt }) {
  const { t, format } = useI18n();
  const { db } = useRuntime();
  const reset = useUiStore((s) => s.reset);
  const queued = useIsQueued(db, receipt.entryId);
  const [left, setLeft] = useState(DONE_RETURN_SECONDS);
  const firstName = receipt.employeeName.split(' ')[0] ?? receipt.employeeName;

  useEffect(() => {
    const timer = setInterval(() => setLeft((n) => n - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0) reset();
  }, [left, reset]);

  return (
    <section className={steps.centered} aria-labelledby="done-title" data-testid="receipt" data-kind={receipt.kind}>
      <div className={`${styles.badge} ${styles[receipt.kind] ?? ''}`} aria-hidden="true">
        <CheckIcon />
      </div>
      <h1 id="done-title" className={steps.title}>
        {t(TITLES[receipt.kind])}
      </h1>
      <p className={styles.time}>{format.time(receipt.at)}</p>
      <p className={steps.subtitle}>{format.weekdayDate(receipt.at)}</p>
      {receipt.details?.length ? <p className={steps.forName}>{receipt.details.join(' · ')}</p> : null}
      {receipt.shiftMs !== undefined ? <p className={steps.subtitle}>{t('kiosk.done.worked', { duration: format.duration(receipt.shiftMs) })}</p> : null}
      <p className={steps.subtitle}>
        {receipt.kind === 'clockOff' ? t('kiosk.done.goodbye', { name: firstName }) : receipt.kind === 'clockOn' ? t('kiosk.done.welcome', { name: firstName }) : receipt.employeeName}
      </p>
      {queued ? <Notice tone="info">{t('kiosk.done.queued')}</Notice> : null}
      <Button variant="primary" size="large" onClick={reset} style={{ minWidth: 260 }}>
        {t('common.done')}
      </Button>
      <p className={styles.countdown} aria-live="off">
        {t('kiosk.done.returning', { count: Math.max(0, left) })}
      </p>
    </section>
  );
}
