/**
 * The roster shift form without React (Roster tab, add and edit): a person, where and what, the
 * day and wall-clock times on the kiosk's clock (an end earlier than the start is the next day),
 * optional breaks and notes. Checked with the same shape rule as any shift (domain completeShift)
 * and sent as instants (the service reads a time with Z as that instant); the service's own
 * refusals come back per field through `rosterShiftFieldOf`.
 */
import type { RosterShiftEditModelInput } from '../../../contract/generated/models';
import { checkShiftShape } from '../../../domain/completeShift';
import { MAX_NOTE_LENGTH } from '../../../domain/notes';
import { parseWireDateTime, toLocalDateTime } from '../../../domain/time';
import { problemKey } from '../../i18n/problemWords';
import type { BoardShift } from './rosterBoard';
import { checkShiftDraft, draftPlan, type BreakDraft, type FieldErrors } from './shiftForms';

export interface RosterShiftForm {
  employeeId: number | null;
  locationId: number | null;
  workTypeId: number | null;
  /** The day the shift starts, on the kiosk's clock (YYYY-MM-DD). */
  date: string;
  start: string;
  end: string;
  breaks: BreakDraft[];
  notes: string;
}

export type RosterShiftField = 'employee' | 'location' | 'workType' | 'date' | 'start' | 'end' | 'notes' | `break.${number}`;

export interface RosterFormContext {
  /** The kiosk's zone: the wall clock the manager types in. */
  zone: string;
  locationRequired: boolean;
  workTypeRequired: boolean;
}

export type RosterShiftCheck =
  | { ok: true; body: RosterShiftEditModelInput; start: Date; end: Date }
  | { ok: false; errors: FieldErrors<RosterShiftField> };

export const blankRosterForm = (date: string, locationId: number | null = null): RosterShiftForm => ({
  employeeId: null,
  locationId,
  workTypeId: null,
  date,
  start: '',
  end: '',
  breaks: [],
  notes: '',
});

/** Checks the form and builds the create/update body (`id` 0 for a new shift). */
export function buildRosterShift(form: RosterShiftForm, ctx: RosterFormContext, id = 0): RosterShiftCheck {
  const { errors: draftErrors, startMinutes } = checkShiftDraft(form, ctx);
  const errors: FieldErrors<RosterShiftField> = draftErrors;
  if (form.notes.trim().length > MAX_NOTE_LENGTH) errors.notes = 'manager.fix.noteTooLong';
  if (Object.keys(errors).length > 0 || startMinutes === null) return { ok: false, errors };

  const plan = draftPlan(form, ctx.zone, startMinutes, (b) => b.paid);
  if (!plan) return { ok: false, errors: { date: 'manager.fix.dateInvalid' } };
  const { start, end } = plan;
  const problem = checkShiftShape(plan);
  if (problem) {
    const field: RosterShiftField = problem.breakIndex === undefined ? 'end' : `break.${problem.breakIndex}`;
    return { ok: false, errors: { [field]: problemKey(problem.code, 'manager') } };
  }
  const notes = form.notes.trim();
  return {
    ok: true,
    start,
    end,
    body: {
      id,
      employeeId: form.employeeId,
      locationId: form.locationId,
      workTypeId: form.workTypeId,
      startTime: start.toISOString(),
      endTime: end.toISOString(),
      breaks: plan.breaks.map((b) => ({ id: 0, startTime: b.start.toISOString(), endTime: b.end.toISOString(), isPaidBreak: b.isPaidBreak })),
      notes: notes || null,
    },
  };
}

/** The form of an existing shift, its times on the kiosk's clock. */
export function rosterFormOf(shift: BoardShift, businessZone: string, kioskZone: string): RosterShiftForm {
  const wall = (instant: Date) => toLocalDateTime(instant, kioskZone);
  const start = wall(shift.startUtc);
  const breaks = (shift.model.breaks ?? []).flatMap((b) => {
    const from = parseWireDateTime(b.startTime, { zone: businessZone });
    const to = parseWireDateTime(b.endTime, { zone: businessZone });
    return from && to ? [{ start: wall(from).slice(11, 16), end: wall(to).slice(11, 16), paid: b.isPaidBreak }] : [];
  });
  return {
    employeeId: shift.employeeId,
    locationId: shift.locationId,
    workTypeId: shift.workTypeId,
    date: start.slice(0, 10),
    start: start.slice(11, 16),
    end: wall(shift.endUtc).slice(11, 16),
    breaks,
    notes: shift.model.notes ?? '',
  };
}

/** The form field for a field the service named (e.g. `breaks.1.startTime`). */
export function rosterShiftFieldOf(serviceField: string): RosterShiftField | null {
  const breakMatch = /^breaks\.(\d+)/.exec(serviceField);
  if (breakMatch) return `break.${Number(breakMatch[1])}`;
  const fields: Record<string, RosterShiftField> = {
    employeeId: 'employee',
    locationId: 'location',
    workTypeId: 'workType',
    startTime: 'start',
    endTime: 'end',
    notes: 'notes',
  };
  return fields[serviceField] ?? null;
}
