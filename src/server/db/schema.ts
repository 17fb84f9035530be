/**
 * The service's tables (Drizzle). Portable SQL only: the same migrations run on PGlite (PostgreSQL
 * 18 in WASM) and on a real PostgreSQL 15 server. Instants are timestamptz; JSON documents that
 * the contract models as nested objects are jsonb, parsed with zod when read back.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { ATTENDANCE_STATUSES, PUNCH_KINDS, SHIFT_STATUSES } from '../../domain/attendance';
import { CLAIM_OUTCOMES, CLAIM_REASONS, CLAIM_STATUSES, CLAIMABLE_PUNCH_KINDS } from '../../domain/identityClaims';
import { CORRECTION_STATUSES, TIMESHEET_STATUSES } from '../../domain/timesheets';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => instant('created_at').notNull().defaultNow();
const intArray = (name: string) => integer(name).array().notNull().default(sql`'{}'::integer[]`);
/**
 * A CHECK that the column holds one of the domain's values: the database says which states exist,
 * from the same list the code uses (the values are identifiers, so they are inlined as literals).
 */
const oneOf = (column: PgColumn, values: readonly string[]): SQL =>
  sql`${column} IN (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`;
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const businesses = pgTable('businesses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  externalId: text('external_id'),
  ianaTimeZone: text('iana_time_zone').notNull(),
  smsNotificationsEnabled: boolean('sms_notifications_enabled').notNull().default(false),
  /** ISO 3166-1 alpha-2; selects the regional models (domain/regions.ts: AU, NZ, SG, MY; else UK). */
  country: text('country').notNull().default('GB'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/**
 * The password lockout, per submitted e-mail address whether or not a user has it (so sign-in
 * answers alike for known and unknown addresses). Keyed by a digest, not the address itself.
 */
export const signInLockouts = pgTable('sign_in_lockouts', {
  addressDigest: text('address_digest').primaryKey(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: instant('locked_until'),
  updatedAt: instant('updated_at').notNull(),
});

/** Counters of rate-limiter-flexible (RateLimiterDrizzle): request budgets per caller and per client address. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: instant('expire'),
});

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
    /** Set on an invitation to employee self-service (issue 11): accepting links the user to this employee. */
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_user_idx').on(t.userId), index('invitations_business_idx').on(t.businessId)],
);

/**
 * A change of a user's e-mail address, waiting for the new address to confirm it (a one-time token
 * sent there), so a re-address answers alike whether or not the address is taken.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull().unique(),
  label: text('label').notNull(),
  revokedAt: instant('revoked_at'),
  createdAt: createdAt(),
});

export const oauthTokens = pgTable('oauth_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  accessHash: text('access_hash').notNull().unique(),
  refreshHash: text('refresh_hash').notNull().unique(),
  accessExpiresAt: instant('access_expires_at').notNull(),
  refreshExpiresAt: instant('refresh_expires_at').notNull(),
  revokedAt: instant('revoked_at'),
  /**
   * Issued for a manager PIN at a paired tablet (project extension): renewals keep the pair's
   * refresh expiry, so the session ends a fixed time after the PIN, and the PIN cannot be changed
   * with it (a password sign-in can).
   */
  viaManagerPin: boolean('via_manager_pin').notNull().default(false),
  createdAt: createdAt(),
});

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    externalId: text('external_id'),
    externalAccountingLocationId: text('external_accounting_location_id'),
    source: text('source'),
    isGlobal: boolean('is_global').notNull().default(false),
    isRollupReportingLocation: boolean('is_rollup_reporting_location').notNull().default(false),
    generalLedgerMappingCode: text('general_ledger_mapping_code'),
    defaultShiftConditionIds: intArray('default_shift_condition_ids'),
    state: text('state'),
    /** Au.AuLocationModel's `country`, answered back to an AU business only (services/referenceData/locationList.ts). */
    country: text('country'),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('locations_business_idx').on(t.businessId)],
);

