/**
 * The fields the manager's shift forms share (add a missed shift, roster shift, timesheet line
 * edit): the day with start and end on the kiosk's clock ("next day" hint when the end is earlier),
 * the optional note under them, and the location / work type choices. One place, so the three forms read and behave alike.
 */
import { MAX_NOTE_LENGTH } from '../../../domain/notes';
import { useI18n } from '../../i18n/I18nProvider';
import { Field } from '../../ui/Field';
import { SelectField } from './controls';
import styles from './Manager.module.css';
import { endsNextDay } from './shiftForms';

export interface ShiftTimes {
  date: string;
  start: string;
  end: string;
}

export type ShiftTimeField = keyof ShiftTimes;

export interface ShiftTimeFieldsProps {
  value: ShiftTimes;
  error: (field: ShiftTimeField) => string | null;
  /** A change, with the fields whose messages it makes stale. */
  onChange: (patch: Partial<ShiftTimes>, cleared: ShiftTimeField[]) => void;
  /** The latest day that may be typed (a missed shift cannot be in the future). */
  maxDate?: string;
  /** Whether a new day also clears the end's message (the end's instant moves with the day). */
  dateClearsEnd?: boolean;
}

export function ShiftTimeFields({ value, error, onChange, maxDate, dateClearsEnd = true }: ShiftTimeFieldsProps) {
  const { t } = useI18n();
  return (
    <div className={styles.triple}>
      <Field
        label={t('manager.fix.date')}
        type="date"
        max={maxDate}
        value={value.date}
        onChange={(event) => onChange({ date: event.target.value }, dateClearsEnd ? ['date', 'end'] : ['date'])}
        error={error('date')}
      />
      <Field label={t('manager.fix.start')} type="time" value={value.start} onChange={(event) => onChange({ start: event.target.value }, ['start', 'end'])} error={error('start')} />
      <Field
        label={t('manager.fix.end')}
        type="time"
        value={value.end}
        onChange={(event) => onChange({ end: event.target.value }, ['end'])}
        error={error('end')}
        hint={endsNextDay(value.start, value.end) ? t('manager.fix.nextDay') : undefined}
      />
    </div>
  );
}

export interface NoteFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}

/** An optional free-text note (at most MAX_NOTE_LENGTH), its message under it. */
export function NoteField({ id, label, value, onChange, error }: NoteFieldProps) {
  const { t } = useI18n();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label} <span className={styles.hint}>{t('manager.optional')}</span>
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        maxLength={MAX_NOTE_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error !== null ? true : undefined}
        aria-describedby={error !== null ? errorId : undefined}
      />
      {error !== null ? (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export interface ChoiceOption {
  id: number;
  /** The name shown (a nameless one shows empty, as the service sent it). */
  label: string | null;
}

export interface ChoiceFieldProps {
  label: string;
  value: number | null;
  options: ChoiceOption[];
  onChange: (id: number | null) => void;
  error: string | null;
  /** Whether the kiosk requires a choice (then the empty option says "Choose…"). */
  required: boolean;
  /** The empty option's text when no choice is required (default "None"). */
  noneText?: string;
}

/** A shift's location or work type: an optional choice (or a required one, so marked). */
export function ChoiceField({ label, value, options, onChange, error, required, noneText }: ChoiceFieldProps) {
  const { t } = useI18n();
  return (
    <SelectField
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      error={error}
      hint={required ? t('manager.required') : undefined}
    >
      <option value="">{required ? t('manager.fix.chooseOption') : (noneText ?? t('manager.fix.noneOption'))}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
