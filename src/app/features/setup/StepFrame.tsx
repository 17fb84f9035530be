/**
 * The frame of every set-up step: "Step n of 6" with a progress bar, the step's heading (focused
 * when the step opens, so screen readers announce it), its content, the notice, and the footer
 * with Back and the step's main action. The step is a form, so Enter submits it. While busy the
 * actions are aria-disabled rather than disabled, so keyboard focus is not thrown to the page.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { Button } from '../../ui/Button';
import styles from './Setup.module.css';

export const SETUP_STEPS = 6;

export interface StepFrameProps {
  /** 1-based position in the flow. */
  step: number;
  title: string;
  lead?: ReactNode;
  /** Shown between the heading and the content (e.g. a success notice). */
  banner?: ReactNode;
  children?: ReactNode;
  /** Shown just above the footer (errors, outcomes). */
  notice?: ReactNode;
  onBack?: (() => void) | undefined;
  submitLabel?: string;
  onSubmit?: () => void;
  /** While true the actions are disabled and the form is marked busy. */
  busy?: boolean;
  /** The last step's action is the large button. */
  submitSize?: 'normal' | 'large';
}

export function StepFrame({ step, title, lead, banner, children, notice, onBack, submitLabel, onSubmit, busy = false, submitSize = 'normal' }: StepFrameProps) {
  const { t } = useI18n();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);

  return (
    <form
      className={styles.step}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (onSubmit && !busy) onSubmit();
      }}
    >
      <div className={styles.progress}>
        <span className={styles.progressText}>{t('setup.progress', { step, total: SETUP_STEPS })}</span>
        <span className={styles.progressBar} aria-hidden="true">
          {Array.from({ length: SETUP_STEPS }, (_, i) => (
            <span key={i} className={i < step ? styles.progressDone : styles.progressTodo} />
          ))}
        </span>
      </div>
      <div className={styles.heading}>
        <h1 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </div>
      {banner}
      {children ? <div className={styles.card}>{children}</div> : null}
      {notice}
      <div className={styles.footer}>
        {onBack ? (
          <Button variant="secondary" className={styles.action} onClick={busy ? undefined : onBack} aria-disabled={busy || undefined}>
            {t('common.back')}
          </Button>
        ) : (
          <span />
        )}
        {onSubmit && submitLabel ? (
          <Button type="submit" variant="primary" size={submitSize} className={`${styles.action} ${styles.submit}`} aria-disabled={busy || undefined}>
            {submitLabel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
