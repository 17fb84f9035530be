/**
 * The business's timesheet rounding rules (project-designed): one settings document
 * (business_settings kind 'roundingRules'), parsed on every read; no rounding until a manager saves
 * rules. Kiosk lines are written with them (timesheetLines.ts).
 */
import { and, eq } from 'drizzle-orm';
import { RoundingRulesModel } from '../../../contract/supporting/timesheets';
import { NO_ROUNDING, type RoundingRules } from '../../../domain/rounding';
import type { Database } from '../../db/openDatabase';
import { businessSettings } from '../../db/schema';

export const ROUNDING_RULES_KIND = 'roundingRules';

/** The stored rules, or NO_ROUNDING. */
export async function readRoundingRules(db: Database, businessId: number): Promise<RoundingRules> {
  const [row] = await db
    .select({ model: businessSettings.model })
    .from(businessSettings)
    .where(and(eq(businessSettings.businessId, businessId), eq(businessSettings.kind, ROUNDING_RULES_KIND)));
  return roundingRulesFrom(row?.model, businessId);
}

/** The rules of a stored document (undefined: none stored, so NO_ROUNDING), for a caller that read it with others. */
export function roundingRulesFrom(model: unknown, businessId: number): RoundingRules {
  if (model === undefined) return NO_ROUNDING;
  const parsed = RoundingRulesModel.safeParse(model);
  if (!parsed.success) throw new Error(`Stored rounding rules of business ${businessId} are not valid`);
  return parsed.data;
}

/** Replaces the rules; lines already written keep their times. */
export async function saveRoundingRules(db: Database, businessId: number, rules: RoundingRules): Promise<RoundingRules> {
  await db
    .insert(businessSettings)
    .values({ businessId, kind: ROUNDING_RULES_KIND, model: rules })
    .onConflictDoUpdate({ target: [businessSettings.businessId, businessSettings.kind], set: { model: rules } });
  return rules;
}
