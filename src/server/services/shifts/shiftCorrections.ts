/**
 * Forgotten clock-offs (project extension). The kiosk clocked the person off when
 * they came back (the raw punch) and sends when they say they finished. The correction waits for
 * a manager and holds the shift's timesheet line back from approving itself; accepting it ends the
 * line at the stated finish (rounded like any kiosk line), rejecting it leaves the clock-off. Never a silent 30-hour line, never
 * a silently shortened one.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { ShiftCorrectionInputModel, ShiftCorrectionModel } from '../../../contract/supporting/shiftCorrections';
import type { CorrectionStatus } from '../../../domain/timesheets';
import { finishTimeProblem, isLineLocked } from '../../../domain/timesheets';
import { toLocalDateTime } from '../../../domain/time';
import { describePrincipal, type Principal } from '../../auth/principal';
import type { Database } from '../../db/openDatabase';
import { clockShifts, kiosks, shiftBreaks, shiftCorrections, timesheetLines } from '../../db/schema';
import { conflict, invalidField, notFound } from '../../errors/apiError';
import type { Page } from '../../lists/odata/planList';
import { employeeName, findOwnPunch, requireEmployeeOf } from '../punches/devicePunches';
import { timeOfRecord } from '../punches/punchChecks';
import { roundedLineTimes } from '../timesheets/timesheetLines';
import { withTransaction } from '../../db/transactions';
import { holdLineForManager } from '../timesheets/lineReview';
import { recordLineEvents } from '../webhooks/webhookPayloads';

type CorrectionRow = typeof shiftCorrections.$inferSelect;

async function toModel(db: Database, row: CorrectionRow): Promise<ShiftCorrectionModel> {
  const [shift] = row.shiftId ? await db.select({ startUtc: clockShifts.startUtc, zone: clockShifts.ianaTimeZone }).from(clockShifts).where(eq(clockShifts.id, row.shiftId)) : [];
  const [kiosk] = shift ? [] : await db.select({ zone: kiosks.ianaTimeZone }).from(kiosks).where(eq(kiosks.id, row.kioskId));
  const zone = shift?.zone ?? kiosk?.zone ?? 'UTC';
  return {
    id: row.id,
    employeeId: row.employeeId,
    employeeName: await employeeName(db, row.employeeId),
    kioskId: row.kioskId,
    shiftId: row.shiftId,
    timesheetLineId: row.timesheetLineId,
    clockOnUtc: shift?.startUtc.toISOString() ?? null,
    clockOffUtc: row.clockOffUtc.toISOString(),
    statedFinishUtc: row.statedFinishUtc.toISOString(),
    statedFinishLocal: toLocalDateTime(row.statedFinishUtc, zone),
    suggestedBy: row.suggestedBy,
    status: row.status,
    receivedUtc: row.receivedUtc.toISOString(),
    resolvedUtc: row.resolvedUtc?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
  };
}

export interface CorrectionContext {
  businessId: number;
  kioskId: number;
  principal: Principal;
  now: Date;
}

const finishMessages = {
  'before-clock-on': 'The stated finish must be after the clock-on.',
  'in-future': 'The stated finish must not be after the clock-off.',
  'before-break': 'The stated finish must be after the open break began.',
} as const;

/**
 * Records the correction of one clock-off: this device's clock-off of that employee at that
 * recorded time, at this kiosk. A second correction of the same clock-off (any key) answers the first.
 */
export async function submitCorrection(db: Database, ctx: CorrectionContext, body: ShiftCorrectionInputModel): Promise<ShiftCorrectionModel> {
  const clockOffAt = timeOfRecord(body.clockOffRecordedTimeUtc, ctx.now, 'clockOffRecordedTimeUtc');
  const stated = timeOfRecord(body.statedFinishUtc, ctx.now, 'statedFinishUtc');
  await requireEmployeeOf(db, ctx.businessId, body.employeeId);
  const byKey = and(eq(shiftCorrections.businessId, ctx.businessId), eq(shiftCorrections.kioskId, ctx.kioskId), eq(shiftCorrections.punchKey, body.punchKey));
  const [existing] = await db.select().from(shiftCorrections).where(byKey);
  if (existing) return toModel(db, existing);
  const punch = await findOwnPunch(db, ctx, body.employeeId, 'clockOff', clockOffAt);
  const [shift] = punch?.shiftId ? await db.select().from(clockShifts).where(eq(clockShifts.id, punch.shiftId)) : [];
  if (shift) {
    const [already] = await db.select().from(shiftCorrections).where(eq(shiftCorrections.shiftId, shift.id));
    if (already) return toModel(db, already);
    const [lastBreak] = await db
      .select({ startUtc: shiftBreaks.startUtc, endUtc: shiftBreaks.endUtc })
      .from(shiftBreaks)
      .where(eq(shiftBreaks.shiftId, shift.id))
      .orderBy(desc(shiftBreaks.startUtc))
      .limit(1);
    // A break the clock-off closed was still open when they left: they finished after it began.
    const closedByClockOff = lastBreak && (lastBreak.endUtc === null || lastBreak.endUtc.getTime() === shift.endUtc?.getTime());
    const openBreakStart = closedByClockOff ? lastBreak.startUtc : null;
    const problem = finishTimeProblem(stated, { clockOnUtc: shift.startUtc, breakStartUtc: openBreakStart }, shift.endUtc ?? clockOffAt);
    if (problem) throw invalidField('validation-failed', 'statedFinishUtc', finishMessages[problem]);
  } else if (stated.getTime() > clockOffAt.getTime()) {
    throw invalidField('validation-failed', 'statedFinishUtc', finishMessages['in-future']);
  }
  const lineId = shift?.timesheetLineId ?? null;
  // A flagged line is not approved by itself (approveIfMatchesRosterShift): a manager looks first.
  if (lineId !== null) await holdLineForManager(db, ctx.businessId, lineId, ctx.now);
  const [row] = await db
    .insert(shiftCorrections)
    .values({
      businessId: ctx.businessId,
      kioskId: ctx.kioskId,
      employeeId: body.employeeId,
      punchKey: body.punchKey,
      shiftId: shift?.id ?? null,
      timesheetLineId: lineId,
      clockOffUtc: shift?.endUtc ?? clockOffAt,
      statedFinishUtc: stated,
      suggestedBy: body.suggestedBy ?? 'typed',
      status: 'Pending',
      receivedUtc: ctx.now,
      principal: describePrincipal(ctx.principal),
    })
    .returning();
  if (!row) throw new Error('insert returned no correction');
  return toModel(db, row);
}

