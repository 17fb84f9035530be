/**
 * Who a kiosk lists and accepts. The vendor lists an employee on a Clock Me In
 * kiosk only when the kiosk's location is among the employee's locations (read from the
 * vendor's "Set up Clock Me In" and kiosk management articles: a kiosk is set up at a location).
 * Where the contract is silent (docs/api.md, "Decisions where the contract is silent"): a kiosk without
 * a location lists every kiosk-enabled employee, and an employee without locations is listed on
 * every kiosk (no assignment means no restriction, as the employee's location pick-list already
 * reads it: clockOnChoices.offeredLocations).
 */

/** True when an employee with these locations appears on (and may punch at) a kiosk at `kioskLocationId`. */
export function isListedAtKiosk(kioskLocationId: number | null, employeeLocationIds: readonly number[]): boolean {
  return kioskLocationId === null || employeeLocationIds.length === 0 || employeeLocationIds.includes(kioskLocationId);
}

/** What decides which kiosks list a person: the vendor's kiosk switch and their locations. */
export interface KioskAccessState {
  isKioskEnabled: boolean;
  /** Empty: no restriction (listed on every kiosk). */
  locationIds: readonly number[];
}

export interface KioskAt {
  id: number;
  locationId: number | null;
}

/** The kiosks (of `kiosks`) that list a person in this state. */
export function kiosksListing(state: KioskAccessState, kiosks: readonly KioskAt[]): number[] {
  if (!state.isKioskEnabled) return [];
  return kiosks.filter((kiosk) => isListedAtKiosk(kiosk.locationId, state.locationIds)).map((kiosk) => kiosk.id);
}

export interface KioskAccessPlan {
  /** The state to store (equal to the current one when nothing needs to change). */
  next: KioskAccessState;
  /** Kiosks listing the person before and after. */
  before: number[];
  after: number[];
  /** Other kiosks whose listing changes too (a kiosk without a location lists everyone enabled). */
  alsoAdded: number[];
  alsoRemoved: number[];
}

/**
 * How to put a person on, or take them off, one kiosk while touching the others as little as the
 * listing rule allows. On: enable them and, at a kiosk with a location, add it to their locations
 * (unless they have none, which already means every location). Off at a kiosk with a location:
 * remove it from their locations (a person with none gets every other location of the business);
 * when no location would remain, they are switched off instead, since an empty list would mean
 * every location. Off at a kiosk without a location: only switching them off does it. Whatever
 * else changes as a result is reported, so a manager can be asked first.
 */
export function planKioskAccess(
  state: KioskAccessState,
  kiosk: KioskAt,
  hasAccess: boolean,
  context: { kiosks: readonly KioskAt[]; businessLocationIds: readonly number[] },
): KioskAccessPlan {
  const before = kiosksListing(state, context.kiosks);
  const next = nextState(state, kiosk, hasAccess, context.businessLocationIds);
  const after = kiosksListing(next, context.kiosks);
  const others = (ids: number[], without: number[]) => ids.filter((id) => id !== kiosk.id && !without.includes(id));
  return { next, before, after, alsoAdded: others(after, before), alsoRemoved: others(before, after) };
}

function nextState(state: KioskAccessState, kiosk: KioskAt, hasAccess: boolean, businessLocationIds: readonly number[]): KioskAccessState {
  const listed = state.isKioskEnabled && isListedAtKiosk(kiosk.locationId, state.locationIds);
  if (listed === hasAccess) return state;
  const location = kiosk.locationId;
  if (hasAccess) {
    const locationIds = location === null || state.locationIds.length === 0 || state.locationIds.includes(location) ? state.locationIds : [...state.locationIds, location];
    return { isKioskEnabled: true, locationIds };
  }
  if (location === null) return { ...state, isKioskEnabled: false };
  const remaining = (state.locationIds.length === 0 ? businessLocationIds : state.locationIds).filter((id) => id !== location);
  if (remaining.length === 0) return { ...state, isKioskEnabled: false };
  return { isKioskEnabled: true, locationIds: remaining };
}
