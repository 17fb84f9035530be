/**
 * Generated proof that the manager's edit form takes every kiosk line as it stands: the line
 * rounding writes (domain roundShift over every rule, punch times, breaks and roster shifts), as
 * the service shows it, opens in the edit form, passes the form's checks unchanged or with only
 * its comment changed, and goes back with its own times (so the service keeps its instants:
 * services/timesheetInput.unit.test.ts); its worked minutes are never negative.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UkTimesheetLineModel } from '../../../contract/generated/models';
import { roundShift } from '../../../domain/rounding';
import { kioskShiftArb } from '../../../domain/testing/kioskLineArbitraries';
import { toLocalDateTime } from '../../../domain/time';
import { buildLineEdit, lineEditFormOf, lineView } from './timesheetForms';

function shown(startUtc: Date, endUtc: Date, breaks: ReadonlyArray<{ startUtc: Date; endUtc: Date; isPaidBreak: boolean }>, zone: string): UkTimesheetLineModel {
  const wire = (d: Date) => toLocalDateTime(d, zone);
  return {
    locationIsDeleted: false,
    unitType: null,
    id: 1,
    employeeId: 7,
    startTime: wire(startUtc),
    endTime: wire(endUtc),
    units: null,
    workTypeId: null,
    locationId: null,
    comments: null,
    breaks: breaks.map((b) => ({ startTime: wire(b.startUtc), endTime: wire(b.endUtc), isPaidBreak: b.isPaidBreak })),
    status: 'Submitted',
    rate: null,
    leaveCategoryId: null,
    payCategoryId: null,
    externalId: null,
    source: 'TimeAndAttendanceKiosk',
    attachmentId: null,
    shiftConditionIds: [],
    workType: null,
    fullyQualifiedLocationName: null,
    shiftConditions: null,
    hiddenComments: null,
    attachment: null,
    submittedByUser: null,
    dimensionValueIds: [],
    leaveRequestId: null,
  };
}

describe('the edit form and every kiosk line', () => {
  it('opens it, accepts it unchanged or with a new comment, and sends its own times back', () => {
    fc.assert(
      fc.property(kioskShiftArb, fc.constantFrom('', 'Forgot my break'), ({ zone, rules, shift, roster }, comment) => {
        const rounded = roundShift(shift, rules, zone, roster);
        const line = shown(rounded.startUtc, rounded.endUtc, rounded.breaks, zone);
        const view = lineView(line);
        expect(view.workedMinutes).not.toBeNull();
        expect(view.workedMinutes).toBeGreaterThanOrEqual(0);
        const edit = buildLineEdit(line, { ...lineEditFormOf(view), comments: comment });
        expect(edit).toMatchObject({ ok: true });
        if (!edit.ok) return;
        expect(edit.body.startTime).toBe(line.startTime);
        expect(edit.body.endTime).toBe(line.endTime);
        expect(edit.body.breaks).toEqual(line.breaks);
        expect(edit.body.comments).toBe(comment || null);
      }),
      { numRuns: 2_000 },
    );
  });
});
