/**
 * Step 2: a manager signs in (OAuth password grant) on the chosen service; wrong password and
 * lockout are explained. Also where a set-up whose sign-in has ended (after a reload, or mid-step)
 * asks for it again, saying so and which step it then goes on at.
 */
import { useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { FailureNotice, failureFrom, type ShownFailure } from './FailureNotice';
import styles from './Setup.module.css';
import { STEP_NUMBER } from './resumeSetup';
import { signInManager, type ManagerConnection } from './setupApi';
import type { ProgressStep } from './setupProgress';
import { StepFrame } from './StepFrame';
import { STEP_TITLE } from './stepTitles';

export interface SignInStepProps {
  serviceUrl: string;
  initialEmail: string;
  /** The sign-in this set-up had has ended (expired or signed out). */
  ended?: boolean;
  /** The step set-up goes on at after signing in, when it is not the next one. */
  resumeAt?: ProgressStep | null;
  onSignedIn: (connection: ManagerConnection) => void;
  onBack: () => void;
}

export function SignInStep({ serviceUrl, initialEmail, ended = false, resumeAt = null, onSignedIn, onBack }: SignInStepProps) {
  const { t } = useI18n();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<ShownFailure | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setFailure(null);
    setMissing(!email.trim() || !password);
    if (!email.trim() || !password) return;
    setBusy(true);
    try {
      onSignedIn(await signInManager(serviceUrl, email, password));
    } catch (error) {
      setFailure(failureFrom(error));
      setPassword('');
      setBusy(false);
    }
  };

  return (
    <StepFrame
      step={2}
      title={t('setup.signIn.title')}
      lead={t('setup.signIn.lead', { host: new URL(serviceUrl).host })}
      banner={
        ended ? (
          <Notice tone="info">
            {resumeAt
              ? t('setup.signIn.endedResume', { step: STEP_NUMBER[resumeAt], title: t(STEP_TITLE[resumeAt]) })
              : t('setup.signIn.ended')}
          </Notice>
        ) : null
      }
      submitLabel={busy ? t('setup.signIn.busy') : t('setup.signIn.submit')}
      onSubmit={() => void submit()}
      onBack={onBack}
      busy={busy}
      notice={missing ? <Notice tone="error">{t('setup.signIn.missing')}</Notice> : <FailureNotice shown={failure} />}
    >
      <Field
        label={t('setup.signIn.email')}
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={missing && !email.trim() ? true : undefined}
      />
      <Field
        label={t('setup.signIn.password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-invalid={(missing && !password) || failure?.failure.kind === 'wrong-credentials' ? true : undefined}
      />
      <label className={styles.check}>
        <input type="checkbox" checked={showPassword} onChange={(event) => setShowPassword(event.target.checked)} />
        {t('setup.signIn.showPassword')}
      </label>
    </StepFrame>
  );
}
