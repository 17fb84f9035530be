/** Kiosks, the tablets enrolled to them, and their preferences. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { instant, createdAt, oneOf } from './columns';
import { businesses } from './businesses';
import { users } from './users';

export const kiosks = pgTable(
  'kiosks',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    locationId: integer('location_id'),
    name: text('name').notNull(),
    timeZone: text('time_zone'),
    ianaTimeZone: text('iana_time_zone').notNull(),
    allowHigherClassificationSelection: boolean('allow_higher_classification_selection').notNull().default(false),
    branding: jsonb('branding'),
    isLocationRequired: boolean('is_location_required').notNull().default(false),
    isWorkTypeRequired: boolean('is_work_type_required').notNull().default(false),
    restrictLocationsForEmployees: boolean('restrict_locations_for_employees').notNull().default(false),
    allowEmployeeShiftSelection: boolean('allow_employee_shift_selection'),
    clockOnWindowMinutes: integer('clock_on_window_minutes'),
    clockOffWindowMinutes: integer('clock_off_window_minutes'),
    isPhotoRequired: boolean('is_photo_required'),
    canAddEmployees: boolean('can_add_employees').notNull().default(false),
    availableToAllRestrictedUsersWithKioskAccess: boolean('available_to_all_restricted_users_with_kiosk_access')
      .notNull()
      .default(false),
    paidBreaksEnabled: boolean('paid_breaks_enabled').notNull().default(false),
    timesheetDimensionsEnabled: boolean('timesheet_dimensions_enabled').notNull().default(false),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('kiosks_business_idx').on(t.businessId)],
);

/** A tablet enrolled to one kiosk; its bearer token can call only that kiosk's routes. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    kioskId: integer('kiosk_id').notNull().references(() => kiosks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    enrolledByUserId: integer('enrolled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lastSeenAt: instant('last_seen_at'),
    /** When the device's most recent gap in contact began (its last contact before it): the start of its offline period. */
    offlineFrom: instant('offline_from'),
    /** The device's latest health report (DeviceHealthReportModel, parsed when read back) and when the service received it. */
    health: jsonb('health'),
    healthReceivedAt: instant('health_received_at'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('devices_kiosk_idx').on(t.kioskId)],
);

/**
 * Project extension: a kiosk's preferences for its tablets. No row: the defaults
 * (`DEFAULT_KIOSK_PREFERENCES`).
 */
export const kioskPreferences = pgTable(
  'kiosk_preferences',
  {
    kioskId: integer('kiosk_id').primaryKey().references(() => kiosks.id, { onDelete: 'cascade' }),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    unverifiedOfflinePunches: text('unverified_offline_punches', { enum: ['off', 'flagged'] }).notNull(),
    sounds: boolean('sounds').notNull(),
    locale: text('locale'),
    theme: text('theme', { enum: ['system', 'light', 'dark'] }).notNull(),
    idleScreenSeconds: integer('idle_screen_seconds').notNull().default(60),
    stepTimeoutSeconds: integer('step_timeout_seconds').notNull().default(30),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    check('kiosk_preferences_unverified_check', oneOf(t.unverifiedOfflinePunches, ['off', 'flagged'])),
    check('kiosk_preferences_theme_check', oneOf(t.theme, ['system', 'light', 'dark'])),
    check('kiosk_preferences_idle_screen_check', sql`${t.idleScreenSeconds} = 0 or ${t.idleScreenSeconds} between 10 and 3600`),
    check('kiosk_preferences_step_timeout_check', sql`${t.stepTimeoutSeconds} between 10 and 600`),
  ],
);
