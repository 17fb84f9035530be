/**
 * What a manager can see on the tablet with no service: the tablet's own queue (punches and the
 * rest waiting to be sent, oldest first), who is on site as this tablet knows it (the service's
 * last word with this tablet's unsent punches replayed on top: the `local` state), the unverified
 * punches waiting for the service to check them, and the entries the service refused. Read only:
 * the read-only manager view shows this and changes nothing.
 */
import { isOnShift, PUNCH_KINDS, type AttendanceStatus, type PunchKind } from '../domain/attendance';
import type { KioskDb } from './db';
import { punchKindOf, recordedTimeOf } from './localState';
import { AttentionRecord, OutboxRecord, readRecords, StaffRecord, type OutboxOperation } from './records';

export interface QueuedItem {
  id: string;
  op: OutboxOperation;
  /** The punch it is, or (an unverified punch's claim) the punch it vouches for. */
  punchKind: PunchKind | null;
  employeeId: number;
  /** The name as this tablet knows it; null for someone no longer on its staff list. */
  name: string | null;
  /** The punch's time of record (a non-punch entry: when it was queued). */
  at: Date;
  attempts: number;
  /** The last try's failure, in the service's words when it answered. */
  lastError: string | null;
}

export interface OnSiteItem {
  employeeId: number;
  name: string;
  status: Extract<AttendanceStatus, 'ClockedOn' | 'OnBreak'>;
  since: Date | null;
  /** True while a punch of theirs waits in the queue (the service has not seen it yet). */
  hasUnsent: boolean;
}

export interface OfflineOverview {
  queue: QueuedItem[];
  onSite: OnSiteItem[];
  /** Punches recorded without a PIN check, each waiting with its sealed PIN (the `identityClaim` entries). */
  unverified: QueuedItem[];
  attention: QueuedItem[];
}

function itemOf(entry: OutboxRecord, names: ReadonlyMap<number, string>, lastError: string | null): QueuedItem {
  const claimed = entry.body.punchKind;
  const punchKind = punchKindOf(entry) ?? (PUNCH_KINDS.find((kind) => kind === claimed) ?? null);
  const isPunch = punchKindOf(entry) !== null || entry.op === 'identityClaim';
  return {
    id: entry.id,
    op: entry.op,
    punchKind,
    employeeId: entry.employeeId,
    name: names.get(entry.employeeId) ?? null,
    at: isPunch ? recordedTimeOf(entry) : new Date(entry.createdAt),
    attempts: entry.attempts.length,
    lastError,
  };
}

/** Reads the overview from IndexedDB; damaged records are left out, never trusted. */
export async function readOfflineOverview(db: KioskDb): Promise<OfflineOverview> {
  const [staff, outbox, attention] = await Promise.all([
    db.staff.orderBy('sortName').toArray().then((rows) => readRecords(StaffRecord, rows)),
    db.outbox.orderBy('seq').toArray().then((rows) => readRecords(OutboxRecord, rows)),
    db.attention.orderBy('movedAt').toArray().then((rows) => readRecords(AttentionRecord, rows)),
  ]);
  const names = new Map(staff.map((person) => [person.employeeId, person.name]));
  const queue = outbox.map((entry) => itemOf(entry, names, entry.attempts.at(-1)?.message ?? null));
  const badgeClaims = new Set(outbox.filter((entry) => entry.op === 'identityClaim' && typeof entry.body.badgeId === 'number').map((entry) => entry.id));
  const waiting = new Set(outbox.filter((entry) => punchKindOf(entry) !== null).map((entry) => entry.employeeId));
  const onSite: OnSiteItem[] = [];
  for (const person of staff) {
    const { status, clockOnTimeUtc } = person.local;
    if (!isOnShift(status) || (status !== 'ClockedOn' && status !== 'OnBreak')) continue;
    onSite.push({ employeeId: person.employeeId, name: person.name, status, since: clockOnTimeUtc ? new Date(clockOnTimeUtc) : null, hasUnsent: waiting.has(person.employeeId) });
  }
  return {
    queue,
    onSite,
    // A badge's claim (a badge the tablet accepted offline) is not an unverified PIN punch.
    unverified: queue.filter((item) => item.op === 'identityClaim' && !badgeClaims.has(item.id)),
    attention: attention.map((entry) => itemOf(entry, names, entry.message)),
  };
}
