/**
 * Hashing of secrets. PINs and passwords are low-entropy, so they get scrypt (slow, salted) and a
 * constant-time comparison. Tokens and API keys are 256-bit random values, so a SHA-256 digest is
 * enough to look them up without storing them.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost parameter N for new hashes in production (SECRET_HASH_COST's default). */
export const DEFAULT_SECRET_HASH_COST = 16384;

const SCRYPT = { r: 8, p: 1, keyLength: 32 } as const;

/**
 * The N new hashes get. The service sets it once at start-up from SECRET_HASH_COST (env.ts); the
 * API tests lower it, since most of them hash a manager's password and two PINs per tenant and the
 * cost buys them nothing. A stored hash carries its own N, so any hash verifies whatever this is.
 */
let hashCost = DEFAULT_SECRET_HASH_COST;

export function setSecretHashCost(cost: number): void {
  if (!Number.isInteger(cost) || cost < 2 || (cost & (cost - 1)) !== 0) throw new Error(`scrypt's cost must be a power of two, got ${cost}`);
  hashCost = cost;
}

function scryptAsync(secret: string, salt: Buffer, N: number, r: number, p: number, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(secret, salt, keyLength, { N, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash base64. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, hashCost, SCRYPT.r, SCRYPT.p, SCRYPT.keyLength);
  return ['scrypt', hashCost, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Compares a secret with a stored hash in constant time; false for any malformed hash. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  const actual = await scryptAsync(secret, Buffer.from(saltText, 'base64'), Number(n), Number(r), Number(p), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A fixed hash to compare against when there is no real one, so timing reveals nothing. */
let decoyHash: Promise<string> | null = null;
export function decoy(): Promise<string> {
  decoyHash ??= hashSecret(randomBytes(8).toString('hex'));
  return decoyHash;
}

export const TOKEN_PREFIX = {
  access: 'kca_',
  refresh: 'kcr_',
  device: 'kcd_',
  apiKey: 'kck_',
  invitation: 'kci_',
  emailChange: 'kce_',
} as const;

/** A new random credential with a recognisable prefix. */
export function newToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
