/**
 * A location's own break-rule profile and questions at clock-off, overriding the business's: a
 * business with sites under different laws (a Californian store and a UK one) keeps one setting
 * per site. Each setting is overridden on its own (null: inherited), and a location without an
 * override of a setting takes its nearest ancestor's (a shop under "California stores" keeps
 * California's rules), else the business's. Pure and shared: the kiosk picks the rules of the shift
 * it closes or opens offline, the service the rules of the line it writes.
 */
import type { AttestationSettings } from './attestations';
import type { BreakRuleSettings } from './breakRules';

/** The settings a location may override. */
export interface PlaceRules {
  breakRules: BreakRuleSettings;
  attestations: AttestationSettings;
}

/** One location's overrides; a null member keeps its ancestors' (or the business's) setting. */
export interface LocationRules {
  locationId: number;
  breakRules: BreakRuleSettings | null;
  attestations: AttestationSettings | null;
}

/** A location's place in the business's tree (locations without a parent may be left out). */
export interface LocationParent {
  locationId: number;
  parentId: number | null;
}

/**
 * How many locations up the tree an override is looked for: far beyond any real tree, and an end
 * to the walk whatever the stored links say (a loop, a very long chain).
 */
export const MAX_LOCATION_DEPTH = 32;

/** The location and its ancestors, nearest first, each once, at most MAX_LOCATION_DEPTH of them. */
function lineage(locationId: number, parents: readonly LocationParent[]): number[] {
  const parentOf = new Map(parents.map((p) => [p.locationId, p.parentId] as const));
  const chain: number[] = [];
  for (let id: number | null | undefined = locationId; id != null && chain.length < MAX_LOCATION_DEPTH && !chain.includes(id); id = parentOf.get(id)) chain.push(id);
  return chain;
}

/** Overrides of some settings `P` at one location: a null member inherits. */
export type OverridesOf<P> = { locationId: number } & { [K in keyof P]: P[K] | null };

/**
 * The rules at a location, setting by setting (each member of `business`): its own override, else
 * its nearest ancestor's (through `parents`), else the business's; no location (or an unknown one
 * without overrides): the business's. A caller that needs only some settings passes only those.
 */
export function rulesAt<P extends object = PlaceRules>(
  business: P,
  overrides: readonly OverridesOf<P>[],
  locationId: number | null | undefined,
  parents: readonly LocationParent[] = [],
): P {
  if (locationId == null || overrides.length === 0) return business;
  const byLocation = new Map(overrides.map((o) => [o.locationId, o] as const));
  const chain = lineage(locationId, parents).flatMap((id) => byLocation.get(id) ?? []);
  const rules = { ...business };
  for (const key of Object.keys(business) as Array<keyof P>) {
    const nearest = chain.find((o) => o[key] !== null && o[key] !== undefined)?.[key];
    if (nearest !== undefined && nearest !== null) rules[key] = nearest as P[keyof P];
  }
  return rules;
}
