/**
 * What a clock-on starts from: each choice (location, work type, award classification, a value per
 * reporting dimension) is taken from what is known, in this order, and only when the person is
 * offered it: the roster shift the clock-on matches, then the only choice there is, then the
 * person's last choice at this kiosk, then (location only) the service's default location. Shift
 * conditions are never carried over from anywhere: they are those the chosen location applies by
 * default (its `defaultShiftConditionIds`, sent as `locationShiftConditions`); the contract's
 * roster shift names none. Pure, so the options screen, a clock-on that skips it and the tests
 * reach the same answer; the service stores exactly what the clock-on sends.
 */
import { presetShiftConditions, type ClockOnOffer } from './clockOn';
import { dimensionPickers } from './reportingDimensions';

/** What a roster shift or an earlier clock-on says about the choices; any part may be unknown. */
export interface KnownChoice {
  locationId?: number | null;
  workTypeId?: number | null;
  classificationId?: number | null;
  dimensionValueIds?: readonly number[] | null;
}

export interface ClockOnPreselection {
  locationId: number | null;
  workTypeId: number | null;
  classificationId: number | null;
  shiftConditionIds: number[];
  dimensionValueIds: number[];
}

export const NOTHING_PRESELECTED: ClockOnPreselection = { locationId: null, workTypeId: null, classificationId: null, shiftConditionIds: [], dimensionValueIds: [] };

/** The first candidate that is among `offered` (an only choice counts as a candidate of its own). */
function firstOffered(offered: readonly number[], candidates: ReadonlyArray<number | null | undefined>): number | null {
  const only = offered.length === 1 ? offered[0] : undefined;
  const [fromRoster, ...rest] = candidates;
  for (const id of [fromRoster, only, ...rest]) if (id !== null && id !== undefined && offered.includes(id)) return id;
  return null;
}

const ids = (list: readonly { id: number }[] | null | undefined) => (list ?? []).map((item) => item.id);

/**
 * The choices a clock-on starts from, given what the person is offered (`offer`, null when the
 * tablet has no copy: then nothing is preselected), the roster shift it matches and the person's
 * last clock-on choices at this kiosk.
 */
export function preselectClockOn(offer: ClockOnOffer | null, known: { rostered?: KnownChoice | null; last?: KnownChoice | null } = {}): ClockOnPreselection {
  if (!offer) return NOTHING_PRESELECTED;
  const { rostered, last } = known;
  const locationId = firstOffered(ids(offer.locations), [rostered?.locationId, last?.locationId, offer.defaultLocation?.id]);
  const offeredConditions = ids(offer.shiftConditions);
  const dimensionValueIds = dimensionPickers(offer).flatMap((picker) => {
    const values = picker.values.map((v) => v.id);
    const inPicker = (choice: KnownChoice | null | undefined) => choice?.dimensionValueIds?.find((id) => values.includes(id));
    const picked = firstOffered(values, [inPicker(rostered), inPicker(last)]);
    return picked === null ? [] : [picked];
  });
  return {
    locationId,
    workTypeId: firstOffered(ids(offer.workTypes), [rostered?.workTypeId, last?.workTypeId]),
    classificationId: firstOffered(ids(offer.classifications), [rostered?.classificationId, last?.classificationId]),
    shiftConditionIds: presetShiftConditions(offer, locationId).filter((id) => offeredConditions.includes(id)),
    dimensionValueIds,
  };
}

/**
 * A preselection as clock-on body fields. Everything known is sent, shift conditions too (an empty
 * list means none), so the service records exactly what the receipt says; with no copy of the
 * offer the tablet sends nothing and the service applies its own defaults.
 */
export function clockOnFields(preselection: ClockOnPreselection, offerKnown: boolean): Record<string, number | number[]> {
  return {
    ...(preselection.locationId !== null ? { locationId: preselection.locationId } : {}),
    ...(preselection.workTypeId !== null ? { workTypeId: preselection.workTypeId } : {}),
    ...(preselection.classificationId !== null ? { classificationId: preselection.classificationId } : {}),
    ...(offerKnown ? { shiftConditionIds: preselection.shiftConditionIds } : {}),
    ...(preselection.dimensionValueIds.length > 0 ? { dimensionValueIds: preselection.dimensionValueIds } : {}),
  };
}

/** The choices a clock-on body carries (what was recorded), read back from its fields. */
export function choicesOfBody(body: Readonly<Record<string, unknown>>): ClockOnPreselection {
  const id = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number' && Number.isInteger(v)) : []);
  return {
    locationId: id(body.locationId),
    workTypeId: id(body.workTypeId),
    classificationId: id(body.classificationId),
    shiftConditionIds: list(body.shiftConditionIds),
    dimensionValueIds: list(body.dimensionValueIds),
  };
}
