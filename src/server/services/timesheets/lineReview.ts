/**
 * Holding a timesheet line back for a manager: a line the roster match approved by itself goes
 * back to Submitted when something about its shift needs a person to look (a stated finish of a
 * forgotten clock-off, an answer at clock-off reporting a missed break). A line a manager decided
 * keeps that decision.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase';
import { timesheetLines } from '../../db/schema';
import { withTransaction } from '../../db/transactions';
import { recordLineEvents } from '../webhooks/webhookPayloads';
import { ROSTER_MATCH_DECIDER } from './timesheetLines';

/** Reopens the line when the roster match approved it (raising TimesheetUpdated), in one transaction. */
export function holdLineForManager(db: Database, businessId: number, lineId: number, now: Date): Promise<void> {
  return withTransaction(db, async (tx) => {
    const [reopened] = await tx
      .update(timesheetLines)
      .set({ status: 'Submitted', decidedBy: null, decidedAt: null })
      .where(and(eq(timesheetLines.id, lineId), eq(timesheetLines.status, 'Approved'), eq(timesheetLines.decidedBy, ROSTER_MATCH_DECIDER)))
      .returning();
    if (reopened) await recordLineEvents(tx, businessId, [{ action: 'TimesheetUpdated', row: reopened }], now);
  });
}
