/**
 * The floor's punch: what a keyed clock-on or clock-off must cost at least, with the service's own
 * two statements (src/server/services/punches/store/keyedPunch.ts) and nothing else: no framework,
 * no validation, no rules beyond choosing the write's values from the read (the shift opened at the
 * recorded time, a clock-off's line from its open shift unrounded). The values fill the same
 * placeholders as the service's (same keys: the same text, one prepared statement each); the
 * bench checks that the texts the floor ran are the texts the service ran. Used by the floor
 * server (node:http and pg), the PGlite floor (in-process) and the pgbench script's sample values.
 */
import { createHash } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { valuesOf, type CompiledStatement } from '../../src/server/db/compiledStatements';
import { rowsOf } from '../../src/server/db/rowsOf';
import type { Database } from '../../src/server/db/openDatabase';
import { keyedPunchRead, keyedPunchWrite, type BoundStatement } from '../../src/server/services/punches/store/keyedPunch';
import type { PunchWrite } from '../../src/server/services/punches/store/punchWrites';
import { KIOSK_LINE_SOURCE } from '../../src/server/services/timesheets/timesheetLines';

/** Runs a compiled statement with its parameter values in order; answers the rows as the driver decodes them. */
export type RunStatement = (statement: CompiledStatement, values: unknown[]) => Promise<ReadonlyArray<Record<string, unknown>>>;

export interface FloorRequest {
  businessId: number;
  kioskId: number;
  kind: 'clockOn' | 'clockOff';
  /** The tablet's bearer token. */
  token: string;
  key: string;
  /** The request's body as sent (its text is the floor's fingerprint input). */
  bodyText: string;
  employeeId: number;
  recordedTimeUtc: string;
  utcOffset: string | null;
  now: Date;
}

export interface FloorAnswer {
  status: number;
  body: string;
}

/** On a pg pool, as a named (prepared) statement: what the floor server does. */
export const runOnPool =
  (pool: pg.Pool): RunStatement =>
  async (statement, values) =>
    (await pool.query({ name: statement.name, text: statement.text, values })).rows as Array<Record<string, unknown>>;

/** On a drizzle database (PGlite in-process, or a test's), through its session as runCompiled sends it, without drizzle's query builders. */
export const runOnDatabase =
  (db: Database): RunStatement =>
  async (statement, values) =>
    rowsOf<Record<string, unknown>>(await db._.session.prepareQuery({ sql: statement.text, params: values }, undefined, statement.name, false).execute());

/** Builds statement text only (drizzle's query builders); never connected. */
const textOnly = drizzle.mock() as unknown as Database;

const run = (runner: RunStatement, bound: BoundStatement) => runner(bound.statement, valuesOf(bound.statement, bound.values));

type Json = Record<string, unknown>;
const object = (value: unknown): Json => (typeof value === 'string' ? (JSON.parse(value) as Json) : ((value ?? {}) as Json));
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const date = (value: unknown): Date | null => (typeof value === 'string' || typeof value === 'number' ? new Date(value) : null);

