/**
 * The kiosk screen: the header, then the current step of the employee flow (or manager mode).
 * Keeps the screen awake, returns to the staff grid after a quiet spell mid-flow, and lets a new
 * app version in only when the kiosk is at rest.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useIdleTimeout } from '../../hooks/useIdleTimeout';
import { useSafeUpdate } from '../../hooks/useSafeUpdate';
import { useWakeLock } from '../../hooks/useWakeLock';
import { useI18n } from '../../i18n/I18nProvider';
import { Notice } from '../../ui/Notice';
import { useUiStore } from '../../state/uiStore';
import { ActionsStep } from './ActionsStep';
import { ChangePinStep } from './ChangePinStep';
import { DoneStep } from './DoneStep';
import { ForgotPinStep } from './ForgotPinStep';
import { KioskHeader } from './KioskHeader';
import styles from './KioskShell.module.css';
import { NoteStep } from './NoteStep';
import { NumberStep } from './NumberStep';
import { OptionsStep } from './OptionsStep';
import { PhotoStep } from './PhotoStep';
import { PinStep } from './PinStep';
import { StaffGrid } from './StaffGrid';

/** Manager mode is opened rarely; its code loads on first use (precached for offline use). */
const ManagerMode = lazy(() => import('../manager/ManagerMode').then((m) => ({ default: m.ManagerMode })));

function CurrentStep() {
  const flow = useUiStore((s) => s.flow);
  switch (flow.step) {
    case 'grid':
      return <StaffGrid />;
    case 'number':
      return <NumberStep />;
    case 'pin':
      return <PinStep employeeId={flow.employeeId} />;
    case 'actions':
      return <ActionsStep employeeId={flow.employeeId} pin={flow.pin} />;
    case 'options':
      return <OptionsStep employeeId={flow.employeeId} pin={flow.pin} pending={flow.pending} />;
    case 'photo':
      return <PhotoStep employeeId={flow.employeeId} pin={flow.pin} pending={flow.pending} />;
    case 'note':
      return <NoteStep employeeId={flow.employeeId} pin={flow.pin} />;
    case 'changePin':
      return <ChangePinStep employeeId={flow.employeeId} oldPin={flow.oldPin} reason={flow.reason} />;
    case 'forgotPin':
      return <ForgotPinStep employeeId={flow.employeeId} />;
    case 'done':
      return <DoneStep receipt={flow.receipt} />;
  }
}

export function KioskShell() {
  const mode = useUiStore((s) => s.mode);
  const midFlow = useUiStore((s) => s.flow.step !== 'grid' && s.flow.step !== 'done');
  const reset = useUiStore((s) => s.reset);
  const wakeLock = useWakeLock(true);
  const setWakeLock = useUiStore((s) => s.setWakeLock);
  useEffect(() => setWakeLock(wakeLock), [wakeLock, setWakeLock]);
  useSafeUpdate();
  const idleWarning = useIdleTimeout(mode === 'kiosk' && midFlow, reset);
  const { t } = useI18n();

  return (
    <div className={styles.shell}>
      {mode === 'manager' ? (
        <Suspense fallback={null}>
          <ManagerMode />
        </Suspense>
      ) : (
        <>
          <KioskHeader />
          <main className={styles.main} id="main">
            <CurrentStep />
          </main>
          {idleWarning ? (
            <div className={styles.idleWarning}>
              <Notice tone="warning">{t('kiosk.idle.warning')}</Notice>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
