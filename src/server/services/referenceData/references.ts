/**
 * The locations and work types of a business, loaded together for what kiosk operations need:
 * checking the ids a punch refers to, and naming them in lookups; or only those a page of shifts
 * or timesheet lines names (loadReferencesFor), so a list never loads more than its page needs.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Bind } from '../../db/compiledStatements';
import type { Database } from '../../db/openDatabase';
import { classifications, locations, workTypes } from '../../db/schema';
import { fullyQualifiedNameSql } from './locationList';
import { fullyQualifiedName, type LocationRow } from './locations';
import { liveDimensionValuesColumn, type LiveDimensionValue } from './reportingDimensions';
import { readInTurn } from '../../db/transactions';

export interface LocationRef {
  id: number;
  name: string;
  fullyQualifiedName: string;
  isDeleted: boolean;
  isGlobal: boolean;
  defaultShiftConditionIds: number[];
}

export interface WorkTypeRef {
  id: number;
  name: string;
  shortCode: string | null;
  isShiftCondition: boolean;
  isLeaveType: boolean;
  isDeleted: boolean;
}

export interface ReferenceData {
  locations: Map<number, LocationRef>;
  workTypes: Map<number, WorkTypeRef>;
}

/** A clock-on's named classification as read with its choices: its description, or null when the business offers no such one. */
export interface ChoiceReferences extends ReferenceData {
  classification?: { id: number; description: string | null };
  /** The clock-on's named reporting dimension values that are live (empty when it names none). */
  dimensionValues: LiveDimensionValue[];
}

const LiveValues = z.array(z.object({ id: z.number(), reportingDimensionId: z.number() }));
const liveValuesOf = (value: unknown): LiveDimensionValue[] => LiveValues.parse(typeof value === 'string' ? JSON.parse(value) : value);

/** The description of a live classification of the business, as a column of another statement (null when none). */
function classificationColumn(businessId: Bind<number>, id: Bind<number | null>): SQL<string | null> {
  return sql<string | null>`(select ${classifications.description} from ${classifications} where ${classifications.businessId} = ${businessId} and ${classifications.id} = ${id}::integer and ${classifications.deletedAt} is null)`;
}

type WorkTypeRow = typeof workTypes.$inferSelect;

function toLocationRef(row: Pick<LocationRow, 'id' | 'name' | 'deletedAt' | 'isGlobal' | 'defaultShiftConditionIds'>, qualifiedName: string): LocationRef {
  return {
    id: row.id,
    name: row.name,
    fullyQualifiedName: qualifiedName,
    isDeleted: row.deletedAt !== null,
    isGlobal: row.isGlobal,
    defaultShiftConditionIds: row.defaultShiftConditionIds,
  };
}

function toWorkTypeRef(row: Pick<WorkTypeRow, 'id' | 'name' | 'shortCode' | 'mappingType' | 'leaveCategoryId' | 'deletedAt'>): WorkTypeRef {
  return {
    id: row.id,
    name: row.name,
    shortCode: row.shortCode,
    isShiftCondition: row.mappingType === 'ShiftCondition',
    isLeaveType: row.mappingType === 'LeaveCategory' || row.leaveCategoryId !== null,
    isDeleted: row.deletedAt !== null,
  };
}

/** Every location and work type of the business (its set-up, for validating and offering choices). */
export async function loadReferenceData(db: Database, businessId: number): Promise<ReferenceData> {
  const [locationRows, workTypeRows] = await readInTurn(
    () => db.select().from(locations).where(eq(locations.businessId, businessId)),
    () => db.select().from(workTypes).where(eq(workTypes.businessId, businessId)),
  );
  const byId = new Map(locationRows.map((row) => [row.id, row]));
  return {
    locations: new Map(locationRows.map((row) => [row.id, toLocationRef(row, fullyQualifiedName(row, byId))])),
    workTypes: new Map(workTypeRows.map((row) => [row.id, toWorkTypeRef(row)])),
  };
}