/** The write a plain punch makes, with the values the read gave (the service decides them by its rules). */
function writeOf(request: FloorRequest, deviceId: number, employee: Json, reads: Json, ianaTimeZone: string): { write: PunchWrite; answer: Json } {
  const at = new Date(request.recordedTimeUtc);
  const { businessId, employeeId, kioskId } = request;
  const on = request.kind === 'clockOn';
  const punch = {
    businessId,
    employeeId,
    shiftId: null,
    kioskId,
    kind: request.kind,
    timeOfRecordUtc: at,
    recordedTimeUtc: at,
    receivedUtc: request.now,
    utcOffset: request.utcOffset,
    latitude: null,
    longitude: null,
    ipAddress: null,
    isAdminInitiated: false,
    photoId: null,
    photoExempt: false,
    principal: `device:${deviceId}`,
  };
  const state = on
    ? { attendanceStatus: 'ClockedOn' as const, clockOnTimeUtc: at, breakStartTimeUtc: null, lastPunchTimeUtc: at }
    : { attendanceStatus: 'ClockedOff' as const, clockOnTimeUtc: null, breakStartTimeUtc: null, lastPunchTimeUtc: at };
  const shiftId = on ? num(reads.newShiftId) : num(employee.current_shift_id);
  if (shiftId === null) throw new Error(`${request.kind} of employee ${employeeId}: no shift`);
  const common = { effects: [], isPaidBreak: false, punch, employeeId, state, note: null };
  let write: PunchWrite;
  if (on) {
    const openShift = {
      id: shiftId,
      businessId,
      employeeId,
      kioskId,
      ianaTimeZone,
      startUtc: at,
      status: 'open' as const,
      locationId: null,
      workTypeId: null,
      classificationId: null,
      shiftConditionIds: [],
      dimensionValueIds: [],
      rosterShiftId: null,
    };
    write = { ...common, openShift, shiftId: null, line: null, onShift: true };
  } else {
    const open = reads.current === true && reads.open ? object(reads.open) : null;
    if (open === null || num(open.id) !== shiftId) throw new Error(`clock-off of employee ${employeeId}: its open shift was not read`);
    const line = {
      businessId,
      employeeId,
      startUtc: date(open.startUtc) ?? at,
      endUtc: at,
      ianaTimeZone: String(open.ianaTimeZone),
      workTypeId: num(open.workTypeId),
      locationId: num(open.locationId),
      comments: null,
      hiddenComments: null,
      breaks: [],
      status: 'Submitted' as const,
      source: KIOSK_LINE_SOURCE,
      shiftConditionIds: (open.shiftConditionIds ?? []) as number[],
      dimensionValueIds: (open.dimensionValueIds ?? []) as number[],
      submittedByUser: `device:${deviceId}`,
      clockShiftId: shiftId,
      rosterShiftId: num(open.rosterShiftId),
    };
    write = { ...common, openShift: null, shiftId, effects: [{ type: 'closeShift', at }], line, onShift: false };
  }
  const answer = {
    id: employeeId,
    firstName: employee.first_name,
    surname: employee.surname,
    name: `${String(employee.first_name)} ${String(employee.surname)}`,
    status: state.attendanceStatus,
    clockOnTimeUtc: state.clockOnTimeUtc,
    breakStartTimeUtc: null,
    recordedTimeUtc: at,
    currentShiftId: on ? shiftId : null,
    shiftTimeUtc: at,
  };
  return { write, answer };
}

/** One keyed punch: the read, the write with the key's record, the answer (401 for an unknown token, 404 for an unknown employee). */
export async function floorPunch(runner: RunStatement, request: FloorRequest): Promise<FloorAnswer> {
  const read = keyedPunchRead({ businessId: request.businessId, employeeId: request.employeeId, kind: request.kind, at: new Date(request.recordedTimeUtc), choices: {} }, request.token);
  const [row] = await run(runner, read);
  if (!row) return { status: 401, body: '{"status":401}' };
  const also = row.also === null || row.also === undefined ? null : object(row.also);
  if (also === null) return { status: 404, body: '{"status":404}' };
  const deviceId = Number(row['d.id']);
  const { write, answer } = writeOf(request, deviceId, object(also.employee), object(also.reads), String(row['k.iana_time_zone']));
  const body = JSON.stringify(answer);
  const key = {
    scope: `business:${request.businessId}|device:${deviceId}|kiosk.${request.kind === 'clockOn' ? 'clockInEmployee' : 'clockOutEmployee'}`,
    key: request.key,
    fingerprint: createHash('sha256').update(request.bodyText).digest('hex'),
    responseStatus: 200,
    responseBody: body,
    responseContentType: 'application/json',
  };
  const [result] = await run(runner, keyedPunchWrite(textOnly, write, String(also.version), key));
  if (!result || Number(result.current) !== 1 || Number(result.recorded) !== 1 || result.ok !== true) return { status: 409, body: JSON.stringify({ status: 409, result }) };
  return { status: 200, body };
}

/**
 * Clock-on then clock-off of each of `employeeIds` in turn, one punch at a time, until `until`
 * answers true (checked between punches, at most `limit` punches); answers the punches made. A
 * punch that is not answered 200 throws.
 */
export async function floorCycles(
  runner: RunStatement,
  target: { businessId: number; kioskId: number; token: string; employeeIds: readonly number[] },
  until: (punches: number) => boolean,
  limit = 10_000_000,
): Promise<number> {
  let punches = 0;
  for (let i = 0; punches < limit && !until(punches); i += 1) {
    const employeeId = target.employeeIds[i % target.employeeIds.length] ?? 0;
    for (const kind of ['clockOn', 'clockOff'] as const) {
      const now = new Date();
      const bodyText = JSON.stringify({ employeeId, kioskId: target.kioskId, recordedTimeUtc: now.toISOString(), utcOffset: '00:00:00' });
      const request: FloorRequest = { businessId: target.businessId, kioskId: target.kioskId, kind, token: target.token, key: `floor-${i}-${kind}-${now.getTime()}`, bodyText, employeeId, recordedTimeUtc: now.toISOString(), utcOffset: '00:00:00', now };
      const answer = await floorPunch(runner, request);
      if (answer.status !== 200) throw new Error(`the floor's ${kind} of employee ${employeeId} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      punches += 1;
    }
  }
  return punches;
}
