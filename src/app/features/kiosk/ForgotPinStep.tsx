/**
 * "Forgot PIN?": a one-time reset code by e-mail or text message (services/pins/pins.ts), offering
 * only the channels that work for this person at this business (an e-mail address on file; a mobile
 * number, and text messages switched on for the business: the kiosk policy's `smsResets`). With
 * none, it says so and sends them to a manager instead of offering a button that can only fail.
 * Once a code is on its way, the PIN pad takes over, saying where the code went: the code is typed
 * there instead of the PIN.
 */
import { useState } from 'react';
import { requestPinResetAtKiosk } from '../../../offline/kioskOperations';
import type { StaffRecord } from '../../../offline/records';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useKioskPolicy } from '../../runtime/useKioskSettings';
import { useUiStore } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PersonHeading } from './PersonHeading';
import steps from './Steps.module.css';
import { useStepPerson } from './useStepPerson';

type Channel = 'email' | 'sms';

/** The channels that can reach this person here, and if none, why (for the words). */
export function resetChannels(person: Pick<StaffRecord, 'hasEmail' | 'hasMobile'>, smsResets: boolean): { channels: Channel[]; noneBecause: MessageKey | null } {
  const channels: Channel[] = [...(person.hasEmail ? (['email'] as const) : []), ...(person.hasMobile && smsResets ? (['sms'] as const) : [])];
  if (channels.length > 0) return { channels, noneBecause: null };
  return { channels, noneBecause: person.hasMobile ? 'kiosk.forgot.smsOffNoEmail' : 'kiosk.forgot.none' };
}

export function ForgotPinStep({ employeeId }: { employeeId: number }) {
  const { t } = useI18n();
  const runtime = useRuntime();
  const person = useStepPerson(employeeId);
  const policy = useKioskPolicy(runtime.db);
  const go = useUiStore((s) => s.go);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!person || policy === undefined) return null;
  const { channels, noneBecause } = resetChannels(person, policy?.smsResets ?? false);

  const send = async (channel: Channel) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await requestPinResetAtKiosk(runtime, employeeId, channel);
    if (result.ok) return go({ step: 'pin', employeeId, codeSent: channel });
    // A code sent a minute ago is still good: the code entry, saying so.
    if (result.reason === 'too-soon') return go({ step: 'pin', employeeId, codeSent: 'recent' });
    setBusy(false);
    setError(
      t(
        result.reason === 'needs-network'
          ? 'kiosk.forgot.needsNetwork'
          : result.reason === 'sms-off'
            ? person.hasEmail
              ? 'kiosk.forgot.smsOff'
              : 'kiosk.forgot.smsOffNoEmail'
            : 'kiosk.forgot.none',
      ),
    );
  };

  return (
    <section className={steps.narrow} aria-labelledby="forgot-title">
      <PersonHeading name={person.name} photoUrl={person.profileImageUrl} title={t('kiosk.forgot.title')} id="forgot-title">
        <p className={steps.subtitle}>{channels.length > 0 ? t('kiosk.forgot.text') : t('kiosk.forgot.noneText')}</p>
      </PersonHeading>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {noneBecause ? <Notice tone="warning">{t(noneBecause)}</Notice> : null}
      <div className={steps.stack}>
        {channels.map((channel, index) => (
          <Button key={channel} variant={index === 0 ? 'primary' : 'secondary'} size="large" block onClick={() => void send(channel)} disabled={busy}>
            {t(channel === 'email' ? 'kiosk.forgot.email' : 'kiosk.forgot.sms')}
          </Button>
        ))}
      </div>
      {/* One way out: back to the PIN pad (or Cancel from there). */}
      <div className={steps.footer}>
        <Button variant="secondary" onClick={() => go({ step: 'pin', employeeId })}>
          {t('common.back')}
        </Button>
      </div>
    </section>
  );
}