/**
 * Only the given locations, then only the given work types, of the business (deleted ones too), in
 * id order, unnamed (`fullyQualifiedName` is the bare name): what a clock-on needs to check its
 * choices (clockOnChoices.ts), where a whole list per punch would grow with the business. The work
 * types are asked for once the locations are known (a location names default shift conditions);
 * no id, no statement.
 */
export async function loadChoiceReferences(
  db: Database,
  businessId: number,
  locationIds: Iterable<number>,
  workTypeIds: (locations: Map<number, LocationRef>) => Iterable<number>,
  classificationId: number | null = null,
  dimensionValueIds: readonly number[] = [],
): Promise<ChoiceReferences> {
  // A named classification (AU) and named reporting dimension values ride as columns on the first
  // of these statements that returns a row.
  const asked = classificationId === null ? sql<null>`null` : classificationColumn(businessId, classificationId);
  const dimensions = dimensionValueIds.length === 0 ? sql<null>`null` : liveDimensionValuesColumn(businessId, dimensionValueIds);
  let classification: string | null | undefined;
  let dimensionValues: unknown;
  const wantedLocations = [...new Set(locationIds)];
  const locationRows =
    wantedLocations.length === 0
      ? []
      : await db
        .select({ row: locations, classification: asked, dimensions })
        .from(locations)
        .where(and(eq(locations.businessId, businessId), inArray(locations.id, wantedLocations)))
        .orderBy(asc(locations.id));
  if (locationRows[0]) ({ classification, dimensions: dimensionValues } = locationRows[0]);
  const found = new Map(locationRows.map(({ row }) => [row.id, toLocationRef(row, row.name)]));
  const wantedWorkTypes = [...new Set(workTypeIds(found))];
  const workTypeRows =
    wantedWorkTypes.length === 0
      ? []
      : await db
        .select({ row: workTypes, classification: asked, dimensions })
        .from(workTypes)
        .where(and(eq(workTypes.businessId, businessId), inArray(workTypes.id, wantedWorkTypes)))
        .orderBy(asc(workTypes.id));
  if (classification === undefined && workTypeRows[0]) ({ classification, dimensions: dimensionValues } = workTypeRows[0]);
  const refs = { locations: found, workTypes: new Map(workTypeRows.map(({ row }) => [row.id, toWorkTypeRef(row)])) };
  if (classificationId === null && dimensionValueIds.length === 0) return { ...refs, dimensionValues: [] };
  if (classification === undefined) {
    // Neither statement ran (or found a row): the classification and values on their own.
    const [row] = await db.select({ description: asked, dimensions }).from(sql`(select 1) as one`);
    classification = row?.description ?? null;
    dimensionValues = row?.dimensions ?? null;
  }
  return {
    ...refs,
    ...(classificationId === null ? {} : { classification: { id: classificationId, description: classification } }),
    dimensionValues: dimensionValues === null || dimensionValues === undefined ? [] : liveValuesOf(dimensionValues),
  };
}

/** What loadChoiceReferences reads, as SQL expressions of another statement (a punch's employee read). */
export interface ChoiceReferenceBinds {
  businessId: Bind<number>;
  /** The candidate locations (an integer[] expression). */
  locationIds: SQL;
  /** The work types asked for besides the candidate locations' default shift conditions (an integer[] expression). */
  workTypeIds: SQL;
  classificationId: Bind<number | null>;
  dimensionValueIds: Bind<number[]>;
}

/**
 * loadChoiceReferences as one JSON value, for a statement that reads it beside something else (a
 * clock-on's employee read: no statement of its own). It reads the default shift conditions of
 * every candidate location (loadChoiceReferences only the chosen one's): a superset, which the
 * checks (clockOnChoices.ts) look up by id, so they decide alike. Parse with choiceReferencesOf.
 */
