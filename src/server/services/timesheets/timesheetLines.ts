/**
 * Timesheet lines: the one written when a clocked shift is completed (clock-off or addshift),
 * rounded by the business's rules (meal punches kept where the location's profile says) and snapped
 * to its roster shift (the raw punches stay as they were, in clock_shifts, shift_breaks and
 * punches). Start, end and break times are stored as instants; timesheetLineShapes.ts gives a line
 * its contract shapes, the list's pages are in timesheetLineList.ts. Writing a line raises
 * TimesheetCreated (web hooks) in the same transaction.
 */
import { and, asc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { roundShift, type RoundingRules, type ShiftTimes } from '../../../domain/rounding';
import { lineMatchesRoster } from '../../../domain/timesheets';
import { constantText, namedSql, type Bind } from '../../db/compiledStatements';
import type { Database } from '../../db/openDatabase';
import { businessSettings, clockShifts, rosterShifts, shiftNotes, timesheetLines } from '../../db/schema';
import { notFound } from '../../errors/apiError';
import { ROUNDING_RULES_KIND, roundingRulesFrom } from '../businesses/roundingRules';
import { BREAK_RULES_KIND, breakRulesFrom } from '../businesses/breakRules';
import { LOCATION_RULES_KIND_PATTERN, LOCATION_RULES_PREFIX, locationParentsOf, locationParentsSql, locationRulesFrom, readLocationParents } from '../businesses/locationRules';
import { rulesAt, type LocationParent } from '../../../domain/locationRules';
import { BREAK_RULE_PROFILE, lineRoundingRules } from '../../../domain/breakRules';
import { settingsFrom } from '../businesses/settings';
import { readInTurn } from '../../db/transactions';
import { recordWebhookEvents, type RaisedWebhookEvent } from '../webhooks/webhookEvents';
import { referencesOfLines, toIndividualLine, type StoredBreaks, type TimesheetLineRow } from './timesheetLineShapes';

/** The moment the statement runs (a line approved by its roster match is decided then). */
const NOW = namedSql('now', sql`now()`);

export const KIOSK_LINE_SOURCE = 'TimeAndAttendanceKiosk';
/** The source (the vendor's ExternalService) of a line clocked through employee self-service. */
export const PORTAL_LINE_SOURCE = 'EmployeePortal';
export const SUBMITTED = 'Submitted';
/** decided_by of a kiosk line approved because it matched its roster shift. */
export const ROSTER_MATCH_DECIDER = 'roster-match';

export interface CompletedShift {
  id: number;
  businessId: number;
  employeeId: number;
  startUtc: Date;
  endUtc: Date;
  ianaTimeZone: string;
  locationId: number | null;
  workTypeId: number | null;
  shiftConditionIds: number[];
  dimensionValueIds: number[];
  breaks: ReadonlyArray<{ startUtc: Date; endUtc: Date | null; isPaidBreak: boolean }>;
  /** The roster shift matched at clock-on, if any. */
  rosterShiftId?: number | null;
  /** The kiosk it was clocked at; null when made through employee self-service. */
  kioskId?: number | null;
}

async function rosterShiftOf(db: Database, businessId: number, rosterShiftId: number | null | undefined) {
  if (rosterShiftId === null || rosterShiftId === undefined) return null;
  const [row] = await db
    .select({ startUtc: rosterShifts.startUtc, endUtc: rosterShifts.endUtc, locationId: rosterShifts.locationId, workTypeId: rosterShifts.workTypeId })
    .from(rosterShifts)
    .where(and(eq(rosterShifts.id, rosterShiftId), eq(rosterShifts.businessId, businessId)));
  return row ?? null;
}

/**
 * A clocked shift's line times: its raw times rounded by the business's rules and snapped to its
 * roster shift (breaks as the line stores them), and that roster shift. Used when the line is
 * written and when an accepted forgotten clock-off rewrites it.
 */
export async function roundedLineTimes(
  db: Database,
  businessId: number,
  raw: ShiftTimes,
  zone: string,
  rosterShiftId: number | null | undefined,
  /** The line's location, whose break-rule profile may override the business's. */
  locationId: number | null,
) {
  const [rules, roster] = await readInTurn(
    async () => (await lineSettings(db, businessId)).rulesAt(locationId),
    () => rosterShiftOf(db, businessId, rosterShiftId),
  );
  return roundLine(raw, rules, zone, roster);
}

type RosterTimes = Awaited<ReturnType<typeof rosterShiftOf>>;

/** roundedLineTimes once its rules and roster shift are read. */
function roundLine(raw: ShiftTimes, rules: RoundingRules, zone: string, roster: RosterTimes) {
  const rounded = roundShift(raw, rules, zone, roster);
  const breaks: StoredBreaks = rounded.breaks.map((b) => ({ startUtc: b.startUtc.toISOString(), endUtc: b.endUtc.toISOString(), isPaidBreak: b.isPaidBreak }));
  return { startUtc: rounded.startUtc, endUtc: rounded.endUtc, breaks, roster };
}

const LINE_SETTING_KINDS = [ROUNDING_RULES_KIND, BREAK_RULES_KIND, 'timesheet'];

/**
 * The rounding rules lines are written with (the business's, with break punches kept as punched
 * where the break-rule profile at the line's location says so: domain/locationRules.ts's rulesAt,
 * through the location tree) and its timesheet settings, from their stored rows (the locations'
 * overrides among them) and the location tree.
 */
function lineSettingsFrom(rows: ReadonlyArray<{ kind: string; model: unknown }>, parents: readonly LocationParent[], businessId: number) {
  const stored = (kind: string) => rows.find((row) => row.kind === kind)?.model;
  const business = { breakRules: breakRulesFrom(stored(BREAK_RULES_KIND), businessId) };
  const overrides = locationRulesFrom(rows, businessId);
  const rounding = roundingRulesFrom(stored(ROUNDING_RULES_KIND), businessId);
  return {
    /** The rounding rules of a line at this location. */
    rulesAt: (locationId: number | null): RoundingRules => {
      const { breakRules } = rulesAt(business, overrides, locationId, parents);
      return lineRoundingRules(rounding, BREAK_RULE_PROFILE[breakRules.profile]);
    },
    timesheet: settingsFrom('timesheet', stored('timesheet'), businessId),
  };
}
export type LineSettings = ReturnType<typeof lineSettingsFrom>;

/** The business's rounding rules and timesheet settings, with the location tree. */
async function lineSettings(db: Database, businessId: number): Promise<LineSettings> {
  const [rows, parents] = await readInTurn(
    () =>
      db
        .select({ kind: businessSettings.kind, model: businessSettings.model })
        .from(businessSettings)
        .where(and(eq(businessSettings.businessId, businessId), or(inArray(businessSettings.kind, LINE_SETTING_KINDS), like(businessSettings.kind, LOCATION_RULES_KIND_PATTERN)))),
    () => readLocationParents(db, businessId),
  );
  return lineSettingsFrom(rows, parents, businessId);
}

/** lineSettings as one JSON value, for a statement that reads it beside something else (a clock-off's employee lock). */
export function lineSettingsSql(businessId: Bind<number>): SQL {
  return sql`json_build_object('rows', (select coalesce(json_agg(json_build_object('kind', s.kind, 'model', s.model)), '[]'::json) from ${businessSettings} s
    where s.business_id = ${businessId}
      and (s.kind in (${sql.join(LINE_SETTING_KINDS.map(constantText), sql`, `)}) or starts_with(s.kind, ${constantText(LOCATION_RULES_PREFIX)}))),
    'parents', ${locationParentsSql(businessId)})`;
}

const StoredLineSettings = z.object({ rows: z.array(z.object({ kind: z.string(), model: z.unknown() })), parents: z.unknown() });

/** The settings of lineSettingsSql's value. */
export function lineSettingsOf(value: unknown, businessId: number): LineSettings {
  const read = StoredLineSettings.parse(typeof value === 'string' ? JSON.parse(value) : value);
  return lineSettingsFrom(read.rows, locationParentsOf(read.parents), businessId);
}

/** What a completed shift's line is made from besides the shift: its notes, the business's settings, its roster shift. */
export interface LineInputs {
  notes: ReadonlyArray<{ note: string; visibility: string }>;
  settings: LineSettings;
  roster: RosterTimes;
}

/**
 * The timesheet line of a completed shift (its comments are the shift's notes), without its id:
 * its times are the shift's rounded by the business's rules (snapping to the roster shift's start
 * and end where the rules say); with the timesheet setting `approveIfMatchesRosterShift`, a line
 * that matches its roster shift is Approved. The rules are domain/'s; this only assembles.
 */
export function lineValuesFor(shift: CompletedShift, submittedBy: string, inputs: LineInputs): PgInsertValue<typeof timesheetLines> {
  const { notes, settings: { timesheet: settings } } = inputs;
  const rules = inputs.settings.rulesAt(shift.locationId);
  const join = (visibility: string) =>
    notes.filter((n) => n.visibility === visibility).map((n) => n.note).join('\n') || null;
  const raw = {
    startUtc: shift.startUtc,
    endUtc: shift.endUtc,
    breaks: shift.breaks.map((b) => ({ startUtc: b.startUtc, endUtc: b.endUtc ?? shift.endUtc, isPaidBreak: b.isPaidBreak })),
  };
  const rounded = roundLine(raw, rules, shift.ianaTimeZone, inputs.roster);
  const { roster, breaks } = rounded;
  const approved =
    settings.approveIfMatchesRosterShift &&
    roster !== null &&
    lineMatchesRoster({ startUtc: rounded.startUtc, endUtc: rounded.endUtc, locationId: shift.locationId, workTypeId: shift.workTypeId }, roster);
  return {
    businessId: shift.businessId,
    employeeId: shift.employeeId,
    startUtc: rounded.startUtc,
    endUtc: rounded.endUtc,
    ianaTimeZone: shift.ianaTimeZone,
    workTypeId: shift.workTypeId,
    locationId: shift.locationId,
    comments: join('Visible'),
    hiddenComments: join('Hidden'),
    breaks,
    status: approved ? 'Approved' : SUBMITTED,
    ...(approved ? { decidedBy: ROSTER_MATCH_DECIDER, decidedAt: NOW } : {}),
    source: shift.kioskId === null ? PORTAL_LINE_SOURCE : KIOSK_LINE_SOURCE,
    shiftConditionIds: shift.shiftConditionIds,
    dimensionValueIds: shift.dimensionValueIds,
    submittedByUser: submittedBy,
    clockShiftId: shift.id,
    rosterShiftId: shift.rosterShiftId ?? null,
  };
}

/** The TimesheetCreated event of a written line; the line model's names are read only when someone listens. */
export function timesheetCreatedEvent(db: Database, line: TimesheetLineRow): RaisedWebhookEvent {
  const data = async () => ({ businessId: line.businessId, timesheetLine: toIndividualLine(line, await referencesOfLines(db, line.businessId, [line])) });
  return { businessId: line.businessId, action: 'TimesheetCreated', data, occurredAt: line.createdAt };
}

/**
 * Writes the timesheet line of a completed shift (its comments are the shift's notes) and links
 * the shift to it. `before`: the events of the punches the line comes from, raised first, with the
 * line's TimesheetCreated, in one web hook statement (webhookEvents.ts). The line's times are the shift's rounded by the business's rules (snapping to
 * the roster shift's start and end where the rules say); with the timesheet setting
 * `approveIfMatchesRosterShift`, a line that matches its roster shift is written Approved.
 */
export async function writeLineForShift(
  db: Database,
  shift: CompletedShift,
  submittedBy: string,
  before: readonly RaisedWebhookEvent[] = [],
): Promise<number> {
  const [notes, settings] = await readInTurn(
    () =>
      db
        .select({ note: shiftNotes.note, visibility: shiftNotes.visibility })
        .from(shiftNotes)
        .where(eq(shiftNotes.shiftId, shift.id))
        .orderBy(asc(shiftNotes.id)),
    () => lineSettings(db, shift.businessId),
  );
  const roster = await rosterShiftOf(db, shift.businessId, shift.rosterShiftId);
  const [line] = await db.insert(timesheetLines).values(lineValuesFor(shift, submittedBy, { notes, settings, roster })).returning();
  if (!line) throw new Error('insert returned no timesheet line');
  await db.update(clockShifts).set({ timesheetLineId: line.id }).where(eq(clockShifts.id, shift.id));
  await recordWebhookEvents(db, shift.businessId, [...before, timesheetCreatedEvent(db, line)]);
  return line.id;
}

export async function loadLine(db: Database, businessId: number, lineId: number): Promise<TimesheetLineRow> {
  const [row] = await db
    .select()
    .from(timesheetLines)
    .where(and(eq(timesheetLines.id, lineId), eq(timesheetLines.businessId, businessId)));
  if (!row) throw notFound(`Timesheet line ${lineId}`);
  return row;
}
