/**
 * Timesheet lines written by hand (contract 2.9): create (with `enforceUniqueExternalId`), update
 * and delete. Each runs in one transaction: a Processed line is never changed or deleted (domain
 * isLineLocked), a status moves only as domain canMoveTimesheet allows and records who decided,
 * and a kiosk line keeps its clocked shift, roster shift and zone. New lines are in the business's
 * zone. Bulk writes reuse the same pieces (timesheetBulk.ts). Each write raises its Timesheet*
 * web hook event in its transaction (webhookPayloads.ts), and keeps what it did to the person's
 * line, before and after, for the person to read (myHours/lineChanges.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { UkIndividualTimesheetLineModelInput } from '../../../contract/generated/models';
import { canMoveTimesheet, isLineLocked, isTimesheetStatus, type TimesheetStatus } from '../../../domain/timesheets';
import type { Database } from '../../db/openDatabase';
import { businesses, clockShifts, employees, timesheetLines } from '../../db/schema';
import { conflict, invalidField, notFound } from '../../errors/apiError';
import { requireEmployeeId } from '../people/kioskEmployees';
import { loadReferenceData } from '../referenceData/references';
import { readSettings } from '../businesses/settings';
import { planLine, type PlannedLine } from './timesheetInput';
import { storedTimesOf, type TimesheetLineRow } from './timesheetLineShapes';
import { dimensionValuesForLines } from '../referenceData/reportingDimensions';
import { readInTurn, withTransaction } from '../../db/transactions';
import { lineChangeEvent, recordLineEvents, recordLinesDeleted } from '../webhooks/webhookPayloads';
import { recordLineChange } from '../myHours/lineChanges';

/** Who writes and when. */
export interface WriteContext {
  businessId: number;
  /** The decider's label (a user's e-mail), kept as submittedByUser / decided_by. */
  who: string;
  now: Date;
}

/** Where hand-written lines come from (the vendor's source for API-written lines). */
export const MANUAL_LINE_SOURCE = 'API';

/** The business's zone: hand-written lines are read and shown in it. */
export async function businessZone(db: Database, businessId: number): Promise<string> {
  const [row] = await db.select({ zone: businesses.ianaTimeZone }).from(businesses).where(eq(businesses.id, businessId));
  if (!row) throw notFound(`Business ${businessId}`);
  return row.zone;
}

/** The employee of a line, of this business (404 otherwise). */
export async function requireLineEmployee(db: Database, businessId: number, employeeId: number) {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, employeeId), eq(employees.businessId, businessId)));
  if (!row) throw notFound(`Employee ${employeeId}`);
  return row.id;
}

/** The status a new line starts in: Submitted unless asked otherwise (never straight to Processed). */
export function initialStatus(requested: string | null | undefined, field = 'status'): TimesheetStatus {
  const status = requested ?? 'Submitted';
  if (!isTimesheetStatus(status)) throw invalidField('validation-failed', field, `${field} must be Submitted, Approved, Rejected or Processed.`);
  if (!canMoveTimesheet('Submitted', status)) {
    throw invalidField('validation-failed', field, 'A new line cannot be Processed: only an Approved line is processed.');
  }
  return status;
}

/**
 * Holds the business's lock on an external id until the transaction ends, then refuses the id if
 * a line has it: two racing creates with the same id serialize here, and the second sees the first.
 */
export async function claimExternalId(tx: Database, businessId: number, externalId: string | null, field = 'externalId'): Promise<string> {
  if (externalId === null) throw invalidField('validation-failed', field, 'externalId is required with enforceUniqueExternalId=true.');
  await tx.execute(sql`select pg_advisory_xact_lock(${businessId}::integer, hashtext(${`timesheet-external-id:${externalId}`}))`);
  const [taken] = await tx
    .select({ id: timesheetLines.id })
    .from(timesheetLines)
    .where(and(eq(timesheetLines.businessId, businessId), eq(timesheetLines.externalId, externalId)))
    .limit(1);
  if (taken) throw conflict('conflict', `Timesheet line ${taken.id} already has the external id '${externalId}'.`);
  return externalId;
}

/** The row values of a new hand-written line. */
export function newLineValues(ctx: WriteContext, employeeId: number, zone: string, plan: PlannedLine, status: TimesheetStatus) {
  const decided = status === 'Submitted' ? {} : { decidedBy: ctx.who, decidedAt: ctx.now };
  return {
    ...plan,
    businessId: ctx.businessId,
    employeeId,
    ianaTimeZone: zone,
    status,
    source: MANUAL_LINE_SOURCE,
    submittedByUser: ctx.who,
    createdAt: ctx.now,
    ...decided,
  };
}

