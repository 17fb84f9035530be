/**
 * Badges: a printed QR code (or an NFC tag) carrying a random token that identifies one person at
 * the kiosk without a memorised PIN. The token's shape and the sign-in modes live here so the
 * service and the kiosk agree on them: the kiosk recognises a scan before anything is sent, the
 * service refuses anything else unread.
 *
 * A token is `KCB1` and 32 base32 characters (160 random bits): upper-case letters and digits
 * only, so a keyboard-wedge scanner types it the same under any keyboard layout and a QR code holds
 * it in alphanumeric mode. Nothing in it is derived from the person.
 */

/** How a kiosk signs people in: PIN only, a badge alone, or a badge and then the person's PIN. */
export const BADGE_MODES = ['pin', 'badge', 'badge-then-pin'] as const;
export type BadgeMode = (typeof BADGE_MODES)[number];
export const DEFAULT_BADGE_MODE: BadgeMode = 'pin';

export const BADGE_TOKEN_PREFIX = 'KCB1';
export const BADGE_TOKEN_RANDOM_BYTES = 20;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 20 bytes = 160 bits = 32 base32 characters. */
export const BADGE_TOKEN_LENGTH = BADGE_TOKEN_PREFIX.length + 32;
const TOKEN_PATTERN = /^KCB1[A-Z2-7]{32}$/;

/** Domain separation of the two digests kept of a token: the service's lookup key and the tablets' verifier. */
export const BADGE_LOOKUP_CONTEXT = 'kiosk-clock badge lookup v1:';
export const BADGE_VERIFIER_CONTEXT = 'kiosk-clock badge verifier v1:';

/** RFC 4648 base32 without padding (20 bytes encode to exactly 32 characters). */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** A new token from `BADGE_TOKEN_RANDOM_BYTES` random bytes. */
export function badgeTokenFrom(random: Uint8Array): string {
  if (random.length !== BADGE_TOKEN_RANDOM_BYTES) throw new Error(`a badge token needs ${BADGE_TOKEN_RANDOM_BYTES} random bytes`);
  return BADGE_TOKEN_PREFIX + base32(random);
}

/**
 * The token in a scan, or null when the text is not one of ours. Scanners and cameras may add
 * surrounding white space or lower-case it (some wedge scanners with Caps Lock on): both are
 * forgiven; anything else is not a badge.
 */
export function readBadgeToken(text: string): string | null {
  if (text.length > BADGE_TOKEN_LENGTH + 8) return null;
  const token = text.trim().toUpperCase();
  return TOKEN_PATTERN.test(token) ? token : null;
}

/** The mode a kiosk uses: its own when set, else the business's. */
export function effectiveBadgeMode(business: BadgeMode, kiosk: BadgeMode | null): BadgeMode {
  return kiosk ?? business;
}
