/**
 * The few settings of this kiosk its first screen shows: its name and time zone, read from the
 * kept kiosk settings with a schema of just those members (zod/mini). The full settings model
 * (refreshKioskData.ts) parses everything with the contract's schemas, which the staff grid does
 * not wait for.
 */
import * as z from 'zod/mini';
import type { KioskDb } from './db';
import { readRecord } from './records';

/** The meta row holding the kiosk's settings as the service last sent them. */
export const KIOSK_SETTINGS_KEY = 'kiosk';

const KioskHeading = z.object({
  name: z.nullable(z.string()),
  ianaTimeZone: z.nullable(z.string()),
});
export type KioskHeading = z.infer<typeof KioskHeading>;

export async function readKioskHeading(db: KioskDb): Promise<KioskHeading | null> {
  return readRecord(KioskHeading, (await db.meta.get(KIOSK_SETTINGS_KEY))?.value);
}
