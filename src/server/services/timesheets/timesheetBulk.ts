/**
 * Bulk timesheets (contract 2.9, `POST` and `PUT B/timesheet/bulk`): lines grouped by employee
 * key, the keys and the lines' location, work type and shift condition ids read as standard or
 * external ids as the request says. Everything happens in one transaction: replacing first deletes
 * the listed employees' lines that are not Processed inside the window, then every line is checked
 * (timesheetInput.ts) and written, or none is.
 */
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { UkSubmitTimesheetsRequestInput, UkSubmitTimesheetsResponse, UkTimesheetLineModelInput } from '../../../contract/generated/models';
import type { Database } from '../../db/openDatabase';
import { clockShifts, employees, locations, timesheetLines, workTypes } from '../../db/schema';
import { invalidField } from '../../errors/apiError';
import { loadReferenceData } from '../referenceData/references';
import { readSettings } from '../businesses/settings';
import { planLine, type LineDraft } from './timesheetInput';
import { toIndividualLine, type TimesheetLineRow } from './timesheetLineShapes';
import { businessZone, newLineValues, type WriteContext } from './timesheetWrites';
import { dimensionValuesForLines } from '../referenceData/reportingDimensions';
import { readInTurn, withTransaction } from '../../db/transactions';
import { recordLineEvents, recordLinesDeleted } from '../webhooks/webhookPayloads';
import { recordLineChanges } from '../myHours/lineChanges';

/** At most this many lines in one bulk request (the per-employee list is capped by the schema). */
export const BULK_LINES_MAX = 5000;
const INSERT_CHUNK = 250;

type IdType = 'Standard' | 'External';

/** Reads ids of one kind (employees, locations, work types) as the request's id type says. */
function idReader(kind: string, type: IdType, externals: ReadonlyMap<string, number>) {
  return (value: string, field: string): number => {
    const text = value.trim();
    const id = type === 'External' ? externals.get(text) : /^\d{1,9}$/.test(text) ? Number(text) : undefined;
    if (id === undefined) {
      const how = type === 'External' ? 'external id' : 'id';
      throw invalidField('invalid-reference', field, `No ${kind} of this business has the ${how} '${value}'.`);
    }
    return id;
  };
}

async function externalIds(db: Database, businessId: number) {
  const [people, places, kinds] = await readInTurn(
    () => db.select({ id: employees.id, key: employees.externalId }).from(employees).where(and(eq(employees.businessId, businessId), isNotNull(employees.externalId))),
    () => db.select({ id: locations.id, key: locations.externalId }).from(locations).where(and(eq(locations.businessId, businessId), isNotNull(locations.externalId))),
    () => db.select({ id: workTypes.id, key: workTypes.externalId }).from(workTypes).where(and(eq(workTypes.businessId, businessId), isNotNull(workTypes.externalId))),
  );
  const map = (rows: Array<{ id: number; key: string | null }>) => new Map(rows.map((r) => [r.key ?? '', r.id]));
  return { employees: map(people), locations: map(places), workTypes: map(kinds) };
}

function optionalInt(value: string | null | undefined, field: string): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  if (!/^\d{1,9}$/.test(value.trim())) throw invalidField('validation-failed', field, `${field} must be a whole number.`);
  return Number(value.trim());
}

/** The local dates of a replace window (the time parts are ignored). */
function windowOf(body: UkSubmitTimesheetsRequestInput): { from: string; to: string } {
  if (!body.fromDate) throw invalidField('validation-failed', 'fromDate', 'fromDate is required to replace lines.');
  if (!body.toDate) throw invalidField('validation-failed', 'toDate', 'toDate is required to replace lines.');
  const from = body.fromDate.slice(0, 10);
  const to = body.toDate.slice(0, 10);
  if (to < from) throw invalidField('validation-failed', 'toDate', 'toDate must not be before fromDate.');
  return { from, to };
}

/** Deletes the employees' lines that are not Processed and start on a local date inside the window. */
async function deleteWindow(tx: Database, ctx: WriteContext, employeeIds: number[], window: { from: string; to: string }) {
  const { businessId, now } = ctx;
  if (employeeIds.length === 0) return;
  const localDate = sql`(${timesheetLines.startUtc} AT TIME ZONE ${timesheetLines.ianaTimeZone})::date`;
  const gone = await tx
    .delete(timesheetLines)
    .where(
      and(
        eq(timesheetLines.businessId, businessId),
        inArray(timesheetLines.employeeId, employeeIds),
        ne(timesheetLines.status, 'Processed'),
        sql`${localDate} BETWEEN ${window.from}::date AND ${window.to}::date`,
      ),
    )
    .returning();
  const shiftIds = gone.flatMap((line) => (line.clockShiftId === null ? [] : [line.clockShiftId]));
  if (shiftIds.length > 0) {
    await tx
      .update(clockShifts)
      .set({ timesheetLineId: null })
      .where(and(inArray(clockShifts.id, shiftIds), inArray(clockShifts.timesheetLineId, gone.map((line) => line.id))));
  }
  const ordered = gone.sort((a, b) => a.id - b.id);
  await recordLinesDeleted(tx, businessId, ordered, now);
  await recordLineChanges(tx, ctx, ordered.map((line) => ({ before: line, after: null })));
}

