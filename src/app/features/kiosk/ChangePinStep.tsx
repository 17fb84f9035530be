/**
 * Choosing a new PIN: forced after a reset (pinExpired) or chosen from the actions screen. The new
 * PIN is checked against the shared PIN policy as soon as it is typed (a guessable one is refused
 * with the reason), typed twice, and sent; every change is confirmed on screen (the receipt, or a
 * notice on the actions screen a forced change leads to), and every refusal says what happened.
 */
import { useState } from 'react';
import { pinProblemCode } from '../../../domain/pinPolicy';
import { changePinAtKiosk } from '../../../offline/kioskOperations';
import { useI18n } from '../../i18n/I18nProvider';
import { pinProblemKey } from '../../i18n/pinProblemKey';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useUiStore } from '../../state/uiStore';
import { Button } from '../../ui/Button';
import { Keypad, PinDots } from '../../ui/Keypad';
import { Notice } from '../../ui/Notice';
import { PersonHeading } from './PersonHeading';
import steps from './Steps.module.css';
import { useStepPerson } from './useStepPerson';

export function ChangePinStep({ employeeId, oldPin, reason }: { employeeId: number; oldPin: string; reason: 'expired' | 'chosen' }) {
  const { t } = useI18n();
  const runtime = useRuntime();
  const person = useStepPerson(employeeId);
  const go = useUiStore((s) => s.go);
  const reset = useUiStore((s) => s.reset);
  const [first, setFirst] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!person) return null;

  const startAgain = (message: string) => {
    setError(message);
    setFirst(null);
    setValue('');
  };

  const submit = async () => {
    if (first === null) {
      const problem = pinProblemCode(value, { employeeId });
      if (problem) return startAgain(t(pinProblemKey(problem)));
      if (value === oldPin) return startAgain(t('kiosk.changePin.same'));
      setFirst(value);
      setValue('');
      setError(null);
      return;
    }
    if (value !== first) return startAgain(t('kiosk.changePin.mismatch'));
    setBusy(true);
    const result = await changePinAtKiosk(runtime, employeeId, oldPin, value);
    setBusy(false);
    if (!result.ok) {
      if (result.reason === 'needs-network') return startAgain(t('kiosk.changePin.needsNetwork'));
      if (result.reason === 'invalid') {
        const problem = pinProblemCode(value, { employeeId });
        return startAgain(problem ? t(pinProblemKey(problem)) : t('kiosk.changePin.invalid'));
      }
      return startAgain(t(result.reason === 'locked' ? 'kiosk.changePin.locked' : 'kiosk.changePin.wrongOld'));
    }
    if (reason === 'expired') return go({ step: 'actions', employeeId, pin: value, notice: result.queued ? 'pinChangedQueued' : 'pinChanged' });
    go({
      step: 'done',
      receipt: {
        kind: 'pinChanged',
        employeeName: person.name,
        at: runtime.clock.now().toISOString(),
        entryId: null,
        ...(result.queued ? { details: [t('kiosk.changePin.queued')] } : {}),
      },
    });
  };

  return (
    <section className={steps.narrow} aria-labelledby="change-title">
      <PersonHeading
        name={person.name}
        photoUrl={person.profileImageUrl}
        title={reason === 'expired' ? t('kiosk.changePin.expiredTitle') : t('kiosk.changePin.title')}
        id="change-title"
      >
        <p className={steps.subtitle}>{first === null ? t('kiosk.changePin.new') : t('kiosk.changePin.confirm')}</p>
      </PersonHeading>
      {reason === 'expired' ? <p className={steps.hint}>{t('kiosk.changePin.expiredText')}</p> : null}
      <PinDots count={value.length} shake={false} />
      <div className={steps.messageSlot}>{error ? <Notice tone="error">{error}</Notice> : null}</div>
      <Keypad value={value} onChange={setValue} onSubmit={() => void submit()} disabled={busy} onNonDigit={() => setError(t('kiosk.pin.digitsOnly'))} />
      <div className={steps.footer}>
        <span />
        <Button variant="secondary" onClick={reset}>
          {t('common.cancel')}
        </Button>
      </div>
    </section>
  );
}
