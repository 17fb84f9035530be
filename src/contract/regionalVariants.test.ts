/**
 * The route table's regional variants as a client reads them: an answer is
 * parsed with the first shape that fits, so the shapes with more fields come first and no field a
 * business's region has is dropped, whichever region answered.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { variantsOf } from './routes/define';
import * as kiosk from './routes/kiosk';
import * as timesheets from './routes/timesheets';

const answerOf = (route: { responses: Record<number, { content?: Record<string, { schema: z.ZodType }> }> }) => {
  const schema = route.responses[200]?.content?.['application/json']?.schema;
  if (!schema) throw new Error('no JSON answer');
  return schema;
};

const ukLine = {
  locationIsDeleted: false, unitType: 'Hours', id: 1, employeeId: 2, startTime: '2026-07-06T09:00:00', endTime: '2026-07-06T17:00:00',
  units: null, workTypeId: null, locationId: null, comments: null, breaks: [], status: 'Submitted', rate: null, leaveCategoryId: null,
  payCategoryId: null, externalId: null, source: 'TimeAndAttendanceKiosk', attachmentId: null, shiftConditionIds: [], workType: null,
  fullyQualifiedLocationName: null, shiftConditions: [], hiddenComments: null, attachment: null, submittedByUser: null, dimensionValueIds: [],
  leaveRequestId: null,
};
const lookup = {
  locations: [], workTypes: [], defaultLocation: null, shiftConditions: [], locationShiftConditions: [],
  reportingDimensionsEnabled: false, reportingDimensionGroups: [], reportingDimensionValues: [],
};

describe('regional answers as a client parses them', () => {
  it('keeps the UK timesheet line its unitType (NZ, SG and MY lines lack it) and an AU line its classification', () => {
    expect(answerOf(timesheets.getBusinessTimesheets).parse([ukLine])).toEqual([ukLine]);
    const auLine = { ...ukLine, unitType: undefined, classificationId: '4', classification: 'Level 2' };
    delete auLine.unitType;
    expect(answerOf(timesheets.getBusinessTimesheets).parse([auLine])).toEqual([auLine]);
  });

  it("keeps an AU lookup's classifications, and reads a UK one as it is", () => {
    const au = { ...lookup, classifications: [{ id: 3, description: 'Level 2' }] };
    expect(answerOf(kiosk.getEmployeeLookupData).parse(au)).toEqual(au);
    expect(answerOf(kiosk.getEmployeeLookupData).parse(lookup)).toEqual(lookup);
  });

  it('declares the variants once, on the route itself', () => {
    expect(Object.keys(variantsOf(kiosk.getEmployeeLookupData))).toEqual(['Au']);
    expect(Object.keys(variantsOf(timesheets.getBusinessTimesheets)).sort()).toEqual(['Au', 'My', 'Nz', 'Sg']);
    expect(variantsOf(kiosk.clockInEmployee)).toEqual({});
  });
});
