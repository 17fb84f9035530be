/**
 * `POST B/rostershift/{rosterShiftId}/stub` (contract 2.8): a timesheet line written from a roster
 * shift, for a person who worked it as rostered without clocking. The line is Submitted (a manager
 * still approves it), carries the shift's times, breaks, location and work type and the caller's
 * note as its comments, and names the roster shift (timesheet_lines.roster_shift_id), so a shift
 * gets at most one line: a stub of a shift that already has one (stubbed, or clocked and matched
 * to it) changes nothing. Source `IntegratedRostering`: of the vendor's ExternalService values it
 * is the one for lines that come from the business's own roster (`RosterTemplate` names roster
 * templates, `RosterLive` another product).
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase';
import { rosterShiftBreaks, rosterShifts, timesheetLines } from '../../db/schema';
import { invalidField, notFound } from '../../errors/apiError';
import { SUBMITTED } from '../timesheets/timesheetLines';
import { withTransaction } from '../../db/transactions';
import { recordLineEvents } from '../webhooks/webhookPayloads';

export const ROSTER_LINE_SOURCE = 'IntegratedRostering';

export interface StubContext {
  businessId: number;
  /** Who asked (shown as the line's submitter). */
  submittedBy: string;
  now: Date;
}

/** Writes the line of a roster shift unless it has one; returns the line's id, or null when it already had one. */
export async function stubRosterShift(db: Database, ctx: StubContext, rosterShiftId: number, note: string | null | undefined): Promise<number | null> {
  return withTransaction(db, async (tx) => {
    const [shift] = await tx
      .select()
      .from(rosterShifts)
      .where(and(eq(rosterShifts.id, rosterShiftId), eq(rosterShifts.businessId, ctx.businessId)))
      .for('update');
    if (!shift) throw notFound(`Roster shift ${rosterShiftId}`);
    if (shift.employeeId === null) {
      throw invalidField('validation-failed', 'rosterShiftId', 'The roster shift has no employee, so it has no timesheet to write.');
    }
    const [existing] = await tx
      .select({ id: timesheetLines.id })
      .from(timesheetLines)
      .where(and(eq(timesheetLines.businessId, ctx.businessId), eq(timesheetLines.rosterShiftId, shift.id)))
      .limit(1);
    if (existing) return null;
    const breaks = await tx.select().from(rosterShiftBreaks).where(eq(rosterShiftBreaks.rosterShiftId, shift.id));
    const [line] = await tx
      .insert(timesheetLines)
      .values({
        businessId: ctx.businessId,
        employeeId: shift.employeeId,
        startUtc: shift.startUtc,
        endUtc: shift.endUtc,
        ianaTimeZone: shift.ianaTimeZone,
        workTypeId: shift.workTypeId,
        locationId: shift.locationId,
        comments: note?.trim() || null,
        breaks: breaks
          .sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime())
          .map((b) => ({ startUtc: b.startUtc.toISOString(), endUtc: b.endUtc.toISOString(), isPaidBreak: b.isPaidBreak })),
        status: SUBMITTED,
        source: ROSTER_LINE_SOURCE,
        submittedByUser: ctx.submittedBy,
        rosterShiftId: shift.id,
        updatedAt: ctx.now,
      })
      .returning();
    if (!line) throw new Error('insert returned no timesheet line');
    await recordLineEvents(tx, ctx.businessId, [{ action: 'TimesheetCreated', row: line }], ctx.now);
    return line.id;
  });
}
