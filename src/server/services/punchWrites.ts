/**
 * A live punch's writes as one statement (issue 12, item 4): the shift a clock-on opens, the shift
 * effects the domain decided (a break opened or closed, the shift abandoned, or completed with its
 * timesheet line), the punch's audit row and the employee's new state, chained through
 * data-modifying CTEs, so writing a punch costs one round trip whatever its kind. What is written
 * is decided before (domain/attendance.ts; timesheetLines.lineValuesFor): this only stores it.
 * PostgreSQL leaves two changes of one row in one statement undefined, so each row is written once:
 * a completed shift's end, status and line are one update.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { ShiftEffect } from '../../domain/attendance';
import type { Database } from '../db/openDatabase';
import { clockShifts, employees, punches, shiftBreaks, timesheetLines } from '../db/schema';
import { rowsOf } from './webhookEvents';

export interface PunchWrite {
  /** A clock-on's new shift; its id comes back. */
  openShift: typeof clockShifts.$inferInsert | null;
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

/** Writes the punch in one statement; answers its shift's id and, on a clock-off, its line's. */
export async function writePunch(tx: Database, write: PunchWrite): Promise<{ shiftId: number | null; lineId: number | null }> {
  const parts: SQL[] = [];
  let shift: SQL | null = write.shiftId === null ? null : sql`${write.shiftId}::integer`;
  if (write.openShift) {
    parts.push(sql`opened as (${tx.insert(clockShifts).values(write.openShift).returning({ id: clockShifts.id }).getSQL()})`);
    shift = sql`(select id from opened)`;
  }
  for (const effect of write.effects) {
    if (effect.type === 'openShift') continue;
    if (shift === null) throw new Error(`${effect.type} without an open shift`);
    parts.push(...effectParts(tx, effect, shift, write));
  }
  const shiftOrNull = shift ?? sql`null::integer`;
  parts.push(sql`punch as (${tx.insert(punches).values({ ...write.punch, shiftId: shiftOrNull }).getSQL()})`);
  const state = { ...write.state, currentShiftId: write.onShift ? shiftOrNull : null };
  parts.push(sql`employee as (${tx.update(employees).set(state).where(eq(employees.id, write.employeeId)).returning({ id: employees.id }).getSQL()})`);
  const lineId = write.line ? sql`(select id from line)` : sql`null::integer`;
  const result = await tx.execute(
    sql`with ${sql.join(parts, sql`, `)} select ${shiftOrNull} as shift_id, ${lineId} as line_id, (select count(*) from employee)::integer as employees`,
  );
  const [row] = rowsOf<{ shift_id: number | null; line_id: number | null; employees: number }>(result);
  if (!row || Number(row.employees) !== 1) throw new Error('employee vanished during a punch');
  return { shiftId: row.shift_id === null ? null : Number(row.shift_id), lineId: row.line_id === null ? null : Number(row.line_id) };
}
