/**
 * The part of an enrolled kiosk's runtime its first screen needs: the store, the enrolment, the
 * corrected clock and whether the service answers. It is light on purpose (no API client, no
 * contract schemas, no sync engine): the staff grid is drawn and answers taps with this alone,
 * while the rest of the runtime (kioskRuntime.ts) loads beside it and then shares the same clock
 * and reachability.
 */
import { createKioskClock, type KioskClock } from './clock';
import type { KioskDb } from './db';
import type { DeviceEnrolment } from './device';
import { createReachability, type Reachability } from './reachability';

export interface KioskBase {
  db: KioskDb;
  enrolment: DeviceEnrolment;
  clock: KioskClock;
  /** Whether the service answers (not whether the browser thinks it is online). */
  reachability: Reachability;
}

/** Loads the clock's last known offset; everything else is made on the spot. */
export async function openKioskBase(db: KioskDb, enrolment: DeviceEnrolment): Promise<KioskBase> {
  const clock = createKioskClock(db);
  await clock.load();
  return { db, enrolment, clock, reachability: createReachability() };
}
