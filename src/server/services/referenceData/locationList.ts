/**
 * Locations as the location routes answer them, computed in SQL: the path-style
 * `fullyQualifiedName` is a recursive subquery up the location's ancestors, so a page of locations
 * (or a filter on the name) never needs the whole tree in memory. Also the business's location
 * list and an employee's locations, one page at a time, with their OData field map.
 */
import { and, asc, eq, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import type { UkLocationModel, UkSingleLocationModel } from '../../../contract/generated/models';
import { PAGE_LIMITS } from '../../../contract/paging';
import type { Database } from '../../db/openDatabase';
import { locations } from '../../db/schema';
import { field, outer, type FieldMap } from '../../lists/odata/fields';
import { planList, type ListPlan, type ListSpec, type ODataQuery } from '../../lists/odata/planList';
import { LOCATION_PATH_SEPARATOR, toLocationModel, type LocationRow } from './locations';

/**
 * Which ancestors name a location: only live ones (the location list, where a deleted ancestor
 * ends the path), or all (an employee's locations and timesheet lines, where deleted ancestors
 * still name their children).
 */
export type AncestorRule = 'live' | 'all';

/**
 * The fully qualified name ("Sydney/Warehouse") of the location whose id `locationId` yields, as
 * a correlated subquery: the names from the root down, walking `parent_id` within the business;
 * a missing or repeated ancestor ends the walk (as `fullyQualifiedName` in locations.ts does).
 */
export function fullyQualifiedNameSql(locationId: Column, ancestors: AncestorRule): SQL<string | null> {
  const liveOnly = ancestors === 'live' ? sql`AND p.deleted_at IS NULL` : sql``;
  return sql<string | null>`(WITH RECURSIVE chain(parent_id, business_id, path, seen) AS (
      SELECT l.parent_id, l.business_id, l.name, ARRAY[l.id] FROM locations l WHERE l.id = ${outer(locationId)}
      UNION ALL
      SELECT p.parent_id, p.business_id, p.name || ${LOCATION_PATH_SEPARATOR}::text || chain.path, chain.seen || p.id
      FROM chain JOIN locations p ON p.id = chain.parent_id AND p.business_id = chain.business_id ${liveOnly}
      WHERE p.id <> ALL(chain.seen)
    ) SELECT chain.path FROM chain ORDER BY cardinality(chain.seen) DESC LIMIT 1)`;
}

/** UkLocationModel fields in SQL, with the qualified name read by `ancestors`. */
function locationFields(ancestors: AncestorRule): FieldMap<keyof UkLocationModel> {
  return {
    id: field.int(locations.id),
    parentId: field.int(locations.parentId),
    name: field.text(locations.name),
    externalId: field.text(locations.externalId),
    externalAccountingLocationId: field.text(locations.externalAccountingLocationId),
    source: field.text(locations.source),
    fullyQualifiedName: field.text(fullyQualifiedNameSql(locations.id, ancestors)),
    isGlobal: field.bool(locations.isGlobal),
    isRollupReportingLocation: field.bool(locations.isRollupReportingLocation),
    generalLedgerMappingCode: field.text(locations.generalLedgerMappingCode),
    defaultShiftConditionIds: field.list(),
    state: field.text(locations.state),
  };
}

const listSpec = (ancestors: AncestorRule): ListSpec => ({
  fields: locationFields(ancestors),
  limits: PAGE_LIMITS.settings,
  defaultOrder: [asc(locations.id)],
  key: [locations.id],
});
const BUSINESS_LIST = listSpec('live');
const EMPLOYEE_LIST = listSpec('all');

/** Plans a `B/location` request (validates its OData; no database access). */
export const planLocationList = (query: ODataQuery) => planList(query, BUSINESS_LIST);
/** Plans a `B/employee/{id}/location` request. */
export const planEmployeeLocationList = (query: ODataQuery) => planList(query, EMPLOYEE_LIST);

/** `regional`: add the AU `country` the location keeps (its Fill reshapes the answer; never for a UK business). */
async function selectModels(db: Database, where: SQL | undefined, ancestors: AncestorRule, plan?: ListPlan, regional = false): Promise<UkLocationModel[]> {
  const query = db
    .select({ row: locations, qualifiedName: fullyQualifiedNameSql(locations.id, ancestors) })
    .from(locations)
    .where(and(where, plan?.where))
    .orderBy(...(plan?.orderBy ?? [asc(locations.id)]));
  const rows = plan ? await query.limit(plan.limit).offset(plan.offset) : await query;
  return rows.map(({ row, qualifiedName }) => {
    const model = toLocationModel(row, qualifiedName ?? row.name);
    return regional ? { ...model, country: row.country } : model;
  });
}

const liveOf = (businessId: number) => and(eq(locations.businessId, businessId), isNull(locations.deletedAt));

/** One page of the business's live locations. */
export function listLocationPage(db: Database, businessId: number, plan: ListPlan, regional = false): Promise<UkLocationModel[]> {
  return selectModels(db, liveOf(businessId), 'live', plan, regional);
}

/**
 * One page of an employee's locations: the assigned ones that still exist; when there are none,
 * every global location.
 */
export function listEmployeeLocationPage(db: Database, employeeId: number, businessId: number, plan: ListPlan, regional = false): Promise<UkLocationModel[]> {
  const assigned = sql`(SELECT e.location_ids FROM employees e WHERE e.id = ${employeeId}::integer)::integer[]`;
  const hasAssigned = sql`EXISTS (SELECT 1 FROM locations a WHERE a.business_id = ${businessId}::integer AND a.deleted_at IS NULL AND a.id = ANY(${assigned}))`;
  const chosen = sql`CASE WHEN ${hasAssigned} THEN ${outer(locations.id)} = ANY(${assigned}) ELSE ${outer(locations.isGlobal)} END`;
  return selectModels(db, and(liveOf(businessId), chosen), 'all', plan, regional);
}

/** One live location as UkLocationModel. */
export async function locationModel(db: Database, row: LocationRow, regional = false): Promise<UkLocationModel> {
  const [model] = await selectModels(db, eq(locations.id, row.id), 'live', undefined, regional);
  if (!model) throw new Error(`location ${row.id} vanished`);
  return model;
}

/** One location with its direct, non-deleted children as `nestedLocations` (at most a settings page of them). */
export async function singleLocationModel(db: Database, row: LocationRow, regional = false): Promise<UkSingleLocationModel> {
  const children = and(liveOf(row.businessId), eq(locations.parentId, row.id));
  const nestedLocations = await selectModels(db, children, 'live', {
    where: undefined,
    orderBy: [asc(locations.id)],
    limit: PAGE_LIMITS.settings.maxTop,
    offset: 0,
  }, regional);
  return { nestedLocations, ...(await locationModel(db, row, regional)) };
}
