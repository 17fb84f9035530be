/**
 * The sync engine: sends the outbox to the service, oldest first and strictly in order per
 * employee, one run at a time across tabs and the service worker.
 *
 * - Delivered (2xx): the entry is deleted and the service's answer becomes the employee's base
 *   state (unsent punches are replayed on top).
 * - Network failure: the run stops; the entry backs off and nothing else is tried.
 * - 5xx / 429: that employee's entries back off (honouring Retry-After); others carry on.
 * - 4xx: if the service already has what the punch wanted, the entry is reconciled; otherwise it
 *   moves to "needs attention" with the service's message, and the queue goes on without it.
 * - Held (a clock-off while it can still be undone, undoPunch.ts): not sent, forced or not; that
 *   employee's later entries wait behind it.
 * Entries are never dropped silently, and each is retried with its own Idempotency-Key, so a
 * response lost after the service committed cannot create a duplicate.
 */
import type { BasicKioskEmployeeModel } from '../contract/generated/models';
import { backoffDelayMs } from './backoff';
import type { KioskDb } from './db';
import { withExclusiveLock } from './exclusiveLock';
import { fromServerModel, punchKindOf, rebase } from './localState';
import { isAlreadyDone } from '../domain/attendance';
import { AttentionRecord, OutboxRecord, readRecord, readRecords, StaffRecord, type Attempt } from './records';
import { writeSyncStatus, type SyncReport } from './syncStatus';
import { isHeld } from './undoPunch';

export type { SyncReport };

export type SendOutcome =
  | { kind: 'delivered'; employee: BasicKioskEmployeeModel | null }
  | { kind: 'transient'; offline: boolean; status: number | null; retryAfterMs: number | null; message: string }
  | { kind: 'rejected'; status: number; code: string; message: string };

/** How entries reach the service (the typed client in the app; a fake in some unit tests). */
export interface OutboxTransport {
  /** Sends one entry; `shiftId` is resolved for notes. Never throws for HTTP or network failures. */
  send(entry: OutboxRecord, resolved: { shiftId: number | null }): Promise<SendOutcome>;
  /** The service's current view of one employee, to reconcile a refused punch; null when unreachable. */
  fetchEmployee(employeeId: number): Promise<BasicKioskEmployeeModel | null>;
}

export interface SyncDeps {
  db: KioskDb;
  transport: OutboxTransport;
  now?: () => number;
  random?: () => number;
  /** Sends entries that are backing off too ("Send now"): the manager knows the service is back. */
  force?: boolean;
}

const NOTHING_SENT: SyncReport = { delivered: 0, reconciled: 0, attention: 0, deferred: 0, retrying: 0, offline: false };

export const SYNC_LOCK_NAME = 'kiosk-clock-outbox-sync';

function attempt(now: number, outcome: Attempt['outcome'], extra: Omit<Attempt, 'at' | 'outcome'> = {}): Attempt {
  return { at: new Date(now).toISOString(), outcome, ...extra };
}

/** Recomputes an employee's local state from its server state and what is still queued. */
async function refreshLocal(db: KioskDb, employeeId: number, server?: BasicKioskEmployeeModel | null): Promise<void> {
  const staff = readRecord(StaffRecord, await db.staff.get(employeeId));
  if (!staff) return;
  const base = server ? fromServerModel(server) : staff.server;
  const pending = readRecords(OutboxRecord, await db.outbox.where('employeeId').equals(employeeId).sortBy('seq'));
  const pinExpired = server && 'pinExpired' in server && typeof server.pinExpired === 'boolean' ? server.pinExpired : staff.pinExpired;
  await db.staff.put({ ...staff, server: base, local: rebase(base, pending), pinExpired });
}

/** Points notes that waited for a clock-on at the shift that clock-on opened. */
async function resolveWaitingNotes(db: KioskDb, openerId: string, shiftId: number | null): Promise<void> {
  if (shiftId === null) return;
  const waiting = readRecords(OutboxRecord, await db.outbox.toArray()).filter(
    (e) => e.shiftRef && 'openedByEntry' in e.shiftRef && e.shiftRef.openedByEntry === openerId,
  );
  for (const note of waiting) {
    if (note.seq !== undefined) await db.outbox.update(note.seq, { shiftRef: { shiftId } });
  }
}

/** Removes a delivered (or reconciled) entry and adopts the service's view of the employee. */
async function settle(db: KioskDb, entry: OutboxRecord, employee: BasicKioskEmployeeModel | null) {
  await db.transaction('rw', db.outbox, db.staff, async () => {
    if (entry.seq !== undefined) await db.outbox.delete(entry.seq);
    if (entry.op === 'clockOn') await resolveWaitingNotes(db, entry.id, employee?.currentShiftId ?? null);
    await refreshLocal(db, entry.employeeId, employee);
  });
}

