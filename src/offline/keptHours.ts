/**
 * Where the tablet keeps each person's My hours (the `meta` table, one record per person), apart
 * from the code that fetches and queues (myHours.ts), so unenrolment (device.ts) can forget them
 * without reaching the sync engine.
 */
import type { KioskDb } from './db';

export const keptHoursKey = (employeeId: number) => `myHours:${employeeId}`;

/** Forgets every person's kept record (unenrolment). */
export async function forgetMyHours(db: KioskDb): Promise<void> {
  await db.meta.where('key').startsWith('myHours:').delete();
}
