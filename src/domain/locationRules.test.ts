import { describe, expect, it } from 'vitest';
import { NO_ATTESTATIONS, type AttestationSettings } from './attestations';
import type { BreakRuleSettings } from './breakRules';
import { MAX_LOCATION_DEPTH, rulesAt, type LocationParent, type LocationRules } from './locationRules';

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

describe("the rules at a location under others", () => {
  const AU: BreakRuleSettings = { profile: 'AU', blockShortRest: true };
  // 1 "California stores" (CA, questions) > 2 "Bay Area" (nothing) > 3 "San Jose" (its own questions); 4 "Depot" (AU) > 5 "Dock".
  const overrides: LocationRules[] = [
    { locationId: 1, breakRules: CA, attestations: MEAL_MISSED },
    { locationId: 3, breakRules: null, attestations: NO_ATTESTATIONS },
    { locationId: 4, breakRules: AU, attestations: null },
  ];
  const parents: LocationParent[] = [
    { locationId: 2, parentId: 1 },
    { locationId: 3, parentId: 2 },
    { locationId: 5, parentId: 4 },
    { locationId: 1, parentId: null },
  ];

  it("inherits its nearest ancestor's override, setting by setting", () => {
    expect(rulesAt(business, overrides, 2, parents)).toEqual({ breakRules: CA, attestations: MEAL_MISSED });
    expect(rulesAt(business, overrides, 3, parents)).toEqual({ breakRules: CA, attestations: NO_ATTESTATIONS });
    expect(rulesAt(business, overrides, 5, parents)).toEqual({ breakRules: AU, attestations: ALWAYS_INJURY });
  });

  it('lets its own override win over an ancestor\'s', () => {
    expect(rulesAt(business, overrides, 1, parents)).toEqual({ breakRules: CA, attestations: MEAL_MISSED });
    expect(rulesAt(business, overrides, 4, parents)).toEqual({ breakRules: AU, attestations: ALWAYS_INJURY });
    const nearer: LocationRules[] = [...overrides, { locationId: 2, breakRules: UK, attestations: null }];
    expect(rulesAt(business, nearer, 3, parents)).toEqual({ breakRules: UK, attestations: NO_ATTESTATIONS });
  });

  it("keeps the business's rules for an unknown location and without the tree", () => {
    expect(rulesAt(business, overrides, 99, parents)).toEqual(business);
    expect(rulesAt(business, overrides, 2)).toEqual(business);
    // A parent the tree does not know ends the walk there.
    expect(rulesAt(business, overrides, 6, [{ locationId: 6, parentId: 77 }])).toEqual(business);
  });

  it('ends the walk on a loop, and after MAX_LOCATION_DEPTH locations', () => {
    const loop: LocationParent[] = [
      { locationId: 10, parentId: 11 },
      { locationId: 11, parentId: 12 },
      { locationId: 12, parentId: 10 },
    ];
    expect(rulesAt(business, overrides, 10, loop)).toEqual(business);
    expect(rulesAt(business, [{ locationId: 12, breakRules: CA, attestations: null }], 10, loop)).toEqual({ breakRules: CA, attestations: ALWAYS_INJURY });
    // A chain 100..(100+n): the root's override reaches MAX_LOCATION_DEPTH - 1 levels down, not one more.
    const chain = (n: number): LocationParent[] => Array.from({ length: n }, (_, i) => ({ locationId: 100 + i + 1, parentId: 100 + i }));
    const root: LocationRules[] = [{ locationId: 100, breakRules: CA, attestations: null }];
    const deep = chain(MAX_LOCATION_DEPTH);
    expect(rulesAt(business, root, 100 + MAX_LOCATION_DEPTH - 1, deep).breakRules).toEqual(CA);
    expect(rulesAt(business, root, 100 + MAX_LOCATION_DEPTH, deep).breakRules).toEqual(UK);
    // A self-parented location is its own only ancestor.
    expect(rulesAt(business, overrides, 4, [{ locationId: 4, parentId: 4 }])).toEqual({ breakRules: AU, attestations: ALWAYS_INJURY });
  });
});