/** One page of the business's corrections with the status asked for, newest first. */
export async function listCorrections(db: Database, businessId: number, status: CorrectionStatus, page: Page): Promise<ShiftCorrectionModel[]> {
  const rows = await db
    .select()
    .from(shiftCorrections)
    .where(and(eq(shiftCorrections.businessId, businessId), eq(shiftCorrections.status, status)))
    .orderBy(desc(shiftCorrections.id))
    .limit(page.limit)
    .offset(page.offset);
  const out: ShiftCorrectionModel[] = [];
  for (const row of rows) out.push(await toModel(db, row));
  return out;
}

/**
 * Ends the line at the stated finish, as if the person had clocked off then: the clocked shift's raw
 * times with breaks cut at the finish, rounded by the business's rules and snapped to its roster
 * shift, exactly as a line is written at clock-off.
 */
async function endLineAt(db: Database, businessId: number, lineId: number, shiftId: number | null, finish: Date, now: Date): Promise<void> {
  const [line] = await db.select().from(timesheetLines).where(eq(timesheetLines.id, lineId)).for('update');
  if (!line) throw conflict('conflict', 'The timesheet line of this shift was deleted.');
  if (isLineLocked(line.status)) throw conflict('conflict', 'The timesheet line is processed and cannot be changed.');
  const [shift] = shiftId === null ? [] : await db.select().from(clockShifts).where(eq(clockShifts.id, shiftId));
  if (!shift) throw conflict('conflict', 'The clocked shift of this line is gone.');
  const rawBreaks = await db.select().from(shiftBreaks).where(eq(shiftBreaks.shiftId, shift.id)).orderBy(asc(shiftBreaks.startUtc));
  const breaks = rawBreaks
    .filter((b) => b.startUtc.getTime() < finish.getTime())
    .map((b) => ({ startUtc: b.startUtc, endUtc: new Date(Math.min((b.endUtc ?? finish).getTime(), finish.getTime())), isPaidBreak: b.isPaidBreak }));
  const rounded = await roundedLineTimes(db, businessId, { startUtc: shift.startUtc, endUtc: finish, breaks }, shift.ianaTimeZone, shift.rosterShiftId, shift.locationId);
  const [updated] = await db
    .update(timesheetLines)
    .set({ startUtc: rounded.startUtc, endUtc: rounded.endUtc, breaks: rounded.breaks, updatedAt: now })
    .where(eq(timesheetLines.id, lineId))
    .returning();
  if (updated) await recordLineEvents(db, businessId, [{ action: 'TimesheetUpdated', row: updated }], now);
}

/**
 * A manager's decision. Deciding the same way again answers it again; the other way is 409
 * `claim-decided`. In one transaction with the line it changes.
 */
export function decideCorrection(
  db: Database,
  ctx: { businessId: number; principal: Principal; now: Date },
  correctionId: number,
  decision: 'Accepted' | 'Rejected',
): Promise<ShiftCorrectionModel> {
  return withTransaction(db, async (tx) => {
    const scope = and(eq(shiftCorrections.id, correctionId), eq(shiftCorrections.businessId, ctx.businessId));
    const [row] = await tx.select().from(shiftCorrections).where(scope).for('update');
    if (!row) throw notFound('shift correction');
    if (row.status === decision) return toModel(tx, row);
    if (row.status !== 'Pending') throw conflict('claim-decided', `This correction is already ${row.status.toLowerCase()}.`);
    if (decision === 'Accepted') {
      if (row.timesheetLineId === null) throw conflict('conflict', 'There is no timesheet line to correct: the clock-off never reached the service.');
      await endLineAt(tx, ctx.businessId, row.timesheetLineId, row.shiftId, row.statedFinishUtc, ctx.now);
    }
    const resolvedBy = ctx.principal.kind === 'user' ? ctx.principal.email : describePrincipal(ctx.principal);
    const [updated] = await tx.update(shiftCorrections).set({ status: decision, resolvedUtc: ctx.now, resolvedBy }).where(scope).returning();
    if (!updated) throw new Error('correction vanished');
    return toModel(tx, updated);
  });
}
