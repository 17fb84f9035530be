/**
 * Timesheet lines (contract 2.9, all 7 operations): the lines kiosk shifts produce and managers
 * write, listed, read, created, changed, deleted and submitted in bulk. Project-designed beside
 * them: the business's rounding rules, the period's CSV export and the raw
 * punches behind a kiosk line. The service registers the static paths (`bulk`, `export`) before
 * the `{timesheetLineId}` ones, which would otherwise take them.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import { answerOf, bodyOf, listOf } from './regional';
import * as m from '../generated/models';
import { RoundingRulesModel, TimesheetLinePunchesModel } from '../supporting/timesheets';
import { BreakRulesModel } from '../supporting/breakRules';
import {
  access,
  businessParams,
  conflictError,
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
import { PAGE_LIMITS } from '../paging';
import { odataQuery, pagingText } from './odataQuery';

export { BreakRulesModel, RoundingRulesModel, TimesheetLinePunchesModel };

const tags = ['Timesheets'];
const extensionTags = ['Timesheets (project extensions)'];
const B = '/api/v2/business/{businessId}';
const lineParams = businessParams.extend({ timesheetLineId: pathId('timesheetLineId') });
const PROJECT = 'Project-designed (not in the vendor API). ';

/** The CSV export's columns, in order (the route description and docs/timesheets-and-rosters.md state the same layout). */
export const TIMESHEET_EXPORT_COLUMNS = [
  'employeeExternalId',
  'employeeId',
  'employeeName',
  'date',
  'start',
  'end',
  'unpaidBreakMinutes',
  'paidBreakMinutes',
  'hours',
  'location',
  'workType',
  'status',
  'timesheetLineId',
  'attestations',
] as const;

const LINE_RULES =
  'Times without an offset are wall-clock times in the business\'s zone (a kiosk line keeps its kiosk\'s zone); with Z or an ' +
  'offset they are instants. The employee, location, work type and shift conditions must be of this business (work types ' +
  'as work types, shift conditions as shift conditions), and the business\'s timesheet settings `requireLocation` and ' +
  '`requireWorkType` apply. The start comes before the end, breaks lie inside the line and do not overlap. If `units` is ' +
  'set, start and end are forced to midnight of the start date. `status` (Submitted, Approved, Rejected, Processed) follows ' +
  'Submitted -> Approved or Rejected -> Processed (only Approved lines are processed; an Approved or Rejected line may go ' +
  'back to Submitted); a decision records who made it and when. A Processed line is never changed or deleted (409).';

export const getBusinessTimesheets = defineRoute({
  operationId: 'timesheet.getBusinessTimesheets',
  variants: { Au: listOf(m.AuTimesheetLineModel, m.AuTimesheetLineModelFill), Nz: listOf(m.NzTimesheetLineModel, m.NzTimesheetLineModelFill), Sg: listOf(m.SgTimesheetLineModel, m.SgTimesheetLineModelFill), My: listOf(m.MyTimesheetLineModel, m.MyTimesheetLineModelFill) },
  ...access('read'),
  method: 'get',
  path: `${B}/timesheet`,
  tags,
  summary: 'List timesheet lines',
  description:
    'Start, end and break times are wall-clock times in the zone of the kiosk that recorded the shift; in `$filter` a ' +
    "`datetime'…'` without an offset compares with those wall-clock times, one with Z or an offset with the instant, and " +
    "`$orderby` on startTime/endTime is chronological. For a long history, page forward with `$filter=id gt <last id>&$orderby=id` " +
    `rather than a deep \`$skip\`. ${pagingText(PAGE_LIMITS.history, 'by start time, oldest first, unless `$orderby` says otherwise')}`,
  request: { params: businessParams, query: odataQuery(PAGE_LIMITS.history) },
  responses: { 200: jsonResponse(z.array(m.UkTimesheetLineModel), 'One page of timesheet lines, oldest first.'), ...standardErrors },
});

