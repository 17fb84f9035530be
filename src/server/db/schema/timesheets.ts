/** Timesheet lines, the forgotten clock-offs that correct them and the answers given at clock-off. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { CORRECTION_STATUSES, TIMESHEET_STATUSES } from '../../../domain/timesheets';
import type { AttestationAnswerRecord } from '../../../domain/attestations';
import { instant, createdAt, intArray, oneOf } from './columns';
import { businesses } from './businesses';
import { clockShifts, employees } from './employees';
import { kiosks } from './kiosks';

export const timesheetLines = pgTable(
  'timesheet_lines',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    startUtc: instant('start_utc'),
    endUtc: instant('end_utc'),
    ianaTimeZone: text('iana_time_zone').notNull(),
    units: numeric('units'),
    workTypeId: integer('work_type_id'),
    locationId: integer('location_id'),
    comments: text('comments'),
    hiddenComments: text('hidden_comments'),
    breaks: jsonb('breaks').notNull().default(sql`'[]'::jsonb`),
    status: text('status', { enum: TIMESHEET_STATUSES }).notNull(),
    rate: numeric('rate'),
    leaveCategoryId: integer('leave_category_id'),
    payCategoryId: integer('pay_category_id'),
    leaveRequestId: integer('leave_request_id'),
    externalId: text('external_id'),
    source: text('source').notNull(),
    shiftConditionIds: intArray('shift_condition_ids'),
    dimensionValueIds: intArray('dimension_value_ids'),
    submittedByUser: text('submitted_by_user'),
    /** The clocked shift a kiosk line was written from (its raw punches), and that shift's roster shift. */
    clockShiftId: integer('clock_shift_id').references((): AnyPgColumn => clockShifts.id, { onDelete: 'set null' }),
    rosterShiftId: integer('roster_shift_id'),
    /** Who last approved, rejected or reopened the line, and when. */
    decidedBy: text('decided_by'),
    decidedAt: instant('decided_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at'),
  },
  // The timesheet list's pages: by start then id within the business, or one employee's.
  (t) => [
    // Nulls first, as lists order them (ascending nulls first, descending last): one index serves both.
    index('timesheet_lines_business_idx').on(t.businessId, t.startUtc.asc().nullsFirst(), t.id),
    index('timesheet_lines_employee_idx').on(t.employeeId, t.startUtc.asc().nullsFirst(), t.id),
    // enforceUniqueExternalId looks a line up by its external id.
    index('timesheet_lines_external_idx').on(t.businessId, t.externalId).where(sql`external_id IS NOT NULL`),
    // A roster shift's line (the roster list's isDifferent, stub's one line per shift).
    index('timesheet_lines_roster_shift_idx').on(t.rosterShiftId).where(sql`roster_shift_id IS NOT NULL`),
    check('timesheet_lines_status_check', oneOf(t.status, TIMESHEET_STATUSES)),
  ],
);

/**
 * Project extension: a forgotten clock-off. The person said at the kiosk when
 * they finished; the clock-off itself was recorded when they said it (the raw punch), and a manager
 * accepts the stated finish (the line ends then) or rejects it. One per clock-off punch (its
 * Idempotency-Key), so a replayed queue adds nothing.
 */
export const shiftCorrections = pgTable(
  'shift_corrections',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    kioskId: integer('kiosk_id').notNull().references(() => kiosks.id),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    punchKey: text('punch_key').notNull(),
    shiftId: integer('shift_id').references(() => clockShifts.id, { onDelete: 'set null' }),
    timesheetLineId: integer('timesheet_line_id').references(() => timesheetLines.id, { onDelete: 'set null' }),
    clockOffUtc: instant('clock_off_utc').notNull(),
    statedFinishUtc: instant('stated_finish_utc').notNull(),
    /** 'roster' when the person took the rostered end the kiosk suggested, 'typed' otherwise. */
    suggestedBy: text('suggested_by', { enum: ['roster', 'typed'] }).notNull(),
    status: text('status', { enum: CORRECTION_STATUSES }).notNull(),
    receivedUtc: instant('received_utc').notNull(),
    principal: text('principal').notNull(),
    resolvedUtc: instant('resolved_utc'),
    resolvedBy: text('resolved_by'),
  },
  (t) => [
    uniqueIndex('shift_corrections_punch_key').on(t.businessId, t.kioskId, t.punchKey),
    index('shift_corrections_business_status_idx').on(t.businessId, t.status, t.id),
    index('shift_corrections_line_idx').on(t.timesheetLineId),
    check('shift_corrections_status_check', oneOf(t.status, CORRECTION_STATUSES)),
    check('shift_corrections_suggested_check', oneOf(t.suggestedBy, ['roster', 'typed'])),
  ],
);

/**
 * What a person answered at a clock-off (one row per clock-off), kept with its shift and line and
 * the version of each question's wording. `answers` is parsed on every read (AttestationAnswerModel).
 */
export const shiftAttestations = pgTable(
  'shift_attestations',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    kioskId: integer('kiosk_id').notNull().references(() => kiosks.id),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    punchKey: text('punch_key').notNull(),
    shiftId: integer('shift_id').references(() => clockShifts.id, { onDelete: 'set null' }),
    timesheetLineId: integer('timesheet_line_id').references(() => timesheetLines.id, { onDelete: 'set null' }),
    clockOffUtc: instant('clock_off_utc').notNull(),
    answers: jsonb('answers').$type<AttestationAnswerRecord[]>().notNull(),
    reportsMissedBreak: boolean('reports_missed_break').notNull(),
    receivedUtc: instant('received_utc').notNull(),
    principal: text('principal').notNull(),
  },
  (t) => [
    uniqueIndex('shift_attestations_punch_key').on(t.businessId, t.kioskId, t.punchKey),
    index('shift_attestations_business_idx').on(t.businessId, t.id),
    index('shift_attestations_line_idx').on(t.timesheetLineId),
    index('shift_attestations_shift_idx').on(t.shiftId),
  ],
);
