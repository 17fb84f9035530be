/**
 * What a live punch reads, in one round trip: the punching employee's row, locked, and beside it,
 * as one JSON value: the business's employee groups (for the answer's group ids) and, when a group
 * matches by location tree, that tree; whether the business has any web hook registration (none:
 * no web hook statement at all); a clock-on's roster candidates, business requirements and the
 * references its choices are checked against; a clock-off's line settings. None of these is
 * changed by the employee's other punches, so the snapshot of the lock's statement (not refreshed
 * by a wait for the lock) reads them rightly. A clock-off's open shift (with breaks, notes and
 * roster shift) is another punch's work: it is read in the same statement, and used only when the
 * employee's row the statement locked is the version its snapshot saw (same xmin: no punch
 * committed in between); otherwise, after a wait for the lock, it is read again in a statement of
 * its own (loadShiftToComplete). The statement's text is built once per kind of read and sent as a
 * prepared statement (db/compiledStatements.ts). The rules stay in domain/: this module only fetches.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { PunchKind } from '../../../../domain/attendance';
import { bind, compiledByShape, constantText, type Bind } from '../../../db/compiledStatements';
import { rowMapper } from '../../../db/rowMapper';
import type { CallerRead, KioskColumns } from '../../../auth/callerReads';
import type { EmployeeRow } from '../../people/kioskEmployees';
import type { Database } from '../../../db/openDatabase';
import { clockShifts, employees, rosterShifts, shiftBreaks, shiftNotes, webhookRegistrations } from '../../../db/schema';
import { groupLocationLinksSql, groupMatchersFrom, groupRowsSql, type GroupMatchers } from '../../people/employeeGroups';
import type { ChoiceInput } from '../clockOnChoices';
import { clockOnChoiceReferencesSql, clockOnChoiceValues } from '../clockOnChoices';
import type { PunchPoint } from '../punchPoints';
import { rosterCandidatesSql } from '../../rosters/rosterMatching';
import { rowsOf } from '../../../db/rowsOf';
import { choiceReferencesOf, type ChoiceReferences } from '../../referenceData/references';
import { businessRequirementsOf, businessRequirementsSql, type BusinessRequirements } from '../clockOnRequirements';
import { lineSettingsOf, lineSettingsSql, type CompletedShift, type LineInputs, type LineSettings } from '../../timesheets/timesheetLines';

export interface PunchReads {
  /** The business's employee groups, ready to match the employee (groupRowsSql and groupLocationLinksSql, as read). */
  groups: GroupMatchers;
  /** True when the business has a web hook registration (its filters are matched when events are raised). */
  hooks: boolean;
  /** clockOn: rosterCandidatesSql's value, for rosterShiftIdFrom. */
  roster: unknown;
  /** clockOn: the id drawn for the shift it opens (so the answer is known before the write). */
  newShiftId: number | null;
  /** clockOff: the business's rounding rules and timesheet settings. */
  lineSettings: LineSettings | null;
  /** clockOff: the open shift as the lock's statement read it, when that read is current (see above). */
  open: ShiftToComplete | null;
  /** clockOn: the business's required work type / location (clockOnRequirements.ts). */
  required: BusinessRequirements | null;
  /** clockOn: the locations, work types, classification and dimension values its choices are checked against. */
  choices: ChoiceReferences | null;
}

/** Which reads a punch makes: a clock-on's, a clock-off's, or those of a break or discard. */
type ReadShape = 'clockOn' | 'clockOff' | 'other';
const readShapeOf = (kind: PunchKind): ReadShape => (kind === 'clockOn' || kind === 'clockOff' ? kind : 'other');

/** The punch point's rules the read needs, as SQL: values (placeholders), or the caller's statement's kiosk columns. */
type PointSql = KioskColumns;

/**
 * Everything a punch of `shape` reads, as one JSON value: the employee's row (`row_to_json`) and
 * its version (`xmin`, for an optimistic write: finalWrite.ts), the read's shape and instant (so
 * a read made beside the caller is used only for the punch it was made for), and the rest as
 * `reads`; from the employee's row, which the caller selects and may lock.
 */
