/**
 * "My hours" on the tablet: the person's own record as the service last answered it (fetched when
 * they sign in, kept in the `meta` table to show offline, saying when it was fetched), and their
 * answers to it queued through the outbox like punches: a dispute of a line, a manager's reply
 * read, a manager's change acknowledged. What is queued and not yet sent is laid over the kept
 * copy, so the screen shows at once what the person did, online or offline.
 */
import * as z from 'zod/mini';
import { uuid } from '../client/uuid';
import { isApiClientError } from '../client/errors';
import { getMyHours, MyHoursModel } from '../contract/routes/myHours';
import { disputeNoteProblem } from '../domain/lineDisputes';
import type { ApiClient, KioskRef } from '../client';
import type { KioskClock } from './clock';
import type { KioskDb } from './db';
import type { Reachability } from './reachability';
import { answerWithin, askWithinBudget, SLOW_ANSWER_WAIT_MS } from './reachability';
import { keptHoursKey as keyOf } from './keptHours';
import { isoInstant, OutboxRecord, readRecord, readRecords } from './records';
import { requestBackgroundSync } from './storedSync';


/** What this needs of the kiosk runtime (not the runtime's module: the service worker reads this file, through device.ts). */
type KioskRuntime = { db: KioskDb; clock: KioskClock; reachability: Reachability; client: ApiClient; kiosk: KioskRef; sync: { trigger(): void } };
const Kept = z.object({ fetchedAt: isoInstant, hours: z.unknown() });

/** A dispute the tablet holds that the service has not received yet. */
export interface QueuedDispute {
  disputeKey: string;
  timesheetLineId: number | null;
  lineChangeId: number | null;
  note: string;
  raisedUtc: string;
}

export interface MyHoursView {
  /** The service's answer (null: the tablet never had one for this person). */
  hours: MyHoursModel | null;
  /** When that answer was fetched. */
  fetchedAt: string | null;
  /** True when the service could not be asked now: the screen says it shows what the tablet last had. */
  fromCache: boolean;
  queuedDisputes: QueuedDispute[];
  /** Replies read and changes acknowledged here, still on their way. */
  seenDisputeIds: number[];
  acknowledgedChangeIds: number[];
}

async function readKept(db: KioskDb, employeeId: number): Promise<{ hours: MyHoursModel; fetchedAt: string } | null> {
  const kept = readRecord(Kept, (await db.meta.get(keyOf(employeeId)))?.value);
  if (!kept) return null;
  const hours = MyHoursModel.safeParse(kept.hours);
  return hours.success ? { hours: hours.data, fetchedAt: kept.fetchedAt } : null;
}

async function fetchAndKeep(rt: KioskRuntime, employeeId: number): Promise<{ hours: MyHoursModel; fetchedAt: string }> {
  const hours = await rt.client.call(getMyHours, { path: { ...rt.kiosk, employeeId } });
  const fetchedAt = rt.clock.now().toISOString();
  await rt.db.meta.put({ key: keyOf(employeeId), value: { fetchedAt, hours } });
  return { hours, fetchedAt };
}

const QueuedDisputeBody = z.object({
  disputeKey: z.string(),
  timesheetLineId: z.optional(z.nullable(z.int())),
  lineChangeId: z.optional(z.nullable(z.int())),
  note: z.string(),
  raisedUtc: isoInstant,
});
const SeenBody = z.object({ disputeId: z.int() });
const AckBody = z.object({ lineChangeId: z.int() });

/** What the person did here that is still in the outbox. */
async function queuedAnswers(db: KioskDb, employeeId: number) {
  const entries = readRecords(OutboxRecord, await db.outbox.where('employeeId').equals(employeeId).sortBy('seq'));
  const queuedDisputes: QueuedDispute[] = [];
  const seenDisputeIds: number[] = [];
  const acknowledgedChangeIds: number[] = [];
  for (const entry of entries) {
    if (entry.op === 'lineDispute') {
      const body = readRecord(QueuedDisputeBody, entry.body);
      if (body) queuedDisputes.push({ ...body, timesheetLineId: body.timesheetLineId ?? null, lineChangeId: body.lineChangeId ?? null });
    } else if (entry.op === 'disputeSeen') {
      const body = readRecord(SeenBody, entry.body);
      if (body) seenDisputeIds.push(body.disputeId);
    } else if (entry.op === 'changeAcknowledged') {
      const body = readRecord(AckBody, entry.body);
      if (body) acknowledgedChangeIds.push(body.lineChangeId);
    }
  }
  return { queuedDisputes, seenDisputeIds, acknowledgedChangeIds };
}

