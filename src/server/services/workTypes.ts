/**
 * Work types, including shift conditions (mappingType `ShiftCondition`): loading one within a
 * business, mapping rows to UkWorkTypeModel and validating a submitted work type.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { UkWorkTypeModelInput } from '../../contract/generated/models';
import { UkEmploymentTypeEnum, type UkWorkTypeModel, WorkTypeMappingType } from '../../contract/generated/models';
import type { Database } from '../db/openDatabase';
import { workTypes } from '../db/schema';
import { invalidField, notFound } from '../http/apiError';

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

/** Every non-deleted work type of the business, ordered by id. */
export async function liveWorkTypeRows(db: Database, businessId: number): Promise<WorkTypeRow[]> {
  return db
    .select()
    .from(workTypes)
    .where(and(eq(workTypes.businessId, businessId), isNull(workTypes.deletedAt)))
    .orderBy(workTypes.id);
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
  } satisfies typeof workTypes.$inferInsert;
}
