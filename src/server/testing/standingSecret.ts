/**
 * A short secret (a four-digit PIN, a six-digit code) turns up by chance inside a UUID, a hex
 * digest, a timestamp or a sealed base64 blob: "f27482100826" holds "4821". Tests that prove a
 * PIN is not kept in readable form look for the secret standing on its own, the way a leak
 * would show it (`"pin":"4821"`, `PIN 4821`), and not as four characters of a longer token.
 */
const TOKEN_SIGN = 'A-Za-z0-9+/';

/** A pattern for `secret` not touching a letter, digit or base64 sign on either side. */
export function standing(secret: string): RegExp {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![${TOKEN_SIGN}])${escaped}(?![${TOKEN_SIGN}=])`);
}
