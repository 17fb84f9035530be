/**
 * Work types, including shift conditions (mappingType `ShiftCondition`): loading one within a
 * business, listing a page of them, mapping rows to UkWorkTypeModel and validating a submitted
 * work type.
 */
import { and, asc, eq, isNull, not, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { UkWorkTypeModelInput } from '../../../contract/generated/models';
import { UkEmploymentTypeEnum, type UkWorkTypeModel, WorkTypeMappingType } from '../../../contract/generated/models';
import type { Database } from '../../db/openDatabase';
import { workTypes } from '../../db/schema';
import { invalidField, notFound } from '../../errors/apiError';
import { field, type FieldMap } from '../../lists/odata/fields';
import { pageOf, planList, type ListPlan, type ListSpec, type ODataQuery } from '../../lists/odata/planList';
import { PAGE_LIMITS } from '../../../contract/paging';
import { detachShiftCondition } from './locations';
import { withTransaction } from '../../db/transactions';

export type WorkTypeRow = typeof workTypes.$inferSelect;

/** The mapping type that makes a work type a shift condition. */
export const SHIFT_CONDITION = 'ShiftCondition' satisfies WorkTypeMappingType;

/** The non-deleted work type `workTypeId` of the business, or a 404. */
export async function loadWorkType(db: Database, businessId: number, workTypeId: number): Promise<WorkTypeRow> {
  const [row] = await db
    .select()
    .from(workTypes)
    .where(and(eq(workTypes.id, workTypeId), eq(workTypes.businessId, businessId), isNull(workTypes.deletedAt)));
  if (!row) throw notFound(`Work type ${workTypeId}`);
  return row;
}

export function toWorkTypeModel(row: WorkTypeRow): UkWorkTypeModel {
  const mappingType = WorkTypeMappingType.safeParse(row.mappingType);
  return {
    employmentTypes: row.employmentTypes.flatMap((name) => {
      const parsed = UkEmploymentTypeEnum.safeParse(name);
      return parsed.success ? [parsed.data] : [];
    }),
    id: row.id,
    name: row.name,
    payCategoryId: row.payCategoryId,
    leaveCategoryId: row.leaveCategoryId,
    externalId: row.externalId,
    source: row.source,
    accruesLeave: row.accruesLeave,
    mappingType: mappingType.success ? mappingType.data : null,
    shortCode: row.shortCode,
  };
}

/** The regional body fields a work type keeps (AU award package, NZ piece rate); a UK body has none after the regional read. */
const RegionalWorkTypeFields = z.object({
  awardPackageId: z.number().int().nullable().optional(),
  awardPackageName: z.string().nullable().optional(),
  applyingPieceRate: z.boolean().optional(),
});

/**
 * The work type as a regional business is answered before its region's `...Fill` schema reshapes
 * it (auth/businessRegion.ts): every stored employment type (the Fill keeps those of the region's
 * enum) and the regional fields its body gave. Never used for a UK business.
 */
export function toRegionalWorkTypeModel(row: WorkTypeRow): UkWorkTypeModel {
  const kept = RegionalWorkTypeFields.safeParse(row.regionalFields);
  // Typed as the route's UK answer; the region's Fill (businessRegion.regionalHandler) narrows these names to its own enum.
  const employmentTypes = row.employmentTypes as UkWorkTypeModel['employmentTypes'];
  return { ...toWorkTypeModel(row), ...(kept.success ? kept.data : {}), employmentTypes };
}

/**
 * Checks a submitted work type and returns the column values to store. Employment types arrive
 * as names (the input schema already turned indices into names) and are stored once each.
 */
export function workTypeValues(businessId: number, input: UkWorkTypeModelInput) {
  const name = input.name?.trim();
  if (!name) throw invalidField('validation-failed', 'name', 'A work type needs a name.');
  return {
    businessId,
    name,
    payCategoryId: input.payCategoryId ?? null,
    leaveCategoryId: input.leaveCategoryId ?? null,
    externalId: input.externalId ?? null,
    source: input.source ?? null,
    accruesLeave: input.accruesLeave,
    mappingType: input.mappingType ?? null,
    shortCode: input.shortCode ?? null,
    employmentTypes: [...new Set(input.employmentTypes ?? [])],
    regionalFields: RegionalWorkTypeFields.parse(input),
  } satisfies typeof workTypes.$inferInsert;
}

/** UkWorkTypeModel fields in SQL, for the work-type lists' OData. */
export const WORK_TYPE_FIELDS: FieldMap<keyof UkWorkTypeModel> = {
  employmentTypes: field.list(),
  id: field.int(workTypes.id),
  name: field.text(workTypes.name),
  payCategoryId: field.int(workTypes.payCategoryId),
  leaveCategoryId: field.int(workTypes.leaveCategoryId),
  externalId: field.text(workTypes.externalId),
  source: field.text(workTypes.source),
  accruesLeave: field.bool(workTypes.accruesLeave),
  mappingType: field.enum(workTypes.mappingType, WorkTypeMappingType.options),
  shortCode: field.text(workTypes.shortCode),
};

const WORK_TYPE_LIST: ListSpec = {
  fields: WORK_TYPE_FIELDS,
  limits: PAGE_LIMITS.settings,
  defaultOrder: [asc(workTypes.id)],
  key: [workTypes.id],
};

/** Plans a work-type list request (validates its OData; no database access). */
export const planWorkTypeList = (query: ODataQuery) => planList(query, WORK_TYPE_LIST);

/**
 * One page of the business's live work types: all of them, only the shift conditions, or only
 * the others.
 */
export async function listWorkTypePage(
  db: Database,
  businessId: number,
  plan: ListPlan,
  kind: 'all' | 'workTypes' | 'shiftConditions' = 'all',
  /** Only these (what applies to one employee: clockOnChoices.offeredToEmployeeSql). */
  only?: SQL,
  /** Answer in the regional pre-Fill shape (toRegionalWorkTypeModel). */
  regional = false,
): Promise<UkWorkTypeModel[]> {
  const isCondition = sql`${workTypes.mappingType} IS NOT DISTINCT FROM ${SHIFT_CONDITION}::text`;
  const rows = await pageOf(
    db.select().from(workTypes).$dynamic(),
    plan,
    eq(workTypes.businessId, businessId),
    isNull(workTypes.deletedAt),
    kind === 'all' ? undefined : kind === 'shiftConditions' ? isCondition : not(isCondition),
    only,
  );
  return regional ? rows.map(toRegionalWorkTypeModel) : rows.map(toWorkTypeModel);
}

/** Creates a work type (or shift condition) of the business. */
export async function createWorkType(db: Database, businessId: number, input: UkWorkTypeModelInput): Promise<WorkTypeRow> {
  const [row] = await db.insert(workTypes).values(workTypeValues(businessId, input)).returning();
  if (!row) throw new Error('insert returned no work type');
  return row;
}

/**
 * Replaces a live work type; 404 when it is not one of the business's. A shift condition that
 * stops being one is detached from the locations that offered it, in the same transaction.
 */
export async function updateWorkType(db: Database, businessId: number, workTypeId: number, input: UkWorkTypeModelInput): Promise<WorkTypeRow> {
  const before = await loadWorkType(db, businessId, workTypeId);
  const values = workTypeValues(businessId, input);
  return withTransaction(db, async (tx) => {
    const [updated] = await tx.update(workTypes).set(values).where(eq(workTypes.id, workTypeId)).returning();
    if (!updated) throw new Error('update returned no work type');
    if (before.mappingType === SHIFT_CONDITION && updated.mappingType !== SHIFT_CONDITION) {
      await detachShiftCondition(tx, businessId, workTypeId);
    }
    return updated;
  });
}

/** Deletes a work type as a tombstone (past shifts and lines still name it) and detaches it from locations. */
export async function deleteWorkType(db: Database, businessId: number, workTypeId: number, now: Date): Promise<void> {
  await loadWorkType(db, businessId, workTypeId);
  await withTransaction(db, async (tx) => {
    await tx.update(workTypes).set({ deletedAt: now }).where(eq(workTypes.id, workTypeId));
    await detachShiftCondition(tx, businessId, workTypeId);
  });
}
