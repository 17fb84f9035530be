import { describe, expect, it } from 'vitest';
import type { UkTimesheetLineModel } from '../../../contract/generated/models';
import { buildLineEdit, decisionsFor, exportedLineCount, exportFileName, lineBody, lineEditFieldOf, lineEditFormOf, lineView, orderLines, periodFilter } from './timesheetForms';

const line = (patch: Partial<UkTimesheetLineModel> = {}): UkTimesheetLineModel => ({
  locationIsDeleted: false,
  unitType: null,
  id: 31,
  employeeId: 7,
  startTime: '2026-11-24T22:00:00',
  endTime: '2026-11-25T06:00:00',
  units: null,
  workTypeId: '5',
  locationId: '4',
  comments: 'night',
  breaks: [
    { startTime: '2026-11-25T02:00:00', endTime: '2026-11-25T02:30:00', isPaidBreak: false },
    { startTime: '2026-11-25T04:00:00', endTime: '2026-11-25T04:10:00', isPaidBreak: true },
  ],
  status: 'Submitted',
  rate: null,
  leaveCategoryId: null,
  payCategoryId: null,
  externalId: 'x-1',
  source: 'None',
  attachmentId: null,
  shiftConditionIds: ['9'],
  workType: 'Counter',
  fullyQualifiedLocationName: 'Shop / Front counter',
  shiftConditions: null,
  hiddenComments: null,
  attachment: null,
  submittedByUser: null,
  dimensionValueIds: null,
  leaveRequestId: null,
  ...patch,
});

describe('the period', () => {
  it('filters a week by wall-clock start, Sunday included, and names the export after it', () => {
    const week = { from: '2026-11-23', to: '2026-11-29' };
    expect(periodFilter(week)).toBe("startTime ge datetime'2026-11-23T00:00:00' and startTime lt datetime'2026-11-30T00:00:00'");
    expect(exportFileName(week)).toBe('timesheets-2026-11-23-to-2026-11-29.csv');
  });
});

describe('lineView', () => {
  it('shows the line on its own wall clock, with breaks and worked time less unpaid breaks', () => {
    expect(lineView(line())).toEqual({
      id: 31,
      employeeId: 7,
      status: 'Submitted',
      locked: false,
      date: '2026-11-24',
      start: '22:00',
      end: '06:00',
      endsNextDay: true,
      breaks: [
        { start: '02:00', end: '02:30', paid: false },
        { start: '04:00', end: '04:10', paid: true },
      ],
      unpaidBreakMs: 30 * 60_000,
      workedMinutes: 450,
      location: 'Shop / Front counter',
      workType: 'Counter',
      comments: 'night',
    });
    expect(lineView(line({ status: 'Processed' }))).toMatchObject({ locked: true, status: 'Processed' });
    expect(lineView(line({ startTime: '2026-11-24T09:00:00Z', endTime: null }))).toMatchObject({ start: '09:00', end: null, workedMinutes: null });
  });
});

describe('a line sent back', () => {
  it('carries every field, ids as numbers, so the PUT replaces nothing by accident', () => {
    expect(lineBody(line(), { status: 'Approved' })).toEqual({
      id: 31,
      locationIsDeleted: false,
      employeeId: 7,
      startTime: '2026-11-24T22:00:00',
      endTime: '2026-11-25T06:00:00',
      units: null,
      workTypeId: 5,
      locationId: 4,
      comments: 'night',
      breaks: [
        { startTime: '2026-11-25T02:00:00', endTime: '2026-11-25T02:30:00', isPaidBreak: false },
        { startTime: '2026-11-25T04:00:00', endTime: '2026-11-25T04:10:00', isPaidBreak: true },
      ],
      status: 'Approved',
      rate: null,
      leaveRequestId: null,
      leaveCategoryId: null,
      payCategoryId: null,
      externalId: 'x-1',
      source: 'None',
      attachmentId: null,
      shiftConditionIds: [9],
      hiddenComments: null,
      dimensionValueIds: null,
    });
  });

  it('edits times as zone-less wall-clock text (the line keeps its zone), overnight included', () => {
    const form = { ...lineEditFormOf(lineView(line())), end: '05:30', breaks: [{ start: '01:00', end: '01:20', paid: false }], comments: ' ok ' };
    const check = buildLineEdit(line(), form);
    if (!check.ok) throw new Error(JSON.stringify(check.errors));
    expect(check.body).toMatchObject({
      startTime: '2026-11-24T22:00:00',
      endTime: '2026-11-25T05:30:00',
      breaks: [{ startTime: '2026-11-25T01:00:00', endTime: '2026-11-25T01:20:00', isPaidBreak: false }],
      comments: 'ok',
      status: 'Submitted',
      externalId: 'x-1',
    });
  });

  it('refuses what the service would, field by field', () => {
    const form = lineEditFormOf(lineView(line()));
    expect(buildLineEdit(line(), { ...form, start: '', date: 'x' })).toEqual({ ok: false, errors: { start: 'manager.fix.timeInvalid', date: 'manager.fix.dateInvalid' } });
    expect(buildLineEdit(line(), { ...form, breaks: [{ start: '07:00', end: '07:30', paid: false }] })).toEqual({
      ok: false,
      errors: { 'break.0': 'manager.error.break-outside-shift' },
    });
    expect(lineEditFieldOf('breaks.0.endTime')).toBe('break.0');
    expect(lineEditFieldOf('startTime')).toBe('start');
    expect(lineEditFieldOf('status')).toBeNull();
  });
});

describe('decisions and order', () => {
  it('offers the moves the domain allows, none on a Processed line', () => {
    expect(decisionsFor('Submitted')).toEqual(['Approved', 'Rejected']);
    expect(decisionsFor('Approved')).toEqual(['Rejected', 'Submitted']);
    expect(decisionsFor('Rejected')).toEqual(['Approved', 'Submitted']);
    expect(decisionsFor('Processed')).toEqual([]);
  });

  it('puts lines with a pending forgotten clock-off first', () => {
    const lines = [line({ id: 1, startTime: '2026-11-23T09:00:00' }), line({ id: 2, startTime: '2026-11-24T09:00:00' }), line({ id: 3, startTime: '2026-11-22T09:00:00' })];
    expect(orderLines(lines, new Set([2])).map((l) => l.id)).toEqual([2, 3, 1]);
  });
});

describe('exportedLineCount', () => {
  it('counts the records below the header, not newlines inside a quoted note', () => {
    expect(exportedLineCount('\uFEFFa,b\r\n')).toBe(0);
    expect(exportedLineCount('a,b')).toBe(0);
    expect(exportedLineCount('')).toBe(0);
    expect(exportedLineCount('a,b\r\n1,2\r\n3,"x\r\ny"\r\n')).toBe(2);
  });
});
