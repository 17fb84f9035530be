/**
 * The PIN pad. Checks the PIN with the service, or offline against this kiosk's verifier; shows how
 * many tries are left, the lockout, and the way out (forgot PIN, not you?). After "Forgot PIN?"
 * sent a code it is also the code entry, saying where the code went.
 */
import { useState } from 'react';
import { checkPinAtKiosk, type PinCheck } from '../../../offline/kioskOperations';
import { offerUnverifiedPunch, type IdentityClaimSeal } from '../../../offline/unverifiedPunch';
import { useI18n } from '../../i18n/I18nProvider';
import type { Translate } from '../../i18n/translate';
import type { Formatters } from '../../i18n/formatters';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useKioskPolicy } from '../../runtime/useKioskSettings';
import { isPhotoExempt } from '../../../domain/clockOn';
import { useUiStore, type CodeSent } from '../../state/uiStore';
import type { MessageKey } from '../../i18n/catalogue';
import { Button } from '../../ui/Button';
import { Keypad, PinDots } from '../../ui/Keypad';
import { Notice } from '../../ui/Notice';
import { PersonHeading } from './PersonHeading';
import steps from './Steps.module.css';
import { useStepPerson } from './useStepPerson';
import { UnverifiedNotice } from './UnverifiedNotice';
import { PhotoNoticeGate } from './PhotoNotice';

function failureText(result: Exclude<PinCheck, { ok: true }>, t: Translate, format: Formatters): string {
  switch (result.reason) {
    case 'wrong':
      return result.attemptsLeft === null ? t('kiosk.pin.wrongOffline') : t('kiosk.pin.wrong', { count: result.attemptsLeft });
    case 'locked':
      return t('kiosk.pin.locked', { time: format.time(result.until) });
    case 'offline-unknown':
      return t('kiosk.pin.offlineUnknown');
    case 'not-set':
      return t('kiosk.pin.notSet');
    case 'busy':
      return t('kiosk.pin.busy', { count: Math.max(1, Math.ceil((result.retryAfterSeconds ?? 60) / 60)) });
    case 'no-longer-here':
    case 'unknown-employee':
      return t('kiosk.pin.noLongerHere');
    case 'reset-used':
      return t('kiosk.pin.resetUsed');
    case 'reset-expired':
      return t('kiosk.pin.resetExpired');
  }
}

const CODE_SENT: Record<CodeSent, MessageKey> = {
  email: 'kiosk.forgot.sentEmail',
  sms: 'kiosk.forgot.sentSms',
  recent: 'kiosk.forgot.tooSoon',
};

export function PinStep({ employeeId, codeSent }: { employeeId: number; codeSent?: CodeSent | undefined }) {
  const { t, format } = useI18n();
  const runtime = useRuntime();
  const person = useStepPerson(employeeId);
  const policy = useKioskPolicy(runtime.db);
  const go = useUiStore((s) => s.go);
  const reset = useUiStore((s) => s.reset);
  const [pin, setPin] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shakes, setShakes] = useState(0);
  const [lockedUntil, setLockedUntil] = useState<Date | null>(null);
  // Offered when nothing here can check the PIN and the kiosk lets such people punch unverified.
  const [offer, setOffer] = useState<IdentityClaimSeal | null>(null);
  const setUnverified = useUiStore((s) => s.setUnverified);
  const locked = lockedUntil !== null && lockedUntil.getTime() > runtime.clock.now().getTime();

  if (!person) return null;

  const submit = async () => {
    setChecking(true);
    setError(null);
    try {
      const result = await checkPinAtKiosk(runtime, employeeId, pin);
      if (result.ok) {
        if (result.pinExpired) go({ step: 'changePin', employeeId, oldPin: pin, reason: 'expired' });
        else go({ step: 'actions', employeeId, pin });
        return;
      }
      if (result.reason === 'offline-unknown') {
        const unverified = await offerUnverifiedPunch(runtime, employeeId, pin);
        if (unverified.ok) {
          setOffer(unverified.seal);
          return;
        }
        if (unverified.reason === 'limit') {
          setError(t('kiosk.unverified.limit'));
          setShakes((n) => n + 1);
          setPin('');
          return;
        }
      }
      setError(failureText(result, t, format));
      if (result.reason === 'locked') setLockedUntil(result.until);
      setShakes((n) => n + 1);
      setPin('');
    } catch (caught) {
      setError(t('common.unexpectedError', { message: caught instanceof Error ? caught.message : String(caught) }));
      setPin('');
    } finally {
      setChecking(false);
    }
  };

  if (offer) {
    // The unverified punch takes a photo where the tablet has a camera: a first one waits for the notice.
    return (
      <PhotoNoticeGate employeeId={employeeId} name={person.name} onBack={reset} backLabel={t('common.cancel')}>
        <UnverifiedNotice
          name={person.name}
          firstName={person.firstName}
          photoUrl={person.profileImageUrl}
          photoExempt={isPhotoExempt(policy, employeeId)}
          onCancel={reset}
          onContinue={(image) => {
            setUnverified({ employeeId, ...offer, image });
            go({ step: 'actions', employeeId, pin });
          }}
        />
      </PhotoNoticeGate>
    );
  }

  return (
    <section className={steps.narrow} aria-labelledby="pin-title">
      <PersonHeading name={person.name} photoUrl={person.profileImageUrl} title={t('kiosk.pin.hello', { name: person.firstName })} id="pin-hello">
        <h2 id="pin-title" className={steps.subtitle}>
          {locked ? t('kiosk.pin.lockedTitle') : checking ? t('kiosk.pin.checking') : codeSent ? t('kiosk.pin.codeTitle') : t('kiosk.pin.title')}
        </h2>
      </PersonHeading>
      {codeSent && !error ? (
        <Notice tone="success">
          {t(CODE_SENT[codeSent])} {t('kiosk.pin.codeHint')}
        </Notice>
      ) : null}
      <PinDots key={shakes} count={pin.length} shake={shakes > 0} />
      <div className={steps.messageSlot}>{error ? <Notice tone="error">{error}</Notice> : null}</div>
      <Keypad value={pin} onChange={setPin} onSubmit={() => void submit()} disabled={checking || locked} onNonDigit={() => setError(t('kiosk.pin.digitsOnly'))} />
      <div className={steps.footer}>
        <Button variant="secondary" onClick={() => go({ step: 'forgotPin', employeeId })}>
          {t('kiosk.pin.forgot')}
        </Button>
        <Button variant="secondary" onClick={reset}>
          {t('common.cancel')}
        </Button>
      </div>
    </section>
  );
}