export const workTypes = pgTable(
  'work_types',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    payCategoryId: integer('pay_category_id'),
    leaveCategoryId: integer('leave_category_id'),
    externalId: text('external_id'),
    source: text('source'),
    accruesLeave: boolean('accrues_leave').notNull().default(false),
    mappingType: text('mapping_type'),
    shortCode: text('short_code'),
    employmentTypes: text('employment_types').array().notNull().default(sql`'{}'::text[]`),
    /** A regional body's own fields (AU award package, NZ applyingPieceRate), answered back to that region only (services/referenceData/workTypes.ts). */
    regionalFields: jsonb('regional_fields').$type<Record<string, unknown>>().notNull().default({}),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('work_types_business_idx').on(t.businessId)],
);

/**
 * Award classifications of an AU business (Au.ClassificationLookupModel: id, description), offered
 * at clock-on and recorded on the shift (clock_shifts.classification_id). Soft-deleted: past
 * shifts still name them.
 */
export const classifications = pgTable(
  'classifications',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('classifications_business_idx').on(t.businessId, t.id)],
);

/**
 * Reporting dimensions (e.g. "Department") and their values, per business: the contract reads them
 * only through lookupdata and shifts, so the project extension `B/reportingdimension` manages them
 * (services/referenceData/reportingDimensions.ts; issue 13). Removed ones are kept (soft delete): shifts name them.
 */
export const reportingDimensions = pgTable(
  'reporting_dimensions',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('reporting_dimensions_business_idx').on(t.businessId, t.id)],
);

export const reportingDimensionValues = pgTable(
  'reporting_dimension_values',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    reportingDimensionId: integer('reporting_dimension_id').notNull().references(() => reportingDimensions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('reporting_dimension_values_business_idx').on(t.businessId, t.id)],
);

export const employeeGroups = pgTable(
  'employee_groups',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filterCombinationStrategy: text('filter_combination_strategy').notNull(),
    filters: jsonb('filters').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('employee_groups_business_idx').on(t.businessId)],
);

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

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    email: text('email'),
    mobilePhone: text('mobile_phone'),
    externalId: text('external_id'),
    startDate: instant('start_date'),
    endDate: instant('end_date'),
    profileImageUrl: text('profile_image_url'),
    /** The remaining EmployeeDetailsModel fields (title, addresses, phones...). */
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    locationIds: intArray('location_ids'),
    /**
     * Work types and shift conditions set up against the employee (issue 13: what a clock-on offers
     * them; services/punches/clockOnChoices.ts). Project extension: the contract has no such field.
     */
    workTypeIds: intArray('work_type_ids'),
    isKioskEnabled: boolean('is_kiosk_enabled').notNull().default(false),
    pinHash: text('pin_hash'),
    pinFailedAttempts: integer('pin_failed_attempts').notNull().default(0),
    pinLockedUntil: instant('pin_locked_until'),
    pinExpired: boolean('pin_expired').notNull().default(false),
    /**
     * The one-time code a PIN reset sent (scrypt hash): it leads to choosing a new PIN until used or
     * expired, and leaves the current PIN as it is (services/pins/pins.ts). Kept after use, with
     * pinResetUsedAt, so a used code is refused as used rather than as a wrong PIN.
     */
    pinResetHash: text('pin_reset_hash'),
    pinResetExpiresAt: instant('pin_reset_expires_at'),
    pinResetUsedAt: instant('pin_reset_used_at'),
    /** Time-and-attendance state, changed only through the domain state machine. */
    attendanceStatus: text('attendance_status', { enum: ATTENDANCE_STATUSES }).notNull().default('NotClockedOn'),
    /** The open shift. clock_shifts refers back to employees, hence the annotated reference. */
    currentShiftId: integer('current_shift_id').references((): AnyPgColumn => clockShifts.id, { onDelete: 'set null' }),
    clockOnTimeUtc: instant('clock_on_time_utc'),
    breakStartTimeUtc: instant('break_start_time_utc'),
    lastPunchTimeUtc: instant('last_punch_time_utc'),
    createdAt: createdAt(),
  },
  (t) => [
    // The directory's pages, by id within the business.
    index('employees_business_idx').on(t.businessId, t.id),
    check('employees_attendance_status_check', oneOf(t.attendanceStatus, ATTENDANCE_STATUSES)),
  ],
);