function readJson(shape: ReadShape, point: PointSql): SQL {
  const businessId = bind<number>('businessId');
  const employeeId = bind<number>('employeeId');
  const at = bind<string>('at');
  const clockOn = shape === 'clockOn';
  const clockOff = shape === 'clockOff';
  const roster = clockOn ? rosterCandidatesSql(businessId, point.clockOnWindowMinutes, employeeId, at) : sql`null`;
  const settings = clockOff ? lineSettingsSql(businessId) : sql`null`;
  const required = clockOn ? businessRequirementsSql(businessId) : sql`null`;
  const employeeColumns = { locationIds: sql`${employees.locationIds}`, workTypeIds: sql`${employees.workTypeIds}` };
  const choices = clockOn ? clockOnChoiceReferencesSql(businessId, employeeColumns, point.locationId) : sql`null`;
  // A refused clock-on leaves a gap in the ids, as a rolled-back insert does.
  const newShiftId = clockOn ? sql`nextval(pg_get_serial_sequence('clock_shifts', 'id'))` : sql`null`;
  // The open shift, and whether the locked row is the version this statement's snapshot sees.
  const open = clockOff ? openShiftSql(businessId, sql`${employees.currentShiftId}`) : sql`null`;
  const current = clockOff ? sql`(select e.xmin from ${employees} e where e.id = ${employees.id}) = ${employees}.xmin` : sql`true`;
  return sql`json_build_object('employee', row_to_json(${employees}), 'version', ${employees}.xmin::text,
    'shape', ${constantText(shape)}, 'at', ${clockOn ? sql`${at}::text` : sql`null`},
    'reads', json_build_object('groups', ${groupRowsSql(businessId)}, 'links', ${groupLocationLinksSql(businessId)},
      'hooks', exists (select 1 from ${webhookRegistrations} h where h.business_id = ${businessId}),
      'roster', ${roster}, 'lineSettings', ${settings}, 'required', ${required}, 'choices', ${choices}, 'newShiftId', ${newShiftId},
      'open', ${open}, 'current', ${current}))`;
}

const whereEmployee = () => sql`${employees.id} = ${bind<number>('employeeId')} and ${employees.businessId} = ${bind<number>('businessId')}`;

/** The standalone read: the employee's row, locked when `lock`, with its reads; the point's rules are placeholders. */
const compiledRead = compiledByShape((key: `${ReadShape}|${'lock' | 'read'}`) => {
  const [shape, mode] = key.split('|') as [ReadShape, 'lock' | 'read'];
  const point = { clockOnWindowMinutes: sql`${bind<number | null>('rosterWindow')}::integer`, locationId: sql`${bind<number | null>('choice.kioskLocationId')}::integer` };
  return sql`select ${readJson(shape, point)} as "read" from ${employees} where ${whereEmployee()}${mode === 'lock' ? sql` for update` : sql``}`;
});

/** The compiled read of a punch of `kind`, locking the employee's row (in a transaction) or not (optimistic). */
export const punchReadStatement = (kind: PunchKind, lock: boolean) => compiledRead(`${readShapeOf(kind)}|${lock ? 'lock' : 'read'}`);

/** What a punch's read is asked for: its employee, kind, instant and (a clock-on's) choices. */
export interface PunchReadRequest {
  businessId: number;
  employeeId: number;
  kind: PunchKind;
  at: Date;
  choices: ChoiceInput;
}

function readValues(request: PunchReadRequest): Record<string, unknown> {
  const values: Record<string, unknown> = { businessId: request.businessId, employeeId: request.employeeId };
  if (request.kind === 'clockOn') Object.assign(values, { at: request.at.toISOString() }, clockOnChoiceValues(request.choices));
  return values;
}

/** The values of punchReadStatement's placeholders for a punch at `point`. */
export function punchReadValues(request: PunchReadRequest, point: Pick<PunchPoint, 'clockOnWindowMinutes' | 'locationId'>): Record<string, unknown> {
  const values = readValues(request);
  if (request.kind === 'clockOn') Object.assign(values, { rosterWindow: point.clockOnWindowMinutes, 'choice.kioskLocationId': point.locationId });
  return values;
}

/**
 * The read as a value of the caller's statement (auth/callerReads.ts): the path's kiosk is the
 * punch point, its rules the statement's kiosk columns. Not locked: a punch that uses it writes
 * optimistically, or reads again in its transaction.
 */
export function punchCallerRead(request: PunchReadRequest): CallerRead {
  const shape = readShapeOf(request.kind);
  return {
    shape: `punch:${shape}`,
    build: (kiosk) => sql`(select ${readJson(shape, kiosk)} from ${employees} where ${whereEmployee()})`,
    values: readValues(request),
  };
}

const ReadsJson = z.object({
  groups: z.unknown(),
  links: z.unknown(),
  hooks: z.boolean(),
  roster: z.unknown(),
  lineSettings: z.unknown(),
  required: z.unknown(),
  choices: z.unknown(),
  newShiftId: z.coerce.number().nullable(),
  open: z.unknown(),
  current: z.boolean(),
});

const ReadJson = z.object({ employee: z.record(z.string(), z.unknown()), version: z.string(), shape: z.string(), at: z.string().nullable(), reads: ReadsJson });
const employeeRow = rowMapper(employees);

/** A punch's read: the employee as read, the version it was read at, and the rest. */
export interface PunchRead {
  employee: EmployeeRow;
  version: string;
  reads: PunchReads;
}

/** A read (punchReadStatement's column, or punchCallerRead's value); null when no employee was found. */
export function punchReadOf(value: unknown, businessId: number, classificationId: number | null = null): PunchRead | null {
  if (value === null || value === undefined) return null;
  const read = ReadJson.parse(typeof value === 'string' ? JSON.parse(value) : value);
  return { employee: employeeRow(read.employee), version: read.version, reads: punchReadsOf(read.reads, businessId, classificationId) };
}

