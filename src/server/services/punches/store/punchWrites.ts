/**
 * A live punch's writes as one statement: the shift a clock-on opens, the shift
 * effects the domain decided (a break opened or closed, the shift abandoned, or completed with its
 * timesheet line), the punch's audit row and the employee's new state, chained through
 * data-modifying CTEs, so writing a punch costs one round trip whatever its kind. What is written
 * is decided before (domain/attendance.ts; timesheetLines.lineValuesFor): this only stores it.
 * PostgreSQL leaves two changes of one row in one statement undefined, so each row is written once:
 * a completed shift's end, status and line are one update. A clock-on's shift id is drawn before
 * (punchReads.ts), so the answer is known without the write, which may then be held back to go
 * with the idempotency record (finalWrite.ts). The statement's text depends only on the write's
 * shape (which effects, which columns given), so it is built once per shape and every value is a
 * placeholder (db/compiledStatements.ts).
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { ShiftEffect } from '../../../../domain/attendance';
import { bind, bindRecord, namedSql, type BoundRecord } from '../../../db/compiledStatements';
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

/** The shift's id as the statement's parts name it: one placeholder (or null: no shift). */
const SHIFT = namedSql('shift', sql`${bind<number>('shiftId')}::integer`);
const NO_SHIFT = namedSql('noShift', sql`null::integer`);
const LINE_ID = namedSql('lineId', sql`(select id from line)`);

/** One CTE of the write: its shape, values, and how to write it (with the bound record's placeholders). */
interface Part {
  record: BoundRecord;
  build(binds: Record<string, unknown>): SQL;
}

/** The parts of one shift effect on the punch's shift. */
function effectParts(tx: Database, effect: ShiftEffect, write: PunchWrite): Part[] {
  switch (effect.type) {
    case 'openBreak':
      return [{ record: bindRecord('break', { shiftId: SHIFT, startUtc: effect.at, isPaidBreak: write.isPaidBreak }), build: (b) => sql`break_opened as (${tx.insert(shiftBreaks).values(b as never).getSQL()})` }];
    case 'closeBreak':
      return [{
        record: bindRecord('breakEnd', { endUtc: effect.at, ...(write.isPaidBreak ? { isPaidBreak: true } : {}) }),
        build: (b) => sql`break_closed as (${tx.update(shiftBreaks).set(b).where(and(eq(shiftBreaks.shiftId, SHIFT), isNull(shiftBreaks.endUtc))).getSQL()})`,
      }];
    case 'abandonShift':
      return [{
        record: bindRecord('abandon', { endUtc: effect.at, status: 'discarded' }),
        build: (b) => sql`abandoned as (${tx.update(clockShifts).set(b).where(eq(clockShifts.id, SHIFT)).getSQL()})`,
      }];
    case 'closeShift': {
      if (!write.line) throw new Error('closeShift without its timesheet line');
      return [
        { record: bindRecord('line', write.line), build: (b) => sql`line as (${tx.insert(timesheetLines).values(b as never).returning({ id: timesheetLines.id }).getSQL()})` },
        {
          record: bindRecord('complete', { endUtc: effect.at, status: 'completed', timesheetLineId: LINE_ID }),
          build: (b) => sql`completed as (${tx.update(clockShifts).set(b).where(eq(clockShifts.id, SHIFT)).getSQL()})`,
        },
      ];
    }
    case 'openShift':
      return [];
  }
}

/** The punch's writes as one statement's CTEs; its check: the employee's row was updated. */
export function punchWriteParts(tx: Database, write: PunchWrite): FinalWrite {
  const parts: Part[] = [];
  const shiftId = write.openShift?.id ?? write.shiftId;
  const shift = shiftId === null ? NO_SHIFT : SHIFT;
  if (write.openShift) parts.push({ record: bindRecord('shift', write.openShift), build: (b) => sql`opened as (${tx.insert(clockShifts).values(b as never).getSQL()})` });
  for (const effect of write.effects) {
    if (effect.type === 'openShift') continue;
    if (shiftId === null) throw new Error(`${effect.type} without an open shift`);
    parts.push(...effectParts(tx, effect, write));
  }
  parts.push({ record: bindRecord('punch', { ...write.punch, shiftId: shift }), build: (b) => sql`punch as (${tx.insert(punches).values(b as never).getSQL()})` });
  if (write.note && shiftId !== null) {
    parts.push({ record: bindRecord('note', { ...write.note, shiftId: SHIFT }), build: (b) => sql`note as (${tx.insert(shiftNotes).values(b as never).getSQL()})` });
  }
  const state = { ...write.state, currentShiftId: write.onShift ? shift : NO_SHIFT };
  parts.push({
    record: bindRecord('employee', state),
    build: (b) => sql`employee as (${tx.update(employees).set(b).where(eq(employees.id, bind<number>('employeeId'))).returning({ id: employees.id }).getSQL()})`,
  });
  const values: Record<string, unknown> = { employeeId: write.employeeId, ...(shiftId === null ? {} : { shiftId }) };
  let shape = 'punch';
  for (const part of parts) {
    Object.assign(values, part.record.values);
    shape += `;${part.record.shape}`;
  }
  return {
    shape,
    values,
    build: () => ({ ctes: parts.map((part) => part.build(part.record.binds)), check: sql`(select count(*) from employee) = 1` }),
    failure: 'employee vanished during a punch',
  };
}

/**
 * Writes the punch in one statement, or (`hold`) hands it to the idempotency middleware to send
 * with the key's record when the transaction accepts it. Answers a clock-off's line id when the
 * write ran now (null when held: nothing after it may need it).
 */
export async function writePunch(tx: Database, write: PunchWrite, hold: boolean): Promise<{ lineId: number | null }> {
  const parts = punchWriteParts(tx, write);
  if (hold && holdFinalWrite(tx, parts)) return { lineId: null };
  const tail = write.line ? { shape: 'lineId', build: () => ({ ctes: [], select: { line_id: sql`(select id from line)` } }), values: {} } : undefined;
  const row = await runFinalWrite(tx, parts, tail);
  return { lineId: row.line_id === undefined || row.line_id === null ? null : Number(row.line_id) };
}
