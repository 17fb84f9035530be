/**
 * No silent edits: every manager's add, change or delete of a person's timesheet line is kept here
 * with who, when, before and after, in the same transaction as the write. The person reads it at
 * the kiosk and acknowledges it (or disputes it, lineDisputes.ts); the manager reads a line's
 * history. Lines written from punches (kiosk, self-service) are the person's own and record none;
 * bulk writes (payroll imports, replacements) record theirs like single ones.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { LineChangeModel } from '../../../contract/supporting/myHours';
import { snapshotsDiffer, type LineChangeAction } from '../../../domain/lineChanges';
import type { Database } from '../../db/openDatabase';
import { lineChanges } from '../../db/schema';
import { notFound } from '../../errors/apiError';
import type { TimesheetLineRow } from '../timesheets/timesheetLineShapes';
import { snapshotModel, snapshotOf } from './lineSnapshots';

export type LineChangeRow = typeof lineChanges.$inferSelect;

export function toChangeModel(row: LineChangeRow): LineChangeModel {
  return {
    id: row.id,
    employeeId: row.employeeId,
    timesheetLineId: row.timesheetLineId,
    action: row.action,
    before: snapshotModel(row.before),
    after: snapshotModel(row.after),
    changedBy: row.changedBy,
    changedUtc: row.changedUtc.toISOString(),
    acknowledgedUtc: row.acknowledgedUtc?.toISOString() ?? null,
  };
}

/** Rows written in one statement at most (a bulk write may change thousands of lines). */
const INSERT_CHUNK = 250;

/**
 * Records managers' writes of lines (inside the writes' transaction), one pair of before and after
 * per line. A change that leaves what the person reads as it was (a status decision, a comment)
 * records nothing: the person is told of their hours, not of approvals.
 */
export async function recordLineChanges(
  tx: Database,
  ctx: { businessId: number; who: string; now: Date },
  writes: ReadonlyArray<{ before: TimesheetLineRow | null; after: TimesheetLineRow | null }>,
): Promise<void> {
  const rows = writes.flatMap(({ before, after }) => {
    const line = after ?? before;
    if (!line) return [];
    const action: LineChangeAction = before === null ? 'Added' : after === null ? 'Deleted' : 'Changed';
    const was = before && snapshotOf(before);
    const is = after && snapshotOf(after);
    if (was && is && !snapshotsDiffer(was, is)) return [];
    return [{ businessId: ctx.businessId, employeeId: line.employeeId, timesheetLineId: line.id, action, before: was, after: is, changedBy: ctx.who, changedUtc: ctx.now }];
  });
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(lineChanges).values(rows.slice(i, i + INSERT_CHUNK));
}

/** recordLineChanges for one line. */
export function recordLineChange(
  tx: Database,
  ctx: { businessId: number; who: string; now: Date },
  before: TimesheetLineRow | null,
  after: TimesheetLineRow | null,
): Promise<void> {
  return recordLineChanges(tx, ctx, [{ before, after }]);
}

/** The person acknowledged the change at the kiosk (first time kept). */
export async function acknowledgeChange(db: Database, ctx: { businessId: number; now: Date }, employeeId: number, changeId: number): Promise<LineChangeModel> {
  const mine = and(eq(lineChanges.id, changeId), eq(lineChanges.businessId, ctx.businessId), eq(lineChanges.employeeId, employeeId));
  const [row] = await db.select().from(lineChanges).where(mine);
  if (!row) throw notFound(`Line change ${changeId}`);
  if (row.acknowledgedUtc !== null) return toChangeModel(row);
  const [done] = await db.update(lineChanges).set({ acknowledgedUtc: ctx.now }).where(mine).returning();
  return toChangeModel(done ?? row);
}

/** A line's history, oldest first (also after the line was deleted). */
export async function changesOfLine(db: Database, businessId: number, lineId: number): Promise<LineChangeModel[]> {
  const rows = await db
    .select()
    .from(lineChanges)
    .where(and(eq(lineChanges.businessId, businessId), eq(lineChanges.timesheetLineId, lineId)))
    .orderBy(asc(lineChanges.changedUtc), asc(lineChanges.id));
  return rows.map(toChangeModel);
}
