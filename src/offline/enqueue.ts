/**
 * The transactional outbox: every punch (and note) is written to the outbox in the same IndexedDB
 * transaction that updates the employee's local state, before any network call, under a
 * client-generated UUID that later travels as the Idempotency-Key. The kiosk confirms from this
 * local state at once, online or offline; the sync engine delivers the entry afterwards.
 */
import { applyPunch, type PunchKind } from '../domain/attendance';
import type { AttestationAnswerRecord } from '../domain/attestations';
import { noteProblem } from '../domain/notes';
import { formatTimeSpan } from '../domain/time';
import type { KioskDb } from './db';
import { uuid } from '../client/uuid';
import { fromDomainState, toDomainState } from './localState';
import { punchBodyProblem } from './punchKinds';
import { OutboxRecord, readRecord, StaffRecord, type ShiftRef, type StoredAttendance } from './records';
import type { EnqueueErrorCode } from './refusals';
import { noteUnverifiedPunch, type IdentityClaimSeal } from './unverifiedPunch';

/** What an offline punch's identity claim carries: the PIN sealed, or the badge the tablet accepted. */
export type PunchClaim = IdentityClaimSeal | { badgeId: number };

export interface PunchRequestInput {
  employeeId: number;
  kioskId: number;
  kind: PunchKind;
  /** The time of record, from the server-corrected clock. */
  at: Date;
  /** The device's offset from UTC at `at`, in minutes (sent as a .NET TimeSpan). */
  utcOffsetMinutes: number;
  /** Extra body fields: locationId, workTypeId, shiftConditionIds, note, noteVisibility, image, isPaidBreak. */
  fields?: Record<string, unknown>;
  /** Decides whether a time is in the future (the corrected clock). */
  now: Date;
  /**
   * For an unverified offline punch: the person's PIN sealed for the service; for a punch after a
   * badge the tablet accepted offline: the badge. An identity claim naming the punch is queued
   * right after it, in the same transaction (docs/offline-pin.md, docs/badges.md).
   */
  claim?: PunchClaim;
  /**
   * For the clock-off of a person who forgot to clock off: when they say they finished. A
   * `shiftCorrection` entry naming the clock-off is queued right after it, in the same
   * transaction (docs/sync-protocol.md).
   */
  correction?: StatedFinish;
  /**
   * For a clock-off: the answers the person gave to the questions asked (domain/attestations.ts).
   * An `attestation` entry naming the clock-off is queued right after it, in the same transaction.
   */
  answers?: readonly AttestationAnswerRecord[];
  /**
   * Holds the entry back from the sync engine this long after `now` (ms), so it can still be
   * taken back: a clock-off's undo (undoPunch.ts).
   */
  holdMs?: number;
}

/** When a person who forgot to clock off says they finished, and whether they took the roster's end. */
export interface StatedFinish {
  statedFinishUtc: Date;
  suggestedBy: 'roster' | 'typed';
}

export type EnqueueResult =
  | { ok: true; entry: OutboxRecord; local: StoredAttendance }
  | { ok: false; error: { code: EnqueueErrorCode; message: string } };

