/**
 * Manager PINs on the tablet: the kiosk's managers who have one (kept with every refresh, so their
 * names show offline), a verifier per manager learned when the service confirms their PIN here
 * (the same PBKDF2 + device-key HMAC as employees' verifiers, offlinePin.ts), and a lockout of its
 * own for offline attempts. Online, a PIN opens a real session; offline, a matching PIN opens only
 * the read-only view of what this tablet holds (docs/offline-pin.md, "Manager PINs").
 */
import * as z from 'zod/mini';
import type { ApiClient, KioskRef } from '../client';
import { isApiClientError } from '../client/errors';
import { listKioskManagers, signInWithManagerPin } from '../contract/routes/managerPins';
import type { ManagerPinSessionModel } from '../contract/supporting/managerPins';
import { afterFailure, afterSuccess, attemptsLeft, isLocked, UNLOCKED, type LockoutPolicy, type LockoutState } from '../domain/pinPolicy';
import type { KioskDb } from './db';
import { checkVerifier, makeVerifier, type Verifier } from './offlinePin';
import type { KioskBase } from './kioskBase';
import { answerWithin, INTERACTIVE_BUDGET_MS, isNetworkFailure, SLOW_ANSWER_WAIT_MS } from './reachability';
import { readLockoutPolicy } from './refreshKioskData';
import { isoInstant, readRecord } from './records';

const MANAGERS_KEY = 'kioskManagers';
const PINS_KEY = 'managerPins';

export const KioskManager = z.object({ userId: z.int(), name: z.string() });
export type KioskManager = z.infer<typeof KioskManager>;
const StoredManagers = z.object({ managers: z.array(KioskManager), refreshedAt: isoInstant });

const StoredVerifier = z.object({ salt: z.string(), iterations: z.int().check(z.positive()), mac: z.string(), learnedAt: isoInstant });
const StoredLockout = z.object({ failedAttempts: z.int().check(z.nonnegative()), lockedUntil: z.nullable(isoInstant) });
/** Keyed by user id (as text: IndexedDB keeps the object as it is). */
const ManagerPinStore = z.object({
  verifiers: z._default(z.record(z.string(), StoredVerifier), {}),
  lockouts: z._default(z.record(z.string(), StoredLockout), {}),
});
type ManagerPinStore = z.infer<typeof ManagerPinStore>;

/** The kiosk's managers with a PIN, by name, as last refreshed (empty when never). */
export async function readKioskManagers(db: KioskDb): Promise<KioskManager[]> {
  return readRecord(StoredManagers, (await db.meta.get(MANAGERS_KEY))?.value)?.managers ?? [];
}

async function readStore(db: KioskDb): Promise<ManagerPinStore> {
  return readRecord(ManagerPinStore, (await db.meta.get(PINS_KEY))?.value) ?? { verifiers: {}, lockouts: {} };
}

async function updateStore(db: KioskDb, change: (store: ManagerPinStore) => void): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const store = await readStore(db);
    change(store);
    await db.meta.put({ key: PINS_KEY, value: store });
  });
}

/**
 * Reads the kiosk's managers from the service and keeps them; a manager no longer listed (PIN
 * forgotten or revoked, access removed) loses this tablet's verifier and lockout with it.
 */
export async function refreshKioskManagers(db: KioskDb, client: ApiClient, kiosk: KioskRef, now: Date): Promise<KioskManager[]> {
  const answer = await client.call(listKioskManagers, { path: { businessId: kiosk.businessId, kioskId: kiosk.kioskId } });
  const managers = answer.map(({ userId, name }) => ({ userId, name }));
  const listed = new Set(managers.map((m) => String(m.userId)));
  await db.meta.put({ key: MANAGERS_KEY, value: { managers, refreshedAt: now.toISOString() } });
  await updateStore(db, (store) => {
    for (const id of Object.keys(store.verifiers)) if (!listed.has(id)) delete store.verifiers[id];
    for (const id of Object.keys(store.lockouts)) if (!listed.has(id)) delete store.lockouts[id];
  });
  return managers;
}

/** Learns a manager's PIN the service has just confirmed (or the manager just set here). */
export async function learnManagerPin(db: KioskDb, userId: number, pin: string, now: Date): Promise<void> {
  const verifier: Verifier = await makeVerifier(db, pin, now);
  await updateStore(db, (store) => {
    store.verifiers[String(userId)] = verifier;
    delete store.lockouts[String(userId)];
  });
}

/** Forgets what this tablet knows of a manager's PIN (forgotten, revoked, or refused by the service). */
export async function forgetManagerPin(db: KioskDb, userId: number): Promise<void> {
  await updateStore(db, (store) => {
    delete store.verifiers[String(userId)];
    delete store.lockouts[String(userId)];
  });
}

const stateOf = (stored: z.infer<typeof StoredLockout> | undefined): LockoutState =>
  stored ? { failedAttempts: stored.failedAttempts, lockedUntil: stored.lockedUntil ? new Date(stored.lockedUntil) : null } : UNLOCKED;
const storedOf = (state: LockoutState) => ({ failedAttempts: state.failedAttempts, lockedUntil: state.lockedUntil?.toISOString() ?? null });

