/**
 * One timesheet line as a manager or an integration writes it (create, update, bulk), checked and
 * turned into the row's values: wall-clock times read in the line's zone, the units rule (start
 * and end forced to midnight), the shape rules shared with addshift (domain checkShiftShape), and
 * the references (location, work type, shift conditions of this business) under the business's
 * timesheet settings. Field names in problems carry a prefix, so bulk can say which line it was.
 */
import type { UkBusinessTimesheetSettingsModel } from '../../../contract/generated/models';
import { checkShiftShape } from '../../../domain/completeShift';
import { localToUtc, parseWireDateTime, toLocalDateTime } from '../../../domain/time';
import { invalidField } from '../../errors/apiError';
import type { ReferenceData } from '../referenceData/references';
import { checkDimensionValues, type LiveDimensionValue } from '../referenceData/reportingDimensions';

/** A line's fields once its ids are standard ids (bulk resolves external ones first). */
export interface LineDraft {
  startTime?: string | null | undefined;
  endTime?: string | null | undefined;
  units?: number | null | undefined;
  locationId?: number | null | undefined;
  workTypeId?: number | null | undefined;
  shiftConditionIds?: readonly number[] | null | undefined;
  dimensionValueIds?: readonly number[] | null | undefined;
  breaks?: ReadonlyArray<{ startTime?: string | null | undefined; endTime?: string | null | undefined; isPaidBreak: boolean }> | null | undefined;
  comments?: string | null | undefined;
  hiddenComments?: string | null | undefined;
  rate?: number | null | undefined;
  leaveCategoryId?: number | null | undefined;
  payCategoryId?: number | null | undefined;
  leaveRequestId?: number | null | undefined;
  externalId?: string | null | undefined;
}

/** The row values a draft becomes (status, employee and provenance are the caller's). */
export interface PlannedLine {
  startUtc: Date;
  endUtc: Date;
  units: string | null;
  locationId: number | null;
  workTypeId: number | null;
  shiftConditionIds: number[];
  dimensionValueIds: number[];
  breaks: Array<{ startUtc: string; endUtc: string; isPaidBreak: boolean }>;
  comments: string | null;
  hiddenComments: string | null;
  rate: string | null;
  leaveCategoryId: number | null;
  payCategoryId: number | null;
  leaveRequestId: number | null;
  externalId: string | null;
}

export interface PlanContext {
  refs: ReferenceData;
  settings: UkBusinessTimesheetSettingsModel;
  /** The zone wall-clock times are read in (the business's; a kiosk line's own on update). */
  zone: string;
  /** Prepended to field names in problems (`timesheets.123.0.`). */
  prefix?: string;
  /** The draft's reporting dimension values that may be recorded (reportingDimensions.dimensionValuesForLines). */
  dimensionValues?: readonly LiveDimensionValue[];
  /** References the line already has: kept even if deleted since. */
  keep?: { locationId: number | null; workTypeId: number | null };
  /**
   * The line's stored instants (an update): a time sent back as the line shows it keeps its
   * instant, seconds and all, so approving a line as it stands changes none of its times, even one
   * whose wall-clock text is ambiguous (the hour repeated when clocks go back).
   */
  stored?: { startUtc: Date | null; endUtc: Date | null; breaks: ReadonlyArray<{ startUtc: Date; endUtc: Date | null }> };
}

function readTime(value: string | null | undefined, field: string, zone: string, stored?: Date | null): Date {
  if (value === null || value === undefined) throw invalidField('validation-failed', field, `${field} is required.`);
  if (stored && value === toLocalDateTime(stored, zone)) return stored;
  const at = parseWireDateTime(value, { zone });
  if (!at) throw invalidField('validation-failed', field, `${field} is not a date-time.`);
  return at;
}

/** Local midnight of the day `at` falls on in `zone`. */
function midnightOf(at: Date, zone: string): Date {
  const day = toLocalDateTime(at, zone).slice(0, 10);
  return localToUtc(new Date(`${day}T00:00:00Z`), zone);
}

