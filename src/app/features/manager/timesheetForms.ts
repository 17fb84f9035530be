/**
 * The Timesheets tab without React: the period's OData filter and export file name, a line as
 * the screen shows it (wall-clock text in the line's own zone, as the service writes it), the
 * whole-line body a change sends (PUT replaces the line, so every field goes back), the edit form
 * and its checks (domain completeShift's shape rule), and the order of the list: lines with a
 * forgotten clock-off waiting for a decision first.
 */
import type { UkIndividualTimesheetLineModelInput, UkTimesheetLineModel } from '../../../contract/generated/models';
import { checkShiftShape } from '../../../domain/completeShift';
import { MAX_NOTE_LENGTH } from '../../../domain/notes';
import { canMoveTimesheet, isLineLocked, isTimesheetStatus, type TimesheetStatus } from '../../../domain/timesheets';
import { problemKey } from '../../i18n/problemWords';
import { addDays, type Week } from './rosterBoard';
import { minutesOf, type BreakDraft, type FieldErrors } from './shiftForms';

/** `$filter` for the lines that start in a week (wall-clock times, as the service compares them). */
export function periodFilter(week: Pick<Week, 'from' | 'to'>): string {
  return `startTime ge datetime'${week.from}T00:00:00' and startTime lt datetime'${addDays(week.to, 1)}T00:00:00'`;
}

/** The export's file name, e.g. timesheets-2026-11-23-to-2026-11-29.csv. */
/**
 * How many records (lines) an exported CSV holds below its header: newlines inside quoted fields
 * (a note) do not count, nor a trailing newline or a byte-order mark.
 */
export function exportedLineCount(csv: string): number {
  const text = csv.replace(/^\uFEFF/, '').replace(/(\r?\n)+$/, '');
  if (!text) return 0;
  let records = 1;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (char === '\n' && !quoted) records += 1;
  }
  return records - 1;
}

export function exportFileName(week: Pick<Week, 'from' | 'to'>): string {
  return `timesheets-${week.from}-to-${week.to}.csv`;
}

/** The wall-clock text of a wire date-time as a naive instant (its fields read as UTC), for arithmetic on the line's own clock. */
function wall(text: string | null): Date | null {
  if (!text) return null;
  const ms = Date.parse(`${text.replace(' ', 'T').replace(/(Z|[+-]\d{2}:?\d{2})$/i, '').slice(0, 19)}Z`);
  return Number.isNaN(ms) ? null : new Date(ms);
}

const hhmm = (d: Date) => d.toISOString().slice(11, 16);

export interface LineView {
  id: number;
  employeeId: number;
  status: TimesheetStatus | null;
  locked: boolean;
  /** Local start date (YYYY-MM-DD) and HH:MM times on the line's clock. */
  date: string | null;
  start: string | null;
  end: string | null;
  endsNextDay: boolean;
  breaks: Array<{ start: string; end: string; paid: boolean }>;
  /** Unpaid break time, written with the kiosk's receipts' words (format.duration: "under 1 min", never "0 min"). */
  unpaidBreakMs: number;
  /** End minus start minus unpaid breaks, in minutes (on the line's wall clock). */
  workedMinutes: number | null;
  location: string | null;
  workType: string | null;
  comments: string | null;
}

