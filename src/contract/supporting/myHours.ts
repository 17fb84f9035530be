/**
 * Project extension: a person's own record at the kiosk ("My hours"). Their timesheet lines of this
 * week and last week, the disputes they raised with the manager's replies, and the changes a
 * manager made to their lines, which they acknowledge or dispute. Plain zod, shared with the client.
 */
import { z } from 'zod';
import { DISPUTE_STATUSES } from '../../domain/lineDisputes';
import { LINE_CHANGE_ACTIONS } from '../../domain/lineChanges';
import { TIMESHEET_STATUSES } from '../../domain/timesheets';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';

const localTime = t.dateTime.nullable().meta({ description: "Wall-clock time in the line's zone (no offset)." });

export const LineSnapshotModel = z
  .object({
    startUtc: t.dateTime.nullable(),
    endUtc: t.dateTime.nullable(),
    startLocal: localTime,
    endLocal: localTime,
    ianaTimeZone: z.string(),
    units: z.number().nullable().meta({ description: 'A units line (leave): its units, and no times.' }),
    breaks: z.array(z.object({ startLocal: z.string(), endLocal: z.string().nullable(), isPaidBreak: z.boolean() })),
  })
  .meta({ id: 'LineSnapshotModel', description: 'A timesheet line as the person reads it.' });
export type LineSnapshotModel = z.infer<typeof LineSnapshotModel>;

export const LineChangeModel = z
  .object({
    id: t.int32,
    employeeId: t.int32,
    timesheetLineId: t.int32,
    action: z.enum(LINE_CHANGE_ACTIONS),
    before: LineSnapshotModel.nullable().meta({ description: 'Null when the manager added the line.' }),
    after: LineSnapshotModel.nullable().meta({ description: 'Null when the manager deleted the line.' }),
    changedBy: z.string(),
    changedUtc: t.dateTime,
    acknowledgedUtc: t.dateTime.nullable(),
  })
  .meta({ id: 'LineChangeModel', description: "A manager's change to a person's timesheet line: who, when, before and after." });
export type LineChangeModel = z.infer<typeof LineChangeModel>;

export const LineDisputeModel = z
  .object({
    id: t.int32,
    employeeId: t.int32,
    employeeName: z.string(),
    kioskId: t.int32.nullable(),
    timesheetLineId: t.int32.nullable().meta({ description: 'Null once the line is deleted (or for a dispute of a deletion).' }),
    lineChangeId: t.int32.nullable().meta({ description: "The manager's change the person disputed, if it was one." }),
    line: LineSnapshotModel.nullable().meta({ description: 'The line as the person saw it when they disputed it.' }),
    note: z.string(),
    status: z.enum(DISPUTE_STATUSES),
    raisedUtc: t.dateTime.meta({ description: 'When the person sent it from the kiosk (it may have waited offline).' }),
    receivedUtc: t.dateTime,
    reply: z.string().nullable(),
    resolvedUtc: t.dateTime.nullable(),
    resolvedBy: z.string().nullable(),
    replySeenUtc: t.dateTime.nullable().meta({ description: 'When the person read the reply at a kiosk.' }),
  })
  .meta({ id: 'LineDisputeModel', description: 'A person says a timesheet line is wrong; a manager replies.' });
export type LineDisputeModel = z.infer<typeof LineDisputeModel>;

export const MyHoursLineModel = LineSnapshotModel.extend({
  id: t.int32,
  status: z.enum(TIMESHEET_STATUSES),
  location: z.string().nullable(),
  workType: z.string().nullable(),
}).meta({ id: 'MyHoursLineModel', description: "One of the person's timesheet lines." });
export type MyHoursLineModel = z.infer<typeof MyHoursLineModel>;

export const MyHoursModel = z
  .object({
    employeeId: t.int32,
    fromUtc: t.dateTime.meta({ description: "Start of last week (Monday 00:00 in the kiosk's zone)." }),
    toUtc: t.dateTime.meta({ description: 'Start of next week: lines starting before it are shown.' }),
    ianaTimeZone: z.string(),
    lines: z.array(MyHoursLineModel).meta({ description: 'Lines starting in the window, oldest first.' }),
    disputes: z.array(LineDisputeModel).meta({ description: "The person's disputes still open or raised in the window, and any reply not yet read." }),
    changes: z.array(LineChangeModel).meta({ description: "Managers' changes to the person's lines in the window, and any not yet acknowledged." }),
  })
  .meta({ id: 'MyHoursModel', description: "A person's own record at the kiosk." });
export type MyHoursModel = z.infer<typeof MyHoursModel>;

const employeeField = t.int32.meta({ description: 'The person (they signed in at the kiosk).' });
const keyField = t.text(maxTextLength('disputeKey')).min(1, 'disputeKey is required').meta({ description: 'A UUID the kiosk made for this dispute: a second one with the same key answers the first.' });

export const LineDisputeInputModel = z
  .object({
    employeeId: employeeField,
    disputeKey: keyField,
    timesheetLineId: t.int32.nullable().optional().meta({ description: 'The line (one of the person’s). Give this or lineChangeId.' }),
    lineChangeId: t.int32.nullable().optional().meta({ description: "A manager's change of one of the person's lines (a deleted line has only this)." }),
    note: t.text(maxTextLength('note', 'LineDisputeInputModel')).meta({ description: 'What is wrong, in a sentence or two.' }),
    raisedUtc: t.dateTimeInput.meta({ description: 'When the person sent it (the kiosk may have held it offline).' }),
  })
  .meta({ id: 'LineDisputeInputModel', description: 'A person says one of their timesheet lines is wrong.' });
export type LineDisputeInputModel = z.input<typeof LineDisputeInputModel>;

export const ReadByEmployeeModel = z
  .object({ employeeId: employeeField })
  .meta({ id: 'ReadByEmployeeModel', description: 'The person who read it at the kiosk.' });
export type ReadByEmployeeModel = z.input<typeof ReadByEmployeeModel>;

export const ResolveLineDisputeModel = z
  .object({ reply: t.text(maxTextLength('reply')).meta({ description: 'What the manager tells the person (shown at their next PIN).' }) })
  .meta({ id: 'ResolveLineDisputeModel', description: "A manager's reply that resolves a dispute." });
export type ResolveLineDisputeModel = z.input<typeof ResolveLineDisputeModel>;
