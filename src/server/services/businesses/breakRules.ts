/**
 * The business's break and rest rules (project-designed): one settings document
 * (business_settings kind 'breakRules'), parsed on every read; no profile until a manager saves
 * one. Kiosks receive it with their policy and warn from it; kiosk lines are rounded under it
 * (timesheetLines.ts: meal punches kept as punched where the profile says so).
 */
import { and, eq } from 'drizzle-orm';
import { BreakRulesModel } from '../../../contract/supporting/breakRules';
import { NO_BREAK_RULES, type BreakRuleSettings } from '../../../domain/breakRules';
import type { Database } from '../../db/openDatabase';
import { businessSettings } from '../../db/schema';

export const BREAK_RULES_KIND = 'breakRules';

/** The stored setting, or NO_BREAK_RULES. */
export async function readBreakRules(db: Database, businessId: number): Promise<BreakRuleSettings> {
  const [row] = await db
    .select({ model: businessSettings.model })
    .from(businessSettings)
    .where(and(eq(businessSettings.businessId, businessId), eq(businessSettings.kind, BREAK_RULES_KIND)));
  return breakRulesFrom(row?.model, businessId);
}

/** The setting of a stored document (undefined: none stored, so NO_BREAK_RULES), for a caller that read it with others. */
export function breakRulesFrom(model: unknown, businessId: number): BreakRuleSettings {
  if (model === undefined) return NO_BREAK_RULES;
  const parsed = BreakRulesModel.safeParse(model);
  if (!parsed.success) throw new Error(`Stored break rules of business ${businessId} are not valid`);
  return parsed.data;
}

/** Replaces the setting; lines already written keep their times. */
export async function saveBreakRules(db: Database, businessId: number, rules: BreakRuleSettings): Promise<BreakRuleSettings> {
  await db
    .insert(businessSettings)
    .values({ businessId, kind: BREAK_RULES_KIND, model: rules })
    .onConflictDoUpdate({ target: [businessSettings.businessId, businessSettings.kind], set: { model: rules } });
  return rules;
}
