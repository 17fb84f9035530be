/**
 * What is kept beside a shift or punch: notes, punch photos and the identity claims of unverified
 * offline punches.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CLAIM_OUTCOMES, CLAIM_REASONS, CLAIM_STATUSES, CLAIMABLE_PUNCH_KINDS } from '../../../domain/identityClaims';
import { instant, createdAt, oneOf, bytea } from './columns';
import { businesses } from './businesses';
import { clockShifts, employees, punches } from './employees';
import { kiosks } from './kiosks';

export const shiftNotes = pgTable(
  'shift_notes',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    shiftId: integer('shift_id').notNull().references(() => clockShifts.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    visibility: text('visibility').notNull(),
    note: text('note').notNull(),
    createdByAdmin: boolean('created_by_admin').notNull().default(false),
    isRead: boolean('is_read').notNull().default(false),
    readByEmployeeId: integer('read_by_employee_id'),
    createdAt: createdAt(),
  },
  (t) => [index('shift_notes_shift_idx').on(t.shiftId, t.createdAt, t.id)],
);

/** Punch photos; `createdAt` is when the service stored it (on its clock), which retention counts from. */
export const punchPhotos = pgTable(
  'punch_photos',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  // The retention job's scan: a business's photos, oldest first.
  (t) => [index('punch_photos_business_created_idx').on(t.businessId, t.createdAt)],
);

/**
 * Project extension: the identity claim that follows an unverified offline punch,
 * what the service concluded from its sealed PIN, and a manager's decision. One per punch (its
 * Idempotency-Key); the PIN itself is never stored.
 */
export const identityClaims = pgTable(
  'identity_claims',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    kioskId: integer('kiosk_id').notNull().references(() => kiosks.id),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    punchKey: text('punch_key').notNull(),
    punchKind: text('punch_kind', { enum: CLAIMABLE_PUNCH_KINDS }).notNull(),
    punchId: integer('punch_id').references(() => punches.id, { onDelete: 'set null' }),
    shiftId: integer('shift_id').references(() => clockShifts.id, { onDelete: 'set null' }),
    timeOfRecordUtc: instant('time_of_record_utc').notNull(),
    receivedUtc: instant('received_utc').notNull(),
    principal: text('principal').notNull(),
    outcome: text('outcome', { enum: CLAIM_OUTCOMES }).notNull(),
    reason: text('reason', { enum: CLAIM_REASONS }),
    status: text('status', { enum: CLAIM_STATUSES }).notNull(),
    resolvedUtc: instant('resolved_utc'),
    resolvedBy: text('resolved_by'),
  },
  (t) => [
    uniqueIndex('identity_claims_punch_key').on(t.businessId, t.kioskId, t.punchKey),
    index('identity_claims_kiosk_status_idx').on(t.kioskId, t.status, t.id),
    check('identity_claims_outcome_check', oneOf(t.outcome, CLAIM_OUTCOMES)),
    check('identity_claims_reason_check', sql`${t.reason} IS NULL OR ${oneOf(t.reason, CLAIM_REASONS)}`),
    check('identity_claims_status_check', oneOf(t.status, CLAIM_STATUSES)),
    check('identity_claims_kind_check', oneOf(t.punchKind, CLAIMABLE_PUNCH_KINDS)),
  ],
);
