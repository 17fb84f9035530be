/**
 * Caller credentials and their Authorization header. An API key travels as HTTP Basic with the
 * key as the user name and an empty password (as the vendor's SDK sends it); OAuth access tokens
 * and kiosk device tokens travel as Bearer. Browser- and Node-safe (btoa, TextEncoder).
 */

/** Who the client calls as. Read on every request, so a refreshed token is used at once. */
export type Credentials = { kind: 'apiKey'; key: string } | { kind: 'bearer'; token: string };

/** Base64 of the UTF-8 bytes of a string (btoa alone only takes Latin-1). */
function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The Authorization header value for a set of credentials. */
export function authorizationHeader(credentials: Credentials): string {
  switch (credentials.kind) {
    case 'apiKey':
      return `Basic ${base64Utf8(`${credentials.key}:`)}`;
    case 'bearer':
      return `Bearer ${credentials.token}`;
  }
}
