/**
 * What the kiosk screens ask for, as plain functions over the runtime: checking a PIN (pinCheck.ts,
 * re-exported), recording punches and
 * notes through the outbox, changing a PIN, asking for a reset, finding someone by number and
 * loading clock-on choices. Components render the outcomes; the rules live here and in the domain.
 */
import type { PunchKind } from '../domain/attendance';
import type { AttestationAnswerRecord } from '../domain/attestations';
import { choicesOfBody } from '../domain/clockOnPreselection';
import { isApiClientError } from '../client/errors';
import { enqueueNote, enqueuePunch, type EnqueueResult, type PunchClaim, type StatedFinish } from './enqueue';
import type { EnqueueErrorCode } from './refusals';
import type { KioskRuntime } from './kioskRuntime';
import { learnPin, verifyPinOffline } from './offlinePin';
import { OutboxRecord, readRecord, StaffRecord } from './records';
import { uuid } from '../client/uuid';
import { readKeptLookup, refreshLookup, type KioskLookupData } from './refreshKioskData';
import { readPinSealKey, sealPinChange } from './pinSeal';
import { keepHold, letGoOfHold } from './holdLocks';
import { requestBackgroundSync } from './storedSync';
import { answerWithin, askWithinBudget, SLOW_ANSWER_WAIT_MS } from './reachability';
import { adoptServerView } from './serverView';
import { CLOCK_OFF_HOLD_MS, HELD_PUNCHES, releaseHeldPunch, undoHeldPunch, type UndoOutcome } from './undoPunch';
import { journalPunch } from './workHistory';
import { recordPhotoNoticeAcknowledgement } from './photoNotice';

export { checkPinAtKiosk, type PinCheck } from './pinCheck';

export interface PunchReceipt {
  entryId: string;
  at: Date;
  /** The body queued for the service: what was recorded. */
  body: Readonly<Record<string, unknown>>;
}

/**
 * Records a punch locally and queues it (with its identity claim when unverified, its shift
 * correction when the person forgot to clock off, the answers given at a clock-off); the sync
 * engine delivers it.
 */
export async function punchAtKiosk(
  rt: KioskRuntime,
  employeeId: number,
  kind: PunchKind,
  fields: Record<string, unknown> = {},
  claim?: PunchClaim,
  correction?: StatedFinish,
  answers?: readonly AttestationAnswerRecord[],
): Promise<{ ok: true; receipt: PunchReceipt } | { ok: false; code: EnqueueErrorCode }> {
  const at = rt.clock.now();
  // The tablet's storage may refuse the write (full, or broken): the transaction then wrote
  // nothing, and the person is told so and can try again, rather than left on a frozen screen.
  const queued = await (async () => {
    const before = readRecord(StaffRecord, await rt.db.staff.get(employeeId));
    const result: EnqueueResult = await enqueuePunch(rt.db, {
      employeeId,
      kioskId: rt.kiosk.kioskId,
      kind,
      at,
      utcOffsetMinutes: -at.getTimezoneOffset(),
      fields,
      now: at,
      ...(claim ? { claim } : {}),
      ...(correction ? { correction } : {}),
      ...(answers && answers.length > 0 ? { answers } : {}),
      // A clock-off waits while its receipt offers the undo (undoPunch.ts); not a forgotten shift's,
      // whose finish was given on a screen of its own and whose receipt leads on to today's clock-on.
      ...(HELD_PUNCHES.has(kind) && !correction ? { holdMs: CLOCK_OFF_HOLD_MS } : {}),
    });
    return { before, result };
  })().catch((error: unknown) => {
    console.error('the kiosk could not store a punch', error);
    return null;
  });
  if (!queued) return { ok: false, code: 'storage-failed' };
  const { before, result } = queued;
  if (!result.ok) return { ok: false, code: result.error.code };
  // Before any sync is asked for, so a service worker that looks finds the receipt showing it.
  if (result.entry.heldUntil !== undefined) keepHold(result.entry.id);
  rt.sync.trigger();
  void requestBackgroundSync();
  const since = before?.local.clockOnTimeUtc;
  // For the receipt's hours (workHistory.ts), which follow it live: never delays or fails the punch.
  const choice = kind === 'clockOn' ? choicesOfBody(result.entry.body) : null;
  void journalPunch(rt.db, employeeId, {
    kind,
    at,
    isPaidBreak: fields.isPaidBreak === true,
    shiftStart: since ?? null,
    ...(choice ? { choice: { locationId: choice.locationId, workTypeId: choice.workTypeId, classificationId: choice.classificationId, dimensionValueIds: choice.dimensionValueIds } } : {}),
  }).catch(() => undefined);
  return { ok: true, receipt: { entryId: result.entry.id, at, body: result.entry.body } };
}