/** A clocked (time-and-attendance) shift: open while `endUtc` is null and status is 'open'. */
export const clockShifts = pgTable(
  'clock_shifts',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    /** The kiosk it was clocked at; null for a shift clocked through employee self-service (issue 11). */
    kioskId: integer('kiosk_id').references(() => kiosks.id),
    locationId: integer('location_id'),
    workTypeId: integer('work_type_id'),
    classificationId: integer('classification_id'),
    shiftConditionIds: intArray('shift_condition_ids'),
    dimensionValueIds: intArray('dimension_value_ids'),
    ianaTimeZone: text('iana_time_zone').notNull(),
    startUtc: instant('start_utc').notNull(),
    endUtc: instant('end_utc'),
    status: text('status', { enum: SHIFT_STATUSES }).notNull(),
    timesheetLineId: integer('timesheet_line_id'),
    /** The roster shift this shift was matched to at clock-on (issue 10); kept if the roster shift is deleted. */
    rosterShiftId: integer('roster_shift_id'),
    createdAt: createdAt(),
  },
  // The shift search reads the newest shifts of a window from one of these, by start then id.
  (t) => [
    index('clock_shifts_business_start_idx').on(t.businessId, t.startUtc, t.id),
    index('clock_shifts_employee_idx').on(t.employeeId, t.startUtc, t.id),
    index('clock_shifts_kiosk_start_idx').on(t.kioskId, t.startUtc, t.id),
    // Shifts still open, however long ago they began.
    index('clock_shifts_open_idx').on(t.businessId, t.startUtc).where(sql`end_utc IS NULL`),
    check('clock_shifts_status_check', oneOf(t.status, SHIFT_STATUSES)),
  ],
);

export const shiftBreaks = pgTable(
  'shift_breaks',
  {
    id: serial('id').primaryKey(),
    shiftId: integer('shift_id').notNull().references(() => clockShifts.id, { onDelete: 'cascade' }),
    startUtc: instant('start_utc').notNull(),
    endUtc: instant('end_utc'),
    isPaidBreak: boolean('is_paid_break').notNull().default(false),
  },
  (t) => [index('shift_breaks_shift_idx').on(t.shiftId)],
);

/** Every accepted punch as received: the audit trail of what each device sent and when. */
export const punches = pgTable(
  'punches',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    shiftId: integer('shift_id').references(() => clockShifts.id, { onDelete: 'cascade' }),
    /** Null for a punch made through employee self-service (issue 11). */
    kioskId: integer('kiosk_id'),
    kind: text('kind', { enum: PUNCH_KINDS }).notNull(),
    timeOfRecordUtc: instant('time_of_record_utc').notNull(),
    recordedTimeUtc: instant('recorded_time_utc'),
    receivedUtc: instant('received_utc').notNull(),
    utcOffset: text('utc_offset'),
    latitude: numeric('latitude'),
    longitude: numeric('longitude'),
    ipAddress: text('ip_address'),
    isAdminInitiated: boolean('is_admin_initiated').notNull().default(false),
    photoId: integer('photo_id'),
    principal: text('principal').notNull(),
  },
  // The audit trail's pages: oldest first within the business, an employee or a kiosk.
  (t) => [
    index('punches_business_time_idx').on(t.businessId, t.timeOfRecordUtc, t.id),
    index('punches_employee_idx').on(t.employeeId, t.timeOfRecordUtc, t.id),
    index('punches_kiosk_time_idx').on(t.kioskId, t.timeOfRecordUtc, t.id),
    check('punches_kind_check', oneOf(t.kind, PUNCH_KINDS)),
  ],
);

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

export const punchPhotos = pgTable('punch_photos', {
  id: serial('id').primaryKey(),
  businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

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
    /** The clocked shift a kiosk line was written from (its raw punches), and that shift's roster shift (issue 10). */
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

/**
 * Project extension (issue 10, part 4): a forgotten clock-off. The person said at the kiosk when
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

/** Per-business settings documents (employee portal, timesheet settings), kept as the model. */
export const businessSettings = pgTable(
  'business_settings',
  {
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    model: jsonb('model').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.kind] })],
);

