/**
 * Employee groups: saved employee filters, their validation, and matching them against the
 * business's current employees (for the group's own detail view and for the kiosk staff list).
 *
 * Matching rules (the contract leaves them open):
 * - a filter's `value` is a comma-separated list of ids;
 * - `Employee` compares employee ids, `Location` the employee's `location_ids`, and
 *   `LocationOrParents` the same locations together with all their descendants;
 * - `In` keeps employees the filter covers, `NotIn` the others;
 * - `PaySchedule` and `Tag` are not tracked by this service, so such filters match nobody
 *   (whatever their operator): the service cannot tell who is, or is not, on a pay schedule;
 * - `And` needs every filter to match, `Or` any; a group without filters matches nobody;
 * - only current employees match: no end date, or one after `now`.
 */
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  FilterCombinationStrategyEnum,
  UkEmployeeFilterModel,
  type MatchingEmployeeModel,
  type UkEmployeeGroupModel,
  type UkEmployeeGroupModelInput,
} from '../../../contract/generated/models';
import type { Bind } from '../../db/compiledStatements';
import type { Database } from '../../db/openDatabase';
import { employeeGroups, employees, locations } from '../../db/schema';
import { PAGE_LIMITS } from '../../../contract/paging';
import { invalidField, notFound } from '../../errors/apiError';
import { field, type FieldMap } from '../../lists/odata/fields';
import { pageOf, planList, type ListPlan, type ListSpec, type ODataQuery } from '../../lists/odata/planList';
import { withDescendants } from '../referenceData/locations';

export type EmployeeGroupRow = typeof employeeGroups.$inferSelect;

const StoredFilters = z.array(UkEmployeeFilterModel);

const ID_LIST = /^\s*\d{1,10}\s*(,\s*\d{1,10}\s*)*$/;
const INT32_MAX = 2147483647;

/** The ids in a filter value ("12" or "12, 15"), or null when it is not such a list. */
export function parseFilterIds(value: string | null | undefined): number[] | null {
  if (!value || !ID_LIST.test(value)) return null;
  const ids = value.split(',').map((part) => Number(part.trim()));
  return ids.every((id) => id >= 1 && id <= INT32_MAX) ? [...new Set(ids)] : null;
}

function storedFilters(row: GroupFields): UkEmployeeFilterModel[] {
  const parsed = StoredFilters.safeParse(row.filters);
  if (!parsed.success) throw new Error(`Stored filters of employee group ${row.id} are not valid`);
  return parsed.data;
}

export function toEmployeeGroupModel(row: GroupFields): UkEmployeeGroupModel {
  const strategy = FilterCombinationStrategyEnum.safeParse(row.filterCombinationStrategy);
  if (!strategy.success) throw new Error(`Stored strategy of employee group ${row.id} is not valid`);
  return { id: row.id, name: row.name, filterCombinationStrategy: strategy.data, filters: storedFilters(row) };
}

/** The employee group `groupId` of the business, or a 404. */
export async function loadEmployeeGroup(db: Database, businessId: number, groupId: number): Promise<EmployeeGroupRow> {
  const [row] = await db
    .select()
    .from(employeeGroups)
    .where(and(eq(employeeGroups.id, groupId), eq(employeeGroups.businessId, businessId)));
  if (!row) throw notFound(`Employee group ${groupId}`);
  return row;
}

/** Every employee group of the business, ordered by id (a business's set-up: used to match staff). */
export async function employeeGroupRows(db: Database, businessId: number): Promise<EmployeeGroupRow[]> {
  return db.select().from(employeeGroups).where(eq(employeeGroups.businessId, businessId)).orderBy(employeeGroups.id);
}

const GROUP_LIST: ListSpec = {
  fields: {
    id: field.int(employeeGroups.id),
    name: field.text(employeeGroups.name),
    filterCombinationStrategy: field.enum(employeeGroups.filterCombinationStrategy, FilterCombinationStrategyEnum.options),
    filters: field.list(),
  } satisfies FieldMap<keyof UkEmployeeGroupModel>,
  limits: PAGE_LIMITS.settings,
  defaultOrder: [asc(employeeGroups.id)],
  key: [employeeGroups.id],
};

