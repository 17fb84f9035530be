/**
 * The timesheet list (`GET B/timesheet`) one page at a time: the OData field map over the lines
 * table (names of work types and locations as subqueries, start and end as wall-clock times in
 * each line's zone) and the page query on the (business, start) index (the names a page needs:
 * timesheetLines.referencesOfLines).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { ExternalService, LeaveUnitTypeEnum, type UkTimesheetLineModel } from '../../../contract/generated/models';
import { PAGE_LIMITS } from '../../../contract/paging';
import type { Database } from '../../db/openDatabase';
import { timesheetLines } from '../../db/schema';
import { field, outer, type FieldMap } from '../../lists/odata/fields';
import { pageOf, planList, type ListPlan, type ListSpec, type ODataQuery } from '../../lists/odata/planList';
import { fullyQualifiedNameSql } from '../referenceData/locationList';
import type { TimesheetLineRow } from './timesheetLineShapes';

const line = timesheetLines;

const LINE_FIELDS: FieldMap<keyof UkTimesheetLineModel> = {
  locationIsDeleted: field.bool(
    sql`COALESCE((SELECT l.deleted_at IS NOT NULL FROM locations l WHERE l.id = ${outer(line.locationId)}), FALSE)`,
    { nullable: false },
  ),
  unitType: field.enum(sql`NULL::text`, LeaveUnitTypeEnum.options),
  id: field.int(line.id),
  employeeId: field.int(line.employeeId),
  startTime: field.localDateTime(line.startUtc, line.ianaTimeZone),
  endTime: field.localDateTime(line.endUtc, line.ianaTimeZone),
  units: field.decimal(line.units),
  workTypeId: field.intText(line.workTypeId),
  locationId: field.intText(line.locationId),
  comments: field.text(line.comments),
  breaks: field.list(),
  status: field.text(line.status),
  rate: field.decimal(line.rate),
  leaveCategoryId: field.intText(line.leaveCategoryId),
  payCategoryId: field.intText(line.payCategoryId),
  externalId: field.text(line.externalId),
  source: field.enum(line.source, ExternalService.options),
  attachmentId: field.int(sql`NULL::integer`),
  shiftConditionIds: field.list(),
  workType: field.text(sql`(SELECT w.name FROM work_types w WHERE w.id = ${outer(line.workTypeId)})`),
  fullyQualifiedLocationName: field.text(fullyQualifiedNameSql(line.locationId, 'all')),
  shiftConditions: field.list(),
  hiddenComments: field.text(line.hiddenComments),
  attachment: field.object(),
  submittedByUser: field.text(line.submittedByUser),
  dimensionValueIds: field.list(),
  leaveRequestId: field.intText(line.leaveRequestId),
};

const LINE_LIST: ListSpec = {
  fields: LINE_FIELDS,
  limits: PAGE_LIMITS.history,
  // Nulls first, like an ascending $orderby (and the index).
  defaultOrder: [sql`${line.startUtc} ASC NULLS FIRST`, asc(line.id)],
  key: [line.id],
};

/** Plans a `B/timesheet` request (validates its OData; no database access). */
export const planTimesheetLineList = (query: ODataQuery) => planList(query, LINE_LIST);

/** One page of the business's timesheet lines. */
export function listLinePage(db: Database, businessId: number, plan: ListPlan): Promise<TimesheetLineRow[]> {
  return pageOf(db.select().from(line).$dynamic(), plan, eq(line.businessId, businessId));
}

