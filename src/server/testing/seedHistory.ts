/**
 * A business with a history, written straight in SQL with generate_series (seconds for a million
 * shifts): locations in a two-level tree, work types and shift conditions, kiosks, employee groups,
 * employees (a few of them left, a few clocked on now), and completed clocked shifts spread over
 * the past days, each with its timesheet line, its clock-on and clock-off punches, a break when it
 * is long enough, and now and then a note. Shared by the history test and `npm run bench`; the
 * same rows on PGlite and PostgreSQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/openDatabase';
import { withTransaction } from '../db/transactions';

export interface HistoryOptions {
  businessId: number;
  employees: number;
  /** Completed shifts; each has a timesheet line (so as many lines). */
  shifts: number;
  /** The shifts are spread over this many days before `now` (the last one ends before today). */
  days: number;
  kiosks: number;
  now: Date;
  /** Stored as every employee's PIN digest (hash one PIN once; scrypt is slow). */
  pinHash: string;
  ianaTimeZone: string;
  /**
   * Kiosks stand at the sites in turn (default) and list only their site's staff; false puts them at
   * no location, so each lists and takes everyone (the bench's heaviest staff list, and any employee
   * may punch at any kiosk).
   */
  kiosksAtSites?: boolean;
}

export interface SeededHistory {
  kioskIds: number[];
  locationIds: number[];
  workTypeIds: number[];
  shiftConditionIds: number[];
  /** Every employee, by id. */
  employeeIds: number[];
  /** Employees with a shift open now (clocked on a couple of hours ago). */
  clockedOnIds: number[];
}

const FIRST_NAMES = ['Ada', 'Ben', 'Chloe', 'Dev', 'Emma', 'Farid', 'Grace', 'Hiro', 'Isla', 'Jon', 'Kai', 'Lena', 'Mo', 'Nia', 'Omar', 'Pia'];
const ROOTS = ['North', 'South', 'East'];
const SITES = ['Depot', 'Store', 'Office'];
const WORK_TYPES = ['Ordinary', 'Overtime', 'Training', 'Cleaning', 'Driving', 'Picking', 'Packing', 'Admin'];
const CONDITIONS = ['Night', 'Cold store', 'Weekend'];

const IdRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });

async function ids(db: Database, query: SQL): Promise<number[]> {
  return IdRows.parse(await db.execute(query)).rows.map((row) => row.id);
}

/**
 * Writes the history into `options.businessId` (which must exist and be empty), in one
 * transaction that skips the foreign-key triggers (the rows are consistent by construction, and
 * checking a million references one by one would take most of the time).
 */
export async function seedHistory(db: Database, options: HistoryOptions): Promise<SeededHistory> {
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    return writeHistory(tx, options);
  });
}

