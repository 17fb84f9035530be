/**
 * Starts an enrolled kiosk in two steps. The light base (store, clock, reachability) opens first
 * and the staff grid is drawn with it at once; the runtime proper (client, sync, refresh of staff
 * and settings at start and every minute) is loaded as a separate chunk beside it, so the code the
 * grid needs before it answers a tap stays small. That chunk is fetched again while the fetch fails
 * (bad Wi-Fi at start); if it never comes, or the base cannot open, the app's restart notice shows
 * instead of names that never answer a tap.
 */
import { useEffect, useState } from 'react';
import type { KioskDb } from '../../../offline/db';
import type { DeviceEnrolment } from '../../../offline/device';
import { openKioskBase, type KioskBase } from '../../../offline/kioskBase';
import type { KioskRuntime } from '../../../offline/kioskRuntime';
import { APP_VERSION } from '../../appVersion';
import { loadCode } from '../../runtime/loadCode';
import { requestsMayGo } from '../../runtime/requestHold';
import { KioskBaseContext, RuntimeContext } from '../../runtime/RuntimeContext';
import { KioskShell } from './KioskShell';

export const REFRESH_INTERVAL_MS = 60_000;

export function EnrolledKiosk({ db, enrolment }: { db: KioskDb; enrolment: DeviceEnrolment }) {
  const [base, setBase] = useState<KioskBase | null>(null);
  const [runtime, setRuntime] = useState<KioskRuntime | null>(null);
  const [failed, setFailed] = useState<Error | null>(null);

  useEffect(() => {
    let stopped = false;
    let created: KioskRuntime | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    // Both start now: the runtime's code downloads while the base reads the clock's offset.
    const runtimeCode = loadCode(() => import('../../../offline/kioskRuntime'));
    void openKioskBase(db, enrolment)
      .then(async (opened) => {
        if (stopped) return;
        setBase(opened);
        const { createKioskRuntime } = await runtimeCode;
        return createKioskRuntime(db, enrolment, { base: opened, appVersion: APP_VERSION, holdUntil: requestsMayGo, onError: (error) => console.warn('kiosk sync:', error) });
      })
      .then((rt) => {
        if (stopped || !rt) return;
        created = rt;
        setRuntime(rt);
        rt.sync.start();
        void rt.refresh();
        timer = setInterval(() => void rt.refresh(), REFRESH_INTERVAL_MS);
      })
      .catch((error: unknown) => {
        // Without its base or runtime the kiosk cannot take a punch: the app's restart notice says so.
        if (!stopped) setFailed(error instanceof Error ? error : new Error(String(error)));
      });
    return () => {
      stopped = true;
      clearInterval(timer);
      created?.sync.stop();
    };
  }, [db, enrolment]);

  if (failed) throw failed;
  if (!base) return null;
  return (
    <KioskBaseContext.Provider value={base}>
      <RuntimeContext.Provider value={runtime}>
        <KioskShell />
      </RuntimeContext.Provider>
    </KioskBaseContext.Provider>
  );
}