/** POST B/timesheet. */
export function createLine(
  db: Database,
  ctx: WriteContext,
  body: UkIndividualTimesheetLineModelInput,
  options: { enforceUniqueExternalId: boolean },
): Promise<TimesheetLineRow> {
  return withTransaction(db, async (tx) => {
    const employeeId = await requireLineEmployee(tx, ctx.businessId, requireEmployeeId(body.employeeId));
    const [zone, refs, settings] = await readInTurn(
      () => businessZone(tx, ctx.businessId),
      () => loadReferenceData(tx, ctx.businessId),
      () => readSettings(tx, ctx.businessId, 'timesheet'),
    );
    const dimensionValues = await dimensionValuesForLines(tx, ctx.businessId, body.dimensionValueIds ?? []);
    const plan = planLine(body, { refs, settings, zone, dimensionValues });
    const status = initialStatus(body.status);
    if (options.enforceUniqueExternalId) await claimExternalId(tx, ctx.businessId, plan.externalId);
    const [row] = await tx.insert(timesheetLines).values(newLineValues(ctx, employeeId, zone, plan, status)).returning();
    if (!row) throw new Error('insert returned no timesheet line');
    await recordLineEvents(tx, ctx.businessId, [{ action: 'TimesheetCreated', row }], ctx.now, refs);
    await recordLineChange(tx, ctx, null, row);
    return row;
  });
}

async function lockLine(tx: Database, businessId: number, lineId: number, doing: string): Promise<TimesheetLineRow> {
  const [row] = await tx
    .select()
    .from(timesheetLines)
    .where(and(eq(timesheetLines.id, lineId), eq(timesheetLines.businessId, businessId)))
    .for('update');
  if (!row) throw notFound(`Timesheet line ${lineId}`);
  if (isLineLocked(row.status)) throw conflict('conflict', `Timesheet line ${lineId} is Processed (in a pay run) and cannot be ${doing}.`);
  return row;
}

/** PUT B/timesheet/{id}: the body replaces the line; a status change follows the domain's moves. */
export function updateLine(db: Database, ctx: WriteContext, lineId: number, body: UkIndividualTimesheetLineModelInput): Promise<TimesheetLineRow> {
  return withTransaction(db, async (tx) => {
    const row = await lockLine(tx, ctx.businessId, lineId, 'changed');
    if (body.employeeId && body.employeeId !== row.employeeId) {
      throw conflict('conflict', `Timesheet line ${lineId} belongs to employee ${row.employeeId}; a line cannot move to another employee.`);
    }
    const [refs, settings] = await readInTurn(
      () => loadReferenceData(tx, ctx.businessId),
      () => readSettings(tx, ctx.businessId, 'timesheet'),
    );
    const keep = { locationId: row.locationId, workTypeId: row.workTypeId };
    const dimensionValues = await dimensionValuesForLines(tx, ctx.businessId, body.dimensionValueIds ?? [], row.dimensionValueIds);
    const plan = planLine(body, { refs, settings, zone: row.ianaTimeZone, keep, dimensionValues, stored: storedTimesOf(row) });
    const status = body.status ?? row.status;
    if (!isTimesheetStatus(status)) throw invalidField('validation-failed', 'status', 'status must be Submitted, Approved, Rejected or Processed.');
    if (!canMoveTimesheet(row.status, status)) {
      throw conflict('conflict', `Timesheet line ${lineId} cannot go from ${row.status} to ${status}.`);
    }
    const decided = status === row.status ? {} : { decidedBy: ctx.who, decidedAt: ctx.now };
    const [updated] = await tx
      .update(timesheetLines)
      .set({ ...plan, status, updatedAt: ctx.now, ...decided })
      .where(eq(timesheetLines.id, row.id))
      .returning();
    if (!updated) throw new Error(`timesheet line ${lineId} vanished`);
    await recordLineEvents(tx, ctx.businessId, [{ action: lineChangeEvent(row.status, status), row: updated }], ctx.now, refs);
    await recordLineChange(tx, ctx, row, updated);
    return updated;
  });
}

/** DELETE B/timesheet/{id}: the clocked shift and its punches stay, no longer naming the line. */
export function deleteLine(db: Database, ctx: WriteContext, lineId: number): Promise<void> {
  const { businessId, now } = ctx;
  return withTransaction(db, async (tx) => {
    const row = await lockLine(tx, businessId, lineId, 'deleted');
    if (row.clockShiftId !== null) {
      await tx
        .update(clockShifts)
        .set({ timesheetLineId: null })
        .where(and(eq(clockShifts.id, row.clockShiftId), eq(clockShifts.timesheetLineId, row.id)));
    }
    await tx.delete(timesheetLines).where(eq(timesheetLines.id, row.id));
    await recordLinesDeleted(tx, businessId, [row], now);
    await recordLineChange(tx, ctx, row, null);
  });
}
