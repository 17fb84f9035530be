/**
 * The kiosk screen: the header, then the current step of the employee flow (or manager mode).
 * Keeps the screen awake, reads badge scanners (BadgeScanner) and, where the tablet has Web NFC,
 * badge tags (NfcBadgeReader), keeps Back inside the app (a step back within the flow), returns to the
 * staff grid after a quiet spell mid-flow, and lets a new app version in only when the kiosk is at
 * rest.
 */
import { Suspense, useCallback, useEffect, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useBackStaysInKiosk } from '../../hooks/useBackStaysInKiosk';
import { useIdleTimeout } from '../../hooks/useIdleTimeout';
import { useSafeUpdate } from '../../hooks/useSafeUpdate';
import { useWakeLock } from '../../hooks/useWakeLock';
import { useI18n } from '../../i18n/I18nProvider';
import { Notice } from '../../ui/Notice';
import { useKioskBase, useRuntimeIfReady } from '../../runtime/RuntimeContext';
import { useKioskTimeouts } from '../../runtime/kioskTimeouts';
import { hasWebNfc } from '../../runtime/hasWebNfc';
import { lazyCode, loadCode } from '../../runtime/loadCode';
import { stepBack } from '../../state/stepBack';
import { useUiStore } from '../../state/uiStore';
import type { FlowSteps as FlowStepsComponent } from './FlowSteps';
import { IdleScreen } from './IdleScreen';
import { KioskHeader } from './KioskHeader';
import styles from './KioskShell.module.css';
import { StaffGrid } from './StaffGrid';
import { StepOpening } from './StepOpening';

/** Manager mode is opened rarely; its code loads on first use (precached for offline use). */
const ManagerMode = lazyCode(() => import('../manager/ManagerEntry').then((m) => ({ default: m.ManagerEntry })));
// Loaded just after the names show, outside the first screen's JavaScript budget: a scan needs the
// names on screen anyway.
const BadgeScanner = lazyCode(() => import('./BadgeScanner').then((m) => ({ default: m.BadgeScanner })));
// Only where the browser has Web NFC: elsewhere its code is never fetched.
const NfcBadgeReader = hasWebNfc() ? lazyCode(() => import('./NfcBadgeReader').then((m) => ({ default: m.NfcBadgeReader }))) : null;
/**
 * The steps after the grid (PIN, actions, options...) and the API client under them load as their
 * own chunk, fetched at start beside the grid rather than before it (precached for offline use).
 * Not through React.lazy: a lazy component suspends on its first render even when its code has
 * long arrived, and React then holds the fallback for its 300 ms reveal throttle, which made the
 * first name tapped after every page load slow. The module is kept once loaded and rendered
 * directly; a tap that comes before it (or before the runtime) sees StepOpening at once.
 */
type FlowStepsModule = { FlowSteps: typeof FlowStepsComponent };
let flowSteps: FlowStepsModule | null = null;
const loadFlowSteps = (): Promise<FlowStepsModule> => loadCode(() => import('./FlowSteps')).then((module) => (flowSteps = module));

function CurrentStep() {
  const onGrid = useUiStore((s) => s.flow.step === 'grid');
  const ready = useRuntimeIfReady() !== null;
  const [steps, setSteps] = useState(flowSteps);
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    if (!steps) loadFlowSteps().then(setSteps, setFailed);
  }, [steps]);
  // Every try failed: the app's restart notice takes over (and the restart fetches the code again).
  if (failed) throw failed;
  if (onGrid) return <StaffGrid />;
  if (!ready || !steps) return <StepOpening />;
  const { FlowSteps } = steps;
  return <FlowSteps />;
}

export function KioskShell() {
  const mode = useUiStore((s) => s.mode);
  const midFlow = useUiStore((s) => s.flow.step !== 'grid' && s.flow.step !== 'done');
  const reset = useUiStore((s) => s.reset);
  const wakeLock = useWakeLock(true);
  const setWakeLock = useUiStore((s) => s.setWakeLock);
  useEffect(() => setWakeLock(wakeLock), [wakeLock, setWakeLock]);
  useSafeUpdate();
  // Back steps back within the employee flow (to the grid, where it does nothing), never out of the app.
  useBackStaysInKiosk(() => {
    const { mode, flow, go, reset: toGrid } = useUiStore.getState();
    if (mode !== 'kiosk') return;
    const back = stepBack(flow);
    if (back === flow) return;
    if (back.step === 'grid') toGrid();
    else go(back);
  });
  const { db } = useKioskBase();
  const { idleScreenMs, stepTimeoutMs } = useKioskTimeouts(db);
  const idleWarning = useIdleTimeout(mode === 'kiosk' && midFlow, reset, stepTimeoutMs);
  // At rest on the names: the idle screen after the kiosk's delay; waking it starts the grid afresh.
  const onGrid = useUiStore((s) => s.flow.step === 'grid');
  const [idle, setIdle] = useState(false);
  const [wakes, setWakes] = useState(0);
  useIdleTimeout(mode === 'kiosk' && onGrid && idleScreenMs > 0 && !idle, () => setIdle(true), idleScreenMs, 0);
  const wake = useCallback(() => {
    setIdle(false);
    setWakes((n) => n + 1);
  }, []);
  const showIdle = idle && mode === 'kiosk' && onGrid;
  const { t } = useI18n();
  const ready = useRuntimeIfReady() !== null;

  return (
    <div className={styles.shell}>
      {/* Badge readers are extras: if their code never arrives, names and PINs carry on without them. */}
      <ErrorBoundary fallback={null}>
        <Suspense fallback={null}>
          <BadgeScanner />
          {NfcBadgeReader ? <NfcBadgeReader reading={mode === 'kiosk'} /> : null}
        </Suspense>
      </ErrorBoundary>
      {mode === 'manager' ? (
        ready ? (
          <Suspense fallback={null}>
            <ManagerMode />
          </Suspense>
        ) : null
      ) : (
        <>
          <KioskHeader />
          <main className={styles.main} id="main" inert={showIdle}>
            <CurrentStep key={wakes} />
          </main>
          {showIdle ? <IdleScreen onWake={wake} /> : null}
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