async function writeHistory(db: Database, options: HistoryOptions): Promise<SeededHistory> {
  const { businessId: b, now } = options;
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
  const zone = options.ianaTimeZone;

  const rootIds = await ids(
    db,
    sql`INSERT INTO locations (business_id, name, is_global) SELECT ${b}::integer, name, true FROM unnest(${sql.raw(textArray(ROOTS))}) AS name RETURNING id`,
  );
  const siteIds = await ids(
    db,
    sql`INSERT INTO locations (business_id, parent_id, name)
        SELECT ${b}::integer, r.id, s.name FROM unnest(${sql.raw(intArray(rootIds))}) AS r(id) CROSS JOIN unnest(${sql.raw(textArray(SITES))}) AS s(name)
        RETURNING id`,
  );
  const workTypeIds = await ids(
    db,
    sql`INSERT INTO work_types (business_id, name, short_code) SELECT ${b}::integer, name, upper(left(name, 3)) FROM unnest(${sql.raw(textArray(WORK_TYPES))}) AS name RETURNING id`,
  );
  const shiftConditionIds = await ids(
    db,
    sql`INSERT INTO work_types (business_id, name, mapping_type) SELECT ${b}::integer, name, 'ShiftCondition' FROM unnest(${sql.raw(textArray(CONDITIONS))}) AS name RETURNING id`,
  );
  const kioskIds = await ids(
    db,
    sql`INSERT INTO kiosks (business_id, name, iana_time_zone, time_zone, location_id, can_add_employees)
        SELECT ${b}::integer, 'Kiosk ' || g, ${zone}::text, ${zone}::text, ${options.kiosksAtSites === false ? sql`null::integer` : sql`(${sql.raw(intArray(siteIds))})[1 + (g - 1) % ${siteIds.length}::integer]`}, true
        FROM generate_series(1, ${options.kiosks}::integer) g RETURNING id`,
  );
  await db.execute(sql`INSERT INTO employee_groups (business_id, name, filter_combination_strategy, filters)
    SELECT ${b}::integer, 'Site ' || s.id, 'Or', jsonb_build_array(jsonb_build_object('filterType', 'LocationOrParents', 'operator', 'In', 'value', s.id::text))
    FROM unnest(${sql.raw(intArray(rootIds))}) AS s(id)`);

  // Employees: one in 40 has left, everyone can use kiosks and works at one site.
  const employeeIds = await ids(
    db,
    sql`INSERT INTO employees (business_id, first_name, surname, email, mobile_phone, external_id, start_date, end_date,
          details, location_ids, is_kiosk_enabled, pin_hash)
        SELECT ${b}::integer, (${sql.raw(textArray(FIRST_NAMES))})[1 + g % ${FIRST_NAMES.length}::integer], 'History' || lpad(g::text, 6, '0'),
          'staff' || g || '-' || ${b}::integer || '@example.test', '+44 7700 ' || lpad((g % 1000000)::text, 6, '0'), 'EXT-' || g,
          ${today}::timestamptz - interval '800 days', CASE WHEN g % 40 = 0 THEN ${today}::timestamptz - interval '3 days' END,
          jsonb_build_object('title', CASE WHEN g % 2 = 0 THEN 'Ms' ELSE 'Mr' END, 'residentialState', 'QLD',
            'dateOfBirth', to_char(timestamp '1970-01-01' + (g % 15000) * interval '1 day', 'YYYY-MM-DD"T"00:00:00.000"Z"')),
          ARRAY[(${sql.raw(intArray(siteIds))})[1 + g % ${siteIds.length}::integer]], true, ${options.pinHash}::text
        FROM generate_series(1, ${options.employees}::integer) g ORDER BY g RETURNING id`,
  );
  employeeIds.sort((x, y) => x - y);

  // Completed shifts and their timesheet lines: shift i belongs to employee i mod E and starts
  // between 06:00 and 13:00 (UTC) on a day before today, spread evenly, older as i grows.
  await db.execute(sql`
    WITH staff AS (
      SELECT id, (row_number() OVER (ORDER BY id) - 1)::integer AS n FROM employees WHERE business_id = ${b}::integer
    ), src AS (
      SELECT g, staff.id AS employee_id,
        ${today}::timestamptz
          - (1 + floor(g * ${options.days}::numeric / ${options.shifts}::integer))::integer * interval '1 day'
          + (6 + g % 8) * interval '1 hour' AS start_utc,
        (4 + g % 7) * interval '1 hour' + (g % 60) * interval '1 minute' AS length
      FROM generate_series(0, ${options.shifts - 1}::integer) g JOIN staff ON staff.n = g % ${options.employees}::integer
    ), shaped AS (
      SELECT src.*, src.start_utc + src.length AS end_utc,
        (${sql.raw(intArray(kioskIds))})[1 + g % ${kioskIds.length}::integer] AS kiosk_id,
        (${sql.raw(intArray(siteIds))})[1 + g % ${siteIds.length}::integer] AS location_id,
        (${sql.raw(intArray(workTypeIds))})[1 + g % ${workTypeIds.length}::integer] AS work_type_id,
        CASE WHEN g % 5 = 0 THEN ARRAY[(${sql.raw(intArray(shiftConditionIds))})[1 + g % ${shiftConditionIds.length}::integer]] ELSE '{}'::integer[] END AS conditions,
        src.length >= interval '6 hours' AS has_break
      FROM src
    ), lines AS (
      INSERT INTO timesheet_lines (business_id, employee_id, start_utc, end_utc, iana_time_zone, work_type_id, location_id,
        breaks, status, source, shift_condition_ids, submitted_by_user, units, comments)
      SELECT ${b}::integer, employee_id, start_utc, end_utc, ${zone}::text, work_type_id, location_id,
        CASE WHEN has_break THEN jsonb_build_array(jsonb_build_object(
          'startUtc', to_char((start_utc + interval '4 hours') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'endUtc', to_char((start_utc + interval '270 minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'isPaidBreak', false)) ELSE '[]'::jsonb END,
        'Submitted', 'TimeAndAttendanceKiosk', conditions, 'Kiosk ' || kiosk_id,
        round(extract(epoch FROM length) / 3600.0, 2), CASE WHEN g % 20 = 0 THEN 'Note ' || g END
      FROM shaped
      RETURNING id, employee_id, start_utc, end_utc, work_type_id, location_id, shift_condition_ids
    )
    INSERT INTO clock_shifts (business_id, employee_id, kiosk_id, location_id, work_type_id, shift_condition_ids, iana_time_zone,
      start_utc, end_utc, status, timesheet_line_id)
    SELECT ${b}::integer, lines.employee_id, (${sql.raw(intArray(kioskIds))})[1 + lines.id % ${kioskIds.length}::integer], lines.location_id,
      lines.work_type_id, lines.shift_condition_ids, ${zone}::text, lines.start_utc, lines.end_utc, 'completed', lines.id
    FROM lines`);

  // Breaks (unpaid, 30 minutes, four hours in) on shifts of six hours or more.
  await db.execute(sql`INSERT INTO shift_breaks (shift_id, start_utc, end_utc, is_paid_break)
    SELECT id, start_utc + interval '4 hours', start_utc + interval '270 minutes', false FROM clock_shifts
    WHERE business_id = ${b}::integer AND end_utc - start_utc >= interval '6 hours'`);
  // The punch audit trail: a clock-on and a clock-off per shift.
  await db.execute(sql`INSERT INTO punches (business_id, employee_id, shift_id, kiosk_id, kind, time_of_record_utc, received_utc, principal)
    SELECT business_id, employee_id, id, kiosk_id, p.kind, p.at, p.at, 'device:' || kiosk_id
    FROM clock_shifts CROSS JOIN LATERAL (VALUES ('clockOn', start_utc), ('clockOff', end_utc)) AS p(kind, at)
    WHERE business_id = ${b}::integer`);
  // A note on one shift in twenty.
  await db.execute(sql`INSERT INTO shift_notes (business_id, shift_id, employee_id, type, visibility, note, created_at)
    SELECT business_id, id, employee_id, 'Note', 'Visible', 'Left early for an appointment', end_utc
    FROM clock_shifts WHERE business_id = ${b}::integer AND id % 20 = 0`);

  // One current employee in 25 is clocked on now, since two hours ago.
  const clockedOnIds = await ids(
    db,
    sql`WITH chosen AS (
          SELECT id, location_ids[1] AS location_id FROM employees
          WHERE business_id = ${b}::integer AND end_date IS NULL AND id % 25 = 0
        ), opened AS (
          INSERT INTO clock_shifts (business_id, employee_id, kiosk_id, location_id, iana_time_zone, start_utc, status)
          SELECT ${b}::integer, id, ${kioskIds[0] ?? 0}::integer, location_id, ${zone}::text, ${now.toISOString()}::timestamptz - interval '2 hours', 'open'
          FROM chosen RETURNING id, employee_id, start_utc
        )
        UPDATE employees e SET attendance_status = 'ClockedOn', current_shift_id = opened.id, clock_on_time_utc = opened.start_utc,
          last_punch_time_utc = opened.start_utc
        FROM opened WHERE e.id = opened.employee_id RETURNING e.id`,
  );
  clockedOnIds.sort((x, y) => x - y);
  return { kioskIds, locationIds: [...rootIds, ...siteIds], workTypeIds, shiftConditionIds, employeeIds, clockedOnIds };
}

