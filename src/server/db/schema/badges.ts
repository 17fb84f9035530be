/**
 * Badges (a project extension): per person at most one badge in use, kept as two digests of its
 * token (the service's lookup key and the tablets' offline verifier), never the token; the
 * business's and each kiosk's badge mode; and the unknown-badge count per device, the device's
 * own lockout for scans no badge matches (a wrong PIN has a person to count against, an unknown
 * badge only the device that sent it).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { BADGE_MODES } from '../../../domain/badges';
import { instant, oneOf } from './columns';
import { businesses } from './businesses';
import { employees } from './employees';
import { kiosks } from './kiosks';

export const badges = pgTable(
  'badges',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the lookup context and the token: how a scan finds its badge. */
    tokenHash: text('token_hash').notNull(),
    /** Base64url SHA-256 of the verifier context and the token: what tablets compare offline. */
    verifier: text('verifier').notNull(),
    issuedAt: instant('issued_at').notNull(),
    /** `user:<id>` of the manager who issued it. */
    issuedBy: text('issued_by').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    uniqueIndex('badges_token_hash_key').on(t.tokenHash),
    // One badge in use per person: reissuing revokes the old one first.
    uniqueIndex('badges_in_use_key').on(t.employeeId).where(sql`${t.revokedAt} IS NULL`),
    index('badges_business_idx').on(t.businessId, t.employeeId),
  ],
);

export const businessBadgeSettings = pgTable(
  'business_badge_settings',
  {
    businessId: integer('business_id').primaryKey().references(() => businesses.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: BADGE_MODES }).notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [check('business_badge_settings_mode_check', oneOf(t.mode, BADGE_MODES))],
);

export const kioskBadgeSettings = pgTable(
  'kiosk_badge_settings',
  {
    kioskId: integer('kiosk_id').primaryKey().references(() => kiosks.id, { onDelete: 'cascade' }),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    /** Null: the business's mode. */
    mode: text('mode', { enum: BADGE_MODES }),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [check('kiosk_badge_settings_mode_check', sql`${t.mode} IS NULL OR ${oneOf(t.mode, BADGE_MODES)}`)],
);

/** Unknown badges in a row per caller (`device:<id>`), under the PIN lockout's policy. */
export const badgeFailures = pgTable('badge_failures', {
  source: text('source').primaryKey(),
  businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: instant('locked_until'),
});
