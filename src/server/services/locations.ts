/**
 * Locations: the business's location tree. Loading within a business, mapping rows to the UK
 * location models (with the path-style `fullyQualifiedName`), validating a submitted location
 * (parent in the same business and no cycles, default shift conditions that really are shift
 * conditions), and the tree walks other services need (children, descendants).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { UkLocationModel, UkLocationModelInput, UkSingleLocationModel } from '../../contract/generated/models';
import type { Database } from '../db/openDatabase';
import { locations, workTypes } from '../db/schema';
import { invalidField, notFound } from '../http/apiError';

export type LocationRow = typeof locations.$inferSelect;

/** Separator of `fullyQualifiedName` ("Sydney/Warehouse"). */
export const LOCATION_PATH_SEPARATOR = '/';

/** The non-deleted location `locationId` of the business, or a 404. */
export async function loadLocation(db: Database, businessId: number, locationId: number): Promise<LocationRow> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.businessId, businessId), isNull(locations.deletedAt)));
  if (!row) throw notFound(`Location ${locationId}`);
  return row;
}

/** Every non-deleted location of the business, ordered by id. */
export async function liveLocationRows(db: Database, businessId: number): Promise<LocationRow[]> {
  return db
    .select()
    .from(locations)
    .where(and(eq(locations.businessId, businessId), isNull(locations.deletedAt)))
    .orderBy(locations.id);
}

/**
 * The names from the root down to the location, joined with "/". `byId` holds the business's
 * locations; a missing or repeated ancestor ends the walk rather than looping.
 */
export function fullyQualifiedName(row: LocationRow, byId: ReadonlyMap<number, LocationRow>): string {
  const names = [row.name];
  const seen = new Set([row.id]);
  let parentId = row.parentId;
  while (parentId !== null && !seen.has(parentId)) {
    const parent = byId.get(parentId);
    if (!parent) break;
    names.unshift(parent.name);
    seen.add(parent.id);
    parentId = parent.parentId;
  }
  return names.join(LOCATION_PATH_SEPARATOR);
}

export function toLocationModel(row: LocationRow, byId: ReadonlyMap<number, LocationRow>): UkLocationModel {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    externalId: row.externalId,
    externalAccountingLocationId: row.externalAccountingLocationId,
    source: row.source,
    fullyQualifiedName: fullyQualifiedName(row, byId),
    isGlobal: row.isGlobal,
    isRollupReportingLocation: row.isRollupReportingLocation,
    generalLedgerMappingCode: row.generalLedgerMappingCode,
    defaultShiftConditionIds: row.defaultShiftConditionIds,
    state: row.state,
  };
}

const indexById = (rows: readonly LocationRow[]) => new Map(rows.map((row) => [row.id, row]));

/** All non-deleted locations of the business as UkLocationModel, ordered by id. */
export async function listLocationModels(db: Database, businessId: number): Promise<UkLocationModel[]> {
  const rows = await liveLocationRows(db, businessId);
  const byId = indexById(rows);
  return rows.map((row) => toLocationModel(row, byId));
}

/** One location as UkLocationModel (the row must be one of the business's live locations). */
export async function locationModel(db: Database, row: LocationRow): Promise<UkLocationModel> {
  return toLocationModel(row, indexById(await liveLocationRows(db, row.businessId)));
}

/** One location with its direct, non-deleted children as `nestedLocations`. */
export async function singleLocationModel(db: Database, row: LocationRow): Promise<UkSingleLocationModel> {
  const rows = await liveLocationRows(db, row.businessId);
  const byId = indexById(rows);
  const nestedLocations = rows.filter((child) => child.parentId === row.id).map((child) => toLocationModel(child, byId));
  return { nestedLocations, ...toLocationModel(row, byId) };
}

/** True while the location has non-deleted child locations. */
export async function hasLiveChildren(db: Database, businessId: number, locationId: number): Promise<boolean> {
  const [child] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.businessId, businessId), eq(locations.parentId, locationId), isNull(locations.deletedAt)))
    .limit(1);
  return child !== undefined;
}

/**
 * Each given location id with all its descendants, walking `parentId` links of `rows` (which
 * should hold every location of the business).
 */
export function withDescendants(rootIds: Iterable<number>, rows: readonly Pick<LocationRow, 'id' | 'parentId'>[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const siblings = children.get(row.parentId) ?? [];
    siblings.push(row.id);
    children.set(row.parentId, siblings);
  }
  const found = new Set<number>();
  const pending = [...rootIds];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(children.get(id) ?? []));
  }
  return found;
}

/**
 * Stops a work type being a default shift condition of any location of the business (used when
 * it is deleted or is no longer a shift condition), so stored defaults always validate again.
 */
export async function detachShiftCondition(db: Database, businessId: number, workTypeId: number): Promise<void> {
  await db
    .update(locations)
    .set({ defaultShiftConditionIds: sql`array_remove(${locations.defaultShiftConditionIds}, ${workTypeId}::integer)` })
    .where(and(eq(locations.businessId, businessId), sql`${workTypeId}::integer = any(${locations.defaultShiftConditionIds})`));
}

async function checkParent(db: Database, businessId: number, parentId: number, selfId: number | null): Promise<void> {
  const rows = await liveLocationRows(db, businessId);
  const byId = indexById(rows);
  if (!byId.has(parentId)) {
    throw invalidField('invalid-reference', 'parentId', `Location ${parentId} does not exist.`);
  }
  if (selfId === null) return;
  const seen = new Set<number>();
  for (let id: number | null = parentId; id !== null && !seen.has(id); id = byId.get(id)?.parentId ?? null) {
    if (id === selfId) {
      throw invalidField('validation-failed', 'parentId', 'A location cannot be placed under itself or one of its own descendants.');
    }
    seen.add(id);
  }
}

async function checkShiftConditions(db: Database, businessId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: workTypes.id })
    .from(workTypes)
    .where(
      and(
        eq(workTypes.businessId, businessId),
        inArray(workTypes.id, [...new Set(ids)]),
        eq(workTypes.mappingType, 'ShiftCondition'),
        isNull(workTypes.deletedAt),
      ),
    );
  const known = new Set(found.map((row) => row.id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index !== -1) {
    throw invalidField(
      'invalid-reference',
      `defaultShiftConditionIds.${index}`,
      `Shift condition ${ids[index]} does not exist (a shift condition is a work type with mappingType ShiftCondition).`,
    );
  }
}

/**
 * Checks a submitted location and returns the column values to store. `selfId` is the location
 * being updated (null on create); `id` and `fullyQualifiedName` in the body are ignored.
 */
export async function locationValues(db: Database, businessId: number, input: UkLocationModelInput, selfId: number | null) {
  const name = input.name?.trim();
  if (!name) throw invalidField('validation-failed', 'name', 'A location needs a name.');
  const parentId = input.parentId ?? null;
  if (parentId !== null) await checkParent(db, businessId, parentId, selfId);
  const requestedConditions = input.defaultShiftConditionIds ?? [];
  await checkShiftConditions(db, businessId, requestedConditions);
  const defaultShiftConditionIds = [...new Set(requestedConditions)];
  return {
    businessId,
    parentId,
    name,
    externalId: input.externalId ?? null,
    externalAccountingLocationId: input.externalAccountingLocationId ?? null,
    source: input.source ?? null,
    isGlobal: input.isGlobal,
    isRollupReportingLocation: input.isRollupReportingLocation,
    generalLedgerMappingCode: input.generalLedgerMappingCode ?? null,
    defaultShiftConditionIds,
    state: input.state ?? null,
  } satisfies typeof locations.$inferInsert;
}