/**
 * Adds (and with `replace`, first replaces) the lines of a bulk request; answers the created lines
 * per key when `returnResponse` asks for them.
 */
export function submitBulk(
  db: Database,
  ctx: WriteContext,
  body: UkSubmitTimesheetsRequestInput,
  replace: boolean,
): Promise<UkSubmitTimesheetsResponse> {
  const groups = Object.entries(body.timesheets ?? {});
  const total = groups.reduce((sum, [, lines]) => sum + lines.length, 0);
  if (total > BULK_LINES_MAX) throw invalidField('validation-failed', 'timesheets', `At most ${BULK_LINES_MAX} lines in one request.`);
  const window = replace || body.replaceExisting ? windowOf(body) : null;

  return withTransaction(db, async (tx) => {
    const [zone, refs, settings, externals] = await readInTurn(
      () => businessZone(tx, ctx.businessId),
      () => loadReferenceData(tx, ctx.businessId),
      () => readSettings(tx, ctx.businessId, 'timesheet'),
      () => externalIds(tx, ctx.businessId),
    );
    const readEmployee = idReader('employee', body.employeeIdType ?? 'Standard', externals.employees);
    const readLocation = idReader('location', body.locationIdType ?? 'Standard', externals.locations);
    const readWorkType = idReader('work type', body.workTypeIdType ?? 'Standard', externals.workTypes);

    const keyed = groups.map(([key, lines]) => ({ key, employeeId: readEmployee(key, `timesheets.${key}`), lines }));
    const ids = [...new Set(keyed.map((group) => group.employeeId))];
    const found = ids.length === 0 ? [] : await tx.select({ id: employees.id }).from(employees).where(and(eq(employees.businessId, ctx.businessId), inArray(employees.id, ids)));
    const known = new Set(found.map((row) => row.id));
    const stranger = keyed.find((group) => !known.has(group.employeeId));
    if (stranger) throw invalidField('invalid-reference', `timesheets.${stranger.key}`, `Employee ${stranger.key} does not exist in this business.`);

    if (window) await deleteWindow(tx, ctx, ids, window);

    const status = body.approved ? 'Approved' : 'Submitted';
    // Reporting dimension values the lines name (one statement, only when any does).
    const dimensionValues = await dimensionValuesForLines(tx, ctx.businessId, keyed.flatMap((group) => group.lines.flatMap((line) => line.dimensionValueIds ?? [])));
    const planned = keyed.flatMap((group) =>
      group.lines.map((line: UkTimesheetLineModelInput, index) => {
        const prefix = `timesheets.${group.key}.${index}.`;
        const draft: LineDraft = {
          ...line,
          locationId: line.locationId ? readLocation(line.locationId, `${prefix}locationId`) : null,
          workTypeId: line.workTypeId ? readWorkType(line.workTypeId, `${prefix}workTypeId`) : null,
          shiftConditionIds: (line.shiftConditionIds ?? []).map((id, i) => readWorkType(id, `${prefix}shiftConditionIds.${i}`)),
          leaveCategoryId: optionalInt(line.leaveCategoryId, `${prefix}leaveCategoryId`),
          payCategoryId: optionalInt(line.payCategoryId, `${prefix}payCategoryId`),
          leaveRequestId: optionalInt(line.leaveRequestId, `${prefix}leaveRequestId`),
        };
        const plan = planLine(draft, { refs, settings, zone, prefix, dimensionValues });
        return { key: group.key, values: newLineValues(ctx, group.employeeId, zone, plan, status) };
      }),
    );

    const rows: TimesheetLineRow[] = [];
    for (let i = 0; i < planned.length; i += INSERT_CHUNK) {
      const chunk = planned.slice(i, i + INSERT_CHUNK);
      rows.push(...(await tx.insert(timesheetLines).values(chunk.map((p) => p.values)).returning()));
    }
    // Web hooks: a replaced line is TimesheetDeleted (above), each new one TimesheetCreated; one statement.
    await recordLineEvents(tx, ctx.businessId, rows.map((row) => ({ action: 'TimesheetCreated' as const, row })), ctx.now, refs);
    await recordLineChanges(tx, ctx, rows.map((row) => ({ before: null, after: row })));
    if (!body.returnResponse) return { timesheets: null };
    const answer: Record<string, ReturnType<typeof toIndividualLine>[]> = {};
    for (const [index, row] of rows.entries()) {
      const key = planned[index]?.key ?? String(row.employeeId);
      (answer[key] ??= []).push(toIndividualLine(row, refs));
    }
    return { timesheets: answer };
  });
}
