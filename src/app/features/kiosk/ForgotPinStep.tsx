/** "Forgot PIN?": a one-time reset code by e-mail or text message (services/pins/pins.ts), whichever the employee's details allow. */
import { useState } from 'react';
import { requestPinResetAtKiosk, type ResetResult } from '../../../offline/kioskOperations';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useUiStore } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PersonHeading } from './PersonHeading';
import steps from './Steps.module.css';
import { useStepPerson } from './useStepPerson';

const FAILURES: Record<Exclude<ResetResult, { ok: true }>['reason'], MessageKey> = {
  'needs-network': 'kiosk.forgot.needsNetwork',
  'sms-off': 'kiosk.forgot.smsOff',
  'no-contact': 'kiosk.forgot.none',
  'too-soon': 'kiosk.forgot.tooSoon',
};

export function ForgotPinStep({ employeeId }: { employeeId: number }) {
  const { t } = useI18n();
  const runtime = useRuntime();
  const person = useStepPerson(employeeId);
  const go = useUiStore((s) => s.go);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!person) return null;

  const send = async (channel: 'email' | 'sms') => {
    setBusy(true);
    const result = await requestPinResetAtKiosk(runtime, employeeId, channel);
    setBusy(false);
    setOutcome(
      result.ok
        ? { tone: 'success', text: t(channel === 'email' ? 'kiosk.forgot.sentEmail' : 'kiosk.forgot.sentSms') }
        : { tone: 'error', text: t(FAILURES[result.reason]) },
    );
  };

  return (
    <section className={steps.narrow} aria-labelledby="forgot-title">
      <PersonHeading name={person.name} photoUrl={person.profileImageUrl} title={t('kiosk.forgot.title')} id="forgot-title">
        <p className={steps.subtitle}>{t('kiosk.forgot.text')}</p>
      </PersonHeading>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {!person.hasEmail && !person.hasMobile ? <Notice tone="warning">{t('kiosk.forgot.none')}</Notice> : null}
      <div className={steps.stack}>
        {person.hasEmail ? (
          <Button variant="primary" size="large" block onClick={() => void send('email')} disabled={busy || outcome?.tone === 'success'}>
            {t('kiosk.forgot.email')}
          </Button>
        ) : null}
        {person.hasMobile ? (
          <Button variant="secondary" size="large" block onClick={() => void send('sms')} disabled={busy || outcome?.tone === 'success'}>
            {t('kiosk.forgot.sms')}
          </Button>
        ) : null}
      </div>
      {/* One way out: back to the PIN pad, where the reset code is typed (or Cancel from there). */}
      <div className={steps.footer}>
        <Button variant="secondary" onClick={() => go({ step: 'pin', employeeId })}>
          {t('common.back')}
        </Button>
      </div>
    </section>
  );
}
