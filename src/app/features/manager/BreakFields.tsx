/**
 * The breaks of a shift being typed (roster shift form, timesheet line edit): start and end on the
 * same clock as the shift, the paid flag, add and remove, each break's error under it.
 */
import { useI18n } from '../../i18n/I18nProvider';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { PlusIcon, TrashIcon } from '../../ui/icons';
import { Switch } from './controls';
import styles from './Manager.module.css';
import type { BreakDraft } from './shiftForms';

export interface BreakFieldsProps {
  idPrefix: string;
  breaks: BreakDraft[];
  onChange: (breaks: BreakDraft[], touched: number[]) => void;
  errorOf: (index: number) => string | null;
  showPaid: boolean;
}

export function BreakFields({ idPrefix, breaks, onChange, errorOf, showPaid }: BreakFieldsProps) {
  const { t } = useI18n();
  const update = (index: number, patch: Partial<BreakDraft>) => onChange(breaks.map((b, i) => (i === index ? { ...b, ...patch } : b)), [index]);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('manager.fix.breaks')}</legend>
      {breaks.length === 0 ? <p className={styles.meta}>{t('manager.fix.noBreaks')}</p> : null}
      {breaks.map((b, index) => {
        const n = index + 1;
        const error = errorOf(index);
        const errorId = `${idPrefix}-break-${index}-error`;
        const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
        return (
          <div key={index} className={styles.row} role="group" aria-label={t('manager.fix.breakN', { n })} data-testid="break-row">
            <div className={styles.rowMain}>
              <div className={styles.pair}>
                <Field label={t('manager.fix.breakStart', { n })} type="time" value={b.start} onChange={(event) => update(index, { start: event.target.value })} {...invalid} />
                <Field label={t('manager.fix.breakEnd', { n })} type="time" value={b.end} onChange={(event) => update(index, { end: event.target.value })} {...invalid} />
              </div>
              {showPaid ? (
                <div>
                  <Switch compact checked={b.paid} onChange={(paid) => update(index, { paid })} label={t('manager.fix.paidBreak')} ariaLabel={t('manager.fix.paidBreakN', { n })} />
                </div>
              ) : null}
              {error ? (
                <span id={errorId} className={styles.error}>
                  {error}
                </span>
              ) : null}
            </div>
            <Button
              variant="secondary"
              icon={<TrashIcon />}
              aria-label={t('manager.fix.removeBreak', { n })}
              onClick={() =>
                onChange(
                  breaks.filter((_, i) => i !== index),
                  breaks.map((_, i) => i),
                )
              }
            />
          </div>
        );
      })}
      <div>
        <Button variant="secondary" icon={<PlusIcon />} onClick={() => onChange([...breaks, { start: '', end: '', paid: false }], [])}>
          {t('manager.fix.addBreak')}
        </Button>
      </div>
    </fieldset>
  );
}
