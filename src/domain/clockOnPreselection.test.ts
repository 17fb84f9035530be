/** Where the clock-on choices come from (clockOnPreselection.ts): roster, only choice, last choice, default. */
import { describe, expect, it } from 'vitest';
import { needsClockOnOptions } from './clockOn';
import { choicesOfBody, clockOnFields, NOTHING_PRESELECTED, preselectClockOn } from './clockOnPreselection';

const BAKERY = 1;
const COUNTER = 2;
const BAKING = 10;
const SERVICE = 11;
const EARLY = 20;
const NIGHT = 21;

const offer = {
  locations: [{ id: BAKERY }, { id: COUNTER }],
  workTypes: [{ id: BAKING }, { id: SERVICE }],
  shiftConditions: [{ id: EARLY }, { id: NIGHT }],
  defaultLocation: { id: COUNTER },
  locationShiftConditions: [
    { locationId: BAKERY, shiftConditionIds: [NIGHT] },
    { locationId: COUNTER, shiftConditionIds: [] },
  ],
};

describe('preselectClockOn', () => {
  it('takes the roster shift first: its location and work type', () => {
    const picked = preselectClockOn(offer, { rostered: { locationId: BAKERY, workTypeId: BAKING }, last: { locationId: COUNTER, workTypeId: SERVICE } });
    expect(picked).toMatchObject({ locationId: BAKERY, workTypeId: BAKING });
  });

  it('then the only choice offered, before the last choice', () => {
    const onlyBaking = { ...offer, workTypes: [{ id: BAKING }] };
    expect(preselectClockOn(onlyBaking, { last: { workTypeId: SERVICE } }).workTypeId).toBe(BAKING);
    expect(preselectClockOn(onlyBaking).workTypeId).toBe(BAKING);
    const onlyCounter = { ...offer, locations: [{ id: COUNTER }], defaultLocation: null };
    expect(preselectClockOn(onlyCounter, { last: { locationId: BAKERY } }).locationId).toBe(COUNTER);
  });

  it("then the person's last choice at this kiosk, then (location) the service's default", () => {
    expect(preselectClockOn(offer, { last: { locationId: BAKERY, workTypeId: SERVICE } })).toMatchObject({ locationId: BAKERY, workTypeId: SERVICE });
    expect(preselectClockOn(offer, {})).toMatchObject({ locationId: COUNTER, workTypeId: null });
    expect(preselectClockOn({ ...offer, defaultLocation: null }, {}).locationId).toBeNull();
  });

  it('skips a known choice the person is not offered (any more)', () => {
    const picked = preselectClockOn(offer, { rostered: { locationId: 99, workTypeId: 98 }, last: { workTypeId: SERVICE } });
    expect(picked).toMatchObject({ locationId: COUNTER, workTypeId: SERVICE });
  });

  it('never ticks a shift condition the chosen location does not apply by default', () => {
    // Early start is offered (set up against the person) but no location applies it.
    expect(preselectClockOn(offer, {}).shiftConditionIds).toEqual([]);
    expect(preselectClockOn(offer, { rostered: { locationId: BAKERY } }).shiftConditionIds).toEqual([NIGHT]);
    const notOffered = { ...offer, shiftConditions: [{ id: EARLY }] };
    expect(preselectClockOn(notOffered, { rostered: { locationId: BAKERY } }).shiftConditionIds).toEqual([]);
  });

  it('takes a classification and dimension values by the same order', () => {
    const au = {
      ...offer,
      classifications: [{ id: 30 }, { id: 31 }],
      reportingDimensionsEnabled: true,
      reportingDimensionGroups: [{ value: 40, text: 'Department' }, { value: 41, text: 'Project' }],
      reportingDimensionValues: [
        { reportingDimensionId: 40, value: 400, text: 'Ovens' },
        { reportingDimensionId: 40, value: 401, text: 'Till' },
        { reportingDimensionId: 41, value: 410, text: 'Wedding' },
      ],
    };
    expect(preselectClockOn(au, { rostered: { classificationId: 31 }, last: { classificationId: 30, dimensionValueIds: [401] } })).toMatchObject({
      classificationId: 31,
      // Project has one value only; Department takes the last choice.
      dimensionValueIds: [401, 410],
    });
    expect(preselectClockOn(au, { rostered: { dimensionValueIds: [400] }, last: { dimensionValueIds: [401] } }).dimensionValueIds).toEqual([400, 410]);
  });

  it('preselects nothing when the tablet has no copy of the offer', () => {
    expect(preselectClockOn(null, { rostered: { locationId: BAKERY, workTypeId: BAKING } })).toEqual(NOTHING_PRESELECTED);
  });
});

describe('clock-on fields and what was recorded', () => {
  it('sends every known choice, shift conditions even when none', () => {
    const picked = preselectClockOn(offer, { rostered: { locationId: BAKERY, workTypeId: BAKING } });
    expect(clockOnFields(picked, true)).toEqual({ locationId: BAKERY, workTypeId: BAKING, shiftConditionIds: [NIGHT] });
    expect(clockOnFields(preselectClockOn(offer), true)).toEqual({ locationId: COUNTER, shiftConditionIds: [] });
    expect(clockOnFields(NOTHING_PRESELECTED, false)).toEqual({});
  });

  it('reads the choices back from a body, ignoring what is not a choice', () => {
    const body = { employeeId: 7, locationId: BAKERY, workTypeId: BAKING, shiftConditionIds: [NIGHT, 'x'], note: 'hi', classificationId: 1.5 };
    expect(choicesOfBody(body)).toEqual({ locationId: BAKERY, workTypeId: BAKING, classificationId: null, shiftConditionIds: [NIGHT], dimensionValueIds: [] });
    expect(choicesOfBody(clockOnFields(preselectClockOn(offer, { last: { locationId: BAKERY, workTypeId: SERVICE } }), true))).toEqual(
      preselectClockOn(offer, { last: { locationId: BAKERY, workTypeId: SERVICE } }),
    );
  });

  it('skips the options step for a required location only when one is preselected', () => {
    const rules = { isLocationRequired: true };
    const single = { locations: [{ id: BAKERY }] };
    expect(needsClockOnOptions(single, rules, preselectClockOn(single).locationId)).toBe(false);
    expect(needsClockOnOptions(single, rules, null)).toBe(true);
  });
});
