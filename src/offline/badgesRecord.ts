/**
 * The badges the tablet keeps, as stored in IndexedDB and read back with zod/mini: the staff grid
 * reads the kiosk's mode (to offer a camera scan or not) before the full zod and the API client
 * have loaded. Written by kioskBadges.ts with every refresh; a damaged record counts as none kept.
 */
import * as z from 'zod/mini';
import { BADGE_MODES, type BadgeMode } from '../domain/badges';
import type { KioskDb } from './db';
import { isoInstant, readRecord } from './records';

export const BADGES_KEY = 'badges';

export const KeptBadges = z.object({
  mode: z.enum(BADGE_MODES),
  /** One per badge in use of the kiosk's people: a verifier (a digest), never the token. */
  badges: z.array(z.object({ badgeId: z.int(), employeeId: z.int(), verifier: z.string(), issuedUtc: isoInstant })),
  refreshedAt: isoInstant,
});
export type KeptBadges = z.infer<typeof KeptBadges>;

/** What the tablet keeps; null before the first refresh brought it (or when it is damaged). */
export async function readKioskBadges(db: KioskDb): Promise<KeptBadges | null> {
  return readRecord(KeptBadges, (await db.meta.get(BADGES_KEY))?.value);
}

/** The mode the tablet last heard; null when it has not heard one yet (the service then decides). */
export async function readBadgeMode(db: KioskDb): Promise<BadgeMode | null> {
  return (await readKioskBadges(db))?.mode ?? null;
}
