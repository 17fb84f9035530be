/**
 * This device's enrolment: which service, business and kiosk it serves and its device credential.
 * Kept in IndexedDB (readable by the service worker too) and parsed on every read.
 *
 * Also the set-up flag: the installer's flow saves the enrolment together with `setupComplete:
 * false` and sets it to true when the installer starts the kiosk, so a reload between the two
 * returns to the last set-up step. A missing flag counts as complete, so enrolments made any
 * other way (an older app version, the e2e helper) go straight to the kiosk.
 */
import * as z from 'zod/mini';
import type { KioskDb } from './db';
import { KIOSK_SETTINGS_KEY } from './kioskHeading';
import { readRecord } from './records';
import { forgetWorkHistory } from './workHistory';
import { forgetMyHours } from './keptHours';
import { ROSTER_KEY } from './kioskRoster';
import { OPEN_SHIFTS_KEY } from './openShiftsElsewhere';

export const DeviceEnrolment = z.object({
  serviceUrl: z.url(),
  businessId: z.int(),
  businessName: z.string(),
  kioskId: z.int(),
  kioskName: z.string(),
  deviceId: z.int(),
  deviceName: z.string(),
  token: z.string().check(z.minLength(1)),
  enrolledAt: z.string(),
});
export type DeviceEnrolment = z.infer<typeof DeviceEnrolment>;

const KEY = 'device';
const SETUP_KEY = 'setupComplete';

/** What the app needs to choose between the set-up flow and the kiosk, read in one request. */
export interface DeviceSetupState {
  enrolment: DeviceEnrolment | null;
  /** False only between the set-up flow's enrolment and "Start the kiosk". */
  setupComplete: boolean;
}

export async function readEnrolment(db: KioskDb): Promise<DeviceEnrolment | null> {
  return readRecord(DeviceEnrolment, (await db.meta.get(KEY))?.value);
}

export async function saveEnrolment(db: KioskDb, enrolment: DeviceEnrolment): Promise<void> {
  await db.meta.put({ key: KEY, value: DeviceEnrolment.parse(enrolment) });
}

/** The set-up flow's save: the enrolment and "set-up not complete yet", in one transaction. */
export async function saveEnrolmentDuringSetup(db: KioskDb, enrolment: DeviceEnrolment): Promise<void> {
  const value = DeviceEnrolment.parse(enrolment);
  await db.transaction('rw', db.meta, async () => {
    await db.meta.put({ key: KEY, value });
    await db.meta.put({ key: SETUP_KEY, value: false });
  });
}

/** The installer has finished: from now on the app opens the kiosk. */
export async function markSetupComplete(db: KioskDb): Promise<void> {
  await db.meta.put({ key: SETUP_KEY, value: true });
}

/** The enrolment and the set-up flag together (one bulkGet, so never half of a save). */
export async function readDeviceSetup(db: KioskDb): Promise<DeviceSetupState> {
  const [device, setup] = await db.meta.bulkGet([KEY, SETUP_KEY]);
  return { enrolment: readRecord(DeviceEnrolment, device?.value), setupComplete: setup?.value !== false };
}

/**
 * Forgets the enrolment and everything learned for this kiosk, but never unsent punches: those
 * stay in the outbox (and needs-attention) until a manager has dealt with them.
 */
export async function clearEnrolment(db: KioskDb): Promise<void> {
  await db.transaction('rw', [db.meta, db.staff, db.lookups, db.pinVerifiers, db.pinLockouts], async () => {
    await db.meta.delete(KEY);
    await db.meta.delete(SETUP_KEY);
    await db.meta.delete(KIOSK_SETTINGS_KEY);
    await forgetWorkHistory(db);
    await forgetMyHours(db);
    // The kept roster and who is on at other kiosks belong to this kiosk.
    await db.meta.bulkDelete([ROSTER_KEY, OPEN_SHIFTS_KEY]);
    await Promise.all([db.staff.clear(), db.lookups.clear(), db.pinVerifiers.clear(), db.pinLockouts.clear()]);
  });
}
