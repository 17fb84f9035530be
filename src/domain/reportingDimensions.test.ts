import { describe, expect, it } from 'vitest';
import { needsClockOnOptions } from './clockOn';
import { dimensionPickers, pickedDimensionValues } from './reportingDimensions';

const offer = {
  reportingDimensionsEnabled: true,
  reportingDimensionGroups: [
    { value: 1, text: 'Department' },
    { value: 2, text: 'Project' },
    { value: 3, text: 'Empty' },
  ],
  reportingDimensionValues: [
    { reportingDimensionId: 1, value: 10, text: 'Bakery', isDeleted: false, isNoLongerAllowed: false },
    { reportingDimensionId: 1, value: 11, text: 'Counter', isDeleted: false, isNoLongerAllowed: false },
    { reportingDimensionId: 2, value: 20, text: 'Launch', isDeleted: false, isNoLongerAllowed: true },
  ],
};

describe('reporting dimension pickers', () => {
  it('offers one picker per dimension with values still allowed, in lookupdata order', () => {
    expect(dimensionPickers(offer)).toEqual([{ id: 1, name: 'Department', values: [{ id: 10, name: 'Bakery' }, { id: 11, name: 'Counter' }] }]);
  });

  it('offers none when lookupdata says dimensions are off', () => {
    expect(dimensionPickers({ ...offer, reportingDimensionsEnabled: false })).toEqual([]);
    expect(needsClockOnOptions({ ...offer, reportingDimensionsEnabled: false }, null)).toBe(false);
  });

  it('makes the options step needed when a picker is offered', () => {
    expect(needsClockOnOptions(offer, null)).toBe(true);
  });

  it('sends the picks of offered pickers only, one per dimension', () => {
    const pickers = dimensionPickers(offer);
    expect(pickedDimensionValues(pickers, { 1: 11 })).toEqual([11]);
    expect(pickedDimensionValues(pickers, { 1: 99, 2: 20 })).toEqual([]);
  });
});
