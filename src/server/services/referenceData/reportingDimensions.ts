/**
 * Reporting dimensions of a business (e.g. "Department": Bakery, Front of house) and their values.
 * The contract reads them through lookupdata (`reportingDimensionGroups`,
 * `reportingDimensionValues`) and clocked shifts (`dimensionValues`) and takes `dimensionValueIds`
 * at clock-on, but has no route to define them: the project extension `B/reportingdimension`
 * lists, adds and removes them (soft delete: shifts that recorded a value keep naming it).
 * A clock-on's values are checked here against what rode on its choices read (references.ts), so
 * the check adds no statement to a punch.
 */
import { and, asc, eq, inArray, is, isNull, Placeholder, SQL, sql } from 'drizzle-orm';
import type { NumericNullableSelectListItem, ReportingDimensionValueBaseApiModel, ReportingDimensionValueSelectModel } from '../../../contract/generated/models';
import type { Bind } from '../../db/compiledStatements';
import type { Database } from '../../db/openDatabase';
import { reportingDimensions, reportingDimensionValues } from '../../db/schema';
import { invalidField, notFound } from '../../errors/apiError';

/** A dimension with its live values (the extension's answer). */
export interface ReportingDimension {
  id: number;
  name: string;
  values: ReportingDimensionValueBaseApiModel[];
}

/** The business's live dimensions, by name, each with its live values by name. */
export async function listReportingDimensions(db: Database, businessId: number): Promise<ReportingDimension[]> {
  const rows = await db
    .select({ id: reportingDimensions.id, name: reportingDimensions.name, value: { id: reportingDimensionValues.id, name: reportingDimensionValues.name } })
    .from(reportingDimensions)
    .leftJoin(
      reportingDimensionValues,
      and(eq(reportingDimensionValues.reportingDimensionId, reportingDimensions.id), isNull(reportingDimensionValues.deletedAt)),
    )
    .where(and(eq(reportingDimensions.businessId, businessId), isNull(reportingDimensions.deletedAt)))
    .orderBy(asc(reportingDimensions.name), asc(reportingDimensions.id), asc(reportingDimensionValues.name), asc(reportingDimensionValues.id));
  const byId = new Map<number, ReportingDimension>();
  for (const row of rows) {
    const dimension = byId.get(row.id) ?? { id: row.id, name: row.name, values: [] };
    byId.set(row.id, dimension);
    if (row.value) dimension.values.push({ id: row.value.id, name: row.value.name, reportingDimensionId: row.id });
  }
  return [...byId.values()];
}

/** Adds a dimension with its values (names trimmed; blank and repeated ones refused). */
export async function createReportingDimension(db: Database, businessId: number, name: string, values: readonly string[]): Promise<ReportingDimension> {
  const text = name.trim();
  if (!text) throw invalidField('validation-failed', 'name', 'A reporting dimension needs a name.');
  const names = values.map((v) => v.trim());
  if (names.some((v) => !v)) throw invalidField('validation-failed', 'values', 'A reporting dimension value needs a name.');
  if (new Set(names.map((v) => v.toLowerCase())).size !== names.length) throw invalidField('validation-failed', 'values', 'Each value of a dimension needs its own name.');
  const [row] = await db.insert(reportingDimensions).values({ businessId, name: text }).returning();
  if (!row) throw new Error('insert returned no reporting dimension');
  const inserted = names.length === 0 ? [] : await db.insert(reportingDimensionValues).values(names.map((v) => ({ businessId, reportingDimensionId: row.id, name: v }))).returning();
  return { id: row.id, name: row.name, values: inserted.map((v) => ({ id: v.id, name: v.name, reportingDimensionId: row.id })) };
}

/** Removes a dimension (and so its values) from what is offered; shifts keep naming its values. */
export async function deleteReportingDimension(db: Database, businessId: number, id: number, now: Date): Promise<void> {
  const [row] = await db
    .update(reportingDimensions)
    .set({ deletedAt: now })
    .where(and(eq(reportingDimensions.businessId, businessId), eq(reportingDimensions.id, id), isNull(reportingDimensions.deletedAt)))
    .returning({ id: reportingDimensions.id });
  if (!row) throw notFound(`Reporting dimension ${id}`);
}

