/**
 * A badge's token and the two digests the service keeps of it. The token is 160 random bits, so a
 * plain SHA-256 is enough to keep it unrecoverable (no salt or slow hash is needed as it is for a
 * PIN, whose few values could be tried one by one); the two contexts keep the tablets' verifier
 * from being the service's lookup key.
 */
import { createHash, randomBytes } from 'node:crypto';
import { BADGE_LOOKUP_CONTEXT, BADGE_TOKEN_RANDOM_BYTES, BADGE_VERIFIER_CONTEXT, badgeTokenFrom } from '../../../domain/badges';

export function newBadgeToken(): string {
  return badgeTokenFrom(new Uint8Array(randomBytes(BADGE_TOKEN_RANDOM_BYTES)));
}

export function badgeLookupHash(token: string): string {
  return createHash('sha256').update(BADGE_LOOKUP_CONTEXT + token, 'utf8').digest('hex');
}

export function badgeVerifier(token: string): string {
  return createHash('sha256').update(BADGE_VERIFIER_CONTEXT + token, 'utf8').digest('base64url');
}
