/**
 * The kiosk's clock-on rules, shared by its screens: whether a clock-on needs the options step
 * (the employee has something to choose, or the kiosk requires a choice it cannot preselect), the
 * shift conditions a location applies by default, which required choice is missing, and whether a
 * photo comes before the punch is committed. What is preselected is clockOnPreselection.ts.
 * Structural types, so the contract's models fit them.
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
 * choose (more than one location, any work type, shift condition or classification, a reporting
 * dimension), or the kiosk requires a choice that is not preselected (`preselectedLocationId`:
 * what clockOnPreselection.ts chose). A required location that is preselected needs no screen: it
 * goes with the punch.
 */
export function needsClockOnOptions(offer: ClockOnOffer | null, rules: ClockOnRules | null | undefined, preselectedLocationId: number | null = null): boolean {
  if (rules?.isWorkTypeRequired) return true;
  if (rules?.isLocationRequired && preselectedLocationId === null) return true;
  if (!offer) return false;
  return (
    (offer.locations?.length ?? 0) > 1 ||
    (offer.workTypes?.length ?? 0) > 0 ||
    (offer.shiftConditions?.length ?? 0) > 0 ||
    (offer.classifications?.length ?? 0) > 0 ||
    dimensionPickers(offer).length > 0
  );
}

/**
 * The shift conditions a location applies by default (`locationShiftConditions`: the location's
 * own `defaultShiftConditionIds`): the only ones ever ticked before the person ticks any.
 */
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

/**
 * What follows once a punch and its options are chosen: the photo when the kiosk requires one,
 * unless the person is exempt from photos (the policy's list; the camera is not opened for them).
 */
export function stepBeforeCommit(rules: ClockOnRules | null | undefined, photoExempt = false): 'photo' | 'commit' {
  return rules?.isPhotoRequired && !photoExempt ? 'photo' : 'commit';
}

/** Whether the kiosk policy exempts this person from punch photos. */
export function isPhotoExempt(policy: { photoExemptEmployeeIds: readonly number[] } | null | undefined, employeeId: number): boolean {
  return policy?.photoExemptEmployeeIds.includes(employeeId) ?? false;
}
