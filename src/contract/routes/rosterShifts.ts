/**
 * Roster shifts (contract 2.8, all 7 operations) and the kiosk's offline roster (a project
 * extension). Times without a zone are wall-clock times in the business's zone
 * (contract 1.4, "un-suffixed roster times are local"); `dateUtc` is an instant. Under
 * `B/rostershift/…` the second segment is an employee id for the matching and nearby routes but a
 * roster-shift id for PUT and `/stub` (contract 1.7): the routes differ by verb and last segment.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import { answerOf, bodyOf, listOf } from './regional';
import * as m from '../generated/models';
import {
  access,
  businessParams,
  emptyOk,
  idempotencyHeaders,
  jsonBody,
  jsonResponse,
  mutationErrors,
  pathId,
  queryBool,
  queryDateTime,
  queryInt,
  standardErrors,
} from './common';
import { ROSTER_LIST } from '../paging';
import { INT32_MAX } from '../wireTypes';

const tags = ['Roster shifts'];
const B = '/api/v2/business/{businessId}';
const employeeParams = businessParams.extend({ employeeId: pathId('employeeId') });
const shiftParams = businessParams.extend({ rosterShiftId: pathId('rosterShiftId') });

/**
 * A repeated query parameter (`name=a&name=b`, contract 1.5): one value arrives as a string,
 * several as an array; the handler always gets an array.
 */
function queryList<T extends z.ZodType>(item: T, max: number) {
  return z
    .preprocess((value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : [value]), z.array(item).max(max, `at most ${max} values`))
    .meta({ description: `Repeated (\`name=a&name=b\`), at most ${max} values.` });
}

/** A repeated string value that names an id (the SDK types these as strings). */
const idText = z
  .string()
  .max(10)
  .regex(/^\d{1,10}$/, 'must be a whole number')
  .refine((value) => Number(value) <= INT32_MAX, `must be at most ${INT32_MAX}`);

export const getRosterShifts = defineRoute({
  operationId: 'rosterShift.getRosterShifts',
  variants: { Au: listOf(m.AuRosterShiftGenerateTimesheetModel, m.AuRosterShiftGenerateTimesheetModelFill) },
  ...access('read'),
  method: 'get',
  path: `${B}/rostershift`,
  tags,
  summary: 'List roster shifts in a window',
  description:
    'Shifts that start in the window [FromDate, ToDate] (wall-clock times in the business zone; a ToDate at midnight ' +
    'covers that whole day), and with ExcludeShiftsOverlappingFromDate=false also those that began before FromDate and ' +
    `end after it. The window may span at most ${ROSTER_LIST.maxWindowDays} days. Unless SelectedRoles or SelectAllRoles=true ` +
    'is given, only shifts without a role are answered. ShiftStatus/ShiftStatuses: Published, Unpublished, Accepted ' +
    '(published and accepted) or All (the default). SelectedLocations/SelectedEmployees/SelectedRoles hold ids. ' +
    `Paged with PageSize (default ${ROSTER_LIST.defaultPageSize}, at most ${ROSTER_LIST.maxPageSize}) and CurrentPage (from 1), ` +
    'ordered by start, then id; still a bare array. IncludeWarnings=true fills `warnings` (overlapping shifts of the same ' +
    "person, a shift at a deleted location or work type); `isDifferent` says the shift's timesheet line differs from it.",
  request: {
    params: businessParams,
    query: z.object({
      FromDate: queryDateTime,
      ToDate: queryDateTime,
      ShiftStatus: m.RosterShiftStatusInput.optional(),
      ShiftStatuses: queryList(m.RosterShiftStatusInput, 4).optional(),
      SelectedLocations: queryList(idText, ROSTER_LIST.maxSelected).optional(),
      SelectedEmployees: queryList(idText, ROSTER_LIST.maxSelected).optional(),
      SelectedRoles: queryList(idText, ROSTER_LIST.maxSelected).optional(),
      EmployeeId: queryInt.optional(),
      LocationId: queryInt.optional(),
      EmployeeGroupId: queryInt.optional(),
      UnassignedShiftsOnly: queryBool.optional(),
      SelectAllRoles: queryBool.optional(),
      ExcludeShiftsOverlappingFromDate: queryBool.optional(),
      PageSize: queryInt.optional(),
      CurrentPage: queryInt.optional(),
      IncludeWarnings: queryBool.optional(),
    }),
  },
  responses: { 200: jsonResponse(z.array(m.UkRosterShiftGenerateTimesheetModel), 'One page of roster shifts, by start.'), ...standardErrors },
});

