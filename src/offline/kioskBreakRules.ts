/**
 * The break and rest rules as this kiosk last received them with its policy (the business's, the
 * locations' overrides and the location tree) and the location the kiosk stands at (its settings),
 * read with schemas of just those members (zod/mini), so the staff grid can say "Meal break due by
 * 13:30" without loading the contract's schemas. Each member is read on its own: a damaged one
 * costs only itself. Before the first policy refresh (or from a policy kept before a member
 * existed) it is absent: no rules (nothing is warned about, nothing is blocked), no overrides, no tree.
 */
import * as z from 'zod/mini';
import { BREAK_RULE_PROFILES, NO_BREAK_RULES, type BreakRuleSettings } from '../domain/breakRules';
import { rulesAt, type LocationParent, type OverridesOf } from '../domain/locationRules';
import type { KioskDb } from './db';
import { KIOSK_SETTINGS_KEY } from './kioskHeading';
import { readRecord } from './records';

/** The meta row holding the kiosk policy as the service last sent it. */
export const POLICY_KEY = 'policy';

// The business's own minimum rest is optional: a policy cached before it existed still parses (the profile's minimum).
const Rules = z.object({ profile: z.enum(BREAK_RULE_PROFILES), blockShortRest: z.boolean(), minimumRestMinutes: z.optional(z.nullable(z.int().check(z.positive()))) });
const PolicyBreakRules = z.object({ breakRules: Rules });
const PolicyOverrides = z.object({ locationRules: z.array(z.object({ locationId: z.int(), breakRules: z.nullable(Rules) })) });
const PolicyTree = z.object({ locationParents: z.array(z.object({ locationId: z.int(), parentId: z.nullable(z.int()) })) });
const KioskLocation = z.object({ locationId: z.nullable(z.int()) });

export interface KioskBreakRules {
  /** The business's setting. */
  business: BreakRuleSettings;
  /** Locations' overrides of it (null: inherited). */
  overrides: OverridesOf<{ breakRules: BreakRuleSettings }>[];
  parents: LocationParent[];
  /** The location this kiosk stands at; null when it serves any. */
  kioskLocationId: number | null;
}

export const NO_KIOSK_BREAK_RULES: KioskBreakRules = { business: NO_BREAK_RULES, overrides: [], parents: [], kioskLocationId: null };

export async function readKioskBreakRules(db: KioskDb): Promise<KioskBreakRules> {
  const [policy, kiosk] = await db.meta.bulkGet([POLICY_KEY, KIOSK_SETTINGS_KEY]);
  return {
    business: readRecord(PolicyBreakRules, policy?.value)?.breakRules ?? NO_BREAK_RULES,
    overrides: readRecord(PolicyOverrides, policy?.value)?.locationRules ?? [],
    parents: readRecord(PolicyTree, policy?.value)?.locationParents ?? [],
    kioskLocationId: readRecord(KioskLocation, kiosk?.value)?.locationId ?? null,
  };
}

/** The break rules at a location (its override, its nearest ancestor's, else the business's: domain/locationRules.ts). */
export function breakRulesAt(rules: KioskBreakRules, locationId: number | null): BreakRuleSettings {
  return rulesAt({ breakRules: rules.business }, rules.overrides, locationId, rules.parents).breakRules;
}

/** Whether any rules are set at all (the business's or a location's), so the grid loads the rest only then. */
export function hasBreakRules(rules: KioskBreakRules): boolean {
  return rules.business.profile !== 'None' || rules.overrides.some((o) => o.breakRules !== null && o.breakRules.profile !== 'None');
}
