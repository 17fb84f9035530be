/**
 * The quick way into manager mode on a paired tablet: tap your name (the kiosk's managers with a
 * manager PIN, kept by the tablet), type the PIN. The service opens a short session; with no
 * service, this tablet's verifier opens the read-only view (offline/managerPins.ts). E-mail and
 * password stay one tap away.
 */
import { useState } from 'react';
import { openWithManagerPin, type KioskManager, type ManagerPinOutcome } from '../../../offline/managerPins';
import type { ManagerPinSessionModel } from '../../../contract/supporting/managerPins';
import { MANAGER_PIN_MIN_LENGTH } from '../../../domain/managerPin';
import { useI18n } from '../../i18n/I18nProvider';
import type { Formatters } from '../../i18n/formatters';
import { problemWords, type ProblemSaid } from '../../i18n/problemWords';
import type { Translate } from '../../i18n/translate';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Keypad, PinDots } from '../../ui/Keypad';
import { Notice } from '../../ui/Notice';
import { Card, Page } from '../../ui/Page';
import styles from './Manager.module.css';
import own from './ManagerPinGate.module.css';
import { useSayFailure } from './ManagerContext';

type Refusal = Exclude<ManagerPinOutcome, { kind: 'session' } | { kind: 'offline' } | { kind: 'failed' }>;

/** Refusals that are the service's problems (whether the service or this tablet's verifier refused) use their code's words. */
function refusalText(outcome: Refusal, t: Translate, format: Formatters): string {
  const say = (words: ProblemSaid) => t(words.key, words.values);
  switch (outcome.kind) {
    case 'wrong':
      return outcome.attemptsLeft === null ? say(problemWords('wrong-manager-pin', 'manager')) : t('managerPin.wrong', { count: outcome.attemptsLeft });
    case 'locked':
      return say(problemWords('manager-pin-locked', 'manager', format.time(outcome.until)));
    case 'not-set':
      return say(problemWords('manager-pin-not-set', 'manager'));
    case 'not-here':
      return t('managerPin.notHere');
    case 'offline-unknown':
      return t('managerPin.offlineUnknown');
  }
}

export interface ManagerPinGateProps {
  managers: readonly KioskManager[];
  onSession: (session: ManagerPinSessionModel) => void;
  onOffline: (manager: KioskManager) => void;
  onUsePassword: () => void;
  onCancel: () => void;
}

export function ManagerPinGate({ managers, onSession, onOffline, onUsePassword, onCancel }: ManagerPinGateProps) {
  const { t, format } = useI18n();
  const runtime = useRuntime();
  const sayFailure = useSayFailure();
  const [chosen, setChosen] = useState<KioskManager | null>(managers.length === 1 ? (managers[0] ?? null) : null);
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shakes, setShakes] = useState(0);

  const submit = async () => {
    if (!chosen || busy) return;
    setBusy(true);
    setError(null);
    const outcome = await openWithManagerPin(runtime, chosen, pin);
    setBusy(false);
    setPin('');
    if (outcome.kind === 'session') return onSession(outcome.session);
    if (outcome.kind === 'offline') return onOffline(outcome.manager);
    setShakes((n) => n + 1);
    setError(outcome.kind === 'failed' ? sayFailure(outcome.error) : refusalText(outcome, t, format));
  };

  return (
    <Page
      title={t('managerPin.bar')}
      tools={
        <Button variant="onDark" onClick={onCancel}>
          {t('manager.backToKiosk')}
        </Button>
      }
    >
      {chosen === null ? (
        <Card labelledBy="manager-pin-title">
          <h1 id="manager-pin-title" className={styles.title}>
            {t('managerPin.title')}
          </h1>
          <p className={styles.lead}>{t('managerPin.lead')}</p>
          <ul className={own.names} aria-labelledby="manager-pin-title">
            {managers.map((manager) => (
              <li key={manager.userId}>
                <button type="button" className={own.name} onClick={() => setChosen(manager)} aria-label={t('managerPin.choose', { name: manager.name })}>
                  <Avatar name={manager.name} size={56} />
                  <span className={own.nameText}>{manager.name}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onUsePassword}>
              {t('managerPin.usePassword')}
            </Button>
          </div>
        </Card>
      ) : (
        <Card labelledBy="manager-pin-title">
          <div className={own.enter}>
            <div className={own.who}>
              <Avatar name={chosen.name} size={64} />
              <div>
                <h1 id="manager-pin-title" className={styles.title}>
                  {t('managerPin.enterTitle', { name: chosen.name })}
                </h1>
                <p className={styles.lead}>{t('managerPin.enterLead')}</p>
              </div>
            </div>
            {error ? (
              <Notice tone="error" key={shakes}>
                {error}
              </Notice>
            ) : null}
            <PinDots count={pin.length} shake={shakes > 0 && pin.length === 0} slots={MANAGER_PIN_MIN_LENGTH} />
            <Keypad value={pin} onChange={setPin} onSubmit={() => void submit()} disabled={busy} minLength={MANAGER_PIN_MIN_LENGTH} submitLabel={busy ? t('managerPin.checking') : t('managerPin.open')} />
            <div className={own.links}>
              {managers.length > 1 ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setChosen(null);
                    setPin('');
                    setError(null);
                  }}
                >
                  {t('managerPin.notYou')}
                </Button>
              ) : null}
              <Button variant="secondary" onClick={onUsePassword}>
                {t('managerPin.usePassword')}
              </Button>
            </div>
          </div>
        </Card>
      )}
    </Page>
  );
}