const EDIT_TEXT =
  'startTime/endTime and break times are wall-clock times in the business zone (a time with Z or an offset is that ' +
  'instant). The employee, location and work type must be of this business and not deleted (employeeId null: an ' +
  `unassigned shift); the end after the start, at most ${ROSTER_LIST.maxShiftHours} hours later; breaks inside the shift ` +
  'and not overlapping. Names (employeeName, locationName, workTypeName) are ignored on input.';

export const createRosterShift = defineRoute({
  operationId: 'rosterShift.createRosterShift',
  variants: { Au: { ...bodyOf(m.AuRosterShiftEditModelInput), ...answerOf(m.AuEssRosterShiftModel, m.AuEssRosterShiftModelFill) } },
  ...access('admin'),
  method: 'post',
  path: `${B}/rostershift`,
  tags,
  summary: 'Create a roster shift',
  description: `${EDIT_TEXT} With publish=true the shift is published at once (datePublished is now).`,
  request: {
    params: businessParams,
    query: z.object({ publish: queryBool.optional() }),
    headers: idempotencyHeaders,
    ...jsonBody(m.RosterShiftEditModelInput),
  },
  responses: { 200: jsonResponse(m.UkEssRosterShiftModel, 'The stored shift with its id and token.'), ...mutationErrors },
});

export const updateRosterShift = defineRoute({
  operationId: 'rosterShift.updateRosterShift',
  variants: { Au: { ...bodyOf(m.AuRosterShiftEditModelInput), ...answerOf(m.AuEssRosterShiftModel, m.AuEssRosterShiftModelFill) } },
  ...access('admin'),
  method: 'put',
  path: `${B}/rostershift/{rosterShiftId}`,
  tags,
  summary: 'Change a roster shift',
  description:
    `${EDIT_TEXT} The body replaces the shift's fields; its breaks replace the stored ones when it has any; with none ` +
    '(null or empty) the stored ones are kept, unless clearBreaks=true drops them. publish=true publishes an unpublished shift (datePublished is ' +
    'now); publish=false leaves the published state as it is.',
  request: {
    params: shiftParams,
    query: z.object({ publish: queryBool.optional(), clearBreaks: queryBool.optional() }),
    headers: idempotencyHeaders,
    ...jsonBody(m.RosterShiftEditModelInput),
  },
  responses: { 200: jsonResponse(m.UkEssRosterShiftModel, 'The stored shift.'), ...mutationErrors },
});

const matching = (edge: 'clockon' | 'clockoff', operationId: string, summary: string, description: string) =>
  defineRoute({
    operationId,
    variants: { Au: answerOf(m.AuRosterShiftMatchingResultModel, m.AuRosterShiftMatchingResultModelFill) },
    ...access('read'),
    method: 'get',
    path: `${B}/rostershift/{employeeId}/matching${edge}`,
    tags,
    summary,
    description:
      `${description} The window is the kiosk's ${edge === 'clockon' ? 'clockOnWindowMinutes' : 'clockOffWindowMinutes'}, ` +
      "else the business's employee portal setting of that name; with neither, nothing matches. Only published shifts " +
      'count. `shift` is null when nothing is within the window, and also when dateUtc falls inside the rostered minute ' +
      '(nothing to snap). The kiosk must be of this business (404 otherwise).',
    request: { params: employeeParams, query: z.object({ kioskId: queryInt, dateUtc: queryDateTime }) },
    responses: { 200: jsonResponse(m.UkRosterShiftMatchingResultModel, 'The matched shift, or null.'), ...standardErrors },
  });

