/**
 * The "fix shifts" forms without React: a complete shift for someone who forgot to clock (addshift),
 * clocking someone off at an earlier time, and discarding an open shift. Times are typed as
 * wall-clock times in the KIOSK's zone (not the tablet's) and converted with localToUtc; an end
 * (or break) time earlier than the start belongs to the next day, for overnight shifts. The same
 * domain rules the service applies (completeShift, the attendance state machine) are checked first,
 * so most mistakes are shown before anything is sent; the service still has the last word.
 */
import type { AddShiftInput, BasicKioskEmployeeModel, ClockOffInput, DiscardShiftInput } from '../../../client';
import { applyPunch } from '../../../domain/attendance';
import { missingChoices } from '../../../domain/clockOn';
import { checkCompleteShift, type CompleteShiftPlan } from '../../../domain/completeShift';
import { MAX_NOTE_LENGTH } from '../../../domain/notes';
import { localToUtc, toLocalDateTime } from '../../../domain/time';
import { fromServerModel, toDomainState } from '../../../offline/localState';
import type { MessageKey } from '../../i18n/catalogue';
import { problemKey } from '../../i18n/problemWords';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Today's date in the zone, as an <input type="date"> value (YYYY-MM-DD). */
export function dateIn(zone: string, now: Date): string {
  return toLocalDateTime(now, zone).slice(0, 10);
}

/** The wall-clock time in the zone, as an <input type="time"> value (HH:MM). */
export function timeIn(zone: string, now: Date): string {
  return toLocalDateTime(now, zone).slice(11, 16);
}

/** Minutes since midnight of an HH:MM value, or null when it is not one. */
export function minutesOf(time: string): number | null {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The instant of a wall-clock date and time in `zone`, `dayOffset` days later; null when invalid. */
export function instantOf(date: string, time: string, zone: string, dayOffset = 0): Date | null {
  const day = DATE.exec(date);
  const minutes = minutesOf(time);
  if (!day || minutes === null) return null;
  const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const calendar = new Date(Date.UTC(year, month - 1, dayOfMonth));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== dayOfMonth) return null;
  return localToUtc(new Date(Date.UTC(year, month - 1, dayOfMonth + dayOffset, 0, minutes)), zone);
}

export interface BreakDraft {
  start: string;
  end: string;
  paid: boolean;
}

export interface AddShiftForm {
  employeeId: number | null;
  /** The day the shift starts, in the kiosk's zone. */
  date: string;
  start: string;
  end: string;
  breaks: BreakDraft[];
  note: string;
  locationId: number | null;
  workTypeId: number | null;
}

export type AddShiftField = 'employee' | 'date' | 'start' | 'end' | 'note' | 'location' | 'workType' | `break.${number}`;

export interface ShiftFormContext {
  zone: string;
  kioskId: number;
  /** The kiosk's (server-corrected) clock. */
  now: Date;
  locationRequired: boolean;
  workTypeRequired: boolean;
  paidBreaksEnabled: boolean;
}

export type FieldErrors<F extends string> = Partial<Record<F, MessageKey>>;

export type AddShiftCheck =
  | { ok: true; body: AddShiftInput; plan: CompleteShiftPlan }
  | { ok: false; errors: FieldErrors<AddShiftField> };

/** True when the end time is earlier than the start, i.e. the shift ends the next day. */
export function endsNextDay(start: string, end: string): boolean {
  const from = minutesOf(start);
  const to = minutesOf(end);
  return from !== null && to !== null && to < from;
}

/** The message of a required choice left open. */
const CHOICE_REQUIRED = { location: 'manager.error.location-required', workType: 'manager.error.work-type-required' } as const;

/** What a whole shift typed by a manager holds (a missed shift, a roster shift) besides its note. */
export interface ShiftDraft {
  employeeId: number | null;
  date: string;
  start: string;
  end: string;
  breaks: BreakDraft[];
  locationId: number | null;
  workTypeId: number | null;
}

export type ShiftDraftField = 'employee' | 'date' | 'start' | 'end' | 'location' | 'workType' | `break.${number}`;

export interface ShiftDraftRules {
  zone: string;
  locationRequired: boolean;
  workTypeRequired: boolean;
}

/**
 * The checks the missed-shift and roster forms share, before any time means anything: a person,
 * a real day, start and end times that differ, break times, required choices. `startMinutes` is
 * the start's minutes since midnight (null when the start is not a time).
 */
export function checkShiftDraft(form: ShiftDraft, rules: ShiftDraftRules): { errors: FieldErrors<ShiftDraftField>; startMinutes: number | null } {
  const errors: FieldErrors<ShiftDraftField> = {};
  if (form.employeeId === null) errors.employee = 'manager.fix.choosePerson';
  if (instantOf(form.date, '00:00', rules.zone) === null) errors.date = 'manager.fix.dateInvalid';
  const startMinutes = minutesOf(form.start);
  const endMinutes = minutesOf(form.end);
  if (startMinutes === null) errors.start = 'manager.fix.timeInvalid';
  if (endMinutes === null) errors.end = 'manager.fix.timeInvalid';
  else if (endMinutes === startMinutes) errors.end = 'manager.error.shift-ends-before-start';
  form.breaks.forEach((b, i) => {
    if (minutesOf(b.start) === null || minutesOf(b.end) === null) errors[`break.${i}`] = 'manager.fix.timeInvalid';
  });
  const choiceRules = { isLocationRequired: rules.locationRequired, isWorkTypeRequired: rules.workTypeRequired };
  for (const choice of missingChoices(choiceRules, form)) errors[choice] = CHOICE_REQUIRED[choice];
  return { errors, startMinutes };
}

