/**
 * What a shift is tagged with: locations, work types (and shift conditions), AU classifications and
 * reporting dimensions.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { instant, createdAt, intArray } from './columns';
import { businesses } from './businesses';

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    externalId: text('external_id'),
    externalAccountingLocationId: text('external_accounting_location_id'),
    source: text('source'),
    isGlobal: boolean('is_global').notNull().default(false),
    isRollupReportingLocation: boolean('is_rollup_reporting_location').notNull().default(false),
    generalLedgerMappingCode: text('general_ledger_mapping_code'),
    defaultShiftConditionIds: intArray('default_shift_condition_ids'),
    state: text('state'),
    /** Au.AuLocationModel's `country`, answered back to an AU business only (services/referenceData/locationList.ts). */
    country: text('country'),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('locations_business_idx').on(t.businessId)],
);

export const workTypes = pgTable(
  'work_types',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    payCategoryId: integer('pay_category_id'),
    leaveCategoryId: integer('leave_category_id'),
    externalId: text('external_id'),
    source: text('source'),
    accruesLeave: boolean('accrues_leave').notNull().default(false),
    mappingType: text('mapping_type'),
    shortCode: text('short_code'),
    employmentTypes: text('employment_types').array().notNull().default(sql`'{}'::text[]`),
    /** A regional body's own fields (AU award package, NZ applyingPieceRate), answered back to that region only (services/referenceData/workTypes.ts). */
    regionalFields: jsonb('regional_fields').$type<Record<string, unknown>>().notNull().default({}),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('work_types_business_idx').on(t.businessId)],
);

/**
 * Award classifications of an AU business (Au.ClassificationLookupModel: id, description), offered
 * at clock-on and recorded on the shift (clock_shifts.classification_id). Soft-deleted: past
 * shifts still name them.
 */
export const classifications = pgTable(
  'classifications',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('classifications_business_idx').on(t.businessId, t.id)],
);

/**
 * Reporting dimensions (e.g. "Department") and their values, per business: the contract reads them
 * only through lookupdata and shifts, so the project extension `B/reportingdimension` manages them
 * (services/referenceData/reportingDimensions.ts). Removed ones are kept (soft delete): shifts name them.
 */
export const reportingDimensions = pgTable(
  'reporting_dimensions',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('reporting_dimensions_business_idx').on(t.businessId, t.id)],
);

export const reportingDimensionValues = pgTable(
  'reporting_dimension_values',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    reportingDimensionId: integer('reporting_dimension_id').notNull().references(() => reportingDimensions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('reporting_dimension_values_business_idx').on(t.businessId, t.id)],
);
