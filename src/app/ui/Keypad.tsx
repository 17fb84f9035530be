/**
 * The PIN pad: twelve big keys (digits, delete, OK) that also answer the hardware keyboard (any
 * other character typed there is refused, and reported so the screen can say so), and the masked
 * dots above them. The digits typed are announced as a count, never read out.
 */
import { useEffect } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { BackspaceIcon } from './icons';
import styles from './Keypad.module.css';

export const MAX_PIN_DIGITS = 8;

/** `slots`: the dots shown before anything is typed (the shortest PIN accepted). */
export function PinDots({ count, shake, slots = 4 }: { count: number; shake: boolean; slots?: number }) {
  const { t } = useI18n();
  const shown = Math.max(slots, count);
  return (
    <div className={`${styles.dots} ${shake ? styles.shake : ''}`} role="status" aria-live="polite" aria-label={t('kiosk.pin.entered', { count })}>
      {Array.from({ length: shown }, (_, i) => (
        <span key={i} className={i < count ? styles.filled : styles.dot} />
      ))}
    </div>
  );
}

export interface KeypadProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  disabled?: boolean;
  submitLabel?: string;
  minLength?: number;
  /** A letter or sign typed on a hardware keyboard: it is not taken, and the screen can say why. */
  onNonDigit?: () => void;
}

export function Keypad({ value, onChange, onSubmit, disabled = false, submitLabel, minLength = 4, onNonDigit }: KeypadProps) {
  const { t } = useI18n();
  const press = (digit: string) => {
    if (!disabled && value.length < MAX_PIN_DIGITS) onChange(value + digit);
  };
  const remove = () => {
    if (!disabled) onChange(value.slice(0, -1));
  };
  const canSubmit = !disabled && value.length >= minLength;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
      if (/^\d$/.test(event.key)) press(event.key);
      else if (event.key === 'Backspace') remove();
      else if (event.key === 'Enter' && canSubmit) onSubmit();
      else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && onNonDigit) onNonDigit();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <div className={styles.keypad}>
      {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((digit) => (
        <button key={digit} type="button" className={styles.key} onClick={() => press(digit)} disabled={disabled} aria-label={t('kiosk.pin.digit', { digit })}>
          {digit}
        </button>
      ))}
      <button type="button" className={styles.action} onClick={remove} disabled={disabled || value.length === 0} aria-label={t('kiosk.pin.delete')}>
        <BackspaceIcon />
      </button>
      <button type="button" className={styles.key} onClick={() => press('0')} disabled={disabled} aria-label={t('kiosk.pin.digit', { digit: '0' })}>
        0
      </button>
      <button type="button" className={styles.ok} onClick={onSubmit} disabled={!canSubmit}>
        {submitLabel ?? t('kiosk.pin.ok')}
      </button>
    </div>
  );
}