export function lineView(line: UkTimesheetLineModel): LineView {
  const start = wall(line.startTime);
  const end = wall(line.endTime);
  const breaks = (line.breaks ?? []).flatMap((b) => {
    const from = wall(b.startTime);
    const to = wall(b.endTime);
    return from && to ? [{ from, to, paid: b.isPaidBreak }] : [];
  });
  const unpaidMs = breaks.filter((b) => !b.paid).reduce((sum, b) => sum + Math.max(0, b.to.getTime() - b.from.getTime()), 0);
  const status = line.status !== null && isTimesheetStatus(line.status) ? line.status : null;
  return {
    id: line.id,
    employeeId: line.employeeId,
    status,
    locked: status !== null && isLineLocked(status),
    date: start ? start.toISOString().slice(0, 10) : null,
    start: start ? hhmm(start) : null,
    end: end ? hhmm(end) : null,
    endsNextDay: Boolean(start && end && end.toISOString().slice(0, 10) !== start.toISOString().slice(0, 10)),
    breaks: breaks.map((b) => ({ start: hhmm(b.from), end: hhmm(b.to), paid: b.paid })),
    unpaidBreakMs: unpaidMs,
    workedMinutes: start && end ? Math.max(0, Math.round((end.getTime() - start.getTime() - unpaidMs) / 60_000)) : null,
    location: line.fullyQualifiedLocationName,
    workType: line.workType,
    comments: line.comments,
  };
}

const idOf = (text: string | null): number | null => (text !== null && /^\d+$/.test(text) ? Number(text) : null);

/** The whole line as a PUT body (the list model's ids are text; the body's are numbers), with changes. */
export function lineBody(line: UkTimesheetLineModel, patch: Partial<UkIndividualTimesheetLineModelInput> = {}): UkIndividualTimesheetLineModelInput {
  return {
    id: line.id,
    locationIsDeleted: line.locationIsDeleted,
    employeeId: line.employeeId,
    startTime: line.startTime,
    endTime: line.endTime,
    units: line.units,
    workTypeId: idOf(line.workTypeId),
    locationId: idOf(line.locationId),
    comments: line.comments,
    breaks: (line.breaks ?? []).map((b) => ({ startTime: b.startTime, endTime: b.endTime, isPaidBreak: b.isPaidBreak })),
    status: line.status,
    rate: line.rate,
    leaveRequestId: idOf(line.leaveRequestId),
    leaveCategoryId: idOf(line.leaveCategoryId),
    payCategoryId: idOf(line.payCategoryId),
    externalId: line.externalId,
    source: line.source,
    attachmentId: line.attachmentId,
    shiftConditionIds: (line.shiftConditionIds ?? []).flatMap((id) => (idOf(id) === null ? [] : [Number(id)])),
    hiddenComments: line.hiddenComments,
    dimensionValueIds: line.dimensionValueIds,
    ...patch,
  };
}

export interface LineEditForm {
  /** The start date on the line's clock (YYYY-MM-DD). */
  date: string;
  start: string;
  end: string;
  breaks: BreakDraft[];
  comments: string;
}

export type LineEditField = 'date' | 'start' | 'end' | 'comments' | `break.${number}`;

export function lineEditFormOf(view: LineView): LineEditForm {
  return {
    date: view.date ?? '',
    start: view.start ?? '',
    end: view.end ?? '',
    breaks: view.breaks.map((b) => ({ ...b })),
    comments: view.comments ?? '',
  };
}

export type LineEditCheck = { ok: true; body: UkIndividualTimesheetLineModelInput } | { ok: false; errors: FieldErrors<LineEditField> };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Checks an edited line and builds its body: wall-clock text without a zone, so the line keeps
 * its own zone; times earlier than the start are the next day. A time left as it was goes back as
 * the line had it (seconds and all), so editing a comment changes no time, and the service keeps
 * its instant even in the hour repeated when clocks go back.
 */
