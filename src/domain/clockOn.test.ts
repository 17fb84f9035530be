import { describe, expect, it } from 'vitest';
import { clockOnRulesOf, isPhotoExempt, missingChoice, missingChoices, needsClockOnOptions, presetShiftConditions, stepBeforeCommit } from './clockOn';
import { clockOnFields, preselectClockOn } from './clockOnPreselection';

const offer = {
  locations: [{ id: 1 }, { id: 2 }],
  workTypes: [],
  shiftConditions: [{ id: 9 }],
  defaultLocation: { id: 2 },
  locationShiftConditions: [{ locationId: 2, shiftConditionIds: [9] }],
};

describe('clock-on rules', () => {
  it('asks for options when the kiosk requires a choice or there is one to make', () => {
    expect(needsClockOnOptions(null, { isLocationRequired: true })).toBe(true);
    // A required location the kiosk preselects is no choice: the screen is skipped.
    expect(needsClockOnOptions({ locations: [{ id: 1 }] }, { isLocationRequired: true }, 1)).toBe(false);
    expect(needsClockOnOptions({ locations: [{ id: 1 }, { id: 2 }], defaultLocation: { id: 2 } }, { isLocationRequired: true }, 2)).toBe(true);
    expect(needsClockOnOptions({ locations: [{ id: 1 }], workTypes: [] }, { isWorkTypeRequired: true })).toBe(true);
    expect(needsClockOnOptions(null, { isWorkTypeRequired: true })).toBe(true);
    expect(needsClockOnOptions(null, {})).toBe(false);
    expect(needsClockOnOptions({ locations: [{ id: 1 }] }, {})).toBe(false);
    expect(needsClockOnOptions({ locations: [{ id: 1 }, { id: 2 }] }, {})).toBe(true);
    expect(needsClockOnOptions({ workTypes: [{ id: 3 }] }, null)).toBe(true);
    expect(needsClockOnOptions({ shiftConditions: [{ id: 9 }] }, null)).toBe(true);
    // An AU business's classifications are a choice too; an empty list (or none, elsewhere) is not.
    expect(needsClockOnOptions({ locations: [{ id: 1 }], classifications: [{ id: 4 }] }, {})).toBe(true);
    expect(needsClockOnOptions({ locations: [{ id: 1 }], classifications: [] }, {})).toBe(false);
  });

  it("preselects the service's default location, else the only one, and that location's conditions", () => {
    expect(preselectClockOn(offer).locationId).toBe(2);
    expect(preselectClockOn({ locations: [{ id: 5 }] }).locationId).toBe(5);
    expect(preselectClockOn({ locations: [{ id: 5 }, { id: 6 }] }).locationId).toBeNull();
    expect(preselectClockOn(null).locationId).toBeNull();
    expect(presetShiftConditions(offer, 2)).toEqual([9]);
    expect(presetShiftConditions(offer, 1)).toEqual([]);
    expect(presetShiftConditions(offer, null)).toEqual([]);
  });

  it('names the first required choice that is missing', () => {
    const rules = { isLocationRequired: true, isWorkTypeRequired: true };
    expect(missingChoice(rules, { locationId: null, workTypeId: null })).toBe('location');
    expect(missingChoice(rules, { locationId: 1, workTypeId: null })).toBe('workType');
    expect(missingChoice(rules, { locationId: 1, workTypeId: 3 })).toBeNull();
    expect(missingChoice({}, { locationId: null, workTypeId: null })).toBeNull();
    // A form that shows every error at once (the manager's added shift) gets them all.
    expect(missingChoices(rules, { locationId: null, workTypeId: null })).toEqual(['location', 'workType']);
    expect(missingChoices(rules, { locationId: 1, workTypeId: 3 })).toEqual([]);
  });

  it('takes the photo before committing only where the kiosk requires one', () => {
    expect(stepBeforeCommit({ isPhotoRequired: true })).toBe('photo');
    expect(stepBeforeCommit({ isPhotoRequired: false })).toBe('commit');
    expect(stepBeforeCommit(null)).toBe('commit');
    // A person exempt from photos goes straight to the punch, even where the kiosk requires one.
    expect(stepBeforeCommit({ isPhotoRequired: true }, true)).toBe('commit');
    expect(isPhotoExempt({ photoExemptEmployeeIds: [3, 7] }, 7)).toBe(true);
    expect(isPhotoExempt({ photoExemptEmployeeIds: [3, 7] }, 4)).toBe(false);
    expect(isPhotoExempt(null, 7)).toBe(false);
  });

  it('a clock-on without the options step carries the preselected location and its conditions', () => {
    const skip = (o: Parameters<typeof preselectClockOn>[0]) => clockOnFields(preselectClockOn(o), o !== null);
    const single = { locations: [{ id: 5 }], shiftConditions: [{ id: 7 }], locationShiftConditions: [{ locationId: 5, shiftConditionIds: [7] }] };
    expect(skip(single)).toEqual({ locationId: 5, shiftConditionIds: [7] });
    expect(skip({ locations: [{ id: 5 }] })).toEqual({ locationId: 5, shiftConditionIds: [] });
    expect(skip({ locations: [] })).toEqual({ shiftConditionIds: [] });
    expect(skip(null)).toEqual({});
  });
});

describe("the business's required choices", () => {
  it('requires a choice that the kiosk or the business requires, and keeps the kiosk’s other rules', () => {
    const kiosk = { isWorkTypeRequired: false, isLocationRequired: false, isPhotoRequired: true };
    expect(clockOnRulesOf(kiosk, { requireWorkType: true, requireLocation: false })).toEqual({ isWorkTypeRequired: true, isLocationRequired: false, isPhotoRequired: true });
    expect(clockOnRulesOf({ ...kiosk, isLocationRequired: true }, null)).toMatchObject({ isLocationRequired: true, isWorkTypeRequired: false });
    expect(clockOnRulesOf(null, { requireWorkType: true })).toBeNull();
    expect(missingChoice(clockOnRulesOf(kiosk, { requireWorkType: true }), { locationId: 3, workTypeId: null })).toBe('workType');
  });
});