async function moveToAttention(db: KioskDb, entry: OutboxRecord, failure: { status: number | null; code: string | null; message: string }, now: number) {
  const moved = AttentionRecord.parse({
    ...entry,
    attempts: [...entry.attempts, attempt(now, 'rejected', { ...(failure.status ? { status: failure.status } : {}), ...(failure.code ? { code: failure.code } : {}), message: failure.message })],
    movedAt: new Date(now).toISOString(),
    status: failure.status,
    code: failure.code,
    message: failure.message,
  });
  await db.transaction('rw', db.outbox, db.attention, db.staff, async () => {
    if (entry.seq !== undefined) await db.outbox.delete(entry.seq);
    await db.attention.put(moved);
    await refreshLocal(db, entry.employeeId);
  });
}

async function scheduleRetry(db: KioskDb, entry: OutboxRecord, delayMs: number, record: Attempt, now: number) {
  if (entry.seq === undefined) return;
  await db.outbox.update(entry.seq, { nextAttemptAt: now + delayMs, attempts: [...entry.attempts, record] });
}

function shiftIdFor(entry: OutboxRecord): number | null | 'unresolved' {
  if (!entry.shiftRef) return null;
  return 'shiftId' in entry.shiftRef ? entry.shiftRef.shiftId : 'unresolved';
}

/** One pass over the outbox; returns what happened. Call through `syncOutbox` (locked). */
async function runSync({ db, transport, now = Date.now, random = Math.random, force = false }: SyncDeps): Promise<SyncReport> {
  const report: SyncReport = { ...NOTHING_SENT };
  // Employees whose queue stops for this run (an entry backing off or just failed): their later
  // entries wait, so order holds, and no entry is tried twice in one run, forced or not.
  const blocked = new Set<number>();
  let progressed = true;
  while (progressed && !report.offline) {
    progressed = false;
    const queued = readRecords(OutboxRecord, await db.outbox.orderBy('seq').toArray());
    for (const stale of queued) {
      if (blocked.has(stale.employeeId) || stale.seq === undefined) continue;
      // Settling an earlier entry may have changed or removed this one (notes get their shift).
      const entry = readRecord(OutboxRecord, await db.outbox.get(stale.seq));
      if (!entry) continue;
      // Held for its undo (undoPunch.ts): never sent, even when forced, so an undo can trust it never left.
      if (isHeld(entry, now())) {
        blocked.add(entry.employeeId);
        continue;
      }
      if (!force && entry.nextAttemptAt > now()) {
        blocked.add(entry.employeeId);
        report.deferred += 1;
        continue;
      }
      const shiftId = shiftIdFor(entry);
      if (shiftId === 'unresolved') {
        await moveToAttention(db, entry, { status: null, code: 'shift-unknown', message: 'The clock-on this note belongs to was not accepted by the service.' }, now());
        report.attention += 1;
        progressed = true;
        continue;
      }
      const outcome = await transport.send(entry, { shiftId });
      if (outcome.kind === 'delivered') {
        await settle(db, entry, outcome.employee);
        report.delivered += 1;
        progressed = true;
        continue;
      }
      if (outcome.kind === 'transient') {
        const failures = entry.attempts.filter((a) => a.outcome === 'network' || a.outcome === 'retry').length + 1;
        const record = attempt(now(), outcome.offline ? 'network' : 'retry', {
          ...(outcome.status ? { status: outcome.status } : {}),
          message: outcome.message,
        });
        await scheduleRetry(db, entry, backoffDelayMs(failures, outcome.retryAfterMs, random), record, now());
        blocked.add(entry.employeeId);
        if (outcome.offline) {
          report.offline = true;
          break;
        }
        report.retrying += 1;
        continue;
      }
      const kind = punchKindOf(entry);
      if (kind && outcome.status === 409) {
        const server = await transport.fetchEmployee(entry.employeeId);
        if (server && isAlreadyDone(kind, outcome.code, server.status)) {
          await settle(db, entry, server);
          report.reconciled += 1;
          progressed = true;
          continue;
        }
      }
      await moveToAttention(db, entry, { status: outcome.status, code: outcome.code, message: outcome.message }, now());
      report.attention += 1;
      progressed = true;
    }
  }
  return report;
}

/** What a finished run leaves the kiosk in: offline, still retrying something, or up to date. */
function stateAfter(report: SyncReport): 'offline' | 'retrying' | 'idle' {
  if (report.offline) return 'offline';
  return report.retrying > 0 || report.deferred > 0 ? 'retrying' : 'idle';
}

/** Runs one sync, exclusively across every tab and the service worker of this origin. */
export async function syncOutbox(deps: SyncDeps): Promise<SyncReport> {
  return withExclusiveLock(SYNC_LOCK_NAME, async () => {
    const now = deps.now ?? Date.now;
    // Known to be offline: sending could only fail and grow backoffs that would then hold the queue back after `online`.
    if ((globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false) {
      await writeSyncStatus(deps.db, { state: 'offline', at: now() });
      return { ...NOTHING_SENT, offline: true };
    }
    await writeSyncStatus(deps.db, { state: 'pushing', at: now() });
    try {
      const report = await runSync(deps);
      await writeSyncStatus(deps.db, { state: stateAfter(report), at: now(), report });
      return report;
    } catch (error) {
      await writeSyncStatus(deps.db, { state: 'error', at: now(), message: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  });
}
