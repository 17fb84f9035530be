/**
 * What the set-up flow keeps so that a reload (a tap on the browser's reload, a crash, the tablet
 * discarding the tab) resumes where the installer was instead of at step 1. Without React.
 *
 * - The progress (step, service address, e-mail, chosen business and kiosk: nothing secret) is kept
 *   in this tab's sessionStorage: it survives reloads and ends with the tab, so an abandoned set-up
 *   does not greet the next person who opens the app.
 * - The manager's sign-in is kept only as long as its token is valid, and never in readable form:
 *   the access token is sealed (AES-GCM) under a key created as non-extractable and kept in
 *   IndexedDB, and only the sealed bytes go to sessionStorage. Neither store alone yields the
 *   token, and script can use the key but never read it out. The password is never kept.
 * Everything read back is parsed; anything unreadable counts as "nothing kept".
 */
import * as z from 'zod/mini';
import { base64ToBytes, bytesToBase64 } from '../../../offline/base64';
import type { KioskDb } from '../../../offline/db';

/** The steps before enrolment (after it, the saved enrolment itself keeps the flow at "install"). */
export const PROGRESS_STEPS = ['service', 'signIn', 'business', 'kiosk', 'device'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

export const SetupProgress = z.object({
  step: z.enum(PROGRESS_STEPS),
  serviceUrl: z.url(),
  email: z.string(),
  businessId: z.nullable(z.int()),
  kioskId: z.nullable(z.int()),
});
export type SetupProgress = z.infer<typeof SetupProgress>;

const SealedSignIn = z.object({
  serviceUrl: z.url(),
  email: z.string(),
  iv: z.string(),
  sealed: z.string(),
  expiresAt: z.number(),
});
type SealedSignIn = z.infer<typeof SealedSignIn>;

/** A sign-in brought back from a reload: valid until `expiresAt` unless the service says otherwise. */
export interface KeptSignIn {
  serviceUrl: string;
  email: string;
  accessToken: string;
  expiresAt: number;
}

export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PROGRESS_KEY = 'kiosk-clock.setup.progress';
const SIGN_IN_KEY = 'kiosk-clock.setup.signIn';
const SEAL_KEY = 'setupSealKey';

/** This tab's sessionStorage, or nothing when the browser refuses it (then nothing is kept). */
export function tabStore(): SessionStore | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function readJson<T>(store: SessionStore | null, key: string, schema: z.core.$ZodType<T>): T | null {
  const text = store?.getItem(key);
  if (!text) return null;
  try {
    const parsed = z.safeParse(schema, JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: treated as nothing kept, and removed below.
  }
  store?.removeItem(key);
  return null;
}

function writeJson(store: SessionStore | null, key: string, value: unknown): void {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch (error) {
    // A full or refused store only costs the resume after a reload.
    console.warn('set-up: progress could not be kept', error);
  }
}

export function readProgress(store: SessionStore | null = tabStore()): SetupProgress | null {
  return readJson(store, PROGRESS_KEY, SetupProgress);
}

export function saveProgress(progress: SetupProgress, store: SessionStore | null = tabStore()): void {
  writeJson(store, PROGRESS_KEY, SetupProgress.parse(progress));
}

async function sealKey(db: KioskDb): Promise<CryptoKey> {
  const stored = (await db.meta.get(SEAL_KEY))?.value;
  if (stored instanceof CryptoKey) return stored;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await db.meta.put({ key: SEAL_KEY, value: key });
  return key;
}

/** Keeps a fresh sign-in, sealed, for a reload within its lifetime. */
export async function keepSignIn(db: KioskDb, signIn: KeptSignIn, store: SessionStore | null = tabStore()): Promise<void> {
  if (!store) return;
  try {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await sealKey(db), new TextEncoder().encode(signIn.accessToken));
    const record: SealedSignIn = { serviceUrl: signIn.serviceUrl, email: signIn.email, iv: bytesToBase64(iv), sealed: bytesToBase64(sealed), expiresAt: signIn.expiresAt };
    writeJson(store, SIGN_IN_KEY, record);
  } catch (error) {
    console.warn('set-up: the sign-in could not be kept for a reload', error);
  }
}

/**
 * The kept sign-in for this service, or null when there is none, it has expired by its own clock,
 * or it cannot be unsealed (another key, damaged bytes). Whether the service still honours it is
 * for the caller to find out.
 */
export async function readKeptSignIn(db: KioskDb, serviceUrl: string, nowMs: number, store: SessionStore | null = tabStore()): Promise<KeptSignIn | null> {
  const record = readJson(store, SIGN_IN_KEY, SealedSignIn);
  if (!record) return null;
  if (record.serviceUrl !== serviceUrl || record.expiresAt <= nowMs) {
    forgetSignIn(store);
    return null;
  }
  try {
    const stored = (await db.meta.get(SEAL_KEY))?.value;
    if (!(stored instanceof CryptoKey)) throw new Error('no sealing key');
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: base64ToBytes(record.iv) }, stored, base64ToBytes(record.sealed));
    return { serviceUrl: record.serviceUrl, email: record.email, accessToken: new TextDecoder().decode(plain), expiresAt: record.expiresAt };
  } catch {
    forgetSignIn(store);
    return null;
  }
}

export function forgetSignIn(store: SessionStore | null = tabStore()): void {
  store?.removeItem(SIGN_IN_KEY);
}

/** Set-up is over (enrolled) or abandoned: nothing of it stays behind. */
export function forgetSetup(store: SessionStore | null = tabStore()): void {
  store?.removeItem(PROGRESS_KEY);
  forgetSignIn(store);
}
