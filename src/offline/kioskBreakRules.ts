/**
 * The business's break and rest rules as this kiosk last received them with its policy, read with
 * a schema of just that member (zod/mini), so the staff grid can say "Meal break due by 13:30"
 * without loading the contract's schemas. Before the first policy refresh (or from a policy kept
 * before the setting existed) there are no rules: nothing is warned about, nothing is blocked.
 */
import * as z from 'zod/mini';
import { BREAK_RULE_PROFILES, NO_BREAK_RULES, type BreakRuleSettings } from '../domain/breakRules';
import type { KioskDb } from './db';
import { readRecord } from './records';

/** The meta row holding the kiosk policy as the service last sent it. */
export const POLICY_KEY = 'policy';

const PolicyBreakRules = z.object({
  // The business's own minimum rest is optional: a policy cached before it existed still parses (the profile's minimum).
  breakRules: z.optional(z.object({ profile: z.enum(BREAK_RULE_PROFILES), blockShortRest: z.boolean(), minimumRestMinutes: z.optional(z.nullable(z.int().check(z.positive()))) })),
});

export async function readKioskBreakRules(db: KioskDb): Promise<BreakRuleSettings> {
  return readRecord(PolicyBreakRules, (await db.meta.get(POLICY_KEY))?.value)?.breakRules ?? NO_BREAK_RULES;
}
