/**
 * What the kiosk screens ask for, as plain functions over the runtime: checking a PIN (with the
 * service when it answers, against the offline verifier when it does not), recording punches and
 * notes through the outbox, changing a PIN, asking for a reset, finding someone by number and
 * loading clock-on choices. Components render the outcomes; the rules live here and in the domain.
 */
import type { UkTimeAndAttendanceLookupDataModel } from '../contract/generated/models';
import type { PunchKind } from '../domain/attendance';
import { afterFailure, attemptsLeft, isLocked, UNLOCKED, type LockoutState } from '../domain/pinPolicy';
import { isApiClientError } from '../client/errors';
import { enqueueNote, enqueuePunch, type EnqueueResult } from './enqueue';
import type { KioskRuntime } from './kioskRuntime';
import { forgetPin, learnPin, verifyPinOffline } from './offlinePin';
import { OutboxRecord, PinLockoutRecord, readRecord, readRecords, StaffRecord } from './records';
import { readLockoutPolicy, readLookup, refreshLookup, staffRecordFrom } from './refreshKioskData';
import { readPinSealKey, sealPinChange } from './pinSeal';
import { requestBackgroundSync } from './storedSync';
import { uuid } from '../client/uuid';

export type PinCheck =
  | { ok: true; employee: StaffRecord; pinExpired: boolean; checkedOffline: boolean }
  | { ok: false; reason: 'wrong'; attemptsLeft: number | null }
  | { ok: false; reason: 'locked'; until: Date }
  | { ok: false; reason: 'busy'; retryAfterSeconds: number | null }
  | { ok: false; reason: 'offline-unknown' | 'not-set' | 'no-longer-here' | 'unknown-employee' };

async function readLockout(rt: KioskRuntime, employeeId: number): Promise<PinLockoutRecord> {
  return readRecord(PinLockoutRecord, await rt.db.pinLockouts.get(employeeId)) ?? { employeeId, failedAttempts: 0, lockedUntil: null };
}

function asState(record: PinLockoutRecord): LockoutState {
  return { failedAttempts: record.failedAttempts, lockedUntil: record.lockedUntil ? new Date(record.lockedUntil) : null };
}

async function saveLockout(rt: KioskRuntime, record: PinLockoutRecord, state: LockoutState) {
  await rt.db.pinLockouts.put({ employeeId: record.employeeId, failedAttempts: state.failedAttempts, lockedUntil: state.lockedUntil?.toISOString() ?? null });
}

/** Adopts the service's view of an employee, replaying this kiosk's unsent punches on top. */
async function adoptServerView(rt: KioskRuntime, model: Parameters<typeof staffRecordFrom>[0]): Promise<StaffRecord> {
  return rt.db.transaction('rw', rt.db.staff, rt.db.outbox, async () => {
    const pending = readRecords(OutboxRecord, await rt.db.outbox.where('employeeId').equals(model.employeeId).sortBy('seq'));
    const previous = readRecord(StaffRecord, await rt.db.staff.get(model.employeeId));
    const record = staffRecordFrom(model, pending, rt.clock.now(), previous);
    await rt.db.staff.put(record);
    return record;
  });
}

async function checkOffline(rt: KioskRuntime, employeeId: number, pin: string, record: PinLockoutRecord): Promise<PinCheck> {
  const now = rt.clock.now();
  const staff = readRecord(StaffRecord, await rt.db.staff.get(employeeId));
  if (!staff) return { ok: false, reason: 'unknown-employee' };
  const result = await verifyPinOffline(rt.db, employeeId, pin, now);
  if (result === 'unknown') return { ok: false, reason: 'offline-unknown' };
  if (result === 'match') {
    await saveLockout(rt, record, UNLOCKED);
    return { ok: true, employee: staff, pinExpired: staff.pinExpired, checkedOffline: true };
  }
  const policy = await readLockoutPolicy(rt.db);
  const next = afterFailure(asState(record), now, policy);
  // The lockout and the report to the service are written together: the service learns of every
  // wrong PIN this kiosk saw, and applies the same lockout.
  await rt.db.transaction('rw', rt.db.pinLockouts, rt.db.outbox, async () => {
    await saveLockout(rt, record, next);
    await rt.db.outbox.add(
      OutboxRecord.parse({
        id: uuid(),
        op: 'pinFailures',
        employeeId,
        body: { employeeId, failedAttemptsUtc: [now.toISOString()] },
        createdAt: now.toISOString(),
        nextAttemptAt: 0,
        attempts: [],
      }),
    );
  });
  rt.sync.trigger();
  if (next.lockedUntil) return { ok: false, reason: 'locked', until: next.lockedUntil };
  return { ok: false, reason: 'wrong', attemptsLeft: attemptsLeft(next, policy) };
}

