/**
 * A stored timesheet line in the contract's shapes: the individual line (ids as numbers) and the
 * list's line (ids as text), with the names of the locations and work types it refers to, and its
 * stored instants for an update that sends some of them back. Times go out as wall-clock times in
 * the line's zone (the kiosk's), as the contract infers for timesheets.
 */
import { z } from 'zod';
import { ExternalService, type UkIndividualTimesheetLineModel, type UkTimesheetLineModel } from '../../../contract/generated/models';
import { toLocalDateTime } from '../../../domain/time';
import type { Database } from '../../db/openDatabase';
import type { timesheetLines } from '../../db/schema';
import { loadReferencesFor, type ReferenceData } from '../referenceData/references';

export type TimesheetLineRow = typeof timesheetLines.$inferSelect;

/** A line's breaks as stored (JSON): instants, each with whether it is paid. */
export const StoredBreaks = z.array(z.object({ startUtc: z.iso.datetime(), endUtc: z.iso.datetime().nullable(), isPaidBreak: z.boolean() }));
export type StoredBreaks = z.infer<typeof StoredBreaks>;

/** The locations and work types (shift conditions included) that these lines name. */
export function referencesOfLines(db: Database, businessId: number, rows: readonly TimesheetLineRow[]): Promise<ReferenceData> {
  return loadReferencesFor(db, businessId, {
    locationIds: rows.flatMap((row) => (row.locationId === null ? [] : [row.locationId])),
    workTypeIds: rows.flatMap((row) => [...(row.workTypeId === null ? [] : [row.workTypeId]), ...row.shiftConditionIds]),
  });
}

/** A line's stored instants, for an update that sends some of them back as they were (timesheetInput's `stored`). */
export function storedTimesOf(row: TimesheetLineRow) {
  const parsed = StoredBreaks.safeParse(row.breaks);
  const breaks = (parsed.success ? parsed.data : []).map((b) => ({ startUtc: new Date(b.startUtc), endUtc: b.endUtc ? new Date(b.endUtc) : null }));
  return { startUtc: row.startUtc, endUtc: row.endUtc, breaks };
}

function readBreaks(row: TimesheetLineRow) {
  const parsed = StoredBreaks.safeParse(row.breaks);
  if (!parsed.success) throw new Error(`Timesheet line ${row.id} has malformed breaks`);
  return parsed.data.map((b) => ({
    startTime: toLocalDateTime(new Date(b.startUtc), row.ianaTimeZone),
    endTime: b.endUtc ? toLocalDateTime(new Date(b.endUtc), row.ianaTimeZone) : null,
    isPaidBreak: b.isPaidBreak,
  }));
}

const toNumber = (value: string | null) => (value === null ? null : Number(value));
const toText = (value: number | null) => (value === null ? null : String(value));

/** The individual-line shape (ids as numbers). */
export function toIndividualLine(row: TimesheetLineRow, refs: ReferenceData): UkIndividualTimesheetLineModel {
  const location = row.locationId === null ? undefined : refs.locations.get(row.locationId);
  const workType = row.workTypeId === null ? undefined : refs.workTypes.get(row.workTypeId);
  return {
    locationIsDeleted: location?.isDeleted ?? false,
    id: row.id,
    employeeId: row.employeeId,
    startTime: row.startUtc ? toLocalDateTime(row.startUtc, row.ianaTimeZone) : null,
    endTime: row.endUtc ? toLocalDateTime(row.endUtc, row.ianaTimeZone) : null,
    units: toNumber(row.units),
    workTypeId: row.workTypeId,
    locationId: row.locationId,
    comments: row.comments,
    breaks: readBreaks(row),
    status: row.status,
    rate: toNumber(row.rate),
    leaveRequestId: row.leaveRequestId,
    leaveCategoryId: row.leaveCategoryId,
    payCategoryId: row.payCategoryId,
    externalId: row.externalId,
    source: ExternalService.safeParse(row.source).data ?? 'None',
    attachmentId: null,
    shiftConditionIds: row.shiftConditionIds,
    workType: workType?.name ?? null,
    fullyQualifiedLocationName: location?.fullyQualifiedName ?? null,
    shiftConditions: row.shiftConditionIds.map((id) => ({ id, name: refs.workTypes.get(id)?.name ?? null })),
    hiddenComments: row.hiddenComments,
    attachment: null,
    dimensionValueIds: row.dimensionValueIds,
  };
}

/** The list shape, which carries ids as text (standard ids here). */
export function toListLine(row: TimesheetLineRow, refs: ReferenceData): UkTimesheetLineModel {
  const line = toIndividualLine(row, refs);
  return {
    ...line,
    unitType: null,
    workTypeId: toText(line.workTypeId),
    locationId: toText(line.locationId),
    leaveCategoryId: toText(line.leaveCategoryId),
    payCategoryId: toText(line.payCategoryId),
    leaveRequestId: toText(line.leaveRequestId),
    shiftConditionIds: row.shiftConditionIds.map(String),
    submittedByUser: row.submittedByUser,
  };
}
