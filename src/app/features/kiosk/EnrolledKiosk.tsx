/**
 * Starts the runtime of an enrolled kiosk (clock, client, sync) and keeps its data fresh: staff and
 * settings are refreshed at start, every minute while online, and after each sync.
 */
import { useEffect, useState } from 'react';
import type { KioskDb } from '../../../offline/db';
import type { DeviceEnrolment } from '../../../offline/device';
import { createKioskRuntime, type KioskRuntime } from '../../../offline/kioskRuntime';
import { RuntimeContext } from '../../runtime/RuntimeContext';
import { KioskShell } from './KioskShell';

export const REFRESH_INTERVAL_MS = 60_000;

export function EnrolledKiosk({ db, enrolment }: { db: KioskDb; enrolment: DeviceEnrolment }) {
  const [runtime, setRuntime] = useState<KioskRuntime | null>(null);

  useEffect(() => {
    let stopped = false;
    let created: KioskRuntime | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    void createKioskRuntime(db, enrolment, { onError: (error) => console.warn('kiosk sync:', error) }).then((rt) => {
      if (stopped) return;
      created = rt;
      setRuntime(rt);
      rt.sync.start();
      void rt.refresh();
      timer = setInterval(() => void rt.refresh(), REFRESH_INTERVAL_MS);
    });
    return () => {
      stopped = true;
      clearInterval(timer);
      created?.sync.stop();
    };
  }, [db, enrolment]);

  if (!runtime) return null;
  return (
    <RuntimeContext.Provider value={runtime}>
      <KioskShell />
    </RuntimeContext.Provider>
  );
}