/** Records a punch locally and queues it for the service, atomically. */
export async function enqueuePunch(db: KioskDb, input: PunchRequestInput): Promise<EnqueueResult> {
  return db.transaction('rw', db.staff, db.outbox, db.meta, async (): Promise<EnqueueResult> => {
    const staff = readRecord(StaffRecord, await db.staff.get(input.employeeId));
    if (!staff) return { ok: false, error: { code: 'unknown-employee', message: 'This employee is not known to the kiosk.' } };
    const outcome = applyPunch(toDomainState(staff.local), { kind: input.kind, at: input.at }, input.now);
    if (!outcome.ok) return { ok: false, error: outcome.error };
    const local = fromDomainState(outcome.state, input.kind === 'clockOn' ? null : staff.local.currentShiftId);
    const body = {
      ...input.fields,
      employeeId: input.employeeId,
      kioskId: input.kioskId,
      recordedTimeUtc: input.at.toISOString(),
      utcOffset: formatTimeSpan(input.utcOffsetMinutes),
    };
    // Checked against the contract now: a body the service would refuse is never queued.
    const problem = punchBodyProblem(input.kind, body);
    if (problem) return { ok: false, error: { code: 'invalid-entry', message: `This punch cannot be sent (${problem}).` } };
    const entry = OutboxRecord.parse({
      id: uuid(),
      op: input.kind,
      employeeId: input.employeeId,
      body,
      createdAt: input.at.toISOString(),
      nextAttemptAt: 0,
      ...(input.holdMs ? { heldUntil: input.now.getTime() + input.holdMs } : {}),
      attempts: [],
    });
    await db.staff.put({ ...staff, local });
    await db.outbox.add(entry);
    if (input.claim && input.kind !== 'discard') {
      await db.outbox.add(
        OutboxRecord.parse({
          id: uuid(),
          op: 'identityClaim',
          employeeId: input.employeeId,
          body: { employeeId: input.employeeId, punchKey: entry.id, punchKind: input.kind, recordedTimeUtc: body.recordedTimeUtc, ...input.claim },
          createdAt: input.at.toISOString(),
          nextAttemptAt: 0,
          attempts: [],
        }),
      );
      // The bound on unverified punches is for people whose PIN could not be checked, not badges.
      if ('sealedPin' in input.claim) await noteUnverifiedPunch(db, input.employeeId, input.at);
    }
    if (input.correction && input.kind === 'clockOff') {
      await db.outbox.add(
        OutboxRecord.parse({
          id: uuid(),
          op: 'shiftCorrection',
          employeeId: input.employeeId,
          body: {
            employeeId: input.employeeId,
            punchKey: entry.id,
            clockOffRecordedTimeUtc: body.recordedTimeUtc,
            statedFinishUtc: input.correction.statedFinishUtc.toISOString(),
            suggestedBy: input.correction.suggestedBy,
          },
          createdAt: input.at.toISOString(),
          nextAttemptAt: 0,
          attempts: [],
        }),
      );
    }
    if (input.answers && input.answers.length > 0 && input.kind === 'clockOff') {
      await db.outbox.add(
        OutboxRecord.parse({
          id: uuid(),
          op: 'attestation',
          employeeId: input.employeeId,
          body: { employeeId: input.employeeId, punchKey: entry.id, clockOffRecordedTimeUtc: body.recordedTimeUtc, answers: input.answers.map((a) => ({ ...a })) },
          createdAt: input.at.toISOString(),
          nextAttemptAt: 0,
          attempts: [],
        }),
      );
    }
    return { ok: true, entry, local };
  });
}

/**
 * Queues a note on the employee's open shift. When that shift was opened by a punch still in the
 * outbox, the note refers to that entry and gets the shift id once the punch is delivered.
 */
export async function enqueueNote(
  db: KioskDb,
  input: { employeeId: number; note: string; visibility: 'Visible' | 'Hidden'; at: Date },
): Promise<EnqueueResult> {
  const problem = noteProblem(input.note);
  if (problem) return { ok: false, error: { code: 'invalid-note', message: problem } };
  return db.transaction('rw', db.staff, db.outbox, async (): Promise<EnqueueResult> => {
    const staff = readRecord(StaffRecord, await db.staff.get(input.employeeId));
    if (!staff) return { ok: false, error: { code: 'unknown-employee', message: 'This employee is not known to the kiosk.' } };
    if (staff.local.status !== 'ClockedOn' && staff.local.status !== 'OnBreak') {
      return { ok: false, error: { code: 'no-open-shift', message: 'Notes can be left during a shift.' } };
    }
    let shiftRef: ShiftRef;
    if (staff.local.currentShiftId !== null) {
      shiftRef = { shiftId: staff.local.currentShiftId };
    } else {
      const pending = await db.outbox.where('employeeId').equals(input.employeeId).sortBy('seq');
      const opener = pending.filter((e) => e.op === 'clockOn').at(-1);
      if (!opener) return { ok: false, error: { code: 'no-open-shift', message: 'The open shift is not known yet.' } };
      shiftRef = { openedByEntry: opener.id };
    }
    const entry = OutboxRecord.parse({
      id: uuid(),
      op: 'addNote',
      employeeId: input.employeeId,
      body: { employeeId: input.employeeId, type: 'Shift', visibility: input.visibility, note: input.note.trim(), isAdminInitiated: false },
      shiftRef,
      createdAt: input.at.toISOString(),
      nextAttemptAt: 0,
      attempts: [],
    });
    await db.outbox.add(entry);
    return { ok: true, entry, local: staff.local };
  });
}
