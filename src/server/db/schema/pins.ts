/** Wrong PINs reported by offline kiosks and applied to the lockout. */
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { businesses } from './businesses';
import { employees } from './employees';

/**
 * Wrong PINs reported by offline kiosks (`pinfailures`) that were applied: one per employee and
 * instant (a repeated report changes nothing), counted per reporter to bound how many one device
 * may report per hour.
 */
export const pinFailureReports = pgTable(
  'pin_failure_reports',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    /** `device:<id>` or `user:<id>`. */
    reporter: text('reporter').notNull(),
    attemptedAt: instant('attempted_at').notNull(),
    receivedAt: instant('received_at').notNull(),
  },
  (t) => [
    uniqueIndex('pin_failure_reports_attempt_key').on(t.employeeId, t.attemptedAt),
    index('pin_failure_reports_reporter_idx').on(t.reporter, t.attemptedAt),
  ],
);
