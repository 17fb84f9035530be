import { describe, expect, it } from 'vitest';
import type { UkRosterShiftGenerateTimesheetModel, UkTimeAndAttendanceShiftModel } from '../../../contract/generated/models';
import { addDays, boardShift, clockedStart, countBoard, mondayOf, rosterBoard, weekOf } from './rosterBoard';
import { blankRosterForm, buildRosterShift, rosterFormOf, rosterShiftFieldOf } from './rosterForms';

const LONDON = 'Europe/London';

const model = (patch: Partial<UkRosterShiftGenerateTimesheetModel>): UkRosterShiftGenerateTimesheetModel => ({
  description: null,
  isDifferent: false,
  fullyQualifiedLocationName: 'Front counter',
  warnings: null,
  id: 1,
  token: null,
  qualifications: null,
  breaks: [],
  employeeId: 7,
  employeeName: 'Ana Ruiz',
  locationId: 4,
  locationName: 'Front counter',
  workTypeId: null,
  workTypeName: null,
  role: null,
  startTime: '2026-11-25T09:00:00',
  endTime: '2026-11-25T17:00:00',
  notes: null,
  published: true,
  accepted: false,
  pendingSwap: null,
  datePublished: null,
  biddable: false,
  shiftSwapCutoffTime: null,
  shiftAssignmentStatus: null,
  ...patch,
});

const clockedModel = (id: number, employeeId: number, startTimeUtc: string, endTimeUtc: string | null = null) =>
  ({ id, startTimeUtc, endTimeUtc, locationId: 0, workTypeId: null, employee: { employeeId } }) as unknown as UkTimeAndAttendanceShiftModel;

