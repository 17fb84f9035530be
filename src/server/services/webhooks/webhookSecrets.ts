/**
 * A web hook registration's secret, kept sealed. The service must recover it to sign each delivery
 * (`ms-signature` is an HMAC keyed with it), so it cannot be hashed; it is encrypted instead with
 * AES-256-GCM under a service secret ('webhook-secret-seal', in `service_keys`), so a copy of the
 * registrations table alone (a dump, a log of rows) does not reveal it. The secret is never
 * returned by the API and never logged.
 *
 * Sealed form: `v1.` + base64url(12-byte IV | 16-byte tag | ciphertext), with the format tag as
 * associated data so a sealed value cannot be replayed under another format.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from '../../db/openDatabase';
import { serviceSecret } from '../../auth/serviceSecrets';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Encrypts a web hook secret for storage. */
export async function sealWebhookSecret(db: Database, secret: string): Promise<string> {
  const key = await serviceSecret(db, 'webhook-secret-seal');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(VERSION));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

/** Decrypts a sealed web hook secret; throws when it was not sealed by this service's key. */
export async function openWebhookSecret(db: Database, sealed: string): Promise<string> {
  const [version, payload] = sealed.split('.', 2);
  if (version !== VERSION || payload === undefined) throw new Error('Not a sealed web hook secret.');
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('Not a sealed web hook secret.');
  const key = await serviceSecret(db, 'webhook-secret-seal');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(VERSION));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