export type OfflineManagerCheck =
  | { kind: 'match' }
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'locked'; until: Date }
  /** No verifier here (the PIN was never confirmed on this tablet, or too long ago). */
  | { kind: 'unknown' };

/** Checks a manager PIN against this tablet's verifier, under this tablet's lockout for them. */
export async function checkManagerPinOffline(db: KioskDb, userId: number, pin: string, now: Date, policy: LockoutPolicy): Promise<OfflineManagerCheck> {
  const store = await readStore(db);
  const state = stateOf(store.lockouts[String(userId)]);
  if (isLocked(state, now) && state.lockedUntil) return { kind: 'locked', until: state.lockedUntil };
  const result = await checkVerifier(db, store.verifiers[String(userId)] ?? null, pin, now);
  if (result === 'unknown') return { kind: 'unknown' };
  const next = result === 'match' ? afterSuccess() : afterFailure(state, now, policy);
  await updateStore(db, (latest) => {
    latest.lockouts[String(userId)] = storedOf(next);
  });
  if (result === 'match') return { kind: 'match' };
  return next.lockedUntil ? { kind: 'locked', until: next.lockedUntil } : { kind: 'wrong', attemptsLeft: attemptsLeft(next, policy) };
}

export type ManagerPinOutcome =
  | { kind: 'session'; session: ManagerPinSessionModel }
  /** The service could not be reached and this tablet's verifier matched: the read-only view. */
  | { kind: 'offline'; manager: KioskManager }
  | { kind: 'wrong'; attemptsLeft: number | null }
  | { kind: 'locked'; until: Date }
  | { kind: 'offline-unknown' }
  | { kind: 'not-set' }
  | { kind: 'not-here' }
  | { kind: 'failed'; error: unknown };

/** What opening manager mode with a PIN uses of the kiosk runtime. */
export type ManagerPinRuntime = Pick<KioskBase, 'db' | 'reachability' | 'clock'> & { client: ApiClient; kiosk: KioskRef };

async function offline(rt: ManagerPinRuntime, manager: KioskManager, pin: string): Promise<ManagerPinOutcome> {
  const check = await checkManagerPinOffline(rt.db, manager.userId, pin, rt.clock.now(), await readLockoutPolicy(rt.db));
  switch (check.kind) {
    case 'match':
      return { kind: 'offline', manager };
    case 'unknown':
      return { kind: 'offline-unknown' };
    default:
      return check;
  }
}

const codeOf = (error: unknown) => (isApiClientError(error) && error.kind === 'http' ? error.code : null);

/**
 * Opens manager mode with a PIN: the service decides when it answers (a session; the verifier is
 * learned, or forgotten when the service refuses a PIN it accepts); when it cannot be reached, or
 * does not answer in time, this tablet's verifier decides, for the read-only view only.
 */
export async function openWithManagerPin(rt: ManagerPinRuntime, manager: KioskManager, pin: string): Promise<ManagerPinOutcome> {
  // A manager wants the real session, so the service is asked even while it seems unreachable; a
  // network that is down fails at once, and one that hangs gets the short interactive budget.
  const waitMs = rt.reachability.unreachable() ? INTERACTIVE_BUDGET_MS : SLOW_ANSWER_WAIT_MS;
  const asking = rt.client.call(signInWithManagerPin, {
    path: { businessId: rt.kiosk.businessId, kioskId: rt.kiosk.kioskId },
    body: { userId: manager.userId, pin },
  });
  let answer: { value: ManagerPinSessionModel } | null;
  try {
    answer = await answerWithin(asking, waitMs);
  } catch (error) {
    const code = codeOf(error);
    if (code === 'wrong-manager-pin') {
      // A verifier that accepts what the service refuses is stale (the PIN was changed elsewhere).
      const verifier = (await readStore(rt.db)).verifiers[String(manager.userId)] ?? null;
      if ((await checkVerifier(rt.db, verifier, pin, rt.clock.now())) === 'match') await forgetManagerPin(rt.db, manager.userId);
      const left = isApiClientError(error) && error.kind === 'http' ? (error.problem?.attemptsLeft ?? null) : null;
      return { kind: 'wrong', attemptsLeft: left };
    }
    if (code === 'manager-pin-locked') {
      const seconds = isApiClientError(error) && error.kind === 'http' ? (error.retryAfterSeconds ?? 0) : 0;
      return { kind: 'locked', until: new Date(rt.clock.now().getTime() + seconds * 1000) };
    }
    if (code === 'manager-pin-not-set') {
      await forgetManagerPin(rt.db, manager.userId);
      return { kind: 'not-set' };
    }
    if (isApiClientError(error) && error.kind === 'http' && (error.status === 403 || error.status === 404)) return { kind: 'not-here' };
    if (isNetworkFailure(error)) return offline(rt, manager, pin);
    return { kind: 'failed', error };
  }
  // No answer in time: the tablet decides. A session granted later is held by nobody and simply expires.
  if (answer === null) {
    asking.catch(() => undefined);
    return offline(rt, manager, pin);
  }
  await learnManagerPin(rt.db, manager.userId, pin, rt.clock.now());
  return { kind: 'session', session: answer.value };
}
