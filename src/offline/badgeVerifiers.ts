/**
 * Checking a badge on the tablet alone, for when the service cannot be reached: the scanned token's
 * verifier (base64url SHA-256 of a fixed context and the token, as the service computes it in
 * badgeTokens.ts) is looked up among the verifiers the tablet keeps (kioskBadges.ts). The token
 * itself is never stored; a revoked badge is no longer kept after the next refresh, so it stops
 * working here then.
 */
import { BADGE_VERIFIER_CONTEXT } from '../domain/badges';
import { bytesToBase64 } from './base64';
import { readKioskBadges, type KeptBadges } from './badgesRecord';
import type { KioskDb } from './db';

/** The verifier of a token, as the service lists it. */
export async function badgeVerifierOf(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(BADGE_VERIFIER_CONTEXT + token));
  return bytesToBase64(digest).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export type KeptBadgeMatch = { kept: KeptBadges; badge: KeptBadges['badges'][number] | null };

/** The kept badge the token is, if any; null when the tablet keeps no badges at all (never refreshed). */
export async function findKeptBadge(db: KioskDb, token: string): Promise<KeptBadgeMatch | null> {
  const kept = await readKioskBadges(db);
  if (!kept) return null;
  const verifier = await badgeVerifierOf(token);
  return { kept, badge: kept.badges.find((badge) => badge.verifier === verifier) ?? null };
}
