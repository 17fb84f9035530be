/**
 * Who may act in a business: access grants, invitations to it, and self-service links to one
 * employee.
 */
import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant, createdAt } from './columns';
import { businesses } from './businesses';
import { employees } from './employees';
import { users } from './users';

/** A user's access to one business (BusinessAccessModel); the full model is kept in `model`. */
export const businessAccess = pgTable(
  'business_access',
  {
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    accessType: text('access_type').notNull(),
    model: jsonb('model').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.userId] }),
    // The businesses a user can reach (GET /api/v2/business).
    index('business_access_user_idx').on(t.userId),
  ],
);

/**
 * Invitations to a business: one-time tokens e-mailed to the invitee. Access (`model`, a
 * BusinessAccessModel) starts only when they accept; a new user accepts by choosing a password.
 * Rows without a business are account activations from before invitations named one.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    businessId: integer('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    model: jsonb('model'),
    /** Set on an invitation to employee self-service: accepting links the user to this employee. */
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_user_idx').on(t.userId), index('invitations_business_idx').on(t.businessId)],
);

/**
 * Employee self-service sign-in: a user who may act, through `/api/v2/ess/{employeeId}`,
 * as exactly this employee and no one else. Created when the user accepts a self-service invitation.
 */
export const selfServiceLinks = pgTable(
  'self_service_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('self_service_links_user_employee_key').on(t.userId, t.employeeId),
    index('self_service_links_employee_idx').on(t.employeeId),
  ],
);
