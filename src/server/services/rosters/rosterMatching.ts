/**
 * Roster matching on the service: `matchingclockon`/`matchingclockoff`, `nearby`, and the roster
 * shift a clock-on remembers. The rules are domain/roster.ts's (the kiosk runs the same ones on
 * its offline roster); this module only reads the candidate shifts, each time with one query on
 * the (employee_id, start_utc) index over a bounded window, and only published shifts count.
 */
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { UkEssRosterShiftModel, UkRosterShiftMatchingResultModel } from '../../../contract/generated/models';
import { ROSTER_LIST } from '../../../contract/paging';
import { matchClockOff, matchClockOn, matchingWindow, nearbyShifts, NEARBY_HOURS, type ShiftChoice } from '../../../domain/roster';
import type { Bind } from '../../db/compiledStatements';
import type { Database } from '../../db/openDatabase';
import { businessSettings, employees, rosterShifts } from '../../db/schema';
import { notFound } from '../../errors/apiError';
import type { MatchingRules } from '../punches/punchPoints';
import { toEssRosterShifts, toRosteredShift, type RosterShiftRow } from './rosterShifts';
import { readSettings } from '../businesses/settings';
import { rowsOf } from '../../db/rowsOf';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** No roster shift is longer than this, so one that overlaps a moment began at most this long before it. */
const LONGEST_MS = ROSTER_LIST.maxShiftHours * HOUR_MS;

/** Published shifts of one employee starting in [from, to], by start. */
async function publishedStarting(db: Database, employeeId: number, from: Date, to: Date): Promise<RosterShiftRow[]> {
  return db
    .select()
    .from(rosterShifts)
    .where(
      and(
        eq(rosterShifts.employeeId, employeeId),
        gte(rosterShifts.startUtc, from),
        lte(rosterShifts.startUtc, to),
        eq(rosterShifts.published, true),
      ),
    )
    .orderBy(asc(rosterShifts.startUtc), asc(rosterShifts.id));
}

/** What a kiosk matches with: its own settings, else the business's portal settings (domain matchingWindow). */
export interface EffectiveMatching {
  clockOnWindowMinutes: number | null;
  clockOffWindowMinutes: number | null;
  allowEmployeeShiftSelection: boolean;
}

/** The kiosk's effective matching settings; the business's portal settings are read only when the kiosk lacks one. */
export async function effectiveMatching(db: Database, businessId: number, kiosk: MatchingRules): Promise<EffectiveMatching> {
  const needsPortal = kiosk.clockOnWindowMinutes === null || kiosk.clockOffWindowMinutes === null || kiosk.allowEmployeeShiftSelection === null;
  const portal = needsPortal ? await readSettings(db, businessId, 'portal') : null;
  return {
    clockOnWindowMinutes: matchingWindow(kiosk.clockOnWindowMinutes, portal?.clockOnWindowMinutes),
    clockOffWindowMinutes: matchingWindow(kiosk.clockOffWindowMinutes, portal?.clockOffWindowMinutes),
    allowEmployeeShiftSelection: kiosk.allowEmployeeShiftSelection ?? portal?.allowEmployeeShiftSelection ?? false,
  };
}

/** A clock-on's roster candidates as one JSON value (rosterCandidatesSql), as read back. */
const RosterCandidates = z.object({
  window: z.number().nullable(),
  shifts: z.array(
    z.object({
      id: z.number(),
      employeeId: z.number().nullable(),
      startUtc: z.string(),
      endUtc: z.string(),
      locationId: z.number().nullable(),
      workTypeId: z.number().nullable(),
    }),
  ),
});

/**
 * A clock-on's roster candidates at `at` as one JSON value, for a statement that reads them beside
 * something else (a punch's employee lock): the window (the kiosk's, else the
 * business's portal setting, read inside the same statement) and the published shifts starting
 * within it, read on the (employee_id, start_utc) index. Parse with rosterShiftIdFrom.
 */