export const getTimesheetLine = defineRoute({
  operationId: 'timesheet.getTimesheetLine',
  variants: { Au: answerOf(m.AuIndividualTimesheetLineModel, m.AuIndividualTimesheetLineModelFill) },
  ...access('read'),
  method: 'get',
  path: `${B}/timesheet/{timesheetLineId}`,
  tags,
  summary: 'Get one timesheet line',
  request: { params: businessParams.extend({ timesheetLineId: pathId('timesheetLineId') }) },
  responses: { 200: jsonResponse(m.UkIndividualTimesheetLineModel, 'The line.'), ...standardErrors },
});

export const exportTimesheets = defineRoute({
  operationId: 'timesheetExtensions.exportTimesheets',
  ...access('read'),
  method: 'get',
  path: `${B}/timesheet/export`,
  tags: extensionTags,
  summary: 'Export the approved lines of a period as CSV (project extension)',
  description:
    `${PROJECT}The Approved and Processed lines whose start falls on a local date from \`FromDate\` to \`ToDate\` (both ` +
    'inclusive, dates in each line\'s zone), optionally of one employee (`EmployeeId`) or location (`LocationId`), ordered by employee then start. RFC 4180 ' +
    'CSV in UTF-8 with a header row, one row per line (shift), columns in this order: `employeeExternalId` (the employee\'s ' +
    'external id, empty if none), `employeeId`, `employeeName` (first and surname), `date` (local start date, yyyy-MM-dd), ' +
    '`start` and `end` (local wall-clock HH:mm; an overnight line ends on the next day and its end is simply the earlier ' +
    'clock time), `unpaidBreakMinutes` and `paidBreakMinutes` (whole minutes), `hours` (worked hours: end minus start minus ' +
    'unpaid breaks, decimal with 2 places, from the actual instants, so a line across a daylight-saving change counts the ' +
    'hours really worked), `location` (fully qualified name), `workType`, `status`, `timesheetLineId`, `attestations` (the answers ' +
    'given at clock-off with their wording\'s version, `MealBreak v1: NotAble; Injury v1: NoInjury`; empty when none). A line of `units` ' +
    'has empty `start` and `end` and its units as `hours`. A period longer than 366 days (both ends included) is refused (400).',
  request: {
    params: businessParams,
    query: z.object({
      FromDate: queryDateTime.meta({ description: 'First local date (time part ignored).' }),
      ToDate: queryDateTime.meta({ description: 'Last local date, inclusive (time part ignored).' }),
      EmployeeId: queryInt.optional().meta({ description: "Only this employee's lines." }),
      LocationId: queryInt.optional().meta({ description: 'Only lines at this location.' }),
    }),
  },
  responses: {
    200: { description: 'The CSV text.', content: { 'text/csv': { schema: z.string() } } },
    ...standardErrors,
  },
});

export const bulkInsertTimesheets = defineRoute({
  operationId: 'timesheet.bulkInsertTimesheets',
  variants: { Au: { ...bodyOf(m.AuSubmitTimesheetsRequestInput), ...answerOf(m.AuSubmitTimesheetsResponse, m.AuSubmitTimesheetsResponseFill) }, Nz: bodyOf(m.NzSubmitTimesheetsRequestInput), Sg: bodyOf(m.SgSubmitTimesheetsRequestInput), My: bodyOf(m.MySubmitTimesheetsRequestInput) },
  ...access('admin'),
  method: 'post',
  path: `${B}/timesheet/bulk`,
  tags,
  summary: 'Add many timesheet lines (bulk insert)',
  description:
    'Lines grouped by employee: each key of `timesheets` is an employee id, standard or external per `employeeIdType`; ' +
    '`locationId`/`workTypeId` (and `shiftConditionIds`) are read per `locationIdType`/`workTypeIdType`. Existing lines are ' +
    'kept, unless `replaceExisting` is true: then it replaces as `PUT` does. An unknown key or id is a 400 ' +
    '`invalid-reference` naming it. `approved` creates the lines Approved (otherwise Submitted; a line\'s own `status` is ignored). All lines are ' +
    'written in one transaction or none is (a problem names the key and index, e.g. `timesheets.123.0.endTime`). With ' +
    '`returnResponse` the created lines come back under their keys; otherwise `timesheets` is null. ' +
    LINE_RULES,
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(m.UkSubmitTimesheetsRequestInput) },
  responses: { 200: jsonResponse(m.UkSubmitTimesheetsResponse, 'The created lines per employee key.'), ...mutationErrors },
});