describe('weeks', () => {
  it('runs Monday to Sunday, across months and years', () => {
    expect(mondayOf('2026-11-25')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(weekOf('2027-01-01')).toEqual({
      from: '2026-12-28',
      to: '2027-01-03',
      days: ['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03'],
    });
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });
});

describe('rosterBoard', () => {
  it('reads roster times in the business zone and puts each shift on its local day', () => {
    const shift = boardShift(model({ startTime: '2026-07-01T23:30:00', endTime: '2026-07-02T07:00:00' }), LONDON, LONDON);
    expect(shift?.startUtc.toISOString()).toBe('2026-07-01T22:30:00.000Z');
    expect(shift?.endUtc.toISOString()).toBe('2026-07-02T06:00:00.000Z');
    expect(shift?.day).toBe('2026-07-01');
    // A New York kiosk of a London business sees the same shift at 18:30 its time.
    expect(boardShift(model({ startTime: '2026-07-01T23:30:00' }), LONDON, 'America/New_York')?.day).toBe('2026-07-01');
  });

  it('groups the week by day and says who arrived, is due, late or absent (rosterAttendance)', () => {
    const shifts = [
      model({ id: 1, employeeId: 7, employeeName: 'Ana', startTime: '2026-11-25T09:00:00', endTime: '2026-11-25T17:00:00' }),
      model({ id: 2, employeeId: 8, employeeName: 'Ben', startTime: '2026-11-25T09:00:00', endTime: '2026-11-25T17:00:00' }),
      model({ id: 3, employeeId: 9, employeeName: 'Cai', startTime: '2026-11-25T10:00:00', endTime: '2026-11-25T18:00:00' }),
      model({ id: 4, employeeId: 10, employeeName: 'Dee', startTime: '2026-11-25T10:20:00', endTime: '2026-11-25T18:00:00' }),
      model({ id: 5, employeeId: 7, employeeName: 'Ana', startTime: '2026-11-26T09:00:00', endTime: '2026-11-26T17:00:00' }),
    ].flatMap((m) => boardShift(m, LONDON, LONDON) ?? []);
    const clocked = [clockedModel(90, 7, '2026-11-25T09:05:00Z')].flatMap((c) => clockedStart(c) ?? []);
    const days = rosterBoard(shifts, clocked, weekOf('2026-11-25').days, new Date('2026-11-25T10:10:00Z'), 15);
    expect(days).toHaveLength(7);
    const today = days.find((d) => d.day === '2026-11-25')?.rows ?? [];
    expect(today.map((r) => [r.shift.id, r.attendance.kind])).toEqual([
      [1, 'arrived'],
      [2, 'absent'],
      [3, 'overdue'],
      [4, 'due'],
    ]);
    expect(countBoard(today)).toEqual({ due: 1, late: 2, absent: 1, arrived: 1 });
    expect(days.find((d) => d.day === '2026-11-26')?.rows.map((r) => r.attendance.kind)).toEqual(['upcoming']);
  });

  it('treats a clocked shift without a location (0) as no choice', () => {
    expect(clockedStart(clockedModel(1, 7, '2026-11-25T09:00:00Z'))).toMatchObject({ locationId: null, endUtc: null });
  });
});

describe('roster shift form', () => {
  const ctx = { zone: LONDON, locationRequired: false, workTypeRequired: false };
  const form = { ...blankRosterForm('2026-07-10', 4), employeeId: 7, start: '22:00', end: '06:00', notes: ' cover ' };

  it('sends instants, an end before the start on the next day, breaks and notes', () => {
    const check = buildRosterShift({ ...form, breaks: [{ start: '02:00', end: '02:30', paid: false }] }, ctx, 12);
    expect(check).toEqual({
      ok: true,
      start: new Date('2026-07-10T21:00:00Z'),
      end: new Date('2026-07-11T05:00:00Z'),
      body: {
        id: 12,
        employeeId: 7,
        locationId: 4,
        workTypeId: null,
        startTime: '2026-07-10T21:00:00.000Z',
        endTime: '2026-07-11T05:00:00.000Z',
        breaks: [{ id: 0, startTime: '2026-07-11T01:00:00.000Z', endTime: '2026-07-11T01:30:00.000Z', isPaidBreak: false }],
        notes: 'cover',
      },
    });
  });

  it('names the missing fields and checks the shape before sending', () => {
    expect(buildRosterShift(blankRosterForm(''), { ...ctx, locationRequired: true })).toEqual({
      ok: false,
      errors: {
        employee: 'manager.fix.choosePerson',
        date: 'manager.fix.dateInvalid',
        start: 'manager.fix.timeInvalid',
        end: 'manager.fix.timeInvalid',
        location: 'manager.error.location-required',
      },
    });
    expect(buildRosterShift({ ...form, end: '22:00' }, ctx)).toEqual({ ok: false, errors: { end: 'manager.error.shift-ends-before-start' } });
    expect(buildRosterShift({ ...form, breaks: [{ start: '07:00', end: '07:30', paid: false }] }, ctx)).toEqual({
      ok: false,
      errors: { 'break.0': 'manager.error.break-outside-shift' },
    });
  });

  it('fills the form of a stored shift on the kiosk clock, and maps the service fields back', () => {
    const shift = boardShift(
      model({ startTime: '2026-07-10T22:00:00', endTime: '2026-07-11T06:00:00', breaks: [{ id: 3, startTime: '2026-07-11T02:00:00', endTime: '2026-07-11T02:30:00', isPaidBreak: true }], notes: 'n' }),
      LONDON,
      LONDON,
    );
    if (!shift) throw new Error('no shift');
    expect(rosterFormOf(shift, LONDON, LONDON)).toEqual({
      employeeId: 7,
      locationId: 4,
      workTypeId: null,
      date: '2026-07-10',
      start: '22:00',
      end: '06:00',
      breaks: [{ start: '02:00', end: '02:30', paid: true }],
      notes: 'n',
    });
    expect(rosterShiftFieldOf('breaks.1.startTime')).toBe('break.1');
    expect(rosterShiftFieldOf('endTime')).toBe('end');
    expect(rosterShiftFieldOf('qualifications')).toBeNull();
  });
});
