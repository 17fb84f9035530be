/** Roster shifts and their breaks. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { instant, createdAt } from './columns';
import { businesses } from './businesses';
import { employees } from './employees';

/**
 * Roster shifts (contract 2.8): the planned shifts. Start and end are stored as instants with the
 * zone they were written in (the business's), and emitted as wall-clock times in it.
 */
export const rosterShifts = pgTable(
  'roster_shifts',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    /** Null: an unassigned (open) shift. */
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    locationId: integer('location_id'),
    workTypeId: integer('work_type_id'),
    /** AU award classification (Au.AuRosterShiftEditModel.classificationId); one of the business's classifications. */
    classificationId: integer('classification_id'),
    /** RosterShiftRole as given (the contract has no roles resource); role_id is its id, for filtering. */
    roleId: integer('role_id'),
    role: jsonb('role'),
    qualifications: jsonb('qualifications').notNull().default(sql`'[]'::jsonb`),
    ianaTimeZone: text('iana_time_zone').notNull(),
    startUtc: instant('start_utc').notNull(),
    endUtc: instant('end_utc').notNull(),
    notes: text('notes'),
    token: text('token').notNull(),
    published: boolean('published').notNull().default(false),
    datePublished: instant('date_published'),
    accepted: boolean('accepted').notNull().default(false),
    biddable: boolean('biddable').notNull().default(false),
    shiftSwapCutoffTime: instant('shift_swap_cutoff_time'),
    shiftAssignmentStatus: text('shift_assignment_status'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at'),
  },
  (t) => [
    // The roster's windows: by start within the business, or one employee's (matching, nearby).
    index('roster_shifts_business_start_idx').on(t.businessId, t.startUtc, t.id),
    index('roster_shifts_employee_start_idx').on(t.employeeId, t.startUtc, t.id),
    check('roster_shifts_order_check', sql`${t.endUtc} > ${t.startUtc}`),
  ],
);

export const rosterShiftBreaks = pgTable(
  'roster_shift_breaks',
  {
    id: serial('id').primaryKey(),
    rosterShiftId: integer('roster_shift_id').notNull().references(() => rosterShifts.id, { onDelete: 'cascade' }),
    startUtc: instant('start_utc').notNull(),
    endUtc: instant('end_utc').notNull(),
    isPaidBreak: boolean('is_paid_break').notNull().default(false),
  },
  (t) => [index('roster_shift_breaks_shift_idx').on(t.rosterShiftId, t.startUtc)],
);