export const updateReplaceTimesheets = defineRoute({
  operationId: 'timesheet.updateReplaceTimesheets',
  variants: { Au: { ...bodyOf(m.AuSubmitTimesheetsRequestInput), ...answerOf(m.AuSubmitTimesheetsResponse, m.AuSubmitTimesheetsResponseFill) }, Nz: bodyOf(m.NzSubmitTimesheetsRequestInput), Sg: bodyOf(m.SgSubmitTimesheetsRequestInput), My: bodyOf(m.MySubmitTimesheetsRequestInput) },
  ...access('admin'),
  method: 'put',
  path: `${B}/timesheet/bulk`,
  tags,
  summary: 'Replace timesheet lines (bulk replace)',
  description:
    'Like bulk insert, but first deletes the listed employees\' lines that are not Processed and start inside ' +
    '[`fromDate`, `toDate`] (local dates in each line\'s zone, both inclusive; both required), in the same transaction, ' +
    'whatever `replaceExisting` says. Processed lines stay.',
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(m.UkSubmitTimesheetsRequestInput) },
  responses: { 200: jsonResponse(m.UkSubmitTimesheetsResponse, 'The created lines per employee key.'), ...mutationErrors },
});

export const createTimesheetLine = defineRoute({
  operationId: 'timesheet.createTimesheetLine',
  variants: { Au: { ...bodyOf(m.AuIndividualTimesheetLineModelInput), ...answerOf(m.AuIndividualTimesheetLineModel, m.AuIndividualTimesheetLineModelFill) } },
  ...access('admin'),
  method: 'post',
  path: `${B}/timesheet`,
  tags,
  summary: 'Create a timesheet line',
  description:
    '`id` in the body is ignored. With `enforceUniqueExternalId=true` the line\'s `externalId` (then required) is a ' +
    'uniqueness key within the business: a second line with the same one is refused (409 `conflict`), also when two ' +
    'requests race. ' +
    LINE_RULES,
  request: {
    params: businessParams,
    headers: idempotencyHeaders,
    query: z.object({ enforceUniqueExternalId: queryBool.optional() }),
    ...jsonBody(m.UkIndividualTimesheetLineModelInput),
  },
  responses: { 200: jsonResponse(m.UkIndividualTimesheetLineModel, 'The saved line with its new id.'), ...mutationErrors, ...conflictError },
});

export const updateTimesheetLine = defineRoute({
  operationId: 'timesheet.updateTimesheetLine',
  variants: { Au: { ...bodyOf(m.AuIndividualTimesheetLineModelInput), ...answerOf(m.AuIndividualTimesheetLineModel, m.AuIndividualTimesheetLineModelFill) } },
  ...access('admin'),
  method: 'put',
  path: `${B}/timesheet/{timesheetLineId}`,
  tags,
  summary: 'Change a timesheet line',
  description:
    'The body replaces the line (a field left out is cleared). `employeeId` cannot change (409 if it differs; 0 keeps it). ' +
    'A kiosk line keeps its clocked shift and roster shift, and its zone. ' +
    LINE_RULES,
  request: { params: lineParams, headers: idempotencyHeaders, ...jsonBody(m.UkIndividualTimesheetLineModelInput) },
  responses: { 200: jsonResponse(m.UkIndividualTimesheetLineModel, 'The saved line.'), ...mutationErrors, ...conflictError },
});

