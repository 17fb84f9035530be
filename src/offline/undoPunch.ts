/**
 * Taking back a clock-off tapped by mistake without breaking the outbox's exactly-once promise.
 * A clock-off (not a forgotten shift's: kioskOperations.ts) is queued *held* (`heldUntil`): the
 * sync engine sends no held entry, forced or not, so while the hold lasts the entry has provably
 * never left the tablet. An undo deletes it, with
 * the entries riding on it (an unverified punch's identity claim) and its line in the receipt
 * journal, in the one IndexedDB transaction that recomputes the person's local state from the
 * service's view and what is still queued. The hold ends when the receipt goes (released at once)
 * or at its time limit, whichever comes first; from then on the punch may be at the service, and
 * the undo says so instead of pretending. A page that loads (a reload, a crash, an update) shows no
 * receipt, since the screen's state is not kept: the holds it finds end at once, unless another
 * tab's receipt still offers them (holdLocks.ts), so a clock-off is never kept back for an undo
 * nobody can reach (and, if the network went meanwhile, until it is back).
 */
import type { PunchKind } from '../domain/attendance';
import type { KioskDb } from './db';
import { rebase } from './localState';
import { OutboxRecord, readRecord, readRecords, StaffRecord } from './records';
import { unjournalPunch } from './workHistory';

/** The longest a clock-off waits for its undo (a receipt normally releases it sooner). */
export const CLOCK_OFF_HOLD_MS = 30_000;
/** An undo this close to the hold's end is refused: the sync engine may be about to send it. */
const UNDO_MARGIN_MS = 1_000;

/** The punches queued held, for their undo. */
export const HELD_PUNCHES: ReadonlySet<PunchKind> = new Set(['clockOff']);

export function isHeld(entry: Pick<OutboxRecord, 'heldUntil'>, now: number): boolean {
  return entry.heldUntil !== undefined && entry.heldUntil > now;
}

export type UndoOutcome = 'undone' | 'already-sent';

/**
 * Takes back a held punch: deleted with its riders, the person's state as if it never happened.
 * 'already-sent' when it is gone from the outbox, no longer held, or was ever attempted.
 */
export async function undoHeldPunch(db: KioskDb, entryId: string, now: number): Promise<UndoOutcome> {
  return db.transaction('rw', db.outbox, db.staff, db.meta, async (): Promise<UndoOutcome> => {
    const entry = readRecord(OutboxRecord, await db.outbox.where('id').equals(entryId).first());
    if (!entry || entry.seq === undefined || !isHeld(entry, now + UNDO_MARGIN_MS) || entry.attempts.length > 0) return 'already-sent';
    const queued = readRecords(OutboxRecord, await db.outbox.where('employeeId').equals(entry.employeeId).sortBy('seq'));
    const riders = queued.filter((e) => e.body.punchKey === entry.id && (e.op === 'identityClaim' || e.op === 'shiftCorrection' || e.op === 'attestation'));
    const gone = new Set([entry.id, ...riders.map((e) => e.id)]);
    await db.outbox.bulkDelete([entry, ...riders].flatMap((e) => (e.seq === undefined ? [] : [e.seq])));
    const staff = readRecord(StaffRecord, await db.staff.get(entry.employeeId));
    if (staff) await db.staff.put({ ...staff, local: rebase(staff.server, queued.filter((e) => !gone.has(e.id))) });
    const kind = entry.op;
    if (kind === 'clockOff' && typeof entry.body.recordedTimeUtc === 'string') {
      await unjournalPunch(db, entry.employeeId, { kind, at: new Date(entry.body.recordedTimeUtc) });
    }
    return 'undone';
  });
}

/** Ends a punch's hold (its receipt went): it may be sent from now on. */
export async function releaseHeldPunch(db: KioskDb, entryId: string): Promise<void> {
  await db.outbox.where('id').equals(entryId).modify((entry: { heldUntil?: number }) => {
    delete entry.heldUntil;
  });
}

/**
 * Ends every hold but those another tab's receipt still offers (`shown`, from holdLocks.ts; null
 * where that cannot be known, which ends them all): the page has just loaded, so no receipt of its
 * own is on screen to offer an undo.
 */
export async function releaseUnshownHolds(db: KioskDb, shown: ReadonlySet<string> | null): Promise<void> {
  await db.outbox
    .filter((entry) => entry.heldUntil !== undefined && !(shown?.has(entry.id) ?? false))
    .modify((entry: { heldUntil?: number }) => {
      delete entry.heldUntil;
    });
}
