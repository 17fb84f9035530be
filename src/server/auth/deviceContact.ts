/**
 * A device's contact with the service, recorded as its credential is resolved: when it was last
 * seen, and when its latest offline period began (the plausibility of its offline wrong-PIN reports
 * depends on it). Part of authentication, so resolving a caller needs no service module.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/openDatabase';
import { devices } from '../db/schema';

/** How stale `last_seen_at` may get before a device's visit updates it. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * A gap in a device's contact longer than this was an offline period. An online kiosk refreshes
 * its data every minute and `last_seen_at` moves at most once a minute, so while online the gap
 * stays near two minutes.
 */
export const OFFLINE_GAP_MS = 5 * 60_000;

/**
 * Records that the device was seen. Writes at most once per LAST_SEEN_RESOLUTION_MS per device, so
 * it is cheap enough to call on every request the device makes. After a gap longer than
 * OFFLINE_GAP_MS, the last contact before it becomes `offline_from`, the start of the device's
 * latest offline period (wrong PINs it reports must not be older).
 */
export async function touchDevice(db: Database, deviceId: number, now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  const gapBefore = new Date(now.getTime() - OFFLINE_GAP_MS).toISOString();
  await db
    .update(devices)
    .set({
      lastSeenAt: now,
      offlineFrom: sql`case when ${devices.lastSeenAt} < ${gapBefore}::timestamptz then ${devices.lastSeenAt} else ${devices.offlineFrom} end`,
    })
    .where(and(eq(devices.id, deviceId), or(isNull(devices.lastSeenAt), lt(devices.lastSeenAt, staleBefore))));
}
