/**
 * Gives the screens of an enrolled kiosk what they run on. The base (store, enrolment, clock,
 * reachability) is there from the first frame; the full runtime (client, sync) arrives once its
 * code has loaded, so the staff grid never waits for it (see EnrolledKiosk).
 */
import { createContext, useContext } from 'react';
import type { KioskBase } from '../../offline/kioskBase';
import type { KioskRuntime } from '../../offline/kioskRuntime';

export const KioskBaseContext = createContext<KioskBase | null>(null);
export const RuntimeContext = createContext<KioskRuntime | null>(null);

/** The store, enrolment, clock and reachability: all the staff grid and the header need. */
export function useKioskBase(): KioskBase {
  const base = useContext(KioskBaseContext);
  if (!base) throw new Error('useKioskBase outside an enrolled kiosk');
  return base;
}

/** The whole runtime; only screens rendered once it is ready (EnrolledKiosk, KioskShell) use it. */
export function useRuntime(): KioskRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime before the kiosk runtime is ready');
  return runtime;
}

/** Null until the runtime's code has loaded and it has started. */
export function useRuntimeIfReady(): KioskRuntime | null {
  return useContext(RuntimeContext);
}
