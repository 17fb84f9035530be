import { describe, expect, it } from 'vitest';
import { NO_ATTESTATIONS, type AttestationSettings } from './attestations';
import type { BreakRuleSettings } from './breakRules';
import { rulesAt, type LocationRules } from './locationRules';

const UK: BreakRuleSettings = { profile: 'UK', blockShortRest: false };
const CA: BreakRuleSettings = { profile: 'CA', blockShortRest: false };
const ALWAYS_INJURY: AttestationSettings = { rules: [{ question: 'Injury', askWhen: 'Always', hours: 0 }] };
const MEAL_MISSED: AttestationSettings = { rules: [{ question: 'MealBreak', askWhen: 'MealBreakMissed', hours: 0 }] };
const business = { breakRules: UK, attestations: ALWAYS_INJURY };

describe('the rules at a location', () => {
  const overrides: LocationRules[] = [
    { locationId: 7, breakRules: CA, attestations: MEAL_MISSED },
    { locationId: 8, breakRules: CA, attestations: null },
    { locationId: 9, breakRules: null, attestations: NO_ATTESTATIONS },
  ];

  it("takes the location's overrides over the business's", () => {
    expect(rulesAt(business, overrides, 7)).toEqual({ breakRules: CA, attestations: MEAL_MISSED });
  });

  it('overrides each setting on its own: null keeps the business setting', () => {
    expect(rulesAt(business, overrides, 8)).toEqual({ breakRules: CA, attestations: ALWAYS_INJURY });
    expect(rulesAt(business, overrides, 9)).toEqual({ breakRules: UK, attestations: NO_ATTESTATIONS });
  });

  it("keeps the business's rules for a location without overrides, or no location", () => {
    expect(rulesAt(business, overrides, 10)).toEqual(business);
    expect(rulesAt(business, overrides, null)).toEqual(business);
    expect(rulesAt(business, overrides, undefined)).toEqual(business);
    expect(rulesAt(business, [], 7)).toEqual(business);
  });
});
