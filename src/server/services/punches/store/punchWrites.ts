/**
 * A live punch's writes as one statement (issue 12, item 4): the shift a clock-on opens, the shift
 * effects the domain decided (a break opened or closed, the shift abandoned, or completed with its
 * timesheet line), the punch's audit row and the employee's new state, chained through
 * data-modifying CTEs, so writing a punch costs one round trip whatever its kind. What is written
 * is decided before (domain/attendance.ts; timesheetLines.lineValuesFor): this only stores it.
 * PostgreSQL leaves two changes of one row in one statement undefined, so each row is written once:
 * a completed shift's end, status and line are one update. A clock-on's shift id is drawn before
 * (punchReads.ts), so the answer is known without the write, which may then be held back to go
 * with the idempotency record (finalWrite.ts).
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { ShiftEffect } from '../../../../domain/attendance';
import type { Database } from '../../../db/openDatabase';
import { clockShifts, employees, punches, shiftBreaks, shiftNotes, timesheetLines } from '../../../db/schema';
import { holdFinalWrite, runFinalWrite, type FinalWrite } from '../../../db/finalWrite';

export interface PunchWrite {
  /** A clock-on's new shift, with the id drawn for it. */
  openShift: (typeof clockShifts.$inferInsert & { id: number }) | null;
  /** The employee's open shift otherwise (null when off shift). */
  shiftId: number | null;
  effects: readonly ShiftEffect[];
  isPaidBreak: boolean;
  /** A clock-off's timesheet line (its shift is completed and linked to it). */
  line: PgInsertValue<typeof timesheetLines> | null;
  /** The punch's audit row; its shift is set to the punch's. */
  punch: typeof punches.$inferInsert;
  employeeId: number;
  /** The employee's new state; `currentShiftId` is the punch's shift while on shift. */
  state: Omit<Partial<typeof employees.$inferInsert>, 'currentShiftId'>;
  onShift: boolean;
  /** The punch's note on its shift, when written with the rest (its row is not read back). */
  note: Omit<typeof shiftNotes.$inferInsert, 'shiftId'> | null;
}

/** The CTEs of one shift effect on `shift` (the shift's id as SQL). */
function effectParts(tx: Database, effect: ShiftEffect, shift: SQL, write: PunchWrite): SQL[] {
  switch (effect.type) {
    case 'openBreak':
      return [sql`break_opened as (${tx.insert(shiftBreaks).values({ shiftId: shift, startUtc: effect.at, isPaidBreak: write.isPaidBreak }).getSQL()})`];
    case 'closeBreak': {
      const set = { endUtc: effect.at, ...(write.isPaidBreak ? { isPaidBreak: true } : {}) };
      return [sql`break_closed as (${tx.update(shiftBreaks).set(set).where(and(eq(shiftBreaks.shiftId, shift), isNull(shiftBreaks.endUtc))).getSQL()})`];
    }
    case 'abandonShift':
      return [sql`abandoned as (${tx.update(clockShifts).set({ endUtc: effect.at, status: 'discarded' }).where(eq(clockShifts.id, shift)).getSQL()})`];
    case 'closeShift': {
      if (!write.line) throw new Error('closeShift without its timesheet line');
      const line = tx.insert(timesheetLines).values(write.line).returning({ id: timesheetLines.id });
      const complete = tx
        .update(clockShifts)
        .set({ endUtc: effect.at, status: 'completed', timesheetLineId: sql`(select id from line)` })
        .where(eq(clockShifts.id, shift));
      return [sql`line as (${line.getSQL()})`, sql`completed as (${complete.getSQL()})`];
    }
    case 'openShift':
      return [];
  }
}

/** The punch's writes as one statement's CTEs; its check: the employee's row was updated. */
function punchWriteParts(tx: Database, write: PunchWrite): FinalWrite {
  const ctes: SQL[] = [];
  const shiftId = write.openShift?.id ?? write.shiftId;
  const shift = shiftId === null ? null : sql`${shiftId}::integer`;
  if (write.openShift) ctes.push(sql`opened as (${tx.insert(clockShifts).values(write.openShift).getSQL()})`);
  for (const effect of write.effects) {
    if (effect.type === 'openShift') continue;
    if (shift === null) throw new Error(`${effect.type} without an open shift`);
    ctes.push(...effectParts(tx, effect, shift, write));
  }
  const shiftOrNull = shift ?? sql`null::integer`;
  ctes.push(sql`punch as (${tx.insert(punches).values({ ...write.punch, shiftId: shiftOrNull }).getSQL()})`);
  if (write.note && shift) ctes.push(sql`note as (${tx.insert(shiftNotes).values({ ...write.note, shiftId: shift }).getSQL()})`);
  const state = { ...write.state, currentShiftId: write.onShift ? shiftOrNull : null };
  ctes.push(sql`employee as (${tx.update(employees).set(state).where(eq(employees.id, write.employeeId)).returning({ id: employees.id }).getSQL()})`);
  return { ctes, check: sql`(select count(*) from employee) = 1`, failure: 'employee vanished during a punch' };
}

/**
 * Writes the punch in one statement, or (`hold`) hands it to the idempotency middleware to send
 * with the key's record when the transaction accepts it. Answers a clock-off's line id when the
 * write ran now (null when held: nothing after it may need it).
 */
export async function writePunch(tx: Database, write: PunchWrite, hold: boolean): Promise<{ lineId: number | null }> {
  const parts = punchWriteParts(tx, write);
  if (hold && holdFinalWrite(tx, parts)) return { lineId: null };
  const row = await runFinalWrite(tx, parts, [], write.line ? { line_id: sql`(select id from line)` } : {});
  return { lineId: row.line_id === undefined || row.line_id === null ? null : Number(row.line_id) };
}