/** Checks a PIN: with the service when it answers, else against this kiosk's verifier. */
export async function checkPinAtKiosk(rt: KioskRuntime, employeeId: number, pin: string): Promise<PinCheck> {
  const record = await readLockout(rt, employeeId);
  const local = asState(record);
  if (isLocked(local, rt.clock.now()) && local.lockedUntil) return { ok: false, reason: 'locked', until: local.lockedUntil };
  try {
    const model = await rt.client.pins.checkPin(rt.kiosk, { employeeId, pin });
    await saveLockout(rt, record, UNLOCKED);
    const employee = await adoptServerView(rt, model);
    // Learn the verifier in the background; a failure only means no offline check for now.
    void learnPin(rt.db, employeeId, pin, rt.clock.now()).catch(() => undefined);
    return { ok: true, employee, pinExpired: model.pinExpired, checkedOffline: false };
  } catch (error) {
    if (!isApiClientError(error)) throw error;
    if (error.kind === 'network') return checkOffline(rt, employeeId, pin, record);
    if (error.kind !== 'http') throw error;
    if (error.code === 'wrong-pin') {
      // A verifier that accepts a PIN the service refuses is stale (the PIN changed elsewhere).
      if ((await verifyPinOffline(rt.db, employeeId, pin, rt.clock.now())) === 'match') await forgetPin(rt.db, employeeId);
      const left = error.problem?.attemptsLeft;
      return { ok: false, reason: 'wrong', attemptsLeft: typeof left === 'number' ? left : null };
    }
    if (error.code === 'pin-locked') {
      const until = new Date(rt.clock.now().getTime() + (error.retryAfterSeconds ?? (await readLockoutPolicy(rt.db)).lockoutMs / 1000) * 1000);
      await saveLockout(rt, record, { failedAttempts: 0, lockedUntil: until });
      return { ok: false, reason: 'locked', until };
    }
    if (error.code === 'pin-not-set') return { ok: false, reason: 'not-set' };
    // The service's rate limit for this kiosk (or its network address): nothing was checked.
    if (error.code === 'rate-limited') return { ok: false, reason: 'busy', retryAfterSeconds: error.retryAfterSeconds };
    if (error.code === 'not-kiosk-enabled' || error.status === 404) return { ok: false, reason: 'no-longer-here' };
    throw error;
  }
}

export interface PunchReceipt {
  entryId: string;
  at: Date;
  /** For clock-off: how long the shift ran. */
  shiftMs: number | null;
}

/** Records a punch locally and queues it; the sync engine delivers it. */
export async function punchAtKiosk(
  rt: KioskRuntime,
  employeeId: number,
  kind: PunchKind,
  fields: Record<string, unknown> = {},
): Promise<{ ok: true; receipt: PunchReceipt } | { ok: false; code: string }> {
  const at = rt.clock.now();
  const before = readRecord(StaffRecord, await rt.db.staff.get(employeeId));
  const result: EnqueueResult = await enqueuePunch(rt.db, {
    employeeId,
    kioskId: rt.kiosk.kioskId,
    kind,
    at,
    utcOffsetMinutes: -at.getTimezoneOffset(),
    fields,
    now: at,
  });
  if (!result.ok) return { ok: false, code: result.error.code };
  rt.sync.trigger();
  void requestBackgroundSync();
  const since = before?.local.clockOnTimeUtc;
  const shiftMs = kind === 'clockOff' && since ? at.getTime() - Date.parse(since) : null;
  return { ok: true, receipt: { entryId: result.entry.id, at, shiftMs } };
}

export async function noteAtKiosk(rt: KioskRuntime, employeeId: number, note: string, visibility: 'Visible' | 'Hidden') {
  const at = rt.clock.now();
  const result = await enqueueNote(rt.db, { employeeId, note, visibility, at });
  if (!result.ok) return { ok: false as const, code: result.error.code };
  rt.sync.trigger();
  void requestBackgroundSync();
  return { ok: true as const, receipt: { entryId: result.entry.id, at, shiftMs: null } };
}

export type ChangePinResult =
  | { ok: true; queued: boolean }
  | { ok: false; reason: 'wrong-old' | 'invalid' | 'locked' | 'needs-network'; message?: string };

/**
 * Offline, a PIN change is queued sealed (see pinSeal.ts) when the old PIN checks out against this
 * kiosk's verifier; the new PIN's verifier is learned at once so it works here straight away.
 */