function checkReferences(draft: LineDraft, ctx: PlanContext, field: (name: string) => string) {
  const { refs, settings, keep } = ctx;
  const locationId = draft.locationId ?? null;
  if (locationId !== null) {
    const location = refs.locations.get(locationId);
    if (!location || (location.isDeleted && keep?.locationId !== locationId)) {
      throw invalidField('invalid-reference', field('locationId'), `Location ${locationId} does not exist in this business.`);
    }
  } else if (settings.requireLocation) {
    throw invalidField('location-required', field('locationId'), 'The business requires a location on every timesheet line.');
  }
  const workTypeId = draft.workTypeId ?? null;
  if (workTypeId !== null) {
    const workType = refs.workTypes.get(workTypeId);
    if (!workType || workType.isShiftCondition || (workType.isDeleted && keep?.workTypeId !== workTypeId)) {
      throw invalidField('invalid-reference', field('workTypeId'), `Work type ${workTypeId} does not exist in this business.`);
    }
  } else if (settings.requireWorkType) {
    throw invalidField('work-type-required', field('workTypeId'), 'The business requires a work type on every timesheet line.');
  }
  const conditions = [...new Set(draft.shiftConditionIds ?? [])];
  const unknown = conditions.find((id) => {
    const condition = refs.workTypes.get(id);
    return !condition || !condition.isShiftCondition || condition.isDeleted;
  });
  if (unknown !== undefined) {
    throw invalidField('invalid-reference', field('shiftConditionIds'), `Shift condition ${unknown} does not exist in this business.`);
  }
  // Values of the business's reporting dimensions, at most one per dimension (as at clock-on).
  const dimensionValueIds = checkDimensionValues(draft.dimensionValueIds ?? [], ctx.dimensionValues ?? [], field('dimensionValueIds'));
  return { locationId, workTypeId, shiftConditionIds: conditions, dimensionValueIds };
}

/** Checks a draft and returns the row values it becomes; throws a 400 naming the field at fault. */
export function planLine(draft: LineDraft, ctx: PlanContext): PlannedLine {
  const field = (name: string) => `${ctx.prefix ?? ''}${name}`;
  const units = draft.units ?? null;
  if (units !== null && (!Number.isFinite(units) || units < 0 || units > 10_000)) {
    throw invalidField('validation-failed', field('units'), 'units must be from 0 to 10000.');
  }
  const stored = ctx.stored;
  let start = readTime(draft.startTime, field('startTime'), ctx.zone, stored?.startUtc);
  let end = units === null ? readTime(draft.endTime, field('endTime'), ctx.zone, stored?.endUtc) : start;
  if (units !== null) {
    // The contract's units rule: such a line is a quantity on a day, its times forced to midnight.
    start = midnightOf(start, ctx.zone);
    end = start;
  }
  const breaks = (draft.breaks ?? []).map((b, i) => ({
    start: readTime(b.startTime, field(`breaks.${i}.startTime`), ctx.zone, stored?.breaks[i]?.startUtc),
    end: readTime(b.endTime, field(`breaks.${i}.endTime`), ctx.zone, stored?.breaks[i]?.endUtc),
    isPaidBreak: b.isPaidBreak,
  }));
  const problem = checkShiftShape({ start, end, breaks }, units !== null);
  if (problem) {
    const at = problem.breakIndex === undefined ? field('endTime') : field(`breaks.${problem.breakIndex}`);
    throw invalidField(problem.code, at, problem.message);
  }
  const references = checkReferences(draft, ctx, field);
  const text = (value: string | null | undefined) => (value === null || value === undefined || value.trim() === '' ? null : value);
  return {
    startUtc: start,
    endUtc: end,
    units: units === null ? null : String(units),
    ...references,
    breaks: breaks.map((b) => ({ startUtc: b.start.toISOString(), endUtc: b.end.toISOString(), isPaidBreak: b.isPaidBreak })),
    comments: text(draft.comments),
    hiddenComments: text(draft.hiddenComments),
    rate: draft.rate === null || draft.rate === undefined ? null : String(draft.rate),
    leaveCategoryId: draft.leaveCategoryId ?? null,
    payCategoryId: draft.payCategoryId ?? null,
    leaveRequestId: draft.leaveRequestId ?? null,
    externalId: text(draft.externalId)?.trim() ?? null,
  };
}