export function buildLineEdit(line: UkTimesheetLineModel, form: LineEditForm): LineEditCheck {
  const before = lineEditFormOf(lineView(line));
  const errors: FieldErrors<LineEditField> = {};
  const sameStart = form.date === before.date && form.start === before.start;
  const sameEnd = sameStart && form.end === before.end;
  const sameBreaks =
    sameStart && form.breaks.length === before.breaks.length && form.breaks.every((b, i) => JSON.stringify(b) === JSON.stringify(before.breaks[i]));
  // Times left as the line has them are the line's own (checked by the service when written):
  // across the hour repeated when clocks go back, their wall-clock text can look inverted.
  const timesKept = sameEnd && sameBreaks;
  const startMinutes = minutesOf(form.start);
  const endMinutes = minutesOf(form.end);
  if (!DATE.test(form.date) || Number.isNaN(Date.parse(`${form.date}T00:00:00Z`))) errors.date = 'manager.fix.dateInvalid';
  if (startMinutes === null) errors.start = 'manager.fix.timeInvalid';
  if (endMinutes === null) errors.end = 'manager.fix.timeInvalid';
  else if (endMinutes === startMinutes && !timesKept) errors.end = 'manager.error.shift-ends-before-start';
  form.breaks.forEach((b, i) => {
    if (minutesOf(b.start) === null || minutesOf(b.end) === null) errors[`break.${i}`] = 'manager.fix.timeInvalid';
  });
  if (form.comments.trim().length > MAX_NOTE_LENGTH) errors.comments = 'manager.fix.noteTooLong';
  if (Object.keys(errors).length > 0 || startMinutes === null) return { ok: false, errors };

  const at = (time: string) => {
    const minutes = minutesOf(time) ?? 0;
    return new Date(Date.parse(`${form.date}T00:00:00Z`) + ((minutes < startMinutes ? 1440 : 0) + minutes) * 60_000);
  };
  const text = (d: Date) => d.toISOString().slice(0, 19);
  const start = at(form.start);
  const end = at(form.end);
  const breaks = form.breaks.map((b) => ({ start: at(b.start), end: at(b.end), isPaidBreak: b.paid }));
  const problem = timesKept ? null : checkShiftShape({ start, end, breaks });
  if (problem) {
    const field: LineEditField = problem.breakIndex === undefined ? 'end' : `break.${problem.breakIndex}`;
    return { ok: false, errors: { [field]: problemKey(problem.code, 'manager') } };
  }
  const comments = form.comments.trim();
  const originalBreak = (i: number) => {
    const was = before.breaks[i];
    const now = form.breaks[i];
    const wire = line.breaks?.[i];
    return sameStart && was && now && wire && was.start === now.start && was.end === now.end && was.paid === now.paid ? wire : null;
  };
  return {
    ok: true,
    body: lineBody(line, {
      startTime: sameStart ? line.startTime : text(start),
      endTime: sameEnd ? line.endTime : text(end),
      breaks: breaks.map((b, i) => {
        const kept = originalBreak(i);
        return kept ? { startTime: kept.startTime, endTime: kept.endTime, isPaidBreak: kept.isPaidBreak } : { startTime: text(b.start), endTime: text(b.end), isPaidBreak: b.isPaidBreak };
      }),
      comments: comments || null,
    }),
  };
}

/** The edit form's field for a field the service named. */
export function lineEditFieldOf(serviceField: string): LineEditField | null {
  const breakMatch = /^breaks\.(\d+)/.exec(serviceField);
  if (breakMatch) return `break.${Number(breakMatch[1])}`;
  const fields: Record<string, LineEditField> = { startTime: 'start', endTime: 'end', comments: 'comments' };
  return fields[serviceField] ?? null;
}

const DECISIONS = ['Approved', 'Rejected', 'Submitted'] as const;

/** The decisions a manager can take on a line in this status (domain canMoveTimesheet; a Processed line has none). */
export function decisionsFor(status: TimesheetStatus | null): Array<(typeof DECISIONS)[number]> {
  const from = status ?? 'Submitted';
  return DECISIONS.filter((to) => to !== from && canMoveTimesheet(from, to));
}

/** Lines in screen order: those with a pending forgotten clock-off first, then by start, then id. */
export function orderLines<T extends Pick<UkTimesheetLineModel, 'id' | 'startTime'>>(lines: readonly T[], flaggedLineIds: ReadonlySet<number>): T[] {
  return [...lines].sort(
    (a, b) =>
      Number(flaggedLineIds.has(b.id)) - Number(flaggedLineIds.has(a.id)) || (a.startTime ?? '').localeCompare(b.startTime ?? '') || a.id - b.id,
  );
}