async function queueSealedPinChange(rt: KioskRuntime, employeeId: number, oldPin: string, newPin: string): Promise<ChangePinResult> {
  const key = await readPinSealKey(rt.db);
  if (!key) return { ok: false, reason: 'needs-network' };
  const check = await verifyPinOffline(rt.db, employeeId, oldPin, rt.clock.now());
  if (check === 'unknown') return { ok: false, reason: 'needs-network' };
  if (check === 'mismatch') return { ok: false, reason: 'wrong-old' };
  const sealed = await sealPinChange(key, oldPin, newPin);
  const now = rt.clock.now();
  await rt.db.transaction('rw', rt.db.outbox, rt.db.staff, async () => {
    await rt.db.outbox.add(
      OutboxRecord.parse({
        id: uuid(),
        op: 'changePin',
        employeeId,
        body: { employeeId, keyId: key.keyId, sealed },
        createdAt: now.toISOString(),
        nextAttemptAt: 0,
        attempts: [],
      }),
    );
    const staff = readRecord(StaffRecord, await rt.db.staff.get(employeeId));
    if (staff) await rt.db.staff.put({ ...staff, pinExpired: false });
  });
  await learnPin(rt.db, employeeId, newPin, now);
  rt.sync.trigger();
  void requestBackgroundSync();
  return { ok: true, queued: true };
}

/** Changes a PIN: with the service when it answers, else sealed in the outbox. */
export async function changePinAtKiosk(rt: KioskRuntime, employeeId: number, oldPin: string, newPin: string): Promise<ChangePinResult> {
  try {
    const model = await rt.client.pins.changePin(rt.kiosk, { employeeId, oldPin, newPin });
    await adoptServerView(rt, model);
    await learnPin(rt.db, employeeId, newPin, rt.clock.now()).catch(() => undefined);
    return { ok: true, queued: false };
  } catch (error) {
    if (!isApiClientError(error)) throw error;
    if (error.kind === 'network') return queueSealedPinChange(rt, employeeId, oldPin, newPin);
    if (error.kind === 'http' && error.code === 'wrong-pin') return { ok: false, reason: 'wrong-old' };
    if (error.kind === 'http' && error.code === 'pin-locked') return { ok: false, reason: 'locked' };
    if (error.kind === 'http' && error.code === 'invalid-pin') return { ok: false, reason: 'invalid', message: error.problem?.detail ?? '' };
    throw error;
  }
}

export type ResetResult = { ok: true } | { ok: false; reason: 'needs-network' | 'sms-off' | 'no-contact' | 'too-soon' };

export async function requestPinResetAtKiosk(rt: KioskRuntime, employeeId: number, channel: 'email' | 'sms'): Promise<ResetResult> {
  try {
    if (channel === 'email') await rt.client.pins.emailReset(rt.kiosk, employeeId);
    else await rt.client.pins.smsReset(rt.kiosk, employeeId);
    return { ok: true };
  } catch (error) {
    if (!isApiClientError(error)) throw error;
    if (error.kind === 'network') return { ok: false, reason: 'needs-network' };
    if (error.kind === 'http' && error.code === 'sms-disabled') return { ok: false, reason: 'sms-off' };
    if (error.kind === 'http' && error.code === 'no-contact') return { ok: false, reason: 'no-contact' };
    if (error.kind === 'http' && error.code === 'reset-too-soon') return { ok: false, reason: 'too-soon' };
    throw error;
  }
}

/** Finds a kiosk employee by the number they typed: this kiosk's list first, then the service. */
export async function findByNumber(rt: KioskRuntime, employeeId: number): Promise<StaffRecord | null> {
  const known = readRecord(StaffRecord, await rt.db.staff.get(employeeId));
  if (known) return known;
  try {
    return await adoptServerView(rt, await rt.client.staff.checkId(rt.kiosk, employeeId));
  } catch (error) {
    if (isApiClientError(error) && (error.kind === 'network' || error.kind === 'http')) return null;
    throw error;
  }
}

/** Clock-on pick-lists: fresh from the service when it answers, else the copy kept on the kiosk. */
export async function clockOnChoices(
  rt: KioskRuntime,
  employeeId: number,
): Promise<{ data: UkTimeAndAttendanceLookupDataModel | null; fromCache: boolean }> {
  try {
    return { data: await refreshLookup(rt.db, rt.client, rt.kiosk, employeeId, rt.clock.now()), fromCache: false };
  } catch (error) {
    if (!isApiClientError(error)) throw error;
    return { data: await readLookup(rt.db, employeeId), fromCache: true };
  }
}
