/**
 * Choosing a new PIN: forced after a reset (pinExpired) or chosen from the actions screen. The new
 * PIN is typed twice and checked against the shared PIN policy before it is sent.
 */
import { useState } from 'react';
import { pinProblem } from '../../../domain/pinPolicy';
import { changePinAtKiosk } from '../../../offline/kioskOperations';
import { useI18n } from '../../i18n/I18nProvider';
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
      if (pinProblem(value)) return startAgain(t('kiosk.changePin.invalid'));
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
      if (result.reason === 'invalid') return startAgain(t('kiosk.changePin.invalid'));
      return reset();
    }
    if (reason === 'expired') return go({ step: 'actions', employeeId, pin: value });
    go({ step: 'done', receipt: { kind: 'pinChanged', employeeName: person.name, at: runtime.clock.now().toISOString(), entryId: null } });
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
      <Keypad value={value} onChange={setValue} onSubmit={() => void submit()} disabled={busy} />
      <div className={steps.footer}>
        <span />
        <Button variant="secondary" onClick={reset}>
          {t('common.cancel')}
        </Button>
      </div>
    </section>
  );
}
