/** PIN records beside the employee's own: wrong PINs reported by offline kiosks, and managers' PINs. */
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { businesses } from './businesses';
import { employees } from './employees';
import { users } from './users';

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

/**
 * A manager's PIN for opening manager mode on the business's paired tablets (a project extension),
 * per user and business: its scrypt hash and its own wrong-PIN lockout (the employee PIN's policy).
 */
export const managerPins = pgTable(
  'manager_pins',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    pinHash: text('pin_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: instant('locked_until'),
    setAt: instant('set_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.businessId] }), index('manager_pins_business_idx').on(t.businessId)],
);
