/**
 * Employees and their attendance: the employee row holds its current state and shift (a foreign key
 * to clock_shifts), so shifts, their breaks and the punch audit are declared beside it; and
 * employee groups.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ATTENDANCE_STATUSES, PUNCH_KINDS, SHIFT_STATUSES } from '../../../domain/attendance';
import { instant, createdAt, intArray, oneOf } from './columns';
import { businesses } from './businesses';
import { kiosks } from './kiosks';

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
     * Work types and shift conditions set up against the employee (what a clock-on offers
     * them; services/punches/clockOnChoices.ts). Project extension: the contract has no such field.
     */
    workTypeIds: intArray('work_type_ids'),
    isKioskEnabled: boolean('is_kiosk_enabled').notNull().default(false),
    pinHash: text('pin_hash'),
    pinFailedAttempts: integer('pin_failed_attempts').notNull().default(0),
    pinLockedUntil: instant('pin_locked_until'),
    /**
     * Who locked the PIN (`device:<id>`, `user:<id>`): the wrong PIN that set pin_locked_until came
     * through them. Counts the people one device has locked at once (PIN_LOCKOUTS_PER_DEVICE).
     */
    pinLockedBy: text('pin_locked_by'),
    pinExpired: boolean('pin_expired').notNull().default(false),
    /** Exempt from punch photos: their punches are made without one, even where a kiosk requires it. */
    photoExempt: boolean('photo_exempt').notNull().default(false),
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

/** A clocked (time-and-attendance) shift: open while `endUtc` is null and status is 'open'. */
export const clockShifts = pgTable(
  'clock_shifts',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    /** The kiosk it was clocked at; null for a shift clocked through employee self-service. */
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
    /** The roster shift this shift was matched to at clock-on; kept if the roster shift is deleted. */
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
    /** Null for a punch made through employee self-service. */
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
    /** Made without a photo because the person is exempt from punch photos. */
    photoExempt: boolean('photo_exempt').notNull().default(false),
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
