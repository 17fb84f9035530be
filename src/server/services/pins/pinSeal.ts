/**
 * Sealed PIN changes. A kiosk that is offline when someone changes their PIN cannot send the
 * change yet, and must not keep the PINs in its queue. It encrypts `{ oldPin, newPin }` with the
 * service's RSA-OAEP (SHA-256) public key instead; only the service can open it, when the queued
 * request finally arrives. The key pair is created on first use and kept in `service_keys`.
 */
import { constants, createPrivateKey, generateKeyPairSync, privateDecrypt, randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/openDatabase';
import { serviceKeys } from '../../db/schema';
import { ApiError } from '../../errors/apiError';

export const PIN_SEAL_PURPOSE = 'pin-seal';
export const PIN_SEAL_ALGORITHM = 'RSA-OAEP-256';

export interface PinSealKey {
  keyId: string;
  algorithm: typeof PIN_SEAL_ALGORITHM;
  /** The public key, SPKI DER as base64. */
  publicKey: string;
}

/** The current sealing key, created on first use. */
export async function currentPinSealKey(db: Database): Promise<PinSealKey> {
  const [existing] = await db.select().from(serviceKeys).where(eq(serviceKeys.purpose, PIN_SEAL_PURPOSE)).orderBy(asc(serviceKeys.createdAt)).limit(1);
  if (existing) return { keyId: existing.id, algorithm: PIN_SEAL_ALGORITHM, publicKey: existing.publicKeySpki };
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const row = {
    id: `pk_${randomBytes(8).toString('hex')}`,
    purpose: PIN_SEAL_PURPOSE,
    publicKeySpki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKeyPkcs8: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
  };
  await db.insert(serviceKeys).values(row);
  return { keyId: row.id, algorithm: PIN_SEAL_ALGORITHM, publicKey: row.publicKeySpki };
}

const SealedContent = z.object({ oldPin: z.string().min(1), newPin: z.string().min(1) });

const unreadable = (detail: string) =>
  new ApiError(400, 'validation-failed', 'The sealed PIN change cannot be opened.', { detail, errors: [{ field: 'sealed', message: detail }] });

/** Opens a sealed PIN change; a 400 when the key is unknown or the content is not a PIN change. */
export async function openSealedPinChange(db: Database, keyId: string, sealed: string): Promise<{ oldPin: string; newPin: string }> {
  const [key] = await db.select().from(serviceKeys).where(eq(serviceKeys.id, keyId));
  if (!key || key.purpose !== PIN_SEAL_PURPOSE) throw unreadable(`Unknown sealing key ${keyId}.`);
  let plain: Buffer;
  try {
    const privateKey = createPrivateKey({ key: Buffer.from(key.privateKeyPkcs8, 'base64'), format: 'der', type: 'pkcs8' });
    plain = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(sealed, 'base64'));
  } catch {
    throw unreadable('The content was not sealed with this key.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(plain.toString('utf8'));
  } catch {
    parsed = null;
  }
  const content = SealedContent.safeParse(parsed);
  if (!content.success) throw unreadable('The sealed content is not a PIN change.');
  return content.data;
}

const SealedPin = z.object({ pin: z.string().min(1).max(64) });

/**
 * Opens the PIN sealed with an unverified offline punch's identity claim; null when it cannot be
 * opened or is not a PIN (the claim is then flagged for a manager rather than refused: the punch
 * it follows has already been recorded).
 */
export async function openSealedPin(db: Database, keyId: string, sealed: string): Promise<string | null> {
  const [key] = await db.select().from(serviceKeys).where(eq(serviceKeys.id, keyId));
  if (!key || key.purpose !== PIN_SEAL_PURPOSE) return null;
  try {
    const privateKey = createPrivateKey({ key: Buffer.from(key.privateKeyPkcs8, 'base64'), format: 'der', type: 'pkcs8' });
    const plain = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(sealed, 'base64'));
    const content = SealedPin.safeParse(JSON.parse(plain.toString('utf8')));
    return content.success ? content.data.pin : null;
  } catch {
    return null;
  }
}
