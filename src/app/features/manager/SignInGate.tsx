/**
 * The way into manager mode with e-mail and password (OAuth password grant), then a check that
 * this manager may operate this kiosk. Wrong credentials, a locked sign-in (with the time to try
 * again) and a manager of another kiosk each get their own message; with no network it says that
 * only a manager PIN this tablet knows opens anything (the read-only view).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { problemWords } from '../../i18n/problemWords';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useKioskSettings } from '../../runtime/useKioskSettings';
import { useUiStore } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { LoginIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { Card, Page } from '../../ui/Page';
import { failureSaid } from './failures';
import styles from './Manager.module.css';
import { managerKeys, useSay } from './ManagerContext';
import { signInManager } from './session';

export interface SignInGateProps {
  onCancel: () => void;
  onSignedIn: () => void;
  sessionEnded: boolean;
  /** Back to the manager PIN, when the tablet knows managers with one. */
  onUsePin?: (() => void) | undefined;
}

export function SignInGate({ onCancel, onSignedIn, sessionEnded, onUsePin }: SignInGateProps) {
  const { t, format } = useI18n();
  const sayIt = useSay();
  const runtime = useRuntime();
  const settings = useKioskSettings(runtime.db);
  const queryClient = useQueryClient();
  const setSession = useUiStore((s) => s.setManagerSession);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const kioskName = settings?.name ?? runtime.enrolment.kioskName;
  const reachable = useSyncExternalStore(runtime.reachability.subscribe, () => !runtime.reachability.unreachable());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const gaps = { email: !email.trim(), password: !password };
    setMissing(gaps);
    if (gaps.email || gaps.password) return;
    setBusy(true);
    setError(null);
    const outcome = await signInManager(
      { oauth: runtime.client.oauth, clientFor: (token) => runtime.managerClient(token), kiosk: runtime.kiosk, now: () => runtime.clock.now().getTime() },
      email,
      password,
    );
    setBusy(false);
    if (outcome.ok) {
      queryClient.setQueryData(managerKeys.kiosk(runtime.kiosk.kioskId), outcome.kiosk);
      setSession(outcome.session);
      onSignedIn();
      return;
    }
    setPassword('');
    switch (outcome.reason) {
      case 'wrong-credentials':
        return setError(sayIt(problemWords('invalid-grant', 'manager')));
      case 'locked':
        return setError(sayIt(problemWords('login-locked', 'manager', outcome.retryAt ? format.time(outcome.retryAt) : undefined)));
      case 'not-this-kiosk':
        return setError(t('manager.signIn.notThisKiosk', { kiosk: kioskName }));
      case 'failed':
        return setError(sayIt(failureSaid(outcome.failure)));
    }
  };

  return (
    <Page
      title={t('manager.signIn.bar')}
      tools={
        <Button variant="onDark" onClick={onCancel}>
          {t('manager.backToKiosk')}
        </Button>
      }
    >
      <Card labelledBy="manager-sign-in-title">
        <h1 id="manager-sign-in-title" className={styles.title}>
          {t('manager.signIn.title')}
        </h1>
        <p className={styles.lead}>{t('manager.signIn.lead', { kiosk: kioskName })}</p>
        {sessionEnded && !error ? <Notice tone="info">{t('manager.signIn.sessionEnded')}</Notice> : null}
        {!reachable && !error ? <Notice tone="warning">{t('managerPin.offlineNoPins')}</Notice> : null}
        {error ? <Notice tone="error">{error}</Notice> : null}
        <form className={styles.list} onSubmit={(event) => void submit(event)} noValidate>
          <Field
            label={t('manager.signIn.email')}
            type="email"
            name="username"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={missing.email ? t('manager.signIn.emailMissing') : null}
            autoFocus
          />
          <Field
            label={t('manager.signIn.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={missing.password ? t('manager.signIn.passwordMissing') : null}
          />
          <div className={styles.actions}>
            {onUsePin ? (
              <Button variant="secondary" onClick={onUsePin}>
                {t('managerPin.usePin')}
              </Button>
            ) : null}
            <Button type="submit" size="large" icon={<LoginIcon />} disabled={busy}>
              {busy ? t('manager.signIn.checking') : t('manager.signIn.submit')}
            </Button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
