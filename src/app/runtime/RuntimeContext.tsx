/** Gives the screens of an enrolled kiosk its runtime (store, clock, client, sync). */
import { createContext, useContext } from 'react';
import type { KioskRuntime } from '../../offline/kioskRuntime';

export const RuntimeContext = createContext<KioskRuntime | null>(null);

export function useRuntime(): KioskRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime outside an enrolled kiosk');
  return runtime;
}
