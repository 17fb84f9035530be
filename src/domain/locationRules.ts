/**
 * A location's own break-rule profile and questions at clock-off, overriding the business's: a
 * business with sites under different laws (a Californian store and a UK one) keeps one setting
 * per site. Each setting is overridden on its own (null: the business's), and only the shift's own
 * location counts (a child location does not inherit its parent's override). Pure and shared: the
 * kiosk picks the rules of the shift it closes offline, the service the rules of the line it writes.
 */
import type { AttestationSettings } from './attestations';
import type { BreakRuleSettings } from './breakRules';

/** The settings a location may override. */
export interface PlaceRules {
  breakRules: BreakRuleSettings;
  attestations: AttestationSettings;
}

/** One location's overrides; a null member keeps the business's setting. */
export interface LocationRules {
  locationId: number;
  breakRules: BreakRuleSettings | null;
  attestations: AttestationSettings | null;
}

/** The rules at a location: each of its overrides where it has one, else the business's (no location: the business's). */
export function rulesAt(business: PlaceRules, overrides: readonly LocationRules[], locationId: number | null | undefined): PlaceRules {
  const own = locationId == null ? undefined : overrides.find((o) => o.locationId === locationId);
  return {
    breakRules: own?.breakRules ?? business.breakRules,
    attestations: own?.attestations ?? business.attestations,
  };
}
