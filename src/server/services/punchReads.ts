/**
 * What a live punch reads, in as few round trips as it can (issue 12, item 4). Beside the
 * employee's lock (one statement, kioskEmployees.loadKioskEmployeeWith) it reads, as one JSON
 * value: the business's employee groups (for the answer's group ids), whether the business has any
 * web hook registration (none: no web hook statement at all), a clock-on's roster candidates and a
 * clock-off's line settings. None of these is changed by the employee's other punches, so the
 * snapshot of the lock's statement (not refreshed by a wait for the lock) reads them rightly. A
 * clock-off then reads its open shift, breaks, notes and roster shift in one more statement, after
 * the lock, since a punch that held the lock may just have closed a break.
 * The rules stay in domain/: this module only fetches.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { PunchKind } from '../../domain/attendance';
import type { Database } from '../db/openDatabase';
import { clockShifts, rosterShifts, shiftBreaks, shiftNotes, webhookRegistrations } from '../db/schema';
import { groupRowsFrom, groupRowsSql, type GroupFields } from './employeeGroups';
import type { MatchingRules } from './punchPoints';
import { rosterCandidatesSql } from './rosterMatching';
import { businessRequirementsOf, businessRequirementsSql, type BusinessRequirements } from './clockOnRequirements';
import { lineSettingsOf, lineSettingsSql, type CompletedShift, type LineInputs, type LineSettings } from './timesheetLines';

export interface PunchReads {
  groups: GroupFields[];
  /** True when the business has a web hook registration (its filters are matched when events are raised). */
  hooks: boolean;
  /** clockOn: rosterCandidatesSql's value, for rosterShiftIdFrom. */
  roster: unknown;
  /** clockOn: the id drawn for the shift it opens (so the answer is known before the write). */
  newShiftId: number | null;
  /** clockOff: the business's rounding rules and timesheet settings. */
  lineSettings: LineSettings | null;
  /** clockOn: the business's required work type / location (clockOnRequirements.ts; V, issue 13). */
  required: BusinessRequirements | null;
}

/** The reads of a punch of `kind` at `at`, as one SQL value to read with the employee's lock. */
export function punchReadsSql(businessId: number, point: MatchingRules, employeeId: number, kind: PunchKind, at: Date): SQL {
  const roster = kind === 'clockOn' ? rosterCandidatesSql(businessId, point, employeeId, at) : sql`null`;
  const settings = kind === 'clockOff' ? lineSettingsSql(businessId) : sql`null`;
  const required = kind === 'clockOn' ? businessRequirementsSql(businessId) : sql`null`;
  // A refused clock-on leaves a gap in the ids, as a rolled-back insert does.
  const newShiftId = kind === 'clockOn' ? sql`nextval(pg_get_serial_sequence('clock_shifts', 'id'))` : sql`null`;
  return sql`json_build_object('groups', ${groupRowsSql(businessId)},
    'hooks', exists (select 1 from ${webhookRegistrations} h where h.business_id = ${businessId}),
    'roster', ${roster}, 'lineSettings', ${settings}, 'required', ${required}, 'newShiftId', ${newShiftId})`;
}

const ReadsJson = z.object({ groups: z.unknown(), hooks: z.boolean(), roster: z.unknown(), lineSettings: z.unknown(), required: z.unknown(), newShiftId: z.coerce.number().nullable() });

export function punchReadsOf(value: unknown, businessId: number): PunchReads {
  const reads = ReadsJson.parse(typeof value === 'string' ? JSON.parse(value) : value);
  return {
    groups: groupRowsFrom(reads.groups),
    hooks: reads.hooks,
    roster: reads.roster,
    newShiftId: reads.newShiftId,
    lineSettings: reads.lineSettings === null ? null : lineSettingsOf(reads.lineSettings, businessId),
    required: reads.required === null ? null : businessRequirementsOf(reads.required),
  };
}

const Instant = z.string().transform((text) => new Date(text));
const OpenShiftJson = z.object({
  breaks: z.array(z.object({ startUtc: Instant, endUtc: Instant.nullable(), isPaidBreak: z.boolean() })),
  notes: z.array(z.object({ note: z.string(), visibility: z.string() })),
});

/** A shift being completed: everything its line is made from except the settings and its end. */
export type ShiftToComplete = Omit<CompletedShift, 'endUtc'> & Pick<LineInputs, 'notes' | 'roster'>;

/** The employee's open shift (read after the lock) with its breaks, notes and roster shift, in one statement. */
export async function loadShiftToComplete(db: Database, businessId: number, shiftId: number): Promise<ShiftToComplete> {
  const [row] = await db
    .select({
      shift: clockShifts,
      rosterStart: rosterShifts.startUtc,
      rosterEnd: rosterShifts.endUtc,
      rosterLocationId: rosterShifts.locationId,
      rosterWorkTypeId: rosterShifts.workTypeId,
      details: sql<unknown>`json_build_object(
        'breaks', (select coalesce(json_agg(json_build_object('startUtc', b.start_utc, 'endUtc', b.end_utc, 'isPaidBreak', b.is_paid_break)
          order by b.start_utc, b.id), '[]'::json) from ${shiftBreaks} b where b.shift_id = ${clockShifts.id}),
        'notes', (select coalesce(json_agg(json_build_object('note', n.note, 'visibility', n.visibility) order by n.id), '[]'::json)
          from ${shiftNotes} n where n.shift_id = ${clockShifts.id}))`,
    })
    .from(clockShifts)
    .leftJoin(rosterShifts, and(eq(rosterShifts.id, clockShifts.rosterShiftId), eq(rosterShifts.businessId, businessId)))
    .where(eq(clockShifts.id, shiftId));
  if (!row) throw new Error(`open shift ${shiftId} vanished`);
  const { breaks, notes } = OpenShiftJson.parse(typeof row.details === 'string' ? JSON.parse(row.details) : row.details);
  const { shift } = row;
  const roster =
    row.rosterStart && row.rosterEnd
      ? { startUtc: row.rosterStart, endUtc: row.rosterEnd, locationId: row.rosterLocationId, workTypeId: row.rosterWorkTypeId }
      : null;
  return { ...shift, breaks, notes, roster };
}