/**
 * A checked draft's instants in `zone`: every time belongs to the 24 hours from the shift's start
 * (earlier clock times are the next day); a break is paid when `paid` says so. Null when a day or
 * time does not exist.
 */
export function draftPlan(form: ShiftDraft, zone: string, startMinutes: number, paid: (b: BreakDraft) => boolean): CompleteShiftPlan | null {
  const at = (time: string) => instantOf(form.date, time, zone, (minutesOf(time) ?? 0) < startMinutes ? 1 : 0);
  const start = at(form.start);
  const end = at(form.end);
  const breaks = form.breaks.map((b) => ({ start: at(b.start), end: at(b.end), isPaidBreak: paid(b) }));
  if (!start || !end) return null;
  const planned: CompleteShiftPlan['breaks'] = [];
  for (const b of breaks) {
    if (!b.start || !b.end) return null;
    planned.push({ start: b.start, end: b.end, isPaidBreak: b.isPaidBreak });
  }
  return { start, end, breaks: planned };
}

export function buildAddShift(form: AddShiftForm, ctx: ShiftFormContext): AddShiftCheck {
  const { errors: draftErrors, startMinutes } = checkShiftDraft(form, ctx);
  const errors: FieldErrors<AddShiftField> = draftErrors;
  if (form.note.trim().length > MAX_NOTE_LENGTH) errors.note = 'manager.fix.noteTooLong';
  if (Object.keys(errors).length > 0 || form.employeeId === null || startMinutes === null) return { ok: false, errors };

  const plan = draftPlan(form, ctx.zone, startMinutes, (b) => ctx.paidBreaksEnabled && b.paid);
  if (!plan) return { ok: false, errors: { date: 'manager.fix.dateInvalid' } };

  const problem = checkCompleteShift(plan, [], ctx.now);
  if (problem) {
    const field: AddShiftField = problem.breakIndex === undefined ? 'end' : `break.${problem.breakIndex}`;
    return { ok: false, errors: { [field]: problemKey(problem.code, 'manager') } };
  }

  const note = form.note.trim();
  return {
    ok: true,
    plan,
    body: {
      employeeId: form.employeeId,
      kioskId: ctx.kioskId,
      isAdminInitiated: true,
      recordedStartTimeUtc: plan.start.toISOString(),
      recordedEndTimeUtc: plan.end.toISOString(),
      breaks: plan.breaks.map((b) => ({
        start: { recordedTimeUtc: b.start.toISOString(), isAdminInitiated: true },
        end: { recordedTimeUtc: b.end.toISOString(), isAdminInitiated: true },
        isPaidBreak: b.isPaidBreak,
        isAdminInitiated: true,
      })),
      ...(note ? { note } : {}),
      ...(form.locationId !== null ? { locationId: form.locationId } : {}),
      ...(form.workTypeId !== null ? { workTypeId: form.workTypeId } : {}),
    },
  };
}

/** The addshift form field for a field the service named (e.g. `breaks.1.start.recordedTimeUtc`). */
export function addShiftFieldOf(serviceField: string): AddShiftField | null {
  const breakMatch = /^breaks\.(\d+)/.exec(serviceField);
  if (breakMatch) return `break.${Number(breakMatch[1])}`;
  switch (serviceField) {
    case 'recordedStartTimeUtc':
      return 'start';
    case 'recordedEndTimeUtc':
      return 'end';
    case 'employeeId':
      return 'employee';
    case 'locationId':
      return 'location';
    case 'workTypeId':
      return 'workType';
    case 'note':
      return 'note';
    default:
      return null;
  }
}

export interface ClockOffForm {
  employeeId: number | null;
  date: string;
  time: string;
}

export type ClockOffField = 'employee' | 'date' | 'time';

export type ClockOffCheck = { ok: true; body: ClockOffInput; at: Date } | { ok: false; errors: FieldErrors<ClockOffField> };

/** A clock-off at an earlier time, checked with the same state machine the service runs. */
export function buildClockOff(
  form: ClockOffForm,
  person: BasicKioskEmployeeModel | null,
  ctx: Pick<ShiftFormContext, 'zone' | 'kioskId' | 'now'>,
): ClockOffCheck {
  if (form.employeeId === null || !person) return { ok: false, errors: { employee: 'manager.fix.choosePerson' } };
  if (instantOf(form.date, '00:00', ctx.zone) === null) return { ok: false, errors: { date: 'manager.fix.dateInvalid' } };
  const at = instantOf(form.date, form.time, ctx.zone);
  if (!at) return { ok: false, errors: { time: 'manager.fix.timeInvalid' } };
  const outcome = applyPunch(toDomainState(fromServerModel(person)), { kind: 'clockOff', at }, ctx.now);
  if (!outcome.ok) {
    switch (outcome.error.code) {
      case 'punch-in-future':
        return { ok: false, errors: { time: 'manager.error.punch-in-future' } };
      case 'punch-before-previous':
        return { ok: false, errors: { time: 'manager.error.punch-before-previous' } };
      default:
        return { ok: false, errors: { employee: 'manager.error.not-clocked-on' } };
    }
  }
  return { ok: true, at, body: { employeeId: form.employeeId, kioskId: ctx.kioskId, recordedTimeUtc: at.toISOString(), isAdminInitiated: true } };
}

export function clockOffFieldOf(serviceField: string): ClockOffField | null {
  if (serviceField === 'recordedTimeUtc') return 'time';
  if (serviceField === 'employeeId') return 'employee';
  return null;
}

export function discardBody(employeeId: number, kioskId: number): DiscardShiftInput {
  return { employeeId, kioskId, isAdminInitiated: true };
}