/** Plans a `B/employeegroup` request (validates its OData; no database access). */
export const planEmployeeGroupList = (query: ODataQuery) => planList(query, GROUP_LIST);

/** One page of the business's employee groups. */
export async function listEmployeeGroupPage(db: Database, businessId: number, plan: ListPlan): Promise<UkEmployeeGroupModel[]> {
  const rows = await pageOf(db.select().from(employeeGroups).$dynamic(), plan, eq(employeeGroups.businessId, businessId));
  return rows.map(toEmployeeGroupModel);
}

async function missingIds(db: Database, businessId: number, kind: 'employee' | 'location', ids: number[]): Promise<number[]> {
  const found =
    kind === 'employee'
      ? await db
          .select({ id: employees.id })
          .from(employees)
          .where(and(eq(employees.businessId, businessId), inArray(employees.id, ids)))
      : await db
          .select({ id: locations.id })
          .from(locations)
          .where(and(eq(locations.businessId, businessId), inArray(locations.id, ids), isNull(locations.deletedAt)));
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/**
 * Checks a submitted group and returns the column values to store: a name, and for id-based
 * filters a list of ids of employees or live locations of the business. PaySchedule and Tag
 * values are kept as given.
 */
export async function employeeGroupValues(db: Database, businessId: number, input: UkEmployeeGroupModelInput) {
  const name = input.name?.trim();
  if (!name) throw invalidField('validation-failed', 'name', 'An employee group needs a name.');
  const filters: UkEmployeeFilterModel[] = [];
  for (const [index, filter] of (input.filters ?? []).entries()) {
    const field = `filters.${index}.value`;
    if (filter.filterType === 'Employee' || filter.filterType === 'Location' || filter.filterType === 'LocationOrParents') {
      const ids = parseFilterIds(filter.value);
      if (!ids) throw invalidField('validation-failed', field, 'Must be one or more ids separated by commas, e.g. "12,15".');
      const kind = filter.filterType === 'Employee' ? 'employee' : 'location';
      const [missing] = await missingIds(db, businessId, kind, ids);
      if (missing !== undefined) {
        throw invalidField('invalid-reference', field, `${kind === 'employee' ? 'Employee' : 'Location'} ${missing} does not exist.`);
      }
    }
    filters.push({ filterType: filter.filterType, operator: filter.operator, value: filter.value ?? null });
  }
  return {
    businessId,
    name,
    filterCombinationStrategy: input.filterCombinationStrategy,
    filters,
  } satisfies typeof employeeGroups.$inferInsert;
}

/** What group matching looks at in an employee. */
export interface Candidate {
  id: number;
  locationIds: readonly number[];
}

export type LocationLinks = readonly { id: number; parentId: number | null }[];

/** A predicate telling whether an employee matches the group (see the rules at the top). */
export function groupMatcher(group: UkEmployeeGroupModel, locationLinks: LocationLinks): (employee: Candidate) => boolean {
  const tests = (group.filters ?? []).map((filter): ((employee: Candidate) => boolean) => {
    const ids = new Set(parseFilterIds(filter.value) ?? []);
    let covers: (employee: Candidate) => boolean;
    switch (filter.filterType) {
      case 'Employee':
        covers = (employee) => ids.has(employee.id);
        break;
      case 'Location':
        covers = (employee) => employee.locationIds.some((id) => ids.has(id));
        break;
      case 'LocationOrParents': {
        const subtree = withDescendants(ids, locationLinks);
        covers = (employee) => employee.locationIds.some((id) => subtree.has(id));
        break;
      }
      case 'PaySchedule':
      case 'Tag':
        return () => false;
    }
    return filter.operator === 'In' ? covers : (employee) => !covers(employee);
  });
  if (tests.length === 0) return () => false;
  return group.filterCombinationStrategy === 'And'
    ? (employee) => tests.every((test) => test(employee))
    : (employee) => tests.some((test) => test(employee));
}

async function currentEmployees(db: Database, businessId: number, now: Date) {
  return db
    .select({
      id: employees.id,
      externalId: employees.externalId,
      firstName: employees.firstName,
      surname: employees.surname,
      locationIds: employees.locationIds,
    })
    .from(employees)
    .where(and(eq(employees.businessId, businessId), or(isNull(employees.endDate), gt(employees.endDate, now))))
    .orderBy(employees.id);
}

async function locationLinks(db: Database, businessId: number): Promise<LocationLinks> {
  return db.select({ id: locations.id, parentId: locations.parentId }).from(locations).where(eq(locations.businessId, businessId));
}

/** The current employees the group matches, ordered by id. */
export async function matchingEmployees(db: Database, row: EmployeeGroupRow, now: Date): Promise<MatchingEmployeeModel[]> {
  const staff = await currentEmployees(db, row.businessId, now);
  const links = await locationLinks(db, row.businessId);
  const matches = groupMatcher(toEmployeeGroupModel(row), links);
  return staff
    .filter(matches)
    .map((employee) => ({ id: employee.id, externalId: employee.externalId, name: `${employee.firstName} ${employee.surname}` }));
}

/** A business's groups ready to match employees: each group's id and predicate, in id order. */
export type GroupMatchers = ReadonlyArray<{ id: number; matches: (employee: Candidate) => boolean }>;

/** `groups` (in id order) as models, and whether one filters by LocationOrParents (only those look at the location tree). */
function modelsOf(groups: readonly GroupFields[]) {
  const models = groups.map((row) => ({ id: row.id, group: toEmployeeGroupModel(row) }));
  return { models, needsLinks: models.some(({ group }) => (group.filters ?? []).some((filter) => filter.filterType === 'LocationOrParents')) };
}

function matchersOf(models: ReturnType<typeof modelsOf>['models'], links: LocationLinks): GroupMatchers {
  return models.map(({ id, group }) => ({ id, matches: groupMatcher(group, links) }));
}

/** The ids of the groups `matchers` that `employee` (a current employee) matches, ascending. */
export function matchingGroupIds(matchers: GroupMatchers, employee: Candidate): number[] {
  return matchers.filter((g) => g.matches(employee)).map((g) => g.id);
}

/**
 * For each of the given employees (who must be current: no end date, or one after the moment the
 * caller matches for), the ids of the employee groups of the business they match, ascending.
 */
export async function groupIdsByEmployee(db: Database, businessId: number, staff: readonly Candidate[]): Promise<Map<number, number[]>> {
  const { models, needsLinks } = modelsOf(await employeeGroupRows(db, businessId));
  const matchers = matchersOf(models, needsLinks ? await locationLinks(db, businessId) : []);
  return new Map(staff.map((employee) => [employee.id, matchingGroupIds(matchers, employee)]));
}

/** The ids of the employee groups one current employee of the business matches, ascending. */
export async function groupIdsOfEmployee(db: Database, businessId: number, employee: Candidate): Promise<number[]> {
  return (await groupIdsByEmployee(db, businessId, [employee])).get(employee.id) ?? [];
}

/** What matching needs of a group row. */
export type GroupFields = Pick<EmployeeGroupRow, 'id' | 'name' | 'filterCombinationStrategy' | 'filters'>;

const GroupFieldsJson = z.array(
  z.object({ id: z.number().int(), name: z.string(), filterCombinationStrategy: z.string(), filters: z.unknown() }),
);

/**
 * The business's groups as the text of one JSON value, for a statement that reads them beside
 * something else (a punch's read: one statement fewer per punch); groupMatchersFrom turns it
 * into matchers. Text, not JSON: the text is what groupMatchersFrom remembers its work by.
 */
export function groupRowsSql(businessId: Bind<number>) {
  return sql<unknown>`(select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'filterCombinationStrategy', g.filter_combination_strategy, 'filters', g.filters) order by g.id), '[]'::json)::text from ${employeeGroups} g where g.business_id = ${businessId})`;
}

/**
 * The business's location tree (`[{id, parentId}]`) as the text of one JSON value beside
 * groupRowsSql, read only when one of its groups filters by LocationOrParents (null otherwise:
 * matching needs no tree), in id order (one tree, one text).
 */
export function groupLocationLinksSql(businessId: Bind<number>) {
  return sql<unknown>`(case when exists (select 1 from ${employeeGroups} g where g.business_id = ${businessId}
      and g.filters @> '[{"filterType": "LocationOrParents"}]'::jsonb)
    then (select coalesce(json_agg(json_build_object('id', l.id, 'parentId', l.parent_id) order by l.id), '[]'::json)::text from ${locations} l where l.business_id = ${businessId}) end)`;
}

const LocationLinksJson = z.array(z.object({ id: z.number().int(), parentId: z.number().int().nullable() })).nullable();
const ReadTexts = z.object({ groups: z.string(), links: z.string().nullable() });

/** How many distinct readings of groups and location trees groupMatchersFrom keeps (about one per busy business). */
export const GROUP_MATCHERS_KEPT = 64;
const compiledGroups = new Map<string, GroupMatchers>();

/**
 * The matchers of a statement's reading of the business's groups (groupRowsSql) and location tree
 * (groupLocationLinksSql): parsing the stored filters and compiling them cost a punch more than
 * matching, and they change rarely, so the work is kept by the texts read. The texts are the key:
 * a group or location edited reads as another text, and the next punch compiles afresh (nothing
 * to invalidate). The oldest reading goes when GROUP_MATCHERS_KEPT are kept.
 */
export function groupMatchersFrom(groupsText: unknown, linksText: unknown): GroupMatchers {
  const texts = ReadTexts.parse({ groups: groupsText, links: linksText ?? null });
  // NUL never appears in PostgreSQL text, so the two texts cannot run into each other.
  const key = texts.links === null ? texts.groups : `${texts.groups}\u0000${texts.links}`;
  const kept = compiledGroups.get(key);
  if (kept) return kept;
  const { models } = modelsOf(GroupFieldsJson.parse(JSON.parse(texts.groups)));
  const matchers = matchersOf(models, LocationLinksJson.parse(texts.links === null ? null : JSON.parse(texts.links)) ?? []);
  if (compiledGroups.size >= GROUP_MATCHERS_KEPT) compiledGroups.delete(compiledGroups.keys().next().value ?? '');
  compiledGroups.set(key, matchers);
  return matchers;
}

/**
 * For every current employee of the business (no end date, or one after `now`), the ids of the
 * employee groups they match, ascending; employees in no group map to an empty array.
 */
export async function employeeGroupIdsByEmployee(db: Database, businessId: number, now: Date): Promise<Map<number, number[]>> {
  return groupIdsByEmployee(db, businessId, await currentEmployees(db, businessId, now));
}

/** Creates an employee group of the business. */
export async function createEmployeeGroup(db: Database, businessId: number, input: UkEmployeeGroupModelInput): Promise<EmployeeGroupRow> {
  const [row] = await db.insert(employeeGroups).values(await employeeGroupValues(db, businessId, input)).returning();
  if (!row) throw new Error('insert returned no employee group');
  return row;
}

/** Replaces an employee group; 404 when it is not one of the business's. */
export async function updateEmployeeGroup(db: Database, businessId: number, groupId: number, input: UkEmployeeGroupModelInput): Promise<EmployeeGroupRow> {
  await loadEmployeeGroup(db, businessId, groupId);
  const values = await employeeGroupValues(db, businessId, input);
  const [row] = await db.update(employeeGroups).set(values).where(eq(employeeGroups.id, groupId)).returning();
  if (!row) throw new Error('update returned no employee group');
  return row;
}

/**
 * Deletes an employee group. Groups are saved filters that nothing historical refers to, and the
 * table has no deleted_at column, so the row goes.
 */
export async function deleteEmployeeGroup(db: Database, businessId: number, groupId: number): Promise<void> {
  await loadEmployeeGroup(db, businessId, groupId);
  await db.delete(employeeGroups).where(eq(employeeGroups.id, groupId));
}
