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
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { ShiftEffect } from '../../../../domain/attendance';
import { bind, bindRecord, insertSelect, namedSql, type BoundRecord } from '../../../db/compiledStatements';
import type { Database } from '../../../db/openDatabase';
import { clockShifts, employees, punches, shiftBreaks, shiftNotes, timesheetLines } from '../../../db/schema';
import { runFinalWrite, type FinalWrite, type FinalWriteSink } from '../../../db/finalWrite';
import { JOURNAL_ENTRY_HEADER, journalParts } from '../../journal/journalWrites';

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

/** How the parts write: plainly (in a transaction), or only once the key is recorded (optimistic; db/finalWrite.ts). */
interface Writer {
  insert(table: PgTable, binds: Record<string, unknown>): SQL;
  update(table: PgTable, binds: Record<string, unknown>, where: SQL | undefined): SQL;
}

function writerFor(tx: Database, optimistic: boolean): Writer {
  if (!optimistic) {
    return {
      insert: (table, binds) => tx.insert(table).values(binds as never).getSQL(),
      update: (table, binds, where) => tx.update(table).set(binds).where(where).getSQL(),
    };
  }
  const recorded = sql`exists (select 1 from recorded)`;
  return {
    insert: (table, binds) => insertSelect(table, binds, sql`recorded`),
    update: (table, binds, where) => tx.update(table).set(binds).where(and(where, recorded)).getSQL(),
  };
}

/** One CTE of the write: its shape, values, and how to write it (with the bound record's placeholders). */
interface Part {
  record: BoundRecord;
  build(binds: Record<string, unknown>, writer: Writer): SQL;
}

/** The parts of one shift effect on the punch's shift. */
function effectParts(effect: ShiftEffect, write: PunchWrite): Part[] {
  switch (effect.type) {
    case 'openBreak':
      return [{ record: bindRecord('break', { shiftId: SHIFT, startUtc: effect.at, isPaidBreak: write.isPaidBreak }), build: (b, w) => sql`break_opened as (${w.insert(shiftBreaks, b)})` }];
    case 'closeBreak':
      return [{
        record: bindRecord('breakEnd', { endUtc: effect.at, ...(write.isPaidBreak ? { isPaidBreak: true } : {}) }),
        build: (b, w) => sql`break_closed as (${w.update(shiftBreaks, b, and(eq(shiftBreaks.shiftId, SHIFT), isNull(shiftBreaks.endUtc)))})`,
      }];
    case 'abandonShift':
      return [{
        record: bindRecord('abandon', { endUtc: effect.at, status: 'discarded' }),
        build: (b, w) => sql`abandoned as (${w.update(clockShifts, b, eq(clockShifts.id, SHIFT))})`,
      }];
    case 'closeShift': {
      if (!write.line) throw new Error('closeShift without its timesheet line');
      return [
        { record: bindRecord('line', write.line), build: (b, w) => sql`line as (${w.insert(timesheetLines, b)} returning ${timesheetLines.id})` },
        {
          record: bindRecord('complete', { endUtc: effect.at, status: 'completed', timesheetLineId: LINE_ID }),
          build: (b, w) => sql`completed as (${w.update(clockShifts, b, eq(clockShifts.id, SHIFT))})`,
        },
      ];
    }
    case 'openShift':
      return [];
  }
}

/**
 * The punch's writes as one statement's CTEs; its check: the employee's row was updated.
 * `optimistic`: no transaction holds the employee's row; the write goes only if the row is still
 * the version it was decided from (finalWrite.ts), and says whether it was (`current`).
 */
export function punchWriteParts(tx: Database, write: PunchWrite, optimistic: { version: string } | null = null): FinalWrite {
  const parts: Part[] = [];
  const shiftId = write.openShift?.id ?? write.shiftId;
  const shift = shiftId === null ? NO_SHIFT : SHIFT;
  if (write.openShift) parts.push({ record: bindRecord('shift', write.openShift), build: (b, w) => sql`opened as (${w.insert(clockShifts, b)})` });
  for (const effect of write.effects) {
    if (effect.type === 'openShift') continue;
    if (shiftId === null) throw new Error(`${effect.type} without an open shift`);
    parts.push(...effectParts(effect, write));
  }
  parts.push({ record: bindRecord('punch', { ...write.punch, shiftId: shift }), build: (b, w) => sql`punch as (${w.insert(punches, b)} returning ${punches.id})` });
  if (write.note && shiftId !== null) {
    parts.push({ record: bindRecord('note', { ...write.note, shiftId: SHIFT }), build: (b, w) => sql`note as (${w.insert(shiftNotes, b)})` });
  }
  const state = { ...write.state, currentShiftId: write.onShift ? shift : NO_SHIFT };
  const employee = eq(employees.id, bind<number>('employeeId'));
  parts.push({
    record: bindRecord('employee', state),
    build: (b, w) => sql`employee as (${w.update(employees, b, employee)} returning ${employees.id})`,
  });
  const values: Record<string, unknown> = { employeeId: write.employeeId, ...(shiftId === null ? {} : { shiftId }), ...(optimistic ? { version: optimistic.version } : {}) };
  let shape = optimistic ? 'punch:optimistic' : 'punch';
  for (const part of parts) {
    Object.assign(values, part.record.values);
    shape += `;${part.record.shape}`;
  }
  // The punch joins its business's journal in the same statement (services/journal/journalWrites.ts).
  const journal = journalParts({ ...write.punch, shiftId }, optimistic ? sql`recorded` : null);
  Object.assign(values, journal.values);
  return {
    shape,
    values,
    build: (): ReturnType<FinalWrite['build']> => {
      const writer = writerFor(tx, optimistic !== null);
      const head = optimistic
        ? [sql`current as (select 1 from ${employees} where ${employee} and ${employees}.xmin = ${bind<string>('version')}::xid for update)`]
        : [];
      return {
        head,
        ctes: [...parts.map((part) => part.build(part.record.binds, writer)), ...journal.ctes()],
        check: sql`(select count(*) from employee) = 1`,
        select: { journal_entry: journal.entry, ...(optimistic ? { current: sql`(select count(*) from current)::integer` } : {}) },
      };
    },
    failure: 'employee vanished during a punch',
    headers: { [JOURNAL_ENTRY_HEADER]: 'journal_entry' },
  };
}

/**
 * Writes the punch in one statement, or hands it to the request's sink (the idempotency layer) to
 * send with the key's record. Answers a clock-off's line id and the punch's journal entry when the
 * write ran now (null when held: nothing after it may need it; the idempotency layer sets the
 * entry's header from the held write's row). `optimistic`: the sink's mode is, and this is the version
 * of the employee's row the write was decided from.
 */
export async function writePunch(
  tx: Database,
  write: PunchWrite,
  sink: FinalWriteSink | null,
  optimistic: { version: string } | null = null,
): Promise<{ lineId: number | null; journalEntry: string | null }> {
  const parts = punchWriteParts(tx, write, optimistic);
  if (sink) {
    sink.hold(parts);
    return { lineId: null, journalEntry: null };
  }
  const tail = write.line ? { shape: 'lineId', build: () => ({ ctes: [], select: { line_id: sql`(select id from line)` } }), values: {} } : undefined;
  const row = await runFinalWrite(tx, parts, tail);
  return {
    lineId: row.line_id === undefined || row.line_id === null ? null : Number(row.line_id),
    journalEntry: typeof row.journal_entry === 'string' ? row.journal_entry : null,
  };
}