/** lookupdata's groups and values: every live dimension that has a live value, and those values. */
export function dimensionLookup(dimensions: readonly ReportingDimension[]): {
  reportingDimensionGroups: NumericNullableSelectListItem[];
  reportingDimensionValues: ReportingDimensionValueSelectModel[];
} {
  const offered = dimensions.filter((d) => d.values.length > 0);
  return {
    reportingDimensionGroups: offered.map((d) => ({ value: d.id, text: d.name })),
    reportingDimensionValues: offered.flatMap((d) =>
      d.values.map((v) => ({ reportingDimensionId: d.id, isDeleted: false, isNoLongerAllowed: false, value: v.id, text: v.name })),
    ),
  };
}

/**
 * The named values that are live (value and dimension) in the business, as a JSON column of another
 * statement: `[{id, reportingDimensionId}]` (an empty array when none is).
 */
export function liveDimensionValuesColumn(businessId: Bind<number>, ids: readonly number[] | Placeholder | SQL): SQL<unknown> {
  const list = is(ids, Placeholder) || is(ids, SQL) ? ids : sql.param([...(ids as readonly number[])]);
  return sql`(select coalesce(json_agg(json_build_object('id', v.id, 'reportingDimensionId', v.reporting_dimension_id)), '[]'::json)
    from ${reportingDimensionValues} v join ${reportingDimensions} d on d.id = v.reporting_dimension_id
    where v.business_id = ${businessId} and v.id = any(${list}::integer[]) and v.deleted_at is null and d.deleted_at is null)`;
}

/** A live value as read with a clock-on's choices. */
export interface LiveDimensionValue {
  id: number;
  reportingDimensionId: number;
}

/**
 * A clock-on's dimension values, checked: each must be a live value of the business, and at most
 * one per dimension (a shift is in one department, not two; docs/api.md, "Decisions"). Repeats collapse.
 */
export function checkDimensionValues(ids: readonly number[], live: readonly LiveDimensionValue[], field = 'dimensionValueIds'): number[] {
  const byId = new Map(live.map((v) => [v.id, v]));
  const seen = new Map<number, number>();
  const unique = [...new Set(ids)];
  for (const id of unique) {
    const value = byId.get(id);
    if (!value) throw invalidField('invalid-reference', field, `Reporting dimension value ${id} does not exist.`);
    const other = seen.get(value.reportingDimensionId);
    if (other !== undefined) {
      throw invalidField('invalid-reference', field, `Reporting dimension values ${other} and ${id} are of the same dimension; choose one.`);
    }
    seen.set(value.reportingDimensionId, id);
  }
  return unique;
}

/** The values shifts recorded (removed ones too: history names them), by id. */
export async function dimensionValuesByIds(db: Database, businessId: number, ids: readonly number[]): Promise<Map<number, ReportingDimensionValueBaseApiModel>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: reportingDimensionValues.id, name: reportingDimensionValues.name, reportingDimensionId: reportingDimensionValues.reportingDimensionId })
    .from(reportingDimensionValues)
    .where(and(eq(reportingDimensionValues.businessId, businessId), inArray(reportingDimensionValues.id, wanted)));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * For timesheet line writes: the named values that are live in the business, plus those among
 * `kept` (the line's own, removed since or not: a line read and written back keeps them). No
 * statement when none is named.
 */
export async function dimensionValuesForLines(db: Database, businessId: number, named: readonly number[], kept: readonly number[] = []): Promise<LiveDimensionValue[]> {
  const wanted = [...new Set(named)];
  if (wanted.length === 0) return [];
  const keptList = kept.length === 0 ? sql`null` : sql.join(kept.map((id) => sql`${id}`), sql`, `);
  return db
    .select({ id: reportingDimensionValues.id, reportingDimensionId: reportingDimensionValues.reportingDimensionId })
    .from(reportingDimensionValues)
    .innerJoin(reportingDimensions, eq(reportingDimensions.id, reportingDimensionValues.reportingDimensionId))
    .where(
      and(
        eq(reportingDimensionValues.businessId, businessId),
        inArray(reportingDimensionValues.id, wanted),
        sql`((${reportingDimensionValues.deletedAt} is null and ${reportingDimensions.deletedAt} is null) or ${reportingDimensionValues.id} in (${keptList}))`,
      ),
    );
}
