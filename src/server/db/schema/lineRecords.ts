/**
 * A person's say over their own record (project extension): disputes of timesheet lines raised at
 * the kiosk with a manager's reply, and every change a manager made to a person's line, with its
 * before and after, until the person acknowledges it. Raw punches are never touched by either.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DISPUTE_STATUSES } from '../../../domain/lineDisputes';
import { LINE_CHANGE_ACTIONS } from '../../../domain/lineChanges';
import { instant, oneOf } from './columns';
import { businesses } from './businesses';
import { employees } from './employees';
import { kiosks } from './kiosks';
import { timesheetLines } from './timesheets';

/**
 * One manager's change to one line. The line may later be deleted: the change keeps its id and its
 * snapshots, so what happened stays readable.
 */
export const lineChanges = pgTable(
  'line_changes',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    timesheetLineId: integer('timesheet_line_id').notNull(),
    action: text('action', { enum: LINE_CHANGE_ACTIONS }).notNull(),
    /** The line before and after (domain lineChanges.ts LineSnapshot); null before an add, after a delete. */
    before: jsonb('before'),
    after: jsonb('after'),
    changedBy: text('changed_by').notNull(),
    changedUtc: instant('changed_utc').notNull(),
    acknowledgedUtc: instant('acknowledged_utc'),
  },
  (t) => [
    index('line_changes_employee_idx').on(t.employeeId, t.changedUtc),
    index('line_changes_line_idx').on(t.timesheetLineId),
    check('line_changes_action_check', oneOf(t.action, LINE_CHANGE_ACTIONS)),
  ],
);

/**
 * A person's "this line is wrong", from a kiosk, and the manager's reply. One per outbox entry (its
 * key), so a replayed queue adds nothing. A dispute of a deleted line names the change instead.
 */
export const lineDisputes = pgTable(
  'line_disputes',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    kioskId: integer('kiosk_id').references(() => kiosks.id, { onDelete: 'set null' }),
    disputeKey: text('dispute_key').notNull(),
    timesheetLineId: integer('timesheet_line_id').references(() => timesheetLines.id, { onDelete: 'set null' }),
    lineChangeId: integer('line_change_id').references(() => lineChanges.id, { onDelete: 'set null' }),
    /** The line as the person saw it when they disputed it (LineSnapshot). */
    line: jsonb('line'),
    note: text('note').notNull(),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull(),
    raisedUtc: instant('raised_utc').notNull(),
    receivedUtc: instant('received_utc').notNull(),
    principal: text('principal').notNull(),
    reply: text('reply'),
    resolvedUtc: instant('resolved_utc'),
    resolvedBy: text('resolved_by'),
    replySeenUtc: instant('reply_seen_utc'),
  },
  (t) => [
    uniqueIndex('line_disputes_key').on(t.businessId, t.disputeKey),
    index('line_disputes_business_status_idx').on(t.businessId, t.status, t.id),
    index('line_disputes_employee_idx').on(t.employeeId, t.id),
    check('line_disputes_status_check', oneOf(t.status, DISPUTE_STATUSES)),
    check('line_disputes_reply_check', sql`${t.status} = 'Open' OR ${t.reply} IS NOT NULL`),
  ],
);
