/**
 * The time a person finished, as two large pickers (hour, minute) rather than the browser's time
 * field, whose 12- or 24-hour form follows the tablet and not the business: the hours are written
 * the way the kiosk writes every time (its formatters, in its zone), so a London kiosk shows 13:00
 * on any tablet. Gives "HH:MM" (24-hour) or "" while either is unset.
 */
import { useId } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import styles from './FinishTimeStep.module.css';
import { finishInstant } from './finishTime';

const pad = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, h) => pad(h));
const MINUTES = Array.from({ length: 60 }, (_, m) => pad(m));

export function FinishClock({ day, value, onChange, error }: { day: string; value: string; onChange: (time: string) => void; error: string | null }) {
  const { t, format } = useI18n();
  const id = useId();
  const [hour = '', minute = ''] = value ? value.split(':') : [];
  const set = (h: string, m: string) => onChange(h || m ? `${h}:${m}` : '');
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <fieldset className={styles.clock} aria-describedby={describedBy}>
      <legend className={styles.clockLegend}>{t('kiosk.finish.time')}</legend>
      <div className={styles.clockRow}>
        <label className={styles.clockPart}>
          <span>{t('kiosk.finish.hour')}</span>
          <select className={`${styles.select} ${error ? styles.invalid : ''}`} value={hour} onChange={(e) => set(e.target.value, minute)} aria-invalid={error ? true : undefined} name="finishHour">
            <option value="">{t('kiosk.finish.choose')}</option>
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {format.time(finishInstant(day, `${h}:00`, format.zone) ?? new Date(0))}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.clockPart}>
          <span>{t('kiosk.finish.minute')}</span>
          <select className={`${styles.select} ${error ? styles.invalid : ''}`} value={minute} onChange={(e) => set(hour, e.target.value)} aria-invalid={error ? true : undefined} name="finishMinute">
            <option value="">{t('kiosk.finish.choose')}</option>
            {MINUTES.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error ? (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
