/**
 * Keys the service keeps for itself, such as the one that keys request fingerprints (HMAC). Each is
 * kept in `service_keys` under a fixed id, so every instance of the service sharing the database
 * uses the same key, and two instances starting at once agree. They are created at start-up
 * (ensureServiceSecrets), so no request, not even a refused one, writes one.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/openDatabase';
import { serviceKeys } from '../db/schema';

/** What each service secret is for. */
export const SERVICE_SECRET_PURPOSES = ['idempotency-fingerprint', 'webhook-secret-seal'] as const;
export type ServiceSecretPurpose = (typeof SERVICE_SECRET_PURPOSES)[number];

const cache = new WeakMap<Database, Map<string, Buffer>>();

/** Creates every service secret that does not exist yet (at start-up). */
export async function ensureServiceSecrets(db: Database): Promise<void> {
  for (const purpose of SERVICE_SECRET_PURPOSES) await serviceSecret(db, purpose);
}

/** The 32-byte secret for a purpose (created here if start-up did not). */
export async function serviceSecret(db: Database, purpose: ServiceSecretPurpose): Promise<Buffer> {
  const known = cache.get(db)?.get(purpose);
  if (known) return known;
  const id = `secret_${purpose}`;
  // A symmetric secret has no public half; it is kept in the private-key column.
  await db
    .insert(serviceKeys)
    .values({ id, purpose, publicKeySpki: '', privateKeyPkcs8: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: serviceKeys.privateKeyPkcs8 }).from(serviceKeys).where(eq(serviceKeys.id, id));
  if (!row) throw new Error(`service secret ${purpose} could not be created`);
  const secret = Buffer.from(row.secret, 'base64');
  const forDb = cache.get(db) ?? new Map<string, Buffer>();
  forDb.set(purpose, secret);
  cache.set(db, forDb);
  return secret;
}
