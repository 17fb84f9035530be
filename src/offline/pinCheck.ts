/**
 * Checking a PIN at the kiosk: with the service when it answers within the interactive budget,
 * else against this tablet's verifier at once, with the service's later answer reconciling
 * (docs/offline-pin.md). Wrong PINs checked offline lock out locally and are reported to the
 * service through the outbox, once.
 */
import type { KioskEmployeeModel } from '../contract/generated/models';
import { afterFailure, attemptsLeft, isLocked, UNLOCKED, type LockoutState } from '../domain/pinPolicy';
import { isApiClientError } from '../client/errors';
import { uuid } from '../client/uuid';
import type { KioskRuntime } from './kioskRuntime';
import { forgetPin, learnPin, verifyPinOffline } from './offlinePin';
import { answerWithin, askWithinBudget, SLOW_ANSWER_WAIT_MS } from './reachability';
import { OutboxRecord, PinLockoutRecord, readRecord, StaffRecord } from './records';
import { readLockoutPolicy } from './refreshKioskData';
import { adoptServerView } from './serverView';
import { DEVICE_CALL_TIMEOUT_MS } from './deviceConnection';

export type PinCheck =
  | { ok: true; employee: StaffRecord; pinExpired: boolean; checkedOffline: boolean }
  | { ok: false; reason: 'wrong'; attemptsLeft: number | null }
  | { ok: false; reason: 'locked'; until: Date }
  | { ok: false; reason: 'busy'; retryAfterSeconds: number | null }
  | { ok: false; reason: 'offline-unknown' | 'not-set' | 'no-longer-here' | 'unknown-employee' }
  /** A PIN reset's one-time code that was already used, or is past its day. */
  | { ok: false; reason: 'reset-used' | 'reset-expired' };

async function readLockout(rt: KioskRuntime, employeeId: number): Promise<PinLockoutRecord> {
  return readRecord(PinLockoutRecord, await rt.db.pinLockouts.get(employeeId)) ?? { employeeId, failedAttempts: 0, lockedUntil: null };
}

function asState(record: PinLockoutRecord): LockoutState {
  return { failedAttempts: record.failedAttempts, lockedUntil: record.lockedUntil ? new Date(record.lockedUntil) : null };
}

async function saveLockout(rt: KioskRuntime, record: PinLockoutRecord, state: LockoutState) {
  await rt.db.pinLockouts.put({ employeeId: record.employeeId, failedAttempts: state.failedAttempts, lockedUntil: state.lockedUntil?.toISOString() ?? null });
}

/** An offline PIN check, with the id of the wrong-PIN report it queued (if it queued one). */
interface OfflineCheck {
  check: PinCheck;
  reportId: string | null;
}

/**
 * Checks a PIN against this tablet's verifier. A wrong PIN locks out locally and queues its
 * report to the service; with `answerPending` (the service may yet count this attempt itself) the
 * report is held back until that answer settles (reconcileLateAnswer), or for the client's whole
 * timeout if the page goes away meanwhile.
 */
async function checkOffline(rt: KioskRuntime, employeeId: number, pin: string, record: PinLockoutRecord, answerPending: boolean): Promise<OfflineCheck> {
  const now = rt.clock.now();
  const staff = readRecord(StaffRecord, await rt.db.staff.get(employeeId));
  if (!staff) return { check: { ok: false, reason: 'unknown-employee' }, reportId: null };
  const result = await verifyPinOffline(rt.db, employeeId, pin, now);
  if (result === 'unknown') return { check: { ok: false, reason: 'offline-unknown' }, reportId: null };
  if (result === 'match') {
    await saveLockout(rt, record, UNLOCKED);
    return { check: { ok: true, employee: staff, pinExpired: staff.pinExpired, checkedOffline: true }, reportId: null };
  }
  const policy = await readLockoutPolicy(rt.db);
  const next = afterFailure(asState(record), now, policy);
  const reportId = uuid();
  // The lockout and the report to the service are written together: the service learns of every
  // wrong PIN this kiosk saw, and applies the same lockout.
  await rt.db.transaction('rw', rt.db.pinLockouts, rt.db.outbox, async () => {
    await saveLockout(rt, record, next);
    await rt.db.outbox.add(
      OutboxRecord.parse({
        id: reportId,
        op: 'pinFailures',
        employeeId,
        body: { employeeId, failedAttemptsUtc: [now.toISOString()] },
        createdAt: now.toISOString(),
        nextAttemptAt: answerPending ? now.getTime() + DEVICE_CALL_TIMEOUT_MS + 1_000 : 0,
        attempts: [],
      }),
    );
  });
  if (!answerPending) rt.sync.trigger();
  if (next.lockedUntil) return { check: { ok: false, reason: 'locked', until: next.lockedUntil }, reportId };
  return { check: { ok: false, reason: 'wrong', attemptsLeft: attemptsLeft(next, policy) }, reportId };
}

