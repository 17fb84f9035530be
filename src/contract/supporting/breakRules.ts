/**
 * Project-designed break-rule setting (the vendor API has none): which law's break and rest rules
 * the kiosk warns about, and whether a short rest stops a clock-on. Its fields are exactly
 * domain/breakRules.ts's `BreakRuleSettings` (checked at compile time, so the fact lives there).
 * Plain zod, shared with the client.
 */
import { z } from 'zod';
import { BREAK_RULE_PROFILES, MINIMUM_REST_BOUNDS, type BreakRuleSettings } from '../../domain/breakRules';

const shape = {
  profile: z.enum(BREAK_RULE_PROFILES).meta({
    description:
      '`None` (no warnings), `UK` (Working Time Regulations: a 20-minute break within 6 hours, 11 hours\' daily rest), ' +
      '`AU` (the General Retail Industry Award 2020: a 30-minute meal break within 5 hours, 12 hours between shifts) or ' +
      '`CA` (California Labor Code 512: a 30-minute meal period by the end of the 5th hour; no rest-between-shifts rule; ' +
      'meal punches are never rounded). Sources: docs/break-rules.md.',
  }),
  minimumRestMinutes: z
    .number()
    .int()
    .min(MINIMUM_REST_BOUNDS.minMinutes)
    .max(MINIMUM_REST_BOUNDS.maxMinutes)
    .multipleOf(MINIMUM_REST_BOUNDS.stepMinutes)
    .nullable()
    .optional()
    .meta({
      description:
        "The business's own minimum rest between shifts, in minutes (whole half hours from 60 to 1440), instead of the profile's: " +
        "e.g. 600 where an agreement brings the Retail Award's 12 hours down to 10, or a rest rule under `None`. " +
        "Null or absent: the profile's minimum (settings saved before this field existed read so). Saving without it clears it.",
    }),
  blockShortRest: z.boolean().meta({
    description: 'Off: a short rest since the last shift is a warning at clock-on. On: the kiosk refuses that clock-on.',
  }),
} satisfies { [K in keyof BreakRuleSettings]-?: z.ZodType<BreakRuleSettings[K]> };

export const BreakRulesModel = z.object(shape).strict().meta({
  id: 'BreakRulesModel',
  description:
    'Project-designed: the break and rest rules the kiosk warns about before they are broken ("Meal break due by 13:30", ' +
    '"8 h since your last shift ended"). `None` until a manager saves one.',
});
export type BreakRulesModel = z.infer<typeof BreakRulesModel>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time check: the wire model and the domain interface are one type. */
export const BREAK_RULES_MODEL_IS_DOMAIN: Same<BreakRulesModel, BreakRuleSettings> = true;
