/**
 * "Set PIN" for one person: a new PIN typed twice, optionally to be changed at next use. It needs
 * the service (the PIN is stored there, as every PIN is) and says so when the tablet is offline. On
 * success this tablet forgets its lockout for the person and re-learns their offline verifier from
 * the new PIN, which lives only in this dialog's state and is cleared when it closes.
 */
import { useState, useSyncExternalStore } from 'react';
import { adoptPinSetByManager } from '../../../offline/offlinePin';
import { pinProblemCode } from '../../../domain/pinPolicy';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PinField } from './PinField';
import { Notice } from '../../ui/Notice';
import { Switch } from './controls';
import { toFailure } from './failures';
import { pinProblemSaid } from './pinProblemSaid';
import styles from './Manager.module.css';
import { useAfterKioskChange, useManagerApi, useSayFailure } from './ManagerContext';

export interface PinTarget {
  employeeId: number;
  name: string;
}

/** What is wrong with the two typed PINs, per field, or null when they can be sent. */
export function checkPinPair(pin: string, again: string, employeeId: number): { pin?: MessageKey; again?: MessageKey } | null {
  const problem = pinProblemCode(pin, { employeeId });
  if (problem) return { pin: pinProblemSaid(problem) };
  if (pin !== again) return { again: 'manager.staff.pinMismatch' };
  return null;
}

export function SetPinDialog({ person, onClose, onDone }: { person: PinTarget | null; onClose: () => void; onDone: (person: PinTarget) => void }) {
  const { t } = useI18n();
  const sayFailure = useSayFailure();
  const api = useManagerApi();
  const runtime = useRuntime();
  const afterChange = useAfterKioskChange();
  const reach = useSyncExternalStore(runtime.reachability.subscribe, () => runtime.reachability.snapshot().state);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [mustChange, setMustChange] = useState(false);
  const [errors, setErrors] = useState<{ pin?: MessageKey; again?: MessageKey }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPin('');
    setAgain('');
    setMustChange(false);
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    if (!person) return;
    setFailure(null);
    const problems = checkPinPair(pin, again, person.employeeId);
    if (problems) {
      setErrors(problems);
      return;
    }
    setBusy(true);
    try {
      await api.call((client) => client.pins.setByManager(runtime.kiosk, person.employeeId, { pin, mustChange }));
      await adoptPinSetByManager(runtime.db, person.employeeId, mustChange ? null : pin, runtime.clock.now()).catch(() => undefined);
      close();
      onDone(person);
      void afterChange();
    } catch (caught) {
      setFailure(toFailure(caught).kind === 'network' ? t('manager.setPin.offline') : sayFailure(caught));
    } finally {
      setBusy(false);
    }
  };

  const name = person?.name ?? '';
  return (
    <ConfirmDialog
      open={person !== null}
      title={t('manager.setPin.title', { name })}
      confirmLabel={t('manager.setPin.confirm')}
      cancelLabel={t('manager.setPin.cancel')}
      busy={busy}
      onConfirm={() => void submit()}
      onCancel={close}
    >
      <div className={styles.list} data-testid="set-pin-form">
        <p>{t('manager.setPin.lead', { name })}</p>
        {reach === 'unreachable' && !failure ? <Notice tone="warning">{t('manager.setPin.offline')}</Notice> : null}
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <PinField
          label={t('manager.staff.pin')}
          hint={t('manager.staff.pinHint')}
          value={pin}
          error={errors.pin ? t(errors.pin) : null}
          onChange={(event) => {
            setPin(event.target.value);
            setErrors({});
          }}
        />
        <PinField
          label={t('manager.staff.pinAgain')}
          value={again}
          error={errors.again ? t(errors.again) : null}
          onChange={(event) => {
            setAgain(event.target.value);
            setErrors({});
          }}
        />
        <Switch checked={mustChange} onChange={setMustChange} label={t('manager.setPin.mustChange')} detail={t('manager.setPin.mustChangeDetail', { name })} />
      </div>
    </ConfirmDialog>
  );
}