export const deleteTimesheetLine = defineRoute({
  operationId: 'timesheet.deleteTimesheetLine',
  ...access('admin'),
  method: 'delete',
  path: `${B}/timesheet/{timesheetLineId}`,
  tags,
  summary: 'Delete a timesheet line',
  description: 'Processed lines cannot be deleted (409). The clocked shift and its punches stay; the shift no longer names a line.',
  request: { params: lineParams, headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutationErrors, ...conflictError },
});

export const getTimesheetLinePunches = defineRoute({
  operationId: 'timesheetExtensions.getTimesheetLinePunches',
  ...access('read'),
  method: 'get',
  path: `${B}/timesheet/{timesheetLineId}/punches`,
  tags: extensionTags,
  summary: 'The raw punches behind a timesheet line (project extension)',
  description:
    `${PROJECT}A kiosk line is written rounded (the business's rounding rules); this answers the clocked shift as punched: ` +
    'start, end and breaks in UTC and in the kiosk\'s zone, and the roster shift it was matched to.',
  request: { params: lineParams },
  responses: { 200: jsonResponse(TimesheetLinePunchesModel, 'The raw times.'), ...standardErrors },
});

export const getRoundingRules = defineRoute({
  operationId: 'timesheetExtensions.getRoundingRules',
  ...access('read'),
  method: 'get',
  path: `${B}/roundingrules`,
  tags: extensionTags,
  summary: "The business's timesheet rounding rules (project-designed)",
  description: `${PROJECT}Named in the seed document, absent from the vendor contract; modelled on the vendor's "Timesheet Rounding" help page. No rounding until a manager saves rules.`,
  request: { params: businessParams },
  responses: { 200: jsonResponse(RoundingRulesModel, 'The rules, every field present.'), ...standardErrors },
});

export const saveRoundingRules = defineRoute({
  operationId: 'timesheetExtensions.saveRoundingRules',
  ...access('admin'),
  method: 'post',
  path: `${B}/roundingrules`,
  tags: extensionTags,
  summary: "Save the business's timesheet rounding rules (project-designed)",
  description: `${PROJECT}The body replaces the stored rules (every field required). They apply to kiosk lines written from then on; lines already written keep their times.`,
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(RoundingRulesModel) },
  responses: { 200: jsonResponse(RoundingRulesModel, 'The stored rules.'), ...mutationErrors },
});

export const getBreakRules = defineRoute({
  operationId: 'timesheetExtensions.getBreakRules',
  ...access('read'),
  method: 'get',
  path: `${B}/breakrules`,
  tags: extensionTags,
  summary: "The business's break and rest rules (project-designed)",
  description: `${PROJECT}The rule profile kiosks warn from (meal break due, short rest since the last shift), the business's own minimum rest if it keeps one, and whether a short rest stops a clock-on. \`None\` until a manager saves one.`,
  request: { params: businessParams },
  responses: { 200: jsonResponse(BreakRulesModel, "The setting: every field present but `minimumRestMinutes`, absent when it was never saved (the profile's minimum)."), ...standardErrors },
});

export const saveBreakRules = defineRoute({
  operationId: 'timesheetExtensions.saveBreakRules',
  ...access('admin'),
  method: 'post',
  path: `${B}/breakrules`,
  tags: extensionTags,
  summary: "Save the business's break and rest rules (project-designed)",
  description:
    `${PROJECT}The body replaces the stored setting (every field required but \`minimumRestMinutes\`; leaving it out keeps the profile's minimum). Kiosks receive it with their policy (\`GET /api/v2/device\`); ` +
    'kiosk lines written from then on keep their break punches unrounded where the profile says so (`CA`); lines already written keep their times.',
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(BreakRulesModel) },
  responses: { 200: jsonResponse(BreakRulesModel, 'The stored setting.'), ...mutationErrors },
});