/** The service accepted the PIN: its view of the employee is adopted and the verifier learned. */
async function acceptedOnline(rt: KioskRuntime, record: PinLockoutRecord, employeeId: number, pin: string, model: KioskEmployeeModel): Promise<PinCheck> {
  await saveLockout(rt, record, UNLOCKED);
  const employee = await adoptServerView(rt, model);
  // Learn the verifier in the background; a failure only means no offline check for now. A
  // sign-in that must choose a new PIN (a reset's one-time code, or a PIN a manager set to be
  // changed) teaches nothing: the verifier of the current PIN stays, and the new PIN is learned
  // when it is chosen (kioskOperations.changePinAtKiosk).
  if (!model.pinExpired) void learnPin(rt.db, employeeId, pin, rt.clock.now()).catch(() => undefined);
  return { ok: true, employee, pinExpired: model.pinExpired, checkedOffline: false };
}

/** The service refused the PIN check: what that means at the keypad. */
async function refusedOnline(rt: KioskRuntime, record: PinLockoutRecord, employeeId: number, pin: string, error: unknown): Promise<PinCheck> {
  if (!isApiClientError(error) || error.kind !== 'http') throw error;
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
  if (error.code === 'reset-code-used') return { ok: false, reason: 'reset-used' };
  if (error.code === 'reset-code-expired') return { ok: false, reason: 'reset-expired' };
  // The service's rate limit for this kiosk (or its network address): nothing was checked.
  if (error.code === 'rate-limited') return { ok: false, reason: 'busy', retryAfterSeconds: error.retryAfterSeconds };
  if (error.code === 'not-kiosk-enabled' || error.status === 404) return { ok: false, reason: 'no-longer-here' };
  throw error;
}

/**
 * The service's answer to a check the tablet already decided offline, when it comes: a verifier
 * the service contradicts is forgotten (or replaced by the PIN it accepted, which also lifts what
 * the tablet counted against it), and a wrong PIN the service counted itself is not reported to it
 * a second time.
 */
function reconcileLateAnswer(rt: KioskRuntime, record: PinLockoutRecord, employeeId: number, pin: string, offline: OfflineCheck, answer: Promise<KioskEmployeeModel>) {
  const report = offline.reportId ? rt.db.outbox.where('id').equals(offline.reportId) : null;
  // The service counted this attempt itself (or found the PIN right): the report is not needed.
  const dropReport = async () => {
    await report?.delete();
  };
  // No answer: the service never saw the attempt, so the report goes out now.
  const releaseReport = async () => {
    if (!report) return;
    await report.modify({ nextAttemptAt: 0 });
    rt.sync.trigger();
  };
  answer
    .then(
      async (model) => {
        // The PIN was right after all: what the tablet counted against it is undone too.
        await dropReport();
        await acceptedOnline(rt, record, employeeId, pin, model);
      },
      async (error: unknown) => {
        if (!isApiClientError(error) || error.kind !== 'http' || error.code !== 'wrong-pin') return releaseReport();
        await dropReport();
        if (offline.check.ok) await forgetPin(rt.db, employeeId);
      },
    )
    .catch(() => undefined);
}

/**
 * Checks a PIN: with the service when it answers within the interactive budget, else against
 * this kiosk's verifier at once (the service's later answer reconciles). Only a person the tablet
 * holds no verifier for waits longer on a slow service, for at most SLOW_ANSWER_WAIT_MS.
 */
export async function checkPinAtKiosk(rt: KioskRuntime, employeeId: number, pin: string): Promise<PinCheck> {
  const record = await readLockout(rt, employeeId);
  const local = asState(record);
  if (isLocked(local, rt.clock.now()) && local.lockedUntil) return { ok: false, reason: 'locked', until: local.lockedUntil };
  const ask = () => rt.client.pins.checkPin(rt.kiosk, { employeeId, pin });
  try {
    const asked = await askWithinBudget(rt.reachability, ask);
    if (asked.answered) return await acceptedOnline(rt, record, employeeId, pin, asked.value);
    const offline = await checkOffline(rt, employeeId, pin, record, asked.pending !== null);
    if (offline.check.ok || offline.check.reason !== 'offline-unknown') {
      if (asked.pending) reconcileLateAnswer(rt, record, employeeId, pin, offline, asked.pending);
      return offline.check;
    }
    // Nothing on this tablet decides for this person: the service's answer is the only one.
    const answer = await answerWithin(asked.pending ?? ask(), SLOW_ANSWER_WAIT_MS);
    return answer ? await acceptedOnline(rt, record, employeeId, pin, answer.value) : offline.check;
  } catch (error) {
    return refusedOnline(rt, record, employeeId, pin, error);
  }
}
