/**
 * What a manager can do with an entry that needs attention: send it again (after fixing the cause,
 * e.g. granting kiosk access back) or dismiss it. Both are explicit; nothing leaves this list by
 * itself.
 */
import type { KioskDb } from './db';
import { AttentionRecord, OutboxRecord, readRecord } from './records';

/** Puts the entry back at the end of the outbox, due now, with the same Idempotency-Key. */
export async function retryAttention(db: KioskDb, id: string): Promise<boolean> {
  return db.transaction('rw', db.attention, db.outbox, async () => {
    const entry = readRecord(AttentionRecord, await db.attention.get(id));
    if (!entry) return false;
    const { movedAt: _movedAt, status: _status, code: _code, message: _message, seq: _seq, ...rest } = entry;
    await db.attention.delete(id);
    await db.outbox.add(OutboxRecord.parse({ ...rest, nextAttemptAt: 0 }));
    return true;
  });
}

/** Removes an entry the manager has dealt with by other means. */
export async function dismissAttention(db: KioskDb, id: string): Promise<void> {
  await db.attention.delete(id);
}
