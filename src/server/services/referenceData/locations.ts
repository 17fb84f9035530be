/**
 * Locations: the business's location tree. Loading within a business, mapping rows to the UK
 * location models (with the path-style `fullyQualifiedName`), validating a submitted location
 * (parent in the same business and no cycles, default shift conditions that really are shift
 * conditions), and the tree walks other services need (children, descendants). Lists and the
 * models the location routes answer are in locationList.ts.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { UkLocationModel, UkLocationModelInput } from '../../../contract/generated/models';
import type { Database } from '../../db/openDatabase';
import { locations, workTypes } from '../../db/schema';
import { conflict, invalidField, notFound } from '../../errors/apiError';

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

/** The location as UkLocationModel, given its fully qualified name. */
export function toLocationModel(row: LocationRow, qualifiedName: string): UkLocationModel {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    externalId: row.externalId,
    externalAccountingLocationId: row.externalAccountingLocationId,
    source: row.source,
    fullyQualifiedName: qualifiedName,
    isGlobal: row.isGlobal,
    isRollupReportingLocation: row.isRollupReportingLocation,
    generalLedgerMappingCode: row.generalLedgerMappingCode,
    defaultShiftConditionIds: row.defaultShiftConditionIds,
    state: row.state,
  };
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
  const [parent] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, parentId), eq(locations.businessId, businessId), isNull(locations.deletedAt)));
  if (!parent) throw invalidField('invalid-reference', 'parentId', `Location ${parentId} does not exist.`);
  if (selfId === null) return;
  // The parent's live ancestors (itself included), walked in SQL; a repeated one ends the walk.
  const chain = sql`WITH RECURSIVE chain(id, parent_id, seen) AS (
      SELECT l.id, l.parent_id, ARRAY[l.id] FROM locations l WHERE l.id = ${parentId}
      UNION ALL
      SELECT p.id, p.parent_id, chain.seen || p.id FROM chain
      JOIN locations p ON p.id = chain.parent_id AND p.business_id = ${businessId} AND p.deleted_at IS NULL
      WHERE p.id <> ALL(chain.seen)
    ) SELECT chain.id FROM chain`;
  const [loop] = await db.select({ id: locations.id }).from(locations).where(and(eq(locations.id, selfId), sql`${locations.id} IN (${chain})`));
  if (loop) throw invalidField('validation-failed', 'parentId', 'A location cannot be placed under itself or one of its own descendants.');
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

/** An AU location body's own field (Au.AuLocationModelInput); a UK body has none after the regional read. */
const RegionalLocationFields = z.object({ country: z.string().nullable().optional() });

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
    country: RegionalLocationFields.parse(input).country ?? null,
  } satisfies typeof locations.$inferInsert;
}

/** Creates a location of the business. */
export async function createLocation(db: Database, businessId: number, input: UkLocationModelInput): Promise<LocationRow> {
  const [row] = await db.insert(locations).values(await locationValues(db, businessId, input, null)).returning();
  if (!row) throw new Error('insert returned no location');
  return row;
}

/** Replaces a live location; 404 when it is not one of the business's. */
export async function updateLocation(db: Database, businessId: number, locationId: number, input: UkLocationModelInput): Promise<LocationRow> {
  await loadLocation(db, businessId, locationId);
  const values = await locationValues(db, businessId, input, locationId);
  const [row] = await db.update(locations).set(values).where(eq(locations.id, locationId)).returning();
  if (!row) throw new Error('update returned no location');
  return row;
}

/** Deletes a location as a tombstone (past shifts and lines still name it); 409 while it has live children. */
export async function deleteLocation(db: Database, businessId: number, locationId: number, now: Date): Promise<void> {
  await loadLocation(db, businessId, locationId);
  if (await hasLiveChildren(db, businessId, locationId)) {
    throw conflict('conflict', `Location ${locationId} still has child locations; move or delete them first.`);
  }
  await db.update(locations).set({ deletedAt: now }).where(eq(locations.id, locationId));
}