/** Takes back a clock-off while its receipt still offers it (undoPunch.ts); the screens say the outcome. */
export async function undoPunchAtKiosk(rt: KioskRuntime, entryId: string): Promise<UndoOutcome> {
  const outcome = await undoHeldPunch(rt.db, entryId, rt.clock.now().getTime());
  letGoOfHold(entryId);
  return outcome;
}

/** Lets a held punch go (its receipt went): sent at once. */
export async function releasePunchAtKiosk(rt: KioskRuntime, entryId: string): Promise<void> {
  await releaseHeldPunch(rt.db, entryId);
  // After the hold is gone from the outbox, so a service worker waiting on it finds it sendable.
  letGoOfHold(entryId);
  rt.sync.trigger();
}

/** The person read the photo notice: kept here at once, and queued for the service. */
export async function acknowledgePhotoNoticeAtKiosk(rt: KioskRuntime, employeeId: number): Promise<void> {
  await recordPhotoNoticeAcknowledgement(rt.db, employeeId, rt.clock.now());
  rt.sync.trigger();
  void requestBackgroundSync();
}

export async function noteAtKiosk(rt: KioskRuntime, employeeId: number, note: string, visibility: 'Visible' | 'Hidden') {
  const at = rt.clock.now();
  const result = await enqueueNote(rt.db, { employeeId, note, visibility, at });
  if (!result.ok) return { ok: false as const, code: result.error.code };
  rt.sync.trigger();
  void requestBackgroundSync();
  return { ok: true as const, receipt: { entryId: result.entry.id, at } };
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
    if (error.kind === 'http' && (error.code === 'invalid-pin' || error.code === 'pin-too-simple')) return { ok: false, reason: 'invalid', message: error.problem?.detail ?? '' };
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

/**
 * Clock-on pick-lists. A copy the kiosk refreshed within LOOKUP_MAX_AGE_MS is used at once, and
 * refreshed in the background for next time (the service checks the choices with the punch
 * anyway). Otherwise fresh from the service when it answers within the interactive budget, else
 * the older copy at once (a late answer still refreshes it); without any copy, a late answer is
 * waited for a little longer.
 */
export async function clockOnChoices(
  rt: KioskRuntime,
  employeeId: number,
): Promise<{ data: KioskLookupData | null; fromCache: boolean }> {
  const fresh = () => refreshLookup(rt.db, rt.client, rt.kiosk, employeeId, rt.clock.now());
  const kept = await readKeptLookup(rt.db, employeeId, rt.clock.now());
  if (kept?.fresh) {
    if (!rt.reachability.unreachable()) void fresh().catch(() => undefined);
    return { data: kept.data, fromCache: false };
  }
  try {
    const asked = await askWithinBudget(rt.reachability, fresh);
    if (asked.answered) return { data: asked.value, fromCache: false };
    if (kept || !asked.pending) return { data: kept?.data ?? null, fromCache: true };
    const answer = await answerWithin(asked.pending, SLOW_ANSWER_WAIT_MS);
    return answer ? { data: answer.value, fromCache: false } : { data: null, fromCache: true };
  } catch (error) {
    if (!isApiClientError(error)) throw error;
    return { data: kept?.data ?? null, fromCache: true };
  }
}
