import { describe, expect, it } from 'vitest';
import type { BasicKioskEmployeeModel } from '../../../client';
import {
  addShiftFieldOf,
  buildAddShift,
  buildClockOff,
  checkShiftDraft,
  clockOffFieldOf,
  dateIn,
  discardBody,
  draftPlan,
  endsNextDay,
  instantOf,
  timeIn,
  type AddShiftForm,
  type ShiftFormContext,
} from './shiftForms';

const LONDON: ShiftFormContext = {
  zone: 'Europe/London',
  kioskId: 3,
  now: new Date('2024-07-20T12:00:00Z'),
  locationRequired: false,
  workTypeRequired: false,
  paidBreaksEnabled: true,
};

const form = (patch: Partial<AddShiftForm> = {}): AddShiftForm => ({
  employeeId: 42,
  date: '2024-07-10',
  start: '09:00',
  end: '17:00',
  breaks: [],
  note: '',
  locationId: null,
  workTypeId: null,
  ...patch,
});

function ok(check: ReturnType<typeof buildAddShift>) {
  if (!check.ok) throw new Error(`expected a valid shift, got ${JSON.stringify(check.errors)}`);
  return check;
}

describe('wall-clock times in the kiosk zone', () => {
  it('reads dates and times in the given zone, not the runner’s', () => {
    expect(instantOf('2024-07-10', '09:00', 'Europe/London')?.toISOString()).toBe('2024-07-10T08:00:00.000Z');
    expect(instantOf('2024-01-10', '09:00', 'Europe/London')?.toISOString()).toBe('2024-01-10T09:00:00.000Z');
    expect(instantOf('2024-07-10', '09:00', 'America/New_York')?.toISOString()).toBe('2024-07-10T13:00:00.000Z');
    expect(instantOf('2024-02-30', '09:00', 'Europe/London')).toBeNull();
    expect(instantOf('2024-07-10', '24:00', 'Europe/London')).toBeNull();
    expect(instantOf('', '09:00', 'Europe/London')).toBeNull();
  });

  it('gives today and the time now as form values in the zone', () => {
    const late = new Date('2024-07-10T23:30:00Z');
    expect(dateIn('Europe/London', late)).toBe('2024-07-11');
    expect(timeIn('Europe/London', late)).toBe('00:30');
    expect(dateIn('America/New_York', late)).toBe('2024-07-10');
  });
});

