/**
 * Small form controls of manager mode: a whole-row switch (role="switch") and a labelled native
 * select with hint and error, both sized for touch and wired for screen readers.
 */
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import styles from './Manager.module.css';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  detail?: string;
  disabled?: boolean;
  compact?: boolean;
  /** Extra accessible name, when `label` alone is ambiguous (e.g. in a list of people). */
  ariaLabel?: string;
}

export function Switch({ checked, onChange, label, detail, disabled = false, compact = false, ariaLabel }: SwitchProps) {
  const id = useId();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={ariaLabel ? undefined : `${id}-label`}
      aria-label={ariaLabel}
      aria-describedby={detail ? `${id}-detail` : undefined}
      className={compact ? styles.compactSwitch : styles.switchRow}
      onClick={() => onChange(!checked)}
      disabled={disabled}
    >
      <span className={styles.switchText}>
        <span id={`${id}-label`} className={styles.switchLabel}>
          {label}
        </span>
        {detail ? (
          <span id={`${id}-detail`} className={styles.switchDetail}>
            {detail}
          </span>
        ) : null}
      </span>
      <span className={styles.track} aria-hidden="true" />
    </button>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: string | undefined;
  error?: string | null | undefined;
  children: ReactNode;
}

export function SelectField({ label, hint, error, id, children, ...select }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const describedBy = [hint ? `${selectId}-hint` : null, error ? `${selectId}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={selectId}>
        {label}
      </label>
      <select id={selectId} className={`${styles.select} ${error ? styles.invalid : ''}`} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
      {hint ? (
        <span id={`${selectId}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${selectId}-error`} className={styles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
