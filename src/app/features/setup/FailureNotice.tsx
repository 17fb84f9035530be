/** An error notice for a failed set-up call, with "Sign in again" when the manager's session ended. */
import { useI18n } from '../../i18n/I18nProvider';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { setupFailureText } from './failureText';
import { classifySetupError, type SetupFailure } from './setupApi';
import styles from './Setup.module.css';

/** A failure as shown: what went wrong, and when (lockouts are told as a time of day). */
export interface ShownFailure {
  failure: SetupFailure;
  at: number;
}

/** For catch blocks in event handlers; `at` defaults to now (a query passes its errorUpdatedAt). */
export function failureFrom(error: unknown, at: number = Date.now()): ShownFailure {
  return { failure: classifySetupError(error), at };
}

export function FailureNotice({ shown, onSignInAgain }: { shown: ShownFailure | null; onSignInAgain?: (() => void) | undefined }) {
  const { t, format } = useI18n();
  if (!shown) return null;
  const offerSignIn = shown.failure.kind === 'session-expired' && onSignInAgain;
  return (
    <Notice tone="error">
      <span className={styles.noticeBody}>
        <span>{setupFailureText(shown.failure, t, format, shown.at)}</span>
        {offerSignIn ? (
          <Button variant="secondary" onClick={onSignInAgain}>
            {t('setup.error.signInAgain')}
          </Button>
        ) : null}
      </span>
    </Notice>
  );
}
