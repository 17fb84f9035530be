/**
 * The reporting dimension pickers a kiosk shows at clock-on: one per dimension that has
 * values to offer, only where lookupdata says dimensions are enabled (the kiosk's
 * `timesheetDimensionsEnabled`). A shift takes at most one value per dimension (docs/api.md,
 * "Decisions where the contract is silent"), so each picker is a single choice.
 */
export interface DimensionOffer {
  reportingDimensionsEnabled?: boolean;
  reportingDimensionGroups?: readonly { value: number | null; text: string | null }[] | null;
  reportingDimensionValues?: readonly { reportingDimensionId: number; value: number | null; text: string | null; isDeleted?: boolean; isNoLongerAllowed?: boolean }[] | null;
}

export interface DimensionPicker {
  id: number;
  name: string;
  values: { id: number; name: string }[];
}

/** The pickers, in the order lookupdata lists the groups; none when disabled or nothing is offered. */
export function dimensionPickers(offer: DimensionOffer | null | undefined): DimensionPicker[] {
  if (!offer?.reportingDimensionsEnabled) return [];
  const values = (offer.reportingDimensionValues ?? []).filter((v) => v.value !== null && !v.isDeleted && !v.isNoLongerAllowed);
  return (offer.reportingDimensionGroups ?? []).flatMap((group) => {
    if (group.value === null) return [];
    const own = values.filter((v) => v.reportingDimensionId === group.value).map((v) => ({ id: v.value ?? 0, name: v.text ?? '' }));
    return own.length > 0 ? [{ id: group.value, name: group.text ?? '', values: own }] : [];
  });
}

/** The values picked (dimension id → value id), as a clock-on's `dimensionValueIds`, for pickers still offered. */
export function pickedDimensionValues(pickers: readonly DimensionPicker[], picked: Readonly<Record<number, number>>): number[] {
  return pickers.flatMap((p) => {
    const id = picked[p.id];
    return id !== undefined && p.values.some((v) => v.id === id) ? [id] : [];
  });
}