export function choiceReferencesSql(binds: ChoiceReferenceBinds): SQL {
  const { businessId, locationIds } = binds;
  const defaults = sql`(select unnest(l.default_shift_condition_ids) from ${locations} l where l.business_id = ${businessId} and l.id = any(${locationIds}))`;
  return sql`json_build_object(
    'locations', (select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name, 'deletedAt', l.deleted_at, 'isGlobal', l.is_global,
        'defaultShiftConditionIds', l.default_shift_condition_ids) order by l.id), '[]'::json)
      from ${locations} l where l.business_id = ${businessId} and l.id = any(${locationIds})),
    'workTypes', (select coalesce(json_agg(json_build_object('id', w.id, 'name', w.name, 'shortCode', w.short_code, 'mappingType', w.mapping_type,
        'leaveCategoryId', w.leave_category_id, 'deletedAt', w.deleted_at) order by w.id), '[]'::json)
      from ${workTypes} w where w.business_id = ${businessId} and (w.id = any(${binds.workTypeIds}) or w.id in ${defaults})),
    'classification', ${classificationColumn(businessId, binds.classificationId)},
    'dimensionValues', ${liveDimensionValuesColumn(businessId, binds.dimensionValueIds)})`;
}

const ChoiceReferencesJson = z.object({
  locations: z.array(
    z.object({ id: z.number(), name: z.string(), deletedAt: z.string().nullable(), isGlobal: z.boolean(), defaultShiftConditionIds: z.array(z.number()) }),
  ),
  workTypes: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      shortCode: z.string().nullable(),
      mappingType: z.string().nullable(),
      leaveCategoryId: z.number().nullable(),
      deletedAt: z.string().nullable(),
    }),
  ),
  classification: z.string().nullable(),
  dimensionValues: LiveValues,
});

/** choiceReferencesSql's value; `classificationId`: the one the clock-on named (null: none asked). */
export function choiceReferencesOf(value: unknown, classificationId: number | null): ChoiceReferences {
  const read = ChoiceReferencesJson.parse(typeof value === 'string' ? JSON.parse(value) : value);
  const deleted = (at: string | null) => (at === null ? null : new Date(at));
  return {
    locations: new Map(read.locations.map((l) => [l.id, toLocationRef({ ...l, deletedAt: deleted(l.deletedAt) }, l.name)])),
    workTypes: new Map(read.workTypes.map((w) => [w.id, toWorkTypeRef({ ...w, deletedAt: deleted(w.deletedAt) })])),
    ...(classificationId === null ? {} : { classification: { id: classificationId, description: read.classification } }),
    dimensionValues: read.dimensionValues,
  };
}

/**
 * Only the given locations and work types of the business (deleted ones too: history still names
 * them), with qualified names computed in SQL. For a page of shifts or timesheet lines.
 */
export async function loadReferencesFor(
  db: Database,
  businessId: number,
  ids: { locationIds: Iterable<number>; workTypeIds: Iterable<number> },
): Promise<ReferenceData> {
  const locationIds = [...new Set(ids.locationIds)];
  const workTypeIds = [...new Set(ids.workTypeIds)];
  const [locationRows, workTypeRows] = await readInTurn(
    async () =>
      locationIds.length === 0
        ? []
        : db
          .select({ row: locations, qualifiedName: fullyQualifiedNameSql(locations.id, 'all') })
          .from(locations)
          .where(and(eq(locations.businessId, businessId), inArray(locations.id, locationIds))),
    async () =>
      workTypeIds.length === 0
        ? []
        : db.select().from(workTypes).where(and(eq(workTypes.businessId, businessId), inArray(workTypes.id, workTypeIds))),
  );
  return {
    locations: new Map(locationRows.map(({ row, qualifiedName }) => [row.id, toLocationRef(row, qualifiedName ?? row.name)])),
    workTypes: new Map(workTypeRows.map((row) => [row.id, toWorkTypeRef(row)])),
  };
}
