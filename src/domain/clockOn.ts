/**
 * The kiosk's clock-on rules, shared by its screens: whether a clock-on needs the options step
 * (the employee has something to choose, or the kiosk requires a choice it cannot preselect) and
 * what a clock-on that skips it carries, what is
 * preselected there (the service's default location, else the only one offered, and that
 * location's default shift conditions), which required choice is missing, and whether a photo
 * comes before the punch is committed. Structural types, so the contract's models fit them.
 */
import { dimensionPickers, type DimensionOffer } from './reportingDimensions';

export interface ClockOnRules {
  isLocationRequired?: boolean | null;
  isWorkTypeRequired?: boolean | null;
  isPhotoRequired?: boolean | null;
}

/** The business's timesheet settings that require a choice at every kiosk. */
export interface BusinessClockOnRules {
  requireWorkType?: boolean | null;
  requireLocation?: boolean | null;
}

/**
 * The kiosk's rules with the business's added: a choice is required when the kiosk or the
 * business requires it (the service refuses the clock-on otherwise). Null while the kiosk's own
 * settings are unknown.
 */
export function clockOnRulesOf<R extends ClockOnRules>(kiosk: R | null | undefined, business: BusinessClockOnRules | null | undefined): R | null {
  if (!kiosk) return null;
  return {
    ...kiosk,
    isWorkTypeRequired: Boolean(kiosk.isWorkTypeRequired) || Boolean(business?.requireWorkType),
    isLocationRequired: Boolean(kiosk.isLocationRequired) || Boolean(business?.requireLocation),
  };
}

export interface ClockOnOffer extends DimensionOffer {
  locations?: readonly { id: number }[] | null;
  workTypes?: readonly { id: number }[] | null;
  shiftConditions?: readonly { id: number }[] | null;
  /** AU only: the business's award classifications (Au.AuTimeAndAttendanceLookupDataModel). */
  classifications?: readonly { id: number }[] | null;
  defaultLocation?: { id: number } | null;
  locationShiftConditions?: readonly { locationId: number; shiftConditionIds?: readonly number[] | null }[] | null;
}

/**
 * True when the employee must see the options step before clocking on: there is something to
 * choose (more than one location, any work type, shift condition or classification), or the kiosk requires a
 * choice the kiosk cannot make for them (a required location with none preselected, a required
 * work type). A required location that is preselected needs no screen: it goes with the punch
 * (`clockOnWithoutOptions`).
 */
export function needsClockOnOptions(offer: ClockOnOffer | null, rules: ClockOnRules | null | undefined): boolean {
  if (rules?.isWorkTypeRequired) return true;
  if (rules?.isLocationRequired && preselectedLocation(offer) === null) return true;
  if (!offer) return false;
  return (
    (offer.locations?.length ?? 0) > 1 ||
    (offer.workTypes?.length ?? 0) > 0 ||
    (offer.shiftConditions?.length ?? 0) > 0 ||
    (offer.classifications?.length ?? 0) > 0 ||
    dimensionPickers(offer).length > 0
  );
}

/** The choices a clock-on that skips the options step carries: the preselections, nothing more. */
export function clockOnWithoutOptions(offer: ClockOnOffer | null): { locationId?: number; shiftConditionIds?: number[] } {
  const locationId = preselectedLocation(offer);
  if (locationId === null) return {};
  const conditions = presetShiftConditions(offer, locationId);
  return { locationId, ...(conditions.length > 0 ? { shiftConditionIds: conditions } : {}) };
}

/** The location preselected: the service's default, else the only location offered, else none. */
export function preselectedLocation(offer: ClockOnOffer | null): number | null {
  if (offer?.defaultLocation) return offer.defaultLocation.id;
  const locations = offer?.locations ?? [];
  return locations.length === 1 ? (locations[0]?.id ?? null) : null;
}

/** The shift conditions preselected for a location (its defaults). */
export function presetShiftConditions(offer: ClockOnOffer | null, locationId: number | null): number[] {
  return [...(offer?.locationShiftConditions?.find((l) => l.locationId === locationId)?.shiftConditionIds ?? [])];
}

export type ClockOnChoice = 'location' | 'workType';

/** The choices the kiosk requires that are not made (a clock-on, or a manager's added shift). */
export function missingChoices(rules: ClockOnRules | null | undefined, chosen: { locationId: number | null; workTypeId: number | null }): ClockOnChoice[] {
  const missing: ClockOnChoice[] = [];
  if (rules?.isLocationRequired && chosen.locationId === null) missing.push('location');
  if (rules?.isWorkTypeRequired && chosen.workTypeId === null) missing.push('workType');
  return missing;
}

/** The first choice the kiosk requires that is not made, or null when the choices will do. */
export function missingChoice(rules: ClockOnRules | null | undefined, chosen: { locationId: number | null; workTypeId: number | null }): ClockOnChoice | null {
  return missingChoices(rules, chosen)[0] ?? null;
}

/** What follows once a punch and its options are chosen: the photo when the kiosk requires one. */
export function stepBeforeCommit(rules: ClockOnRules | null | undefined): 'photo' | 'commit' {
  return rules?.isPhotoRequired ? 'photo' : 'commit';
}