/** Messages the service sends (PIN resets, invitations); the SMTP transport drains it. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id'),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentAt: instant('sent_at'),
    /** Delivery attempts so far, and when the next may start (backoff after a failure). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    /** A delivery run holds the row until this instant (a lease, so a stalled run cannot block it forever). */
    claimedUntil: instant('claimed_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_unsent_idx').on(t.channel, t.createdAt, t.id).where(sql`sent_at IS NULL`)],
);

/** Stored first responses of mutating requests that carried an Idempotency-Key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** Null only inside the transaction that is still producing the first response. */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseContentType: text('response_content_type'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_scope_key').on(t.scope, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * The service's own key pairs. `pin-seal`: kiosks encrypt an offline PIN change with the public
 * key, so the queued request holds no PIN the device could read back.
 */
export const serviceKeys = pgTable('service_keys', {
  id: text('id').primaryKey(),
  purpose: text('purpose').notNull(),
  publicKeySpki: text('public_key_spki').notNull(),
  privateKeyPkcs8: text('private_key_pkcs8').notNull(),
  createdAt: createdAt(),
});

/**
 * Project extension (issue 9, part 2): a kiosk's preferences for its tablets. No row: the defaults
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
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    check('kiosk_preferences_unverified_check', oneOf(t.unverifiedOfflinePunches, ['off', 'flagged'])),
    check('kiosk_preferences_theme_check', oneOf(t.theme, ['system', 'light', 'dark'])),
  ],
);

/**
 * Project extension (issue 9, part 2): the identity claim that follows an unverified offline punch,
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

/**
 * Employee self-service sign-in (issue 11): a user who may act, through `/api/v2/ess/{employeeId}`,
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

/**
 * Web hook registrations (contract 2.11, the `WebHook` model), owned by the user who registered
 * them in one business. `id` is the caller's string id, kept exactly as given; `secret_sealed` is
 * the signing secret sealed with a service key (it must be recoverable to sign deliveries).
 */
export const webhookRegistrations = pgTable(
  'webhook_registrations',
  {
    pk: serial('pk').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    webHookUri: text('web_hook_uri').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    description: text('description'),
    isPaused: boolean('is_paused').notNull().default(false),
    /** Canonical filter names (domain/webhooks.ts); `["*"]` for every event. */
    filters: jsonb('filters').$type<string[]>().notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_registrations_owner_id_key').on(t.businessId, t.userId, t.id),
    index('webhook_registrations_business_idx').on(t.businessId),
  ],
);

/**
 * Events raised for web hooks, written in the same transaction as the change that caused them
 * (a transactional outbox): an event exists if and only if its change committed.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    /** The notification's data members (the envelope adds `Action`). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: instant('occurred_at').notNull(),
  },
  (t) => [index('webhook_events_business_idx').on(t.businessId, t.id)],
);

/**
 * One event to one registration: delivered at least once, in id order per registration, retried
 * with backoff (domain/webhooks.ts nextAttemptAfter); held while the registration is paused.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    registrationPk: integer('registration_pk')
      .notNull()
      .references(() => webhookRegistrations.pk, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    /** The envelope's `Id`, the same on every attempt. */
    deliveryKey: text('delivery_key').notNull().default(sql`md5(random()::text || clock_timestamp()::text)`),
    attempts: integer('attempts').notNull().default(0),
    firstAttemptAt: instant('first_attempt_at'),
    nextAttemptAt: instant('next_attempt_at'),
    claimedUntil: instant('claimed_until'),
    deliveredAt: instant('delivered_at'),
    gaveUpAt: instant('gave_up_at'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    // The head of each registration's queue: its oldest delivery still pending.
    index('webhook_deliveries_pending_idx')
      .on(t.registrationPk, t.id)
      .where(sql`delivered_at IS NULL AND gave_up_at IS NULL`),
    index('webhook_deliveries_event_idx').on(t.eventId),
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
