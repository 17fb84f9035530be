/**
 * What a clock-on's receipt says: the choices recorded (read from the body queued for the service,
 * never from the roster or the screen's state) in words, and the roster shift it is compared with,
 * whose location and work type are named only where they differ from what was recorded. Pure, so
 * the receipt and the day-in-the-life test read the same words from the same record.
 */
import type { ClockOnPreselection } from './clockOnPreselection';
import { dimensionPickers, type DimensionOffer } from './reportingDimensions';

type Named = readonly { id: number; description?: string | null }[] | null | undefined;

export interface NamedOffer extends DimensionOffer {
  locations?: Named;
  workTypes?: Named;
  shiftConditions?: Named;
  classifications?: Named;
}

const nameIn = (list: Named, id: number | null) => (id === null ? null : (list?.find((item) => item.id === id)?.description ?? null));

/** The recorded choices in words, in the options screen's order: location, work type, conditions, classification, dimension values. */
export function recordedChoiceNames(recorded: ClockOnPreselection, offer: NamedOffer | null): string[] {
  const values = dimensionPickers(offer).flatMap((p) => p.values);
  return [
    nameIn(offer?.locations, recorded.locationId),
    nameIn(offer?.workTypes, recorded.workTypeId),
    ...recorded.shiftConditionIds.map((id) => nameIn(offer?.shiftConditions, id)),
    nameIn(offer?.classifications, recorded.classificationId),
    ...recorded.dimensionValueIds.map((id) => values.find((v) => v.id === id)?.name ?? null),
  ].filter((name): name is string => Boolean(name));
}

/**
 * The roster shift's names worth saying beside its times on a receipt: its location and work type
 * where they differ from what was recorded (the same ones would say the same thing twice).
 */
export function rosterNamesUnlikeRecorded(
  rostered: { locationId: number | null; locationName: string | null; workTypeId: number | null; workTypeName: string | null },
  recorded: Pick<ClockOnPreselection, 'locationId' | 'workTypeId'>,
): string[] {
  return [
    rostered.locationId !== null && rostered.locationId !== recorded.locationId ? rostered.locationName : null,
    rostered.workTypeId !== null && rostered.workTypeId !== recorded.workTypeId ? rostered.workTypeName : null,
  ].filter((name): name is string => Boolean(name));
}
