/**
 * What each web hook event carries, built from what the change that raised it already holds, and
 * the one call each service makes to raise it (inside its own transaction, via webhookEvents.ts).
 * The shapes are documented in docs/webhooks.md:
 * - punch events (ClockOn, StartBreak, EndBreak, ClockOff, ShiftDiscarded): businessId, kioskId
 *   (null when made through self-service), shiftId, employeeId, timeUtc, employee (the
 *   KioskEmployeeModel after the punch);
 * - ShiftNoteAdded: businessId, kioskId, shiftId, employeeId, note (ShiftNoteViewModel);
 * - TimesheetCreated/Updated/Approved/Rejected: businessId, timesheetLine (the individual line
 *   model the timesheet routes answer); TimesheetDeleted: businessId, timesheetLineId, employeeId;
 * - RosterShiftCreated/Updated: businessId, rosterShift (the roster shift model the routes answer).
 */
import type { KioskEmployeeModel, ShiftNoteViewModel, UkEssRosterShiftModel } from '../../../contract/generated/models';
import type { PunchKind } from '../../../domain/attendance';
import type { WebhookEvent } from '../../../domain/webhooks';
import type { Database } from '../../db/openDatabase';
import type { ReferenceData } from '../referenceData/references';
import { referencesOfLines, toIndividualLine, type TimesheetLineRow } from '../timesheets/timesheetLineShapes';
import { recordWebhookEvent, recordWebhookEvents, type RaisedWebhookEvent } from './webhookEvents';

/** The event each punch kind raises. */
export const PUNCH_EVENTS: Record<PunchKind, WebhookEvent> = {
  clockOn: 'ClockOn',
  startBreak: 'StartBreak',
  endBreak: 'EndBreak',
  clockOff: 'ClockOff',
  discard: 'ShiftDiscarded',
};

/** Where and to whom a punch (or a note) happened. */
export interface PunchPlace {
  businessId: number;
  /** Null for a punch made through employee self-service. */
  kioskId: number | null;
  shiftId: number | null;
  employeeId: number;
}

/**
 * Raises the events of the punches of one shift (one live punch, or every punch of an added
 * complete shift), in order, then ShiftNoteAdded when a note came with them: one statement.
 * `employee` is the employee's state after the punches.
 */
export async function recordPunchEvents(
  tx: Database,
  place: PunchPlace,
  punches: ReadonlyArray<{ kind: PunchKind; at: Date }>,
  employee: KioskEmployeeModel | null,
  note?: ShiftNoteViewModel | null,
): Promise<void> {
  await recordWebhookEvents(tx, place.businessId, punchEvents(place, punches, employee, note));
}

/**
 * The events recordPunchEvents raises, for a caller that raises them with others in one statement
 * (a clock-off's, with its timesheet line's TimesheetCreated: timesheetLines.ts).
 */
export function punchEvents(
  place: PunchPlace,
  punches: ReadonlyArray<{ kind: PunchKind; at: Date }>,
  employee: KioskEmployeeModel | null,
  note?: ShiftNoteViewModel | null,
): RaisedWebhookEvent[] {
  const at = punches[punches.length - 1]?.at ?? new Date();
  const where = { businessId: place.businessId, kioskId: place.kioskId, shiftId: place.shiftId, employeeId: place.employeeId };
  const events: RaisedWebhookEvent[] = punches.map((punch) => ({
    businessId: place.businessId,
    action: PUNCH_EVENTS[punch.kind],
    data: { ...where, timeUtc: punch.at.toISOString(), employee },
    occurredAt: punch.at,
  }));
  if (note) events.push({ businessId: place.businessId, action: 'ShiftNoteAdded', data: { ...where, note }, occurredAt: at });
  return events;
}

/** Raises the event of one live punch, then ShiftNoteAdded when the punch carried a note. */
export function recordPunchEvent(
  tx: Database,
  punch: PunchPlace & { kind: PunchKind; at: Date; employee: KioskEmployeeModel | null; note?: ShiftNoteViewModel | null | undefined },
): Promise<void> {
  return recordPunchEvents(tx, punch, [{ kind: punch.kind, at: punch.at }], punch.employee, punch.note);
}

/** Raises ShiftNoteAdded for a note added on its own. */
export function recordNoteAdded(tx: Database, place: PunchPlace, note: ShiftNoteViewModel, at: Date): Promise<void> {
  return recordWebhookEvent(tx, { businessId: place.businessId, action: 'ShiftNoteAdded', data: { ...place, note }, occurredAt: at });
}

/** The Timesheet* event of a status move (Approved or Rejected), else TimesheetUpdated. */
export function lineChangeEvent(before: string, after: string): WebhookEvent {
  if (before !== after && after === 'Approved') return 'TimesheetApproved';
  if (before !== after && after === 'Rejected') return 'TimesheetRejected';
  return 'TimesheetUpdated';
}

/**
 * Raises one Timesheet* event per line (all of one business), in order. `refs` is what the write
 * already loaded; without it the lines' own locations and work types are read, and only when
 * someone listens.
 */
export async function recordLineEvents(
  tx: Database,
  businessId: number,
  lines: ReadonlyArray<{ action: WebhookEvent; row: TimesheetLineRow }>,
  at: Date,
  refs?: ReferenceData,
): Promise<void> {
  if (lines.length === 0) return;
  // Read (once, for all lines) only when someone listens: recordWebhookEvents builds data lazily.
  let known = refs;
  const references = async () => (known ??= await referencesOfLines(tx, businessId, lines.map((line) => line.row)));
  await recordWebhookEvents(
    tx,
    businessId,
    lines.map(({ action, row }) => ({
      businessId,
      action,
      data: async () => ({ businessId, timesheetLine: toIndividualLine(row, await references()) }),
      occurredAt: at,
    })),
  );
}

/** Raises TimesheetDeleted for each deleted line, in order. */
export function recordLinesDeleted(
  tx: Database,
  businessId: number,
  lines: ReadonlyArray<{ id: number; employeeId: number }>,
  at: Date,
): Promise<void> {
  return recordWebhookEvents(
    tx,
    businessId,
    lines.map((line) => ({ businessId, action: 'TimesheetDeleted', data: { businessId, timesheetLineId: line.id, employeeId: line.employeeId }, occurredAt: at })),
  );
}

/** Raises RosterShiftCreated or RosterShiftUpdated with the model the roster routes answer. */
export function recordRosterShiftEvent(
  tx: Database,
  businessId: number,
  action: 'RosterShiftCreated' | 'RosterShiftUpdated',
  rosterShift: UkEssRosterShiftModel,
  at: Date,
): Promise<void> {
  return recordWebhookEvent(tx, { businessId, action, data: { businessId, rosterShift }, occurredAt: at });
}
