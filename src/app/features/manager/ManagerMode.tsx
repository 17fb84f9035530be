/**
 * Manager mode: opened from the kiosk header, it shows only the sign-in gate until a manager of
 * THIS kiosk has signed in, then the manager console. The session lives only in the ui store;
 * leaving (the exit button, or two minutes without a touch) revokes its tokens and drops every
 * cached manager answer, so nothing is left for the next person at the kiosk.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useIdleTimeout } from '../../hooks/useIdleTimeout';
import { registerMessages } from '../../i18n/catalogue';
import { health } from '../../i18n/messages/health';
import { manager } from '../../i18n/messages/manager';
import { managerRoster } from '../../i18n/messages/managerRoster';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useUiStore } from '../../state/uiStore';
import { ManagerConsole } from './ManagerConsole';
import styles from './ManagerConsole.module.css';
import { ManagerApiContext, managerKeys } from './ManagerContext';
import { createManagerApi } from './session';
import { SignInGate } from './SignInGate';

/** Manager mode closes itself after this long without a touch, click or key press. */
export const MANAGER_IDLE_MS = 2 * 60_000;

registerMessages(manager);
registerMessages(managerRoster);
registerMessages(health);

export function ManagerMode() {
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const session = useUiStore((s) => s.manager);
  const closeManager = useUiStore((s) => s.closeManager);
  const [wasSignedIn, setWasSignedIn] = useState(false);

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

  useIdleTimeout(true, exit, MANAGER_IDLE_MS);
  // Whatever way manager mode or a session ends, no manager data stays in the cache.
  useEffect(() => () => queryClient.removeQueries({ queryKey: managerKeys.all }), [queryClient]);
  useEffect(() => {
    if (!session) queryClient.removeQueries({ queryKey: managerKeys.all });
  }, [session, queryClient]);

  return (
    <ManagerApiContext.Provider value={api}>
      <div className={styles.root}>
        {session ? <ManagerConsole email={session.email} onExit={exit} /> : <SignInGate onCancel={closeManager} onSignedIn={() => setWasSignedIn(true)} sessionEnded={wasSignedIn} />}
      </div>
    </ManagerApiContext.Provider>
  );
}
