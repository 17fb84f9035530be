/**
 * The kiosk at rest: when nobody has touched the staff grid for the kiosk's idle-screen delay, a
 * screen readable across the room comes over it: the business's name, a large clock and date in
 * the kiosk's zone, and what to do ("Tap to start", then your name). Any touch or key brings the
 * names back. Nothing is lost: it only ever covers the grid.
 */
import { useCallback, useEffect } from 'react';
import { useNow } from '../../hooks/useNow';
import { useI18n } from '../../i18n/I18nProvider';
import { useKioskBase } from '../../runtime/RuntimeContext';
import { useKioskHeading } from '../../runtime/useKioskData';
import styles from './IdleScreen.module.css';

export function IdleScreen({ onWake }: { onWake: () => void }) {
  const { t, format } = useI18n();
  const base = useKioskBase();
  const heading = useKioskHeading(base.db);
  const now = useNow(useCallback(() => base.clock.now(), [base]));
  useEffect(() => {
    window.addEventListener('keydown', onWake);
    return () => window.removeEventListener('keydown', onWake);
  }, [onWake]);
  return (
    <div className={styles.idle} onPointerDown={onWake} data-testid="idle-screen" role="region" aria-labelledby="idle-business">
      <p id="idle-business" className={styles.business}>
        {base.enrolment.businessName}
      </p>
      <p className={styles.kiosk}>{heading?.name ?? base.enrolment.kioskName}</p>
      <p className={styles.time} role="timer" aria-label={t('kiosk.header.clock')}>
        {format.time(now)}
      </p>
      <p className={styles.date}>{format.weekdayDate(now)}</p>
      <button type="button" className={styles.start} onClick={onWake}>
        {t('kiosk.idle.start')}
      </button>
      <p className={styles.prompt}>{t('kiosk.idle.prompt')}</p>
    </div>
  );
}
