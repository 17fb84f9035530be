/**
 * Shown for a moment after a reload while the flow finds its way back to the step it was at (the
 * kept sign-in is checked by reading the business and kiosk again). If that fails for a reason
 * other than an ended sign-in (no network, say), it says so and offers to try again or start over.
 */
import { useI18n } from '../../i18n/I18nProvider';
import { Button } from '../../ui/Button';
import { FailureNotice, type ShownFailure } from './FailureNotice';
import type { ResumeTarget } from './resumeSetup';
import { STEP_NUMBER } from './resumeSetup';
import styles from './Setup.module.css';
import { StepFrame } from './StepFrame';
import { STEP_TITLE } from './stepTitles';

export function ResumeStep({ target, failure, onRetry, onStartOver }: { target: ResumeTarget; failure: ShownFailure | null; onRetry: () => void; onStartOver: () => void }) {
  const { t } = useI18n();
  return (
    <StepFrame
      step={STEP_NUMBER[target.step]}
      title={t(STEP_TITLE[target.step])}
      notice={<FailureNotice shown={failure} />}
      submitLabel={failure ? t('common.retry') : undefined}
      onSubmit={failure ? onRetry : undefined}
    >
      {failure ? (
        <>
          <p className={styles.status}>{t('setup.resume.failed')}</p>
          <div className={styles.alternative}>
            <Button variant="secondary" onClick={onStartOver}>
              {t('setup.resume.startOver')}
            </Button>
          </div>
        </>
      ) : (
        <p className={styles.status} role="status">
          {t('setup.resume.checking')}
        </p>
      )}
    </StepFrame>
  );
}
