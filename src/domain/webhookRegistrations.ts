/**
 * What a web hook registration may hold, beyond its types: the shape of its caller-chosen id (it
 * travels in the path, kept exactly as given), the extra headers a delivery may carry (valid HTTP
 * field names that cannot override what the sender itself sets), and bounds on headers and
 * properties (echoed in every delivery, so a hostile registration cannot make each one huge).
 * Pure rules: the service applies them, the OpenAPI text and docs/webhooks.md quote them.
 */

/** The longest registration id (also the input limit of `WebHook.id`). */
export const MAX_WEBHOOK_ID_LENGTH = 64;

/**
 * A registration id: 1 to 64 characters that travel unencoded in a URL path segment (letters,
 * digits and `-._~!$&'()*+,;=:@`), not only dots. Kept exactly as given, case included.
 */
export const WEBHOOK_ID_PATTERN = /^(?!\.+$)[A-Za-z0-9\-._~!$&'()*+,;=:@]{1,64}$/;

/** The pattern as text for the OpenAPI document (same rule as WEBHOOK_ID_PATTERN). */
export const WEBHOOK_ID_PATTERN_TEXT = WEBHOOK_ID_PATTERN.source;

/** Extra headers one registration may ask for. */
export const MAX_WEBHOOK_HEADERS = 20;
/** Properties one registration may hold, and the size of all of them as JSON (UTF-8 bytes). */
export const MAX_WEBHOOK_PROPERTIES = 50;
export const MAX_WEBHOOK_PROPERTIES_BYTES = 16_384;
/** The longest property key and header name. */
export const MAX_WEBHOOK_KEY_LENGTH = 100;

/**
 * Header names a registration cannot set: the sender sets them (body framing, the target's host,
 * the signature) or they steer the connection itself. Compared ignoring case.
 */
export const RESERVED_WEBHOOK_HEADERS = [
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'expect',
  'host',
  'keep-alive',
  'ms-signature',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'user-agent',
] as const;

/** An HTTP field name (RFC 9110 `token`). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A field value Node's HTTP client sends as is: tab, visible ASCII, space and Latin-1; no CR, LF or NUL. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export interface RegistrationProblem {
  field: 'id' | 'headers' | 'properties';
  message: string;
}

/** Null when a caller's registration id is acceptable, else why not. */
export function checkWebhookId(id: string): string | null {
  return WEBHOOK_ID_PATTERN.test(id)
    ? null
    : `must be 1 to ${MAX_WEBHOOK_ID_LENGTH} letters, digits or -._~!$&'()*+,;=:@ (not only dots), since it travels in the path`;
}

/** Problems with a registration's extra headers (names kept as given; each problem names the header). */
export function checkWebhookHeaders(headers: Readonly<Record<string, string>>): RegistrationProblem[] {
  const problems: RegistrationProblem[] = [];
  const names = Object.keys(headers);
  if (names.length > MAX_WEBHOOK_HEADERS) {
    return [{ field: 'headers', message: `at most ${MAX_WEBHOOK_HEADERS} headers` }];
  }
  const seen = new Set<string>();
  for (const name of names) {
    const lower = name.toLowerCase();
    if (name.length > MAX_WEBHOOK_KEY_LENGTH || !TOKEN.test(name)) {
      problems.push({ field: 'headers', message: `"${name.slice(0, MAX_WEBHOOK_KEY_LENGTH)}" is not a valid HTTP header name` });
    } else if ((RESERVED_WEBHOOK_HEADERS as readonly string[]).includes(lower)) {
      problems.push({ field: 'headers', message: `"${name}" is set by the sender and cannot be overridden` });
    } else if (seen.has(lower)) {
      problems.push({ field: 'headers', message: `"${name}" is given twice (header names ignore case)` });
    } else if (!FIELD_VALUE.test(headers[name] ?? '')) {
      problems.push({ field: 'headers', message: `the value of "${name}" contains a line break or control character` });
    }
    seen.add(lower);
  }
  return problems;
}

/** Problems with a registration's properties (keys kept as given). */
export function checkWebhookProperties(properties: Readonly<Record<string, unknown>>): RegistrationProblem[] {
  const keys = Object.keys(properties);
  if (keys.length > MAX_WEBHOOK_PROPERTIES) return [{ field: 'properties', message: `at most ${MAX_WEBHOOK_PROPERTIES} properties` }];
  const long = keys.find((key) => key.length === 0 || key.length > MAX_WEBHOOK_KEY_LENGTH);
  if (long !== undefined) return [{ field: 'properties', message: `property names must be 1 to ${MAX_WEBHOOK_KEY_LENGTH} characters` }];
  const json = JSON.stringify(properties);
  if (new TextEncoder().encode(json).byteLength > MAX_WEBHOOK_PROPERTIES_BYTES) {
    return [{ field: 'properties', message: `at most ${MAX_WEBHOOK_PROPERTIES_BYTES} bytes as JSON` }];
  }
  // PostgreSQL cannot store the NUL character in jsonb (in a key or a value).
  if (json.includes('\\u0000')) return [{ field: 'properties', message: 'must not contain the NUL character' }];
  return [];
}