describe('buildAddShift', () => {
  it('builds an admin addshift body in UTC with the kiosk id', () => {
    const { body, plan } = ok(buildAddShift(form({ note: '  forgot his badge ' }), LONDON));
    expect(plan.start.toISOString()).toBe('2024-07-10T08:00:00.000Z');
    expect(body).toEqual({
      employeeId: 42,
      kioskId: 3,
      isAdminInitiated: true,
      recordedStartTimeUtc: '2024-07-10T08:00:00.000Z',
      recordedEndTimeUtc: '2024-07-10T16:00:00.000Z',
      breaks: [],
      note: 'forgot his badge',
    });
  });

  it('puts an end (and breaks) earlier than the start on the next day', () => {
    expect(endsNextDay('22:00', '06:00')).toBe(true);
    expect(endsNextDay('06:00', '22:00')).toBe(false);
    const { body } = ok(buildAddShift(form({ start: '22:00', end: '06:00', breaks: [{ start: '02:00', end: '02:30', paid: false }] }), LONDON));
    expect(body.recordedStartTimeUtc).toBe('2024-07-10T21:00:00.000Z');
    expect(body.recordedEndTimeUtc).toBe('2024-07-11T05:00:00.000Z');
    expect(body.breaks?.[0]?.start?.recordedTimeUtc).toBe('2024-07-11T01:00:00.000Z');
    expect(body.breaks?.[0]?.end?.recordedTimeUtc).toBe('2024-07-11T01:30:00.000Z');
  });

  it('handles the spring-forward night: 00:30 to 03:30 is two hours', () => {
    const { plan } = ok(buildAddShift(form({ date: '2024-03-31', start: '00:30', end: '03:30' }), LONDON));
    expect(plan.start.toISOString()).toBe('2024-03-31T00:30:00.000Z');
    expect(plan.end.toISOString()).toBe('2024-03-31T02:30:00.000Z');
  });

  it('sends breaks with their paid flag only where paid breaks are enabled', () => {
    const breaks = [{ start: '12:00', end: '12:30', paid: true }];
    const paid = ok(buildAddShift(form({ breaks }), LONDON)).body.breaks?.[0];
    expect(paid).toEqual({
      start: { recordedTimeUtc: '2024-07-10T11:00:00.000Z', isAdminInitiated: true },
      end: { recordedTimeUtc: '2024-07-10T11:30:00.000Z', isAdminInitiated: true },
      isPaidBreak: true,
      isAdminInitiated: true,
    });
    expect(ok(buildAddShift(form({ breaks }), { ...LONDON, paidBreaksEnabled: false })).body.breaks?.[0]?.isPaidBreak).toBe(false);
  });

  it('includes location and work type when chosen', () => {
    const { body } = ok(buildAddShift(form({ locationId: 5, workTypeId: 9 }), LONDON));
    expect(body).toMatchObject({ locationId: 5, workTypeId: 9 });
  });

  it('names every missing or malformed field', () => {
    const check = buildAddShift(form({ employeeId: null, date: '', start: '9', end: '', breaks: [{ start: '12:00', end: '' }].map((b) => ({ ...b, paid: false })) }), {
      ...LONDON,
      locationRequired: true,
      workTypeRequired: true,
    });
    expect(check).toEqual({
      ok: false,
      errors: {
        employee: 'manager.fix.choosePerson',
        date: 'manager.fix.dateInvalid',
        start: 'manager.fix.timeInvalid',
        end: 'manager.fix.timeInvalid',
        'break.0': 'manager.fix.timeInvalid',
        location: 'manager.error.location-required',
        workType: 'manager.error.work-type-required',
      },
    });
  });

  it('applies the shared complete-shift rules before anything is sent', () => {
    expect(buildAddShift(form({ end: '09:00' }), LONDON)).toEqual({ ok: false, errors: { end: 'manager.error.shift-ends-before-start' } });
    expect(buildAddShift(form({ date: '2024-07-20', start: '09:00', end: '18:00' }), LONDON)).toEqual({ ok: false, errors: { end: 'manager.error.punch-in-future' } });
    expect(buildAddShift(form({ breaks: [{ start: '18:00', end: '18:30', paid: false }] }), LONDON)).toEqual({
      ok: false,
      errors: { 'break.0': 'manager.error.break-outside-shift' },
    });
    const overlapping = [
      { start: '12:00', end: '12:30', paid: false },
      { start: '12:15', end: '12:45', paid: false },
    ];
    expect(buildAddShift(form({ breaks: overlapping }), LONDON)).toEqual({ ok: false, errors: { 'break.1': 'manager.error.breaks-overlap' } });
  });

  it('maps the service’s field names back to the form', () => {
    expect(addShiftFieldOf('recordedStartTimeUtc')).toBe('start');
    expect(addShiftFieldOf('recordedEndTimeUtc')).toBe('end');
    expect(addShiftFieldOf('breaks.2')).toBe('break.2');
    expect(addShiftFieldOf('breaks.0.start.recordedTimeUtc')).toBe('break.0');
    expect(addShiftFieldOf('locationId')).toBe('location');
    expect(addShiftFieldOf('image')).toBeNull();
  });
});

