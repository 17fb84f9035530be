/**
 * Checking PINs with no network, without keeping PINs or fast unsalted hashes on the device.
 *
 * When an employee's PIN is confirmed by the service, the kiosk derives a verifier from the PIN
 * they just typed: PBKDF2-SHA256 with a random per-employee salt, then an HMAC of the result under
 * a device key created as non-extractable. Offline, a typed PIN is run through the same steps and
 * compared (HMAC verification is constant-time). Verifiers expire, are replaced when the PIN
 * changes, and are deleted when the service says a PIN is wrong. See docs/offline-pin.md for the
 * threat model and what this does and does not protect against.
 */
import type { KioskDb } from './db';
import { PinVerifierRecord, readRecord } from './records';
import { base64ToBytes, bytesToBase64 } from './base64';

export const PIN_VERIFIER_ITERATIONS = 200_000;
/** A verifier not re-confirmed online for this long is no longer trusted. */
export const VERIFIER_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const DEVICE_KEY = 'pinDeviceKey';

const encoder = new TextEncoder();

async function deviceKey(db: KioskDb): Promise<CryptoKey> {
  const stored = (await db.meta.get(DEVICE_KEY))?.value;
  if (stored instanceof CryptoKey) return stored;
  const key = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  await db.meta.put({ key: DEVICE_KEY, value: key });
  return key;
}

async function derive(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<ArrayBuffer> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(pin), 'PBKDF2', false, ['deriveBits']);
  return crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, 256);
}

/** A verifier's parts: whose it is is the caller's business (an employee's, a manager's). */
export type Verifier = Omit<PinVerifierRecord, 'employeeId'>;

/** Derives a verifier for a PIN the service has just confirmed (the PIN itself is not kept). */
export async function makeVerifier(db: KioskDb, pin: string, now: Date): Promise<Verifier> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const bits = await derive(pin, salt, PIN_VERIFIER_ITERATIONS);
  const mac = await crypto.subtle.sign('HMAC', await deviceKey(db), bits);
  return { salt: bytesToBase64(salt), iterations: PIN_VERIFIER_ITERATIONS, mac: bytesToBase64(mac), learnedAt: now.toISOString() };
}

export type OfflinePinResult = 'match' | 'mismatch' | 'unknown';

/** Checks a PIN against a verifier; 'unknown' when there is none or it is too old to trust. */
export async function checkVerifier(db: KioskDb, verifier: Verifier | null, pin: string, now: Date): Promise<OfflinePinResult> {
  if (!verifier || now.getTime() - Date.parse(verifier.learnedAt) > VERIFIER_MAX_AGE_MS) return 'unknown';
  const bits = await derive(pin, base64ToBytes(verifier.salt), verifier.iterations);
  const matches = await crypto.subtle.verify('HMAC', await deviceKey(db), base64ToBytes(verifier.mac), bits);
  return matches ? 'match' : 'mismatch';
}

/** Stores a verifier for a PIN the service has just confirmed. */
export async function learnPin(db: KioskDb, employeeId: number, pin: string, now: Date): Promise<void> {
  await db.pinVerifiers.put({ employeeId, ...(await makeVerifier(db, pin, now)) });
}

/** Checks a PIN against the stored verifier; 'unknown' when there is no live verifier. */
export async function verifyPinOffline(db: KioskDb, employeeId: number, pin: string, now: Date): Promise<OfflinePinResult> {
  return checkVerifier(db, readRecord(PinVerifierRecord, await db.pinVerifiers.get(employeeId)), pin, now);
}

export async function forgetPin(db: KioskDb, employeeId: number): Promise<void> {
  await db.pinVerifiers.delete(employeeId);
}

/**
 * After a manager set an employee's PIN at the service: this tablet's lockout for them is lifted, and
 * its verifier is re-learned from the new PIN (which manager mode holds in memory only), or forgotten
 * when `pin` is null (the PIN must be changed at next use, so no verifier should let it pass offline).
 */
export async function adoptPinSetByManager(db: KioskDb, employeeId: number, pin: string | null, now: Date): Promise<void> {
  await db.transaction('rw', db.pinVerifiers, db.pinLockouts, async () => {
    await db.pinLockouts.delete(employeeId);
    await db.pinVerifiers.delete(employeeId);
  });
  if (pin !== null) await learnPin(db, employeeId, pin, now);
}