export function rosterCandidatesSql(businessId: Bind<number>, window: Bind<number | null>, employeeId: Bind<number>, at: Bind<string>): SQL {
  // The kiosk's window, else the business's portal setting.
  const minutes = sql`coalesce(${window}::int, (select (${businessSettings.model}->>'clockOnWindowMinutes')::int from ${businessSettings}
          where ${businessSettings.businessId} = ${businessId} and ${businessSettings.kind} = 'portal'))`;
  // One minute more each side: a punch inside the rostered minute matches whatever the window.
  const instant = sql`${at}::timestamptz`;
  return sql`(select json_build_object('window', w.minutes, 'shifts', coalesce((
      select json_agg(json_build_object('id', r.id, 'employeeId', r.employee_id, 'startUtc', r.start_utc, 'endUtc', r.end_utc,
        'locationId', r.location_id, 'workTypeId', r.work_type_id) order by r.start_utc, r.id)
      from ${rosterShifts} r
      where r.employee_id = ${employeeId} and r.published
        and r.start_utc >= ${instant} - (w.minutes + 1) * interval '1 minute'
        and r.start_utc <= ${instant} + (w.minutes + 1) * interval '1 minute'), '[]'::json))
    from (select ${minutes} as minutes) w)`;
}

/** The roster shift a clock-on at `at` belongs to (domain matchClockOn), from rosterCandidatesSql's value. */
export function rosterShiftIdFrom(value: unknown, at: Date, choice: ShiftChoice): number | null {
  const { window, shifts } = RosterCandidates.parse(typeof value === 'string' ? JSON.parse(value) : value);
  const rostered = shifts.map((s) => ({ ...s, startUtc: new Date(s.startUtc), endUtc: new Date(s.endUtc) }));
  return matchClockOn(rostered, at, window, choice)?.shift.id ?? null;
}

/**
 * The roster shift a clock-on at `at` belongs to (its id), or null: the one query a punch pays for
 * roster matching (addshift; a live clock-on reads rosterCandidatesSql with its employee lock).
 */
export async function rosterShiftIdForClockOn(
  db: Database,
  businessId: number,
  kiosk: MatchingRules,
  employeeId: number,
  at: Date,
  choice: ShiftChoice,
): Promise<number | null> {
  const [row] = rowsOf<{ candidates: unknown }>(await db.execute(sql`select ${rosterCandidatesSql(businessId, kiosk.clockOnWindowMinutes, employeeId, at.toISOString())} as candidates`));
  return rosterShiftIdFrom(row?.candidates, at, choice);
}

async function requireEmployee(db: Database, businessId: number, employeeId: number): Promise<void> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, employeeId), eq(employees.businessId, businessId)));
  if (!row) throw notFound(`Employee ${employeeId}`);
}

/** `matchingclockon` / `matchingclockoff`: the shift a punch at `at` would snap to; null when none or exact. */
export async function findMatchingShift(
  db: Database,
  businessId: number,
  employeeId: number,
  kiosk: MatchingRules,
  at: Date,
  edge: 'clockOn' | 'clockOff',
): Promise<UkRosterShiftMatchingResultModel> {
  await requireEmployee(db, businessId, employeeId);
  const matching = await effectiveMatching(db, businessId, kiosk);
  const window = edge === 'clockOn' ? matching.clockOnWindowMinutes : matching.clockOffWindowMinutes;
  if (window === null || window < 0) return { shift: null };
  const reach = window * MINUTE_MS + MINUTE_MS;
  // A clock-off matches by end: the shift began up to its longest length before the window.
  const from = new Date(at.getTime() - reach - (edge === 'clockOff' ? LONGEST_MS : 0));
  const rows = await publishedStarting(db, employeeId, from, new Date(at.getTime() + reach));
  const shifts = rows.map(toRosteredShift);
  const match = edge === 'clockOn' ? matchClockOn(shifts, at, window) : matchClockOff(shifts, at, window);
  if (!match || match.exact) return { shift: null };
  const row = rows.find((r) => r.id === match.shift.id);
  return { shift: row ? ((await toEssRosterShifts(db, businessId, [row]))[0] ?? null) : null };
}

/** `nearby`: the employee's published shifts overlapping NEARBY_HOURS either side of `at`, by start. */
export async function findNearbyShifts(db: Database, businessId: number, employeeId: number, at: Date): Promise<UkEssRosterShiftModel[]> {
  await requireEmployee(db, businessId, employeeId);
  const span = NEARBY_HOURS * HOUR_MS;
  const rows = await publishedStarting(db, employeeId, new Date(at.getTime() - span - LONGEST_MS), new Date(at.getTime() + span));
  const near = new Set(nearbyShifts(rows.map(toRosteredShift), at).map((s) => s.id));
  return toEssRosterShifts(
    db,
    businessId,
    rows.filter((row) => near.has(row.id)),
  );
}
