/**
 * Unverified offline punches (docs/offline-pin.md): when the service cannot be reached and this
 * tablet holds no verifier for a person, the kiosk may still let them punch, if the kiosk's
 * preference allows it, the tablet has the service's sealing key, and the person is within the
 * device's bound (DEFAULT_UNVERIFIED_BOUND). Their PIN is sealed at once (only the service can open
 * it) and travels as an identity claim queued right after the punch, in the same transaction.
 */
import * as z from 'zod/mini';
import { DEFAULT_UNVERIFIED_BOUND, unverifiedPunchAllowed, withinUnverifiedWindow, type UnverifiedBound } from '../domain/identityClaims';
import type { KioskDb } from './db';
import type { KioskRuntime } from './kioskRuntime';
import { readStoredPreferences as readKioskPreferences } from './preferencesRecord';
import { readPinSealKey, sealPin } from './pinSeal';
import { readRecord } from './records';

const HISTORY_KEY = 'unverifiedPunches';

/** When this device recorded unverified punches, per employee id (only those inside the window are kept). */
const UnverifiedHistory = z.record(z.string(), z.array(z.string()));

/** The sealed PIN an unverified punch carries. */
export interface IdentityClaimSeal {
  keyId: string;
  sealedPin: string;
}

export type UnverifiedOffer = { ok: true; seal: IdentityClaimSeal } | { ok: false; reason: 'off' | 'no-key' | 'limit' };

export async function readUnverifiedHistory(db: KioskDb, employeeId: number): Promise<string[]> {
  const history = readRecord(UnverifiedHistory, (await db.meta.get(HISTORY_KEY))?.value) ?? {};
  return history[String(employeeId)] ?? [];
}

/**
 * Notes one more unverified punch of the employee; call inside the transaction that queues it (the
 * transaction must include `meta`).
 */
export async function noteUnverifiedPunch(db: KioskDb, employeeId: number, at: Date, bound: UnverifiedBound = DEFAULT_UNVERIFIED_BOUND): Promise<void> {
  const history = readRecord(UnverifiedHistory, (await db.meta.get(HISTORY_KEY))?.value) ?? {};
  const kept: Record<string, string[]> = {};
  for (const [id, times] of Object.entries(history)) {
    const inside = withinUnverifiedWindow(times, at, bound);
    if (inside.length) kept[id] = inside;
  }
  kept[String(employeeId)] = [...(kept[String(employeeId)] ?? []), at.toISOString()];
  await db.meta.put({ key: HISTORY_KEY, value: kept });
}

/**
 * Whether this person may punch unverified now, and if so their PIN sealed for the service. The
 * typed PIN is not kept: only the sealed form leaves this function.
 */
export async function offerUnverifiedPunch(rt: Pick<KioskRuntime, 'db' | 'clock'>, employeeId: number, pin: string): Promise<UnverifiedOffer> {
  const preferences = await readKioskPreferences(rt.db);
  if (preferences.unverifiedOfflinePunches !== 'flagged') return { ok: false, reason: 'off' };
  const key = await readPinSealKey(rt.db);
  if (!key) return { ok: false, reason: 'no-key' };
  if (!unverifiedPunchAllowed(await readUnverifiedHistory(rt.db, employeeId), rt.clock.now())) return { ok: false, reason: 'limit' };
  return { ok: true, seal: { keyId: key.keyId, sealedPin: await sealPin(key, pin) } };
}
