/**
 * The business's timesheet settings that bind a clock-on (what is enforced):
 * `requireWorkType` and `requireLocation` (UkBusinessTimesheetSettingsModel) apply at every kiosk
 * besides the kiosk's own `isWorkTypeRequired` / `isLocationRequired`. Vendor: "Recording Shift
 * Events with Clock Me In" (work type: "where this timesheet setting has been made compulsory, the
 * employee will be unable to proceed to the next step without selecting a work type") and "Set up
 * Clock Me In" ("Require a work type when entering timesheets - If there are no work types
 * configured within the business, this setting will be deactivated"), so a business without live
 * work types requires none. Read as one SQL value so a punch reads it inside a statement it
 * already sends (store/punchReads.ts); elsewhere on its own (readBusinessRequirements).
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { constantText, type Bind } from '../../db/compiledStatements';
import type { Database } from '../../db/openDatabase';
import { businessSettings, workTypes } from '../../db/schema';
import type { ChoiceRules } from './punchPoints';

export interface BusinessRequirements {
  requireWorkType: boolean;
  requireLocation: boolean;
}

const NONE: BusinessRequirements = { requireWorkType: false, requireLocation: false };

/** The business's requirements as one JSON value (`{requireWorkType, requireLocation}`), for a column of another statement. */
export function businessRequirementsSql(businessId: Bind<number>): SQL {
  const setting = (name: string) =>
    sql`coalesce((select (s.model ->> ${constantText(name)})::boolean from ${businessSettings} s where s.business_id = ${businessId} and s.kind = 'timesheet'), false)`;
  const hasWorkTypes = sql`exists (select 1 from ${workTypes} w where w.business_id = ${businessId} and w.deleted_at is null
    and w.mapping_type is distinct from 'ShiftCondition')`;
  return sql`json_build_object('requireWorkType', ${setting('requireWorkType')} and ${hasWorkTypes}, 'requireLocation', ${setting('requireLocation')})`;
}

const Stored = z.object({ requireWorkType: z.boolean(), requireLocation: z.boolean() });

/** businessRequirementsSql's value (null or absent: none). */
export function businessRequirementsOf(value: unknown): BusinessRequirements {
  if (value === null || value === undefined) return NONE;
  return Stored.parse(typeof value === 'string' ? JSON.parse(value) : value);
}

/** The business's requirements in a statement of their own (a path with no statement to ride on). */
export async function readBusinessRequirements(db: Database, businessId: number): Promise<BusinessRequirements> {
  const [row] = await db.select({ value: businessRequirementsSql(businessId) }).from(sql`(select 1) as one`);
  return businessRequirementsOf(row?.value);
}

/** The point's clock-on rules with the business's requirements added (a kiosk flag or the business's setting requires). */
export function withBusinessRequirements<T extends ChoiceRules>(rules: T, required: BusinessRequirements | null): T {
  if (!required) return rules;
  return {
    ...rules,
    isWorkTypeRequired: rules.isWorkTypeRequired || required.requireWorkType,
    isLocationRequired: rules.isLocationRequired || required.requireLocation,
  };
}
