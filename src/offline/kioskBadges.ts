/**
 * Refreshing what the tablet keeps about badges: the kiosk's mode (so a PIN-only kiosk does not
 * offer a scan, online or not) and a verifier per badge in use of its people (never a token: the
 * service answers only verifiers), with every refresh. A revoked badge drops out of the service's
 * list, so a revocation reaches the tablet at its next refresh. Kept as badgesRecord.ts reads it.
 */
import { listKioskBadges } from '../contract/routes/badges';
import type { ApiClient, KioskRef } from '../client';
import type { KioskDb } from './db';
import { BADGES_KEY, type KeptBadges } from './badgesRecord';

export { readBadgeMode, readKioskBadges, type KeptBadges } from './badgesRecord';

/** Reads the kiosk's mode and badges from the service and keeps them (verifiers only). */
export async function refreshKioskBadges(db: KioskDb, client: ApiClient, kiosk: KioskRef, now: Date): Promise<KeptBadges> {
  const answer = await client.call(listKioskBadges, { path: { businessId: kiosk.businessId, kioskId: kiosk.kioskId } });
  const kept: KeptBadges = {
    mode: answer.mode,
    badges: answer.badges.map(({ badgeId, employeeId, verifier, issuedUtc }) => ({ badgeId, employeeId, verifier, issuedUtc })),
    refreshedAt: now.toISOString(),
  };
  await db.meta.put({ key: BADGES_KEY, value: kept });
  return kept;
}