describe('the shift draft both whole-shift forms share', () => {
  it('checks person, day, times, breaks and required choices, and gives the start in minutes', () => {
    expect(checkShiftDraft(form({ start: '22:00', end: '06:00' }), LONDON)).toEqual({ errors: {}, startMinutes: 1320 });
    expect(checkShiftDraft(form({ employeeId: null, date: '2024-02-30', start: '9', breaks: [{ start: '', end: '10:00', paid: false }] }), { ...LONDON, workTypeRequired: true })).toEqual({
      errors: { employee: 'manager.fix.choosePerson', date: 'manager.fix.dateInvalid', start: 'manager.fix.timeInvalid', 'break.0': 'manager.fix.timeInvalid', workType: 'manager.error.work-type-required' },
      startMinutes: null,
    });
  });

  it('plans the instants from the start on, paying only the breaks the caller says, and refuses a day that does not exist', () => {
    const draft = form({ start: '22:00', end: '06:00', breaks: [{ start: '02:00', end: '02:30', paid: true }] });
    expect(draftPlan(draft, 'Europe/London', 1320, (b) => b.paid)).toEqual({
      start: new Date('2024-07-10T21:00:00Z'),
      end: new Date('2024-07-11T05:00:00Z'),
      breaks: [{ start: new Date('2024-07-11T01:00:00Z'), end: new Date('2024-07-11T01:30:00Z'), isPaidBreak: true }],
    });
    expect(draftPlan(draft, 'Europe/London', 1320, () => false)?.breaks[0]?.isPaidBreak).toBe(false);
    expect(draftPlan({ ...draft, date: '2024-02-30' }, 'Europe/London', 1320, (b) => b.paid)).toBeNull();
  });
});

describe('buildClockOff and discard', () => {
  const person = (patch: Partial<BasicKioskEmployeeModel> = {}): BasicKioskEmployeeModel => ({
    employeeId: 42,
    firstName: 'Ana',
    surname: 'Ruiz',
    name: 'Ana Ruiz',
    hasEmail: false,
    profileImageUrl: null,
    mobileNumber: null,
    status: 'ClockedOn',
    longShift: false,
    clockOnTimeUtc: '2024-07-20T07:00:00.000Z',
    breakStartTimeUtc: null,
    recordedTimeUtc: '2024-07-20T07:00:00.000Z',
    currentShiftId: 11,
    employeeGroupIds: [],
    employeeStartDate: null,
    ...patch,
  });
  const ctx = { zone: 'Europe/London', kioskId: 3, now: LONDON.now };

  it('clocks off at the given wall-clock time as an admin punch', () => {
    const check = buildClockOff({ employeeId: 42, date: '2024-07-20', time: '11:30' }, person(), ctx);
    expect(check).toEqual({
      ok: true,
      at: new Date('2024-07-20T10:30:00.000Z'),
      body: { employeeId: 42, kioskId: 3, recordedTimeUtc: '2024-07-20T10:30:00.000Z', isAdminInitiated: true },
    });
  });

  it('refuses times before the last punch or in the future, and people not on shift', () => {
    expect(buildClockOff({ employeeId: 42, date: '2024-07-20', time: '07:59' }, person(), ctx)).toEqual({ ok: false, errors: { time: 'manager.error.punch-before-previous' } });
    expect(buildClockOff({ employeeId: 42, date: '2024-07-20', time: '14:00' }, person(), ctx)).toEqual({ ok: false, errors: { time: 'manager.error.punch-in-future' } });
    expect(buildClockOff({ employeeId: 42, date: '2024-07-20', time: '11:00' }, person({ status: 'ClockedOff' }), ctx)).toEqual({
      ok: false,
      errors: { employee: 'manager.error.not-clocked-on' },
    });
    expect(buildClockOff({ employeeId: null, date: '2024-07-20', time: '11:00' }, null, ctx)).toEqual({ ok: false, errors: { employee: 'manager.fix.choosePerson' } });
    expect(buildClockOff({ employeeId: 42, date: '2024-07-20', time: '' }, person(), ctx)).toEqual({ ok: false, errors: { time: 'manager.fix.timeInvalid' } });
    expect(clockOffFieldOf('recordedTimeUtc')).toBe('time');
  });

  it('discards as an admin for this kiosk', () => {
    expect(discardBody(42, 3)).toEqual({ employeeId: 42, kioskId: 3, isAdminInitiated: true });
  });
});