/**
 * The person's record: the service's answer when it comes within the screens' budget, else the
 * tablet's copy (saying so); with what is queued laid over either.
 */
export async function loadMyHours(rt: KioskRuntime, employeeId: number): Promise<MyHoursView> {
  // The queue first: an entry gone from it by the time the service is asked was received before
  // the question, so the answer has it; read the other way round, one could be in neither.
  const queued = await queuedAnswers(rt.db, employeeId);
  const kept = await readKept(rt.db, employeeId);
  let got: { hours: MyHoursModel; fetchedAt: string } | null = null;
  try {
    const asked = await askWithinBudget(rt.reachability, () => fetchAndKeep(rt, employeeId));
    if (asked.answered) got = asked.value;
    else if (!kept && asked.pending) got = (await answerWithin(asked.pending, SLOW_ANSWER_WAIT_MS))?.value ?? null;
  } catch (error) {
    if (!isApiClientError(error)) throw error;
  }
  const shown = got ?? kept;
  return { hours: shown?.hours ?? null, fetchedAt: shown?.fetchedAt ?? null, fromCache: got === null, ...queued };
}

/** Replies not read and changes not acknowledged: what the person is told at sign-in. */
export function waitingForPerson(view: MyHoursView): { replies: number; changes: number } {
  const hours = view.hours;
  if (!hours) return { replies: 0, changes: 0 };
  const disputedChanges = new Set(view.queuedDisputes.flatMap((d) => (d.lineChangeId === null ? [] : [d.lineChangeId])));
  return {
    replies: hours.disputes.filter((d) => d.status === 'Resolved' && d.replySeenUtc === null && !view.seenDisputeIds.includes(d.id)).length,
    changes: hours.changes.filter((c) => c.acknowledgedUtc === null && !view.acknowledgedChangeIds.includes(c.id) && !disputedChanges.has(c.id)).length,
  };
}

export type DisputeResult = { ok: true } | { ok: false; code: 'invalid-note' };

async function enqueue(rt: KioskRuntime, op: 'lineDispute' | 'disputeSeen' | 'changeAcknowledged', employeeId: number, body: Record<string, unknown>, id = uuid()) {
  const entry = OutboxRecord.parse({ id, op, employeeId, body: { employeeId, ...body }, createdAt: rt.clock.now().toISOString(), nextAttemptAt: 0, attempts: [] });
  await rt.db.outbox.add(entry);
  rt.sync.trigger();
  void requestBackgroundSync();
}

/** Queues "this line is wrong" (a line, or a manager's change of one) with the person's note. */
export async function disputeAtKiosk(
  rt: KioskRuntime,
  employeeId: number,
  target: { timesheetLineId: number | null; lineChangeId: number | null },
  note: string,
): Promise<DisputeResult> {
  if (disputeNoteProblem(note)) return { ok: false, code: 'invalid-note' };
  const id = uuid();
  // The entry's id is the dispute's key too: a copy sent twice is one dispute.
  await enqueue(rt, 'lineDispute', employeeId, { disputeKey: id, ...target, note: note.trim(), raisedUtc: rt.clock.now().toISOString() }, id);
  return { ok: true };
}

/** Queues "I have read the manager's reply". */
export function replySeenAtKiosk(rt: KioskRuntime, employeeId: number, disputeId: number): Promise<void> {
  return enqueue(rt, 'disputeSeen', employeeId, { disputeId });
}

/** Queues "I have seen the manager's change". */
export function changeAcknowledgedAtKiosk(rt: KioskRuntime, employeeId: number, lineChangeId: number): Promise<void> {
  return enqueue(rt, 'changeAcknowledged', employeeId, { lineChangeId });
}