/** Refreshes the planner's statistics after a bulk load (the service would otherwise plan blind). */
export async function analyzeHistory(db: Database): Promise<void> {
  for (const table of ['employees', 'clock_shifts', 'shift_breaks', 'timesheet_lines', 'punches', 'shift_notes', 'locations', 'work_types', 'kiosks']) {
    await db.execute(sql`ANALYZE ${sql.identifier(table)}`);
  }
}

function intArray(values: readonly number[]): string {
  return `ARRAY[${values.map((v) => String(Math.trunc(v))).join(',')}]::integer[]`;
}

function textArray(values: readonly string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;
}

export interface WideSetupOptions {
  businessId: number;
  /** Gets access to `count` more businesses. */
  ownerUserId: number;
  /** Gets `count` devices. */
  kioskId: number;
  /** Gets `count` notes. */
  shiftId: number;
  count: number;
}

/**
 * More of every set-up list than one page holds (`count` locations, all global; twice `count`
 * work types, half of them shift conditions; groups; kiosks; devices of one kiosk; users with
 * access; businesses the owner can reach; notes on one shift), to prove their page limits.
 */
export async function seedWideSetup(db: Database, options: WideSetupOptions): Promise<void> {
  const { businessId: b, count } = options;
  await withTransaction(db, async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    const n = sql`generate_series(1, ${count}::integer) g`;
    await tx.execute(sql`INSERT INTO locations (business_id, name, is_global) SELECT ${b}::integer, 'Wide ' || lpad(g::text, 5, '0'), true FROM ${n}`);
    await tx.execute(sql`INSERT INTO work_types (business_id, name, mapping_type)
      SELECT ${b}::integer, 'Wide ' || lpad(g::text, 5, '0'), CASE WHEN g % 2 = 0 THEN 'ShiftCondition' END FROM generate_series(1, ${2 * count}::integer) g`);
    await tx.execute(sql`INSERT INTO employee_groups (business_id, name, filter_combination_strategy, filters)
      SELECT ${b}::integer, 'Wide ' || lpad(g::text, 5, '0'), 'And', '[]'::jsonb FROM ${n}`);
    await tx.execute(sql`INSERT INTO kiosks (business_id, name, iana_time_zone) SELECT ${b}::integer, 'Wide ' || lpad(g::text, 5, '0'), 'Europe/London' FROM ${n}`);
    await tx.execute(sql`INSERT INTO devices (business_id, kiosk_id, name, token_hash)
      SELECT ${b}::integer, ${options.kioskId}::integer, 'Tablet ' || g, 'wide-' || ${b}::integer || '-' || g FROM ${n}`);
    await tx.execute(sql`WITH added AS (
        INSERT INTO users (email, name) SELECT 'wide' || g || '-' || ${b}::integer || '@example.test', 'Wide ' || lpad(g::text, 5, '0') FROM ${n}
        RETURNING id, email, name
      )
      INSERT INTO business_access (business_id, user_id, access_type, model)
      SELECT ${b}::integer, id, 'Restricted', jsonb_build_object('accessType', 'Restricted', 'employeeGroups', '[]'::jsonb, 'locationAccess', '[]'::jsonb,
        'reports', null, 'kioskAccess', jsonb_build_object('kiosks', '[]'::jsonb, 'accessType', 'None', 'permissions', 'ApproveTimesheets'),
        'payrollAccess', null, 'name', name, 'email', email)
      FROM added`);
    await tx.execute(sql`WITH added AS (
        INSERT INTO businesses (name, iana_time_zone) SELECT 'Wide ' || lpad(g::text, 5, '0'), 'Europe/London' FROM ${n} RETURNING id
      )
      INSERT INTO business_access (business_id, user_id, access_type, model)
      SELECT added.id, ${options.ownerUserId}::integer, 'Unrestricted', a.model FROM added
      CROSS JOIN (SELECT model FROM business_access WHERE business_id = ${b}::integer AND user_id = ${options.ownerUserId}::integer) a`);
    await tx.execute(sql`INSERT INTO shift_notes (business_id, shift_id, employee_id, type, visibility, note, created_at)
      SELECT s.business_id, s.id, s.employee_id, 'Note', 'Visible', 'Note ' || g, s.start_utc + g * interval '1 second'
      FROM clock_shifts s CROSS JOIN ${n} WHERE s.id = ${options.shiftId}::integer`);
  });
}
