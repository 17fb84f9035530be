/**
 * The signed-in manager's own manager PIN: set it (a password session only; typed twice, 6 to 8
 * digits), change it, or forget it (confirmed), from any tablet. After setting it here this tablet
 * learns it at once (the PIN lives only in this form's state) and refreshes its list of managers.
 * `prompt` is the short version shown once after a password sign-in, with "Not now".
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { forgetMyManagerPin, getMyManagerPin, setMyManagerPin } from '../../../contract/routes/managerPins';
import { forgetManagerPin, learnManagerPin } from '../../../offline/managerPins';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { useUiStore } from '../../state/uiStore';
import styles from './Manager.module.css';
import { MANAGER_KEY, useManagerApi, useSayFailure } from './ManagerContext';
import { checkManagerPinPair, type ManagerPinPairProblems } from './managerPinForm';
import { PinField } from './PinField';

export const myPinKey = (kioskId: number) => [MANAGER_KEY, kioskId, 'managerPin', 'mine'] as const;

/** The caller's manager PIN status (never the PIN). */
export function useMyManagerPin() {
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  return useQuery({
    queryKey: myPinKey(kiosk.kioskId),
    queryFn: () => api.call((client) => client.call(getMyManagerPin, { path: { businessId: kiosk.businessId, kioskId: kiosk.kioskId } })),
  });
}

function SetPinForm({ label, onSaved, extra }: { label: string; onSaved: () => void; extra?: React.ReactNode }) {
  const { t } = useI18n();
  const api = useManagerApi();
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const sayFailure = useSayFailure();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [problems, setProblems] = useState<ManagerPinPairProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (value: string) =>
      api.call((client) => client.call(setMyManagerPin, { path: { businessId: runtime.kiosk.businessId, kioskId: runtime.kiosk.kioskId }, body: { pin: value } })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = checkManagerPinPair(pin, again);
    setProblems(found ?? {});
    if (found) return;
    try {
      const status = await save.mutateAsync(pin);
      // The service has just accepted it: this tablet can check it offline from now on, and lists the name.
      await learnManagerPin(runtime.db, status.userId, pin, runtime.clock.now());
      void runtime.refresh();
      queryClient.setQueryData(myPinKey(runtime.kiosk.kioskId), status);
      setPin('');
      setAgain('');
      onSaved();
    } catch (caught) {
      setFailure(sayFailure(caught));
    }
  };

  return (
    <form className={styles.list} onSubmit={(event) => void submit(event)} noValidate>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div className={styles.pair}>
        <PinField
          label={t('managerPin.pin')}
          hint={t('managerPin.pinHint')}
          value={pin}
          error={problems.pin ? t(problems.pin) : null}
          onChange={(event) => {
            setPin(event.target.value);
            setProblems({});
          }}
        />
        <PinField
          label={t('managerPin.pinAgain')}
          value={again}
          error={problems.again ? t(problems.again) : null}
          onChange={(event) => {
            setAgain(event.target.value);
            setProblems({});
          }}
        />
      </div>
      <div className={styles.actions}>
        {extra}
        <Button type="submit" disabled={save.isPending}>
          {label}
        </Button>
      </div>
    </form>
  );
}

/** Shown once after a password sign-in when the manager has no PIN yet. */
export function ManagerPinPrompt() {
  const { t } = useI18n();
  const runtime = useRuntime();
  const mine = useMyManagerPin();
  const session = useUiStore((s) => s.manager);
  const [dismissed, setDismissed] = useState(false);
  const [saved, setSaved] = useState(false);
  if (saved) return <Notice tone="success">{t('managerPin.saved')}</Notice>;
  if (dismissed || !session || session.viaPin || !mine.data || mine.data.isSet) return null;
  return (
    <Card labelledBy="manager-pin-prompt">
      <h2 id="manager-pin-prompt" className={styles.cardTitle}>
        {t('managerPin.setTitle')}
      </h2>
      <p className={styles.lead}>{t('managerPin.setLead', { business: runtime.enrolment.businessName })}</p>
      <SetPinForm
        label={t('managerPin.set')}
        onSaved={() => setSaved(true)}
        extra={
          <Button variant="secondary" onClick={() => setDismissed(true)}>
            {t('managerPin.notNow')}
          </Button>
        }
      />
    </Card>
  );
}

/** "Your manager PIN" on This device: set or change it (password sessions), or forget it. */
export function ManagerPinCard() {
  const { t, format } = useI18n();
  const api = useManagerApi();
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const sayFailure = useSayFailure();
  const session = useUiStore((s) => s.manager);
  const mine = useMyManagerPin();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const forget = useMutation({
    mutationFn: () => api.call((client) => client.call(forgetMyManagerPin, { path: { businessId: runtime.kiosk.businessId, kioskId: runtime.kiosk.kioskId } })),
    onSuccess: async () => {
      setConfirming(false);
      if (mine.data) await forgetManagerPin(runtime.db, mine.data.userId);
      setOutcome({ tone: 'success', text: t('managerPin.forgotten') });
      await queryClient.invalidateQueries({ queryKey: [MANAGER_KEY, runtime.kiosk.kioskId, 'managerPin'] });
      void runtime.refresh();
    },
    onError: (caught) => {
      setConfirming(false);
      setOutcome({ tone: 'error', text: sayFailure(caught) });
    },
  });
  const status = mine.data;
  return (
    <Card labelledBy="my-manager-pin">
      <h2 id="my-manager-pin" className={styles.cardTitle}>
        {t('managerPin.cardTitle')}
      </h2>
      {mine.error ? <Notice tone="error">{sayFailure(mine.error)}</Notice> : null}
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {status ? <p className={styles.lead}>{status.isSet && status.setAtUtc ? t('managerPin.isSet', { date: format.date(status.setAtUtc) }) : t('managerPin.notSetYet')}</p> : null}
      {status && session?.viaPin ? <p className={styles.meta}>{t('managerPin.needsPassword')}</p> : null}
      {status && !session?.viaPin ? (
        <SetPinForm label={status.isSet ? t('managerPin.change') : t('managerPin.set')} onSaved={() => setOutcome({ tone: 'success', text: t('managerPin.saved') })} />
      ) : null}
      {status?.isSet ? (
        <div className={styles.actions}>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t('managerPin.forget')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('managerPin.forgetTitle')}
        confirmLabel={t('managerPin.forget')}
        cancelLabel={t('common.cancel')}
        tone="danger"
        busy={forget.isPending}
        onConfirm={() => forget.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('managerPin.forgetBody')}</p>
      </ConfirmDialog>
    </Card>
  );
}