export const findMatchingClockOnRosterShift = matching(
  'clockon',
  'rosterShift.findMatchingClockOnRosterShift',
  'The roster shift a clock-on would snap to',
  "The employee's published shift whose start is within the clock-on window of dateUtc (edges included); the nearest wins.",
);

export const findMatchingClockOffRosterShift = matching(
  'clockoff',
  'rosterShift.findMatchingClockOffRosterShift',
  'The roster shift a clock-off would snap to',
  "The employee's published shift whose end is within the clock-off window of dateUtc (edges included); the nearest wins.",
);

export const findNearbyRosterShifts = defineRoute({
  operationId: 'rosterShift.findNearbyRosterShifts',
  variants: { Au: listOf(m.AuEssRosterShiftModel, m.AuEssRosterShiftModelFill) },
  ...access('read'),
  method: 'get',
  path: `${B}/rostershift/{employeeId}/nearby`,
  tags,
  summary: "The employee's roster shifts near a local time",
  description:
    "Published shifts of the employee that overlap the 12 hours either side of localTime (a wall-clock time in the business's zone), by start.",
  request: { params: employeeParams, query: z.object({ localTime: queryDateTime }) },
  responses: { 200: jsonResponse(z.array(m.UkEssRosterShiftModel), 'Nearby shifts, by start.'), ...standardErrors },
});

export const stubShiftTimesheets = defineRoute({
  operationId: 'rosterShift.stubShiftTimesheets',
  ...access('admin'),
  method: 'post',
  path: `${B}/rostershift/{rosterShiftId}/stub`,
  tags,
  summary: 'Write a timesheet line from a roster shift',
  description:
    "Adds a Submitted timesheet line with the shift's times, breaks, location and work type for its employee (source " +
    '`IntegratedRostering`, comments = note). An unassigned shift is a 400; a shift that already has a line (stubbed, or ' +
    'clocked and matched to it) gets no second one (the call changes nothing).',
  request: { params: shiftParams, headers: idempotencyHeaders, ...jsonBody(m.StubRosterShiftViewModelInput) },
  responses: { ...emptyOk, ...mutationErrors },
});

/**
 * What the kiosk matches with offline: the EFFECTIVE windows and shift-selection flag (the kiosk's
 * own value, else the business's EmployeePortalSettings value: domain `matchingWindow`), so the
 * tablet and the service match alike, and the shifts. (Shape decided by the lead; H1 answers it.)
 */
export const KioskRosterModel = z
  .object({
    clockOnWindowMinutes: z.number().int().nullable(),
    clockOffWindowMinutes: z.number().int().nullable(),
    allowEmployeeShiftSelection: z.boolean(),
    shifts: z.array(m.UkEssRosterShiftModel),
  })
  .meta({ id: 'KioskRosterModel', description: "Project extension: a kiosk's roster for offline matching." });
export type KioskRosterModel = z.infer<typeof KioskRosterModel>;

/**
 * Project extension: the roster a kiosk keeps for offline matching. The vendor
 * has no such read; the kiosk cannot page `GET B/rostershift` (it is for users) per person.
 */
export const getKioskRoster = defineRoute({
  operationId: 'rosterExtensions.getKioskRoster',
  ...access('kiosk'),
  method: 'get',
  path: `${B}/kiosk/{kioskId}/roster`,
  tags: ['Kiosk (project extensions)'],
  summary: "The published roster of this kiosk's staff, for offline use",
  description:
    'Project extension (not in the vendor API). Published shifts of the employees the kiosk lists (kiosk-enabled, not ' +
    "left) that overlap [FromDate, ToDate] (wall-clock times in the business's zone), by start then id. The window may " +
    `span at most ${ROSTER_LIST.kioskWindowDays} days; at most ${ROSTER_LIST.kioskMaxShifts} shifts are answered (the first ones).`,
  request: { params: businessParams.extend({ kioskId: pathId('kioskId') }), query: z.object({ FromDate: queryDateTime, ToDate: queryDateTime }) },
  responses: { 200: jsonResponse(KioskRosterModel, 'The effective matching settings and the published shifts, by start.'), ...standardErrors },
});
