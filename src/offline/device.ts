/**
 * This device's enrolment: which service, business and kiosk it serves and its device credential.
 * Kept in IndexedDB (readable by the service worker too) and parsed on every read.
 */
import { z } from 'zod';
import type { KioskDb } from './db';
import { readRecord } from './records';

export const DeviceEnrolment = z.object({
  serviceUrl: z.string().url(),
  businessId: z.number().int(),
  businessName: z.string(),
  kioskId: z.number().int(),
  kioskName: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  token: z.string().min(1),
  enrolledAt: z.string(),
});
export type DeviceEnrolment = z.infer<typeof DeviceEnrolment>;

const KEY = 'device';

export async function readEnrolment(db: KioskDb): Promise<DeviceEnrolment | null> {
  return readRecord(DeviceEnrolment, (await db.meta.get(KEY))?.value);
}

export async function saveEnrolment(db: KioskDb, enrolment: DeviceEnrolment): Promise<void> {
  await db.meta.put({ key: KEY, value: DeviceEnrolment.parse(enrolment) });
}

/**
 * Forgets the enrolment and everything learned for this kiosk, but never unsent punches: those
 * stay in the outbox (and needs-attention) until a manager has dealt with them.
 */
export async function clearEnrolment(db: KioskDb): Promise<void> {
  await db.transaction('rw', [db.meta, db.staff, db.lookups, db.pinVerifiers, db.pinLockouts], async () => {
    await db.meta.delete(KEY);
    await db.meta.delete('kiosk');
    await Promise.all([db.staff.clear(), db.lookups.clear(), db.pinVerifiers.clear(), db.pinLockouts.clear()]);
  });
}
