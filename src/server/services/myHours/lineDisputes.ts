/**
 * Disputes of timesheet lines (project extension). A person marks one of their own lines (or a
 * manager's change of it) as wrong at the kiosk, with a short note; the kiosk queues it like a
 * punch, so it may arrive late and twice (the dispute key makes the second answer the first).
 * A manager resolves it with a reply, which the person reads at their next PIN.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { LineDisputeInputModel, LineDisputeModel } from '../../../contract/supporting/myHours';
import { disputeNoteProblem, MAX_DISPUTE_NOTE_LENGTH, type DisputeStatus } from '../../../domain/lineDisputes';
import { describePrincipal, type Principal } from '../../auth/principal';
import type { Database } from '../../db/openDatabase';
import { lineChanges, lineDisputes, timesheetLines } from '../../db/schema';
import { withTransaction } from '../../db/transactions';
import { conflict, invalidField, notFound } from '../../errors/apiError';
import type { Page } from '../../lists/odata/planList';
import { employeeName } from '../punches/devicePunches';
import { timeOfRecord } from '../punches/punchChecks';
import { snapshotModel, snapshotOf } from './lineSnapshots';

export type DisputeRow = typeof lineDisputes.$inferSelect;

export function toDisputeModel(row: DisputeRow, name: string): LineDisputeModel {
  return {
    id: row.id,
    employeeId: row.employeeId,
    employeeName: name,
    kioskId: row.kioskId,
    timesheetLineId: row.timesheetLineId,
    lineChangeId: row.lineChangeId,
    line: snapshotModel(row.line),
    note: row.note,
    status: row.status,
    raisedUtc: row.raisedUtc.toISOString(),
    receivedUtc: row.receivedUtc.toISOString(),
    reply: row.reply,
    resolvedUtc: row.resolvedUtc?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
    replySeenUtc: row.replySeenUtc?.toISOString() ?? null,
  };
}

async function withName(db: Database, row: DisputeRow): Promise<LineDisputeModel> {
  return toDisputeModel(row, await employeeName(db, row.employeeId));
}

const noteMessages = {
  empty: 'Say in a few words what is wrong.',
  'too-long': `At most ${MAX_DISPUTE_NOTE_LENGTH} characters.`,
} as const;

export interface KioskPersonContext {
  businessId: number;
  kioskId: number;
  principal: Principal;
  now: Date;
}

/**
 * Records a dispute of one of the person's lines or of a manager's change to one. The person has
 * been checked at this kiosk by the caller; a line or change of anyone else is 404.
 */
