/**
 * Sealing a PIN change made while offline: `{ oldPin, newPin }` is encrypted with the service's
 * RSA-OAEP (SHA-256) public key, kept on the kiosk while online, so the queued request holds
 * nothing the device itself could turn back into a PIN.
 */
import { PinSealKeyModel } from '../contract/supporting/kiosk';
import type { ApiClient, KioskRef } from '../client';
import type { KioskDb } from './db';
import { readRecord } from './records';
import { base64ToBytes, bytesToBase64 } from './base64';

const KEY = 'pinSealKey';

export async function refreshPinSealKey(db: KioskDb, client: ApiClient, kiosk: KioskRef): Promise<void> {
  await db.meta.put({ key: KEY, value: await client.pins.sealKey(kiosk) });
}

export async function readPinSealKey(db: KioskDb): Promise<PinSealKeyModel | null> {
  return readRecord(PinSealKeyModel, (await db.meta.get(KEY))?.value);
}


/** The sealed form of a PIN change (base64), readable only with the service's private key. */
export async function sealPinChange(key: PinSealKeyModel, oldPin: string, newPin: string): Promise<string> {
  const publicKey = await crypto.subtle.importKey('spki', base64ToBytes(key.publicKey), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const plain = new TextEncoder().encode(JSON.stringify({ oldPin, newPin }));
  return bytesToBase64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, plain));
}

/** The sealed form of a PIN typed for an unverified offline punch (base64), checked by the service on arrival. */
export async function sealPin(key: PinSealKeyModel, pin: string): Promise<string> {
  const publicKey = await crypto.subtle.importKey('spki', base64ToBytes(key.publicKey), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  return bytesToBase64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, new TextEncoder().encode(JSON.stringify({ pin }))));
}
