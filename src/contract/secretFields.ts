/**
 * Request fields that carry secrets: PINs, passwords and sealed PIN changes. The service never
 * logs them, never fingerprints them and never stores them outside their slow hashes; the list is
 * kept here, in the contract, so every layer that must leave them out reads the same names.
 */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(['pin', 'oldPin', 'newPin', 'sealed', 'password']);

/** A copy of a JSON value with every secret field's value replaced by a marker, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, SECRET_FIELDS.has(key) ? '(secret)' : withoutSecrets(inner)]),
  );
}