export async function submitDispute(db: Database, ctx: KioskPersonContext, body: LineDisputeInputModel): Promise<LineDisputeModel> {
  const raisedAt = timeOfRecord(body.raisedUtc, ctx.now, 'raisedUtc');
  const problem = disputeNoteProblem(body.note);
  if (problem) throw invalidField('validation-failed', 'note', noteMessages[problem]);
  const lineId = body.timesheetLineId ?? null;
  const changeId = body.lineChangeId ?? null;
  if (lineId === null && changeId === null) throw invalidField('validation-failed', 'timesheetLineId', 'Name the line (timesheetLineId) or the change (lineChangeId).');
  return withTransaction(db, async (tx) => {
    const byKey = and(eq(lineDisputes.businessId, ctx.businessId), eq(lineDisputes.disputeKey, body.disputeKey));
    const [existing] = await tx.select().from(lineDisputes).where(byKey);
    if (existing) {
      if (existing.employeeId !== body.employeeId) throw notFound(`Dispute ${body.disputeKey}`);
      return withName(tx, existing);
    }
    const [change] =
      changeId === null
        ? []
        : await tx
            .select()
            .from(lineChanges)
            .where(and(eq(lineChanges.id, changeId), eq(lineChanges.businessId, ctx.businessId), eq(lineChanges.employeeId, body.employeeId)));
    if (changeId !== null && !change) throw notFound(`Line change ${changeId}`);
    const targetLineId = lineId ?? (change && change.action !== 'Deleted' ? change.timesheetLineId : null);
    if (change && lineId !== null && change.timesheetLineId !== lineId) throw invalidField('validation-failed', 'lineChangeId', 'The change is of another line.');
    const [line] =
      targetLineId === null
        ? []
        : await tx
            .select()
            .from(timesheetLines)
            .where(and(eq(timesheetLines.id, targetLineId), eq(timesheetLines.businessId, ctx.businessId), eq(timesheetLines.employeeId, body.employeeId)));
    // A line deleted since the change still has its change to dispute; a named line must be the person's.
    if (lineId !== null && !line) throw notFound(`Timesheet line ${lineId}`);
    const [row] = await tx
      .insert(lineDisputes)
      .values({
        businessId: ctx.businessId,
        employeeId: body.employeeId,
        kioskId: ctx.kioskId,
        disputeKey: body.disputeKey,
        timesheetLineId: line?.id ?? null,
        lineChangeId: change?.id ?? null,
        line: line ? snapshotOf(line) : (change?.before ?? null),
        note: body.note.trim(),
        status: 'Open',
        raisedUtc: raisedAt,
        receivedUtc: ctx.now,
        principal: describePrincipal(ctx.principal),
      })
      .returning();
    if (!row) throw new Error('insert returned no dispute');
    // Disputing a change answers it: the person has seen it.
    if (change && change.acknowledgedUtc === null) await tx.update(lineChanges).set({ acknowledgedUtc: ctx.now }).where(eq(lineChanges.id, change.id));
    return withName(tx, row);
  });
}

/** The person read the reply (first time kept). */
export async function markReplySeen(db: Database, ctx: KioskPersonContext, employeeId: number, disputeId: number): Promise<LineDisputeModel> {
  const mine = and(eq(lineDisputes.id, disputeId), eq(lineDisputes.businessId, ctx.businessId), eq(lineDisputes.employeeId, employeeId));
  const [row] = await db.select().from(lineDisputes).where(mine);
  if (!row) throw notFound(`Dispute ${disputeId}`);
  if (row.status !== 'Resolved') throw conflict('conflict', 'The dispute has no reply yet.');
  if (row.replySeenUtc !== null) return withName(db, row);
  const [seen] = await db.update(lineDisputes).set({ replySeenUtc: ctx.now }).where(mine).returning();
  return withName(db, seen ?? row);
}

/** One page of the business's disputes with that status, newest first. */
export async function listDisputes(db: Database, businessId: number, status: DisputeStatus, page: Page): Promise<LineDisputeModel[]> {
  const rows = await db
    .select()
    .from(lineDisputes)
    .where(and(eq(lineDisputes.businessId, businessId), eq(lineDisputes.status, status)))
    .orderBy(desc(lineDisputes.id))
    .limit(page.limit)
    .offset(page.offset);
  const out: LineDisputeModel[] = [];
  for (const row of rows) out.push(await withName(db, row));
  return out;
}

/** Resolves an open dispute with the manager's reply. */
export async function resolveDispute(
  db: Database,
  ctx: { businessId: number; principal: Principal; now: Date },
  disputeId: number,
  reply: string,
): Promise<LineDisputeModel> {
  const problem = disputeNoteProblem(reply);
  if (problem) throw invalidField('validation-failed', 'reply', noteMessages[problem]);
  const scope = and(eq(lineDisputes.id, disputeId), eq(lineDisputes.businessId, ctx.businessId));
  const [row] = await db.select().from(lineDisputes).where(scope);
  if (!row) throw notFound(`Dispute ${disputeId}`);
  const resolvedBy = ctx.principal.kind === 'user' ? ctx.principal.email : describePrincipal(ctx.principal);
  const [resolved] = await db
    .update(lineDisputes)
    .set({ status: 'Resolved', reply: reply.trim(), resolvedUtc: ctx.now, resolvedBy })
    .where(and(scope, eq(lineDisputes.status, 'Open')))
    .returning();
  if (!resolved) throw conflict('claim-decided', 'The dispute is already resolved.');
  return withName(db, resolved);
}
