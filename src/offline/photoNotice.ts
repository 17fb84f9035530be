/**
 * The photo notice on the tablet: whether a person reads it before their first photo, and keeping
 * that they did. Each person is asked once for the business: the service keeps acknowledgements
 * (tablets learn them with their policy), and this tablet remembers the ones made here until then,
 * so nobody is asked twice on it, online or not. The acknowledgement is queued in the outbox like a
 * punch (an entry of its own, sent in order before that person's punch; docs/sync-protocol.md), so
 * it survives an outage and never holds a punch back.
 */
import * as z from 'zod/mini';
import { uuid } from '../client/uuid';
import type { KioskDb } from './db';
import { OutboxRecord, readRecord } from './records';

/** The meta row listing the people who acknowledged the notice on this tablet. */
export const NOTICE_SEEN_KEY = 'photoNoticeSeen';
const Seen = z.array(z.int());

/** What the kiosk policy says about photos of the business's people (a slice of KioskPolicyModel). */
export interface PhotoNoticePolicy {
  photoExemptEmployeeIds: readonly number[];
  photoNoticeAcknowledgedEmployeeIds: readonly number[];
}

/**
 * Whether the person must read the notice before a photo is taken: not when exempt (no photo is
 * ever taken of them), nor once acknowledged anywhere the tablet has heard of. Without a policy yet
 * (a tablet never refreshed) the kiosk cannot know, so it asks.
 */
export function mustReadPhotoNotice(policy: PhotoNoticePolicy | null | undefined, seenHere: readonly number[], employeeId: number): boolean {
  if (policy?.photoExemptEmployeeIds.includes(employeeId)) return false;
  if (policy?.photoNoticeAcknowledgedEmployeeIds.includes(employeeId)) return false;
  return !seenHere.includes(employeeId);
}

/** The people who acknowledged the notice on this tablet (a damaged row reads as none). */
export async function acknowledgedHere(db: KioskDb): Promise<number[]> {
  return readRecord(Seen, (await db.meta.get(NOTICE_SEEN_KEY))?.value) ?? [];
}

/** Keeps the person's acknowledgement here and queues it for the service, in one transaction. */
export async function recordPhotoNoticeAcknowledgement(db: KioskDb, employeeId: number, at: Date): Promise<OutboxRecord> {
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const entry = OutboxRecord.parse({
      id: uuid(),
      op: 'photoNoticeAck',
      employeeId,
      body: { employeeId, acknowledgedUtc: at.toISOString() },
      createdAt: at.toISOString(),
      nextAttemptAt: 0,
      attempts: [],
    });
    await db.outbox.add(entry);
    const seen = await acknowledgedHere(db);
    if (!seen.includes(employeeId)) await db.meta.put({ key: NOTICE_SEEN_KEY, value: [...seen, employeeId] });
    return entry;
  });
}