/** What readMadeFor checks; built once (a zod schema built per call compiles its parser on every call). */
const ReadMadeFor = ReadJson.pick({ shape: true, at: true }).extend({ employee: z.object({ id: z.number() }) });

/**
 * The read made beside the caller, when it is the one `request` needs: same employee and kind,
 * and for a clock-on an instant less than a minute away, well inside the one-minute margin its
 * roster candidates were read with (rosterCandidatesSql); null otherwise (read again).
 */
export function readMadeFor(value: unknown, request: PunchReadRequest): unknown {
  const read = ReadMadeFor.safeParse(value);
  if (!read.success || read.data.employee.id !== request.employeeId || read.data.shape !== readShapeOf(request.kind)) return null;
  if (request.kind === 'clockOn' && (read.data.at === null || Math.abs(Date.parse(read.data.at) - request.at.getTime()) >= 60_000)) return null;
  return value;
}

/** The `reads` of a punch's read. */
function punchReadsOf(value: unknown, businessId: number, classificationId: number | null = null): PunchReads {
  const reads = ReadsJson.parse(typeof value === 'string' ? JSON.parse(value) : value);
  return {
    groups: groupMatchersFrom(reads.groups, reads.links),
    hooks: reads.hooks,
    roster: reads.roster,
    newShiftId: reads.newShiftId,
    open: reads.current && reads.open !== null ? shiftToCompleteOf(reads.open) : null,
    lineSettings: reads.lineSettings === null ? null : lineSettingsOf(reads.lineSettings, businessId),
    required: reads.required === null ? null : businessRequirementsOf(reads.required),
    choices: reads.choices === null ? null : choiceReferencesOf(reads.choices, classificationId),
  };
}

const Instant = z.string().transform((text) => new Date(text));
const OpenShiftJson = z.object({
  id: z.number(),
  businessId: z.number(),
  employeeId: z.number(),
  kioskId: z.number().nullable(),
  startUtc: Instant,
  ianaTimeZone: z.string(),
  locationId: z.number().nullable(),
  workTypeId: z.number().nullable(),
  shiftConditionIds: z.array(z.number()),
  dimensionValueIds: z.array(z.number()),
  rosterShiftId: z.number().nullable(),
  breaks: z.array(z.object({ startUtc: Instant, endUtc: Instant.nullable(), isPaidBreak: z.boolean() })),
  notes: z.array(z.object({ note: z.string(), visibility: z.string() })),
  roster: z.object({ startUtc: Instant, endUtc: Instant, locationId: z.number().nullable(), workTypeId: z.number().nullable() }).nullable(),
});

/** A shift being completed: everything its line is made from except the settings and its end. */
export type ShiftToComplete = Omit<CompletedShift, 'endUtc'> & Pick<LineInputs, 'notes' | 'roster'>;

/** The shift `shiftId` (SQL) with its breaks, notes and roster shift, as one JSON value (null when none). */
function openShiftSql(businessId: Bind<number>, shiftId: SQL): SQL {
  return sql`(select json_build_object('id', s.id, 'businessId', s.business_id, 'employeeId', s.employee_id, 'kioskId', s.kiosk_id,
      'startUtc', s.start_utc, 'ianaTimeZone', s.iana_time_zone, 'locationId', s.location_id, 'workTypeId', s.work_type_id,
      'shiftConditionIds', s.shift_condition_ids, 'dimensionValueIds', s.dimension_value_ids, 'rosterShiftId', s.roster_shift_id,
      'breaks', (select coalesce(json_agg(json_build_object('startUtc', b.start_utc, 'endUtc', b.end_utc, 'isPaidBreak', b.is_paid_break)
        order by b.start_utc, b.id), '[]'::json) from ${shiftBreaks} b where b.shift_id = s.id),
      'notes', (select coalesce(json_agg(json_build_object('note', n.note, 'visibility', n.visibility) order by n.id), '[]'::json)
        from ${shiftNotes} n where n.shift_id = s.id),
      'roster', (select json_build_object('startUtc', r.start_utc, 'endUtc', r.end_utc, 'locationId', r.location_id, 'workTypeId', r.work_type_id)
        from ${rosterShifts} r where r.id = s.roster_shift_id and r.business_id = ${businessId}))
    from ${clockShifts} s where s.id = ${shiftId})`;
}

function shiftToCompleteOf(value: unknown): ShiftToComplete {
  return OpenShiftJson.parse(typeof value === 'string' ? JSON.parse(value) : value);
}

/** The employee's open shift with its breaks, notes and roster shift, read afresh (after a wait for the lock). */
export async function loadShiftToComplete(db: Database, businessId: number, shiftId: number): Promise<ShiftToComplete> {
  const [row] = rowsOf<{ open: unknown }>(await db.execute(sql`select ${openShiftSql(businessId, sql`${shiftId}::integer`)} as open`));
  if (!row || row.open === null || row.open === undefined) throw new Error(`open shift ${shiftId} vanished`);
  return shiftToCompleteOf(row.open);
}
