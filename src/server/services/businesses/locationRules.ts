/**
 * A location's overrides of the business's break rules and questions at clock-off: one settings
 * row per location (business_settings kind `locationRules.<locationId>`), so saving one location
 * never rewrites another's and no table was needed; parsed on every read. Removing the overrides
 * deletes the row. Kiosks receive every location's with their policy, and the location tree (a
 * location without an override inherits its nearest ancestor's); lines are rounded under them.
 */
import { and, eq, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { LocationRulesInputModel, type LocationRulesModel } from '../../../contract/supporting/locationRules';
import type { LocationParent, LocationRules } from '../../../domain/locationRules';
import { constantText, type Bind } from '../../db/compiledStatements';
import type { Database } from '../../db/openDatabase';
import { businessSettings, locations } from '../../db/schema';
import { notFound } from '../../errors/apiError';

/** The kinds' prefix (a plain constant, so statements may write it as a literal). */
export const LOCATION_RULES_PREFIX = 'locationRules.';
const PREFIX = LOCATION_RULES_PREFIX;
export const LOCATION_RULES_KIND_PATTERN = `${PREFIX}%`;
const kindOf = (locationId: number) => `${PREFIX}${locationId}`;

/** The overrides of stored rows (kind and model), for a caller that read them with other settings; rows of other kinds are skipped. */
export function locationRulesFrom(rows: ReadonlyArray<{ kind: string; model: unknown }>, businessId: number): LocationRules[] {
  return rows
    .filter((row) => row.kind.startsWith(PREFIX))
    .map((row) => {
      const locationId = Number(row.kind.slice(PREFIX.length));
      const parsed = LocationRulesInputModel.safeParse(row.model);
      if (!Number.isInteger(locationId) || !parsed.success) throw new Error(`Stored rules of location ${row.kind.slice(PREFIX.length)} of business ${businessId} are not valid`);
      return { locationId, ...parsed.data };
    })
    .sort((a, b) => a.locationId - b.locationId);
}

/** Every location's overrides, by location id. */
export async function readLocationRules(db: Database, businessId: number): Promise<LocationRules[]> {
  const rows = await db
    .select({ kind: businessSettings.kind, model: businessSettings.model })
    .from(businessSettings)
    .where(and(eq(businessSettings.businessId, businessId), like(businessSettings.kind, LOCATION_RULES_KIND_PATTERN)));
  return locationRulesFrom(rows, businessId);
}

/**
 * The business's location tree as the rules need it: each location that has a parent (deleted ones
 * too: a shift may still be at one), in id order.
 */
export async function readLocationParents(db: Database, businessId: number): Promise<LocationParent[]> {
  const rows = await db
    .select({ locationId: locations.id, parentId: locations.parentId })
    .from(locations)
    .where(and(eq(locations.businessId, businessId), isNotNull(locations.parentId)))
    .orderBy(locations.id);
  return rows;
}

/**
 * readLocationParents as one JSON value (`[[id, parentId], ...]`) for a statement that reads it
 * beside other things; read only while the business has a location override (without one the
 * tree changes nothing), else null.
 */
export function locationParentsSql(businessId: Bind<number>): SQL {
  return sql`(case when exists (select 1 from ${businessSettings} s where s.business_id = ${businessId} and starts_with(s.kind, ${constantText(PREFIX)}))
    then (select coalesce(json_agg(json_build_array(l.id, l.parent_id) order by l.id), '[]'::json) from ${locations} l
      where l.business_id = ${businessId} and l.parent_id is not null) end)`;
}

const StoredParents = z.array(z.tuple([z.number().int(), z.number().int()])).nullable();

/** The tree of locationParentsSql's value (none when it was not read). */
export function locationParentsOf(value: unknown): LocationParent[] {
  return (StoredParents.parse(typeof value === 'string' ? JSON.parse(value) : value) ?? []).map(([locationId, parentId]) => ({ locationId, parentId }));
}

async function requireLocation(db: Database, businessId: number, locationId: number, live: boolean): Promise<void> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.businessId, businessId), eq(locations.id, locationId), ...(live ? [isNull(locations.deletedAt)] : [])));
  if (!row) throw notFound(`Location ${locationId}`);
}

/** One location's overrides (both null when it has none). */
export async function readRulesOfLocation(db: Database, businessId: number, locationId: number): Promise<LocationRulesModel> {
  await requireLocation(db, businessId, locationId, false);
  const [row] = await db
    .select({ kind: businessSettings.kind, model: businessSettings.model })
    .from(businessSettings)
    .where(and(eq(businessSettings.businessId, businessId), eq(businessSettings.kind, kindOf(locationId))));
  return locationRulesFrom(row ? [row] : [], businessId)[0] ?? { locationId, breakRules: null, attestations: null };
}

/** Replaces a live location's overrides; both null removes them. */
export async function saveRulesOfLocation(db: Database, businessId: number, locationId: number, input: LocationRulesInputModel): Promise<LocationRulesModel> {
  await requireLocation(db, businessId, locationId, true);
  const where = and(eq(businessSettings.businessId, businessId), eq(businessSettings.kind, kindOf(locationId)));
  if (input.breakRules === null && input.attestations === null) await db.delete(businessSettings).where(where);
  else
    await db
      .insert(businessSettings)
      .values({ businessId, kind: kindOf(locationId), model: input })
      .onConflictDoUpdate({ target: [businessSettings.businessId, businessSettings.kind], set: { model: input } });
  return { locationId, ...input };
}
