/**
 * Manager mode: opened from the kiosk header, it shows only a way in until a manager of THIS kiosk
 * is known: tap your name and type your manager PIN (when the tablet knows managers with one), or
 * e-mail and password. Then the manager console; or, when the service cannot be reached and the
 * tablet's verifier accepted the PIN, the read-only view of what the tablet holds. The session
 * lives only in the ui store; leaving (the exit button, or five minutes without a touch, warned
 * first) revokes its tokens and drops every cached manager answer, so nothing is left for the next
 * person at the kiosk.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ManagerPinSessionModel } from '../../../contract/supporting/managerPins';
import { readKioskManagers, type KioskManager } from '../../../offline/managerPins';
import { useIdleTimeout } from '../../hooks/useIdleTimeout';
import { registerMessages } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { health } from '../../i18n/messages/health';
import { manager } from '../../i18n/messages/manager';
import { managerFix } from '../../i18n/messages/managerFix';
import { managerFleet } from '../../i18n/messages/managerFleet';
import { managerSettings } from '../../i18n/messages/managerSettings';
import { managerPin } from '../../i18n/messages/managerPin';
import { managerRoster } from '../../i18n/messages/managerRoster';
import { managerStaff } from '../../i18n/messages/managerStaff';
import { myHours } from '../../i18n/messages/myHours';
import { badges } from '../../i18n/messages/badges';
import { attestations } from '../../i18n/messages/attestations';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useUiStore, type ManagerSession } from '../../state/uiStore';
import { Notice } from '../../ui/Notice';
import { ManagerConsole } from './ManagerConsole';
import styles from './ManagerConsole.module.css';
import { ManagerApiContext, managerKeys } from './ManagerContext';
import { ManagerPinGate } from './ManagerPinGate';
import { OfflineManagerView } from './OfflineManagerView';
import { createManagerApi } from './session';
import { SignInGate } from './SignInGate';

/**
 * Manager mode closes itself after this long without a touch, click or key press; the last
 * MANAGER_IDLE_WARNING_MS say so first (any touch keeps it open: WCAG 2.2.1, timing adjustable).
 * With the manager PIN a way back in takes seconds, so this can stay short.
 */
export const MANAGER_IDLE_MS = 5 * 60_000;
export const MANAGER_IDLE_WARNING_MS = 30_000;

registerMessages(manager);
registerMessages(managerFix);
registerMessages(managerFleet);
registerMessages(managerSettings);
registerMessages(managerRoster);
registerMessages(health);
registerMessages(managerPin);
registerMessages(managerStaff);
registerMessages(myHours);
registerMessages(badges);
registerMessages(attestations);

/** The ui store's session for a session opened with a manager PIN. */
function pinSession(model: ManagerPinSessionModel, nowMs: number): ManagerSession {
  return {
    accessToken: model.access_token,
    refreshToken: model.refresh_token,
    email: model.email,
    expiresAt: nowMs + model.expires_in * 1000,
    viaPin: true,
    endsAt: Date.parse(model.sessionEndsUtc),
  };
}

export function ManagerMode() {
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const session = useUiStore((s) => s.manager);
  const closeManager = useUiStore((s) => s.closeManager);
  const setSession = useUiStore((s) => s.setManagerSession);
  const { t } = useI18n();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  const [usePassword, setUsePassword] = useState(false);
  const [offlineManager, setOfflineManager] = useState<KioskManager | null>(null);
  const managers = useLiveQuery(() => readKioskManagers(runtime.db), [runtime.db]);

  const api = useMemo(
    () =>
      createManagerApi({
        oauth: runtime.client.oauth,
        clientFor: (token) => runtime.managerClient(token),
        getSession: () => useUiStore.getState().manager,
        setSession: (next) => useUiStore.getState().setManagerSession(next),
        now: () => runtime.clock.now().getTime(),
      }),
    [runtime],
  );

  const exit = useCallback(() => {
    void api.signOut();
    closeManager();
  }, [api, closeManager]);

  const warning = useIdleTimeout(true, exit, MANAGER_IDLE_MS, MANAGER_IDLE_WARNING_MS);
  // Whatever way manager mode or a session ends, no manager data stays in the cache.
  useEffect(() => () => queryClient.removeQueries({ queryKey: managerKeys.all }), [queryClient]);
  useEffect(() => {
    if (!session) queryClient.removeQueries({ queryKey: managerKeys.all });
  }, [session, queryClient]);

  return (
    <ManagerApiContext.Provider value={api}>
      <div className={styles.root}>
        {warning ? (
          <div className={styles.idleWarning}>
            <Notice tone="warning">{t('managerPin.idleWarning')}</Notice>
          </div>
        ) : null}
        {session ? (
          <ManagerConsole email={session.email} endsAt={session.endsAt ?? null} onExit={exit} />
        ) : offlineManager ? (
          <OfflineManagerView manager={offlineManager} onExit={closeManager} />
        ) : managers === undefined ? null : managers.length > 0 && !usePassword ? (
          <ManagerPinGate
            managers={managers}
            onCancel={closeManager}
            onUsePassword={() => setUsePassword(true)}
            onOffline={setOfflineManager}
            onSession={(model) => {
              setSession(pinSession(model, runtime.clock.now().getTime()));
              setWasSignedIn(true);
            }}
          />
        ) : (
          <SignInGate
            onCancel={closeManager}
            onSignedIn={() => setWasSignedIn(true)}
            sessionEnded={wasSignedIn}
            onUsePin={managers.length > 0 ? () => setUsePassword(false) : undefined}
          />
        )}
      </div>
    </ManagerApiContext.Provider>
  );
}
