/**
 * Employee self-service time and attendance: the contract's 13 operations of section 2.2, under
 * `S` = `/api/v2/ess/{employeeId}`, declared with `access('self')` (only a user linked to that
 * employee). Plus two project extensions under the business, for admins: inviting an employee to
 * self-service and ending it. Operation ids are the contract's ids.
 */
import { z } from 'zod';
import type { PunchKind } from '../../domain/attendance';
import * as m from '../generated/models';
import { PAGE_LIMITS, SHIFT_SEARCH } from '../paging';
import { PhotoNoticeAcknowledgementModel, SelfServicePhotoNoticeModel } from '../supporting/photos';
import { InviteToSelfServiceModel, SelfServiceInvitationModel } from '../supporting/selfService';
import {
  access,
  businessParams,
  emptyOk,
  idempotencyHeaders,
  jsonBody,
  jsonResponse,
  mutationErrors,
  pathId,
  standardErrors,
} from './common';
import { attendanceRoutes } from './attendanceRoutes';
import { defineRoute } from './define';
import { bodyOf, listOf } from './regional';
import { pagingText } from './odataQuery';

const tags = ['Employee self-service'];
const S = '/api/v2/ess/{employeeId}';
const selfParams = z.object({ employeeId: pathId('employeeId') });

const SELF_TEXT =
  'Only the employee in the path may call it: a user linked to them by an accepted self-service invitation ' +
  '(`POST B/employee/{employeeId}/selfservice/invitation`), signed in with the OAuth password grant. Anyone else gets 404.';
const PUNCH_TEXT =
  `${SELF_TEXT} The same rules as the kiosk's punches (state machine, recorded time, notes, photo, choices), with the ` +
  "portal's settings: the photo is required when EmployeePortalSettingsModel.requirePhoto is set, roster matching uses its " +
  "windows, paid breaks and required location/work type follow the timesheet settings. The body's employeeId, when given " +
  '(not 0), must be the one in the path, and kioskId must be left out (or 0): a self-service punch is made at no kiosk ' +
  '(the shift search shows kioskId 0). isAdminInitiated is refused (403). Send an Idempotency-Key to make a retry safe.';

const attendance = attendanceRoutes({ base: `${S}/timeandattendance`, params: selfParams, need: 'self', tags });

export const essClockIn = attendance.punch({
  operationId: 'ess.clockInEmployee',
  path: 'clockon',
  summary: 'Clock on through self-service',
  description: PUNCH_TEXT,
  body: m.UkClockOnModelInput,
  variants: { Au: bodyOf(m.AuClockOnModelInput) },
});
export const essStartBreak = attendance.punch({ operationId: 'ess.startBreak', path: 'startbreak', summary: 'Start a break through self-service', description: PUNCH_TEXT, body: m.StartBreakModelInput });
export const essEndBreak = attendance.punch({ operationId: 'ess.endBreak', path: 'endbreak', summary: 'End a break through self-service', description: PUNCH_TEXT, body: m.EndBreakModelInput });
export const essClockOut = attendance.punch({
  operationId: 'ess.clockOutEmployee',
  path: 'clockoff',
  summary: 'Clock off through self-service (ends an open break)',
  description: PUNCH_TEXT,
  body: m.ClockOffModelInput,
});
export const essDiscard = attendance.punch({
  operationId: 'ess.discardCurrentShift',
  path: 'discard',
  summary: 'Abandon the open shift through self-service',
  description: PUNCH_TEXT,
  body: m.ClockOffModelInput,
});

/** The self-service route of each punch kind (the kiosk's registry is src/contract/punchKinds.ts). */
export const ESS_PUNCH_ROUTES = {
  clockOn: essClockIn,
  startBreak: essStartBreak,
  endBreak: essEndBreak,
  clockOff: essClockOut,
  discard: essDiscard,
} as const satisfies Record<PunchKind, unknown>;

const NOTICE_TEXT =
  `${SELF_TEXT} Project extension: the kiosk shows the business's photo notice before a person's first photo and keeps their ` +
  'acknowledgement; a self-service client does the same with these two routes: read the notice before the first photographed ' +
  'punch (photoRequired true, acknowledgedUtc null), show it, and acknowledge it once the employee has read it. Punches do not ' +
  "wait for it (the vendor's clients know nothing of it).";

export const essGetPhotoNotice = defineRoute({
  operationId: 'ess.getPhotoNotice',
  ...access('self'),
  method: 'get',
  path: `${S}/photonotice`,
  tags,
  summary: 'The photo notice for the employee, and whether they have acknowledged it',
  description: NOTICE_TEXT,
  request: { params: selfParams },
  responses: { 200: jsonResponse(SelfServicePhotoNoticeModel, 'The notice as it applies to this employee.'), ...standardErrors },
});

export const essAcknowledgePhotoNotice = defineRoute({
  operationId: 'ess.acknowledgePhotoNotice',
  ...access('self'),
  method: 'post',
  path: `${S}/photonotice/acknowledgement`,
  tags,
  summary: 'The employee acknowledged the photo notice',
  description:
    `${NOTICE_TEXT} Kept once per person, at the service's time, with no kiosk: a person who acknowledged it already (here or ` +
    'at a kiosk) gets the first acknowledgement back and nothing changes, so a retry is harmless.',
  request: { params: selfParams },
  responses: { 200: jsonResponse(PhotoNoticeAcknowledgementModel, 'The acknowledgement as kept (the first).'), ...standardErrors },
});

export const essShifts = defineRoute({
  operationId: 'ess.shifts',
  variants: { Au: listOf(m.AuTimeAndAttendanceShiftModel, m.AuTimeAndAttendanceShiftModelFill) },
  ...access('self'),
  method: 'post',
  path: `${S}/timeandattendance/shifts`,
  tags,
  summary: "Search the employee's own clocked shifts (read-only despite the verb)",
  description:
    `${SELF_TEXT} The kiosk shift search's window and limits (at most ${SHIFT_SEARCH.maxResults} shifts, newest first; windows of ` +
    `at most ${SHIFT_SEARCH.maxWindowDays} days), over this employee's shifts only, at any kiosk or through self-service. ` +
    "The body's employeeId, when given (not 0), must be the one in the path.",
  request: { params: selfParams, ...jsonBody(m.GetShiftsModelInput) },
  responses: { 200: jsonResponse(z.array(m.UkTimeAndAttendanceShiftModel), 'Matching shifts, newest first.'), ...standardErrors },
});

const NOTE_TEXT = `${SELF_TEXT} Only the employee's own clocked shifts: another shift id is 404.`;

export const essGetShiftNotes = attendance.shiftNotes({
  operationId: 'ess.getShiftNotes',
  summary: 'Notes of one of the employee’s clocked shifts',
  description: `${NOTE_TEXT} ${pagingText(PAGE_LIMITS.settings, 'oldest first')}`,
});

export const essAddNoteToShift = attendance.addNote({
  operationId: 'ess.addNoteToShift',
  summary: 'Add a note to one of the employee’s clocked shifts',
  description: `${NOTE_TEXT} The note is written as the employee (employeeId, when given and not 0, must be the one in the path); isAdminInitiated is refused (403).`,
});

export const essMarkShiftNotesRead = attendance.markNotesRead({
  operationId: 'ess.markShiftNotesRead',
  summary: 'Mark notes on the employee’s shift read or unread',
  description: `${NOTE_TEXT} The read flag is set on behalf of the employee in the path (employeeId, when given and not 0, must be it).`,
});

export const essGetLookupData = attendance.lookupData({
  operationId: 'ess.getLookupData',
  path: 'lookupdata',
  params: selfParams,
  summary: 'Pick-lists for a self-service clock-on',
  description: `${SELF_TEXT} What a self-service clock-on accepts: the employee's own locations (and global ones), work types and shift conditions.`,
});

export const essGetLocations = defineRoute({
  operationId: 'ess.getLocations',
  ...access('self'),
  method: 'get',
  path: `${S}/lookup/location`,
  tags,
  summary: 'Locations the employee may pick',
  description: `${SELF_TEXT} The locations a self-service clock-on accepts, by id.`,
  request: { params: selfParams },
  responses: { 200: jsonResponse(z.array(m.LocationModel), 'The locations, by id.'), ...standardErrors },
});

export const essGetWorkTypes = defineRoute({
  operationId: 'ess.getWorkTypes',
  variants: { Au: listOf(m.AuWorkTypeModel, m.AuWorkTypeModelFill), Nz: listOf(m.NzWorkTypeModel, m.NzWorkTypeModelFill), Sg: listOf(m.SgWorkTypeModel, m.SgWorkTypeModelFill), My: listOf(m.MyEssWorkTypeModel, m.MyEssWorkTypeModelFill) },
  ...access('self'),
  method: 'get',
  path: `${S}/lookup/worktype`,
  tags,
  summary: 'Work types the employee may pick',
  description: `${SELF_TEXT} The work types (not shift conditions) a self-service clock-on accepts, by id.`,
  request: { params: selfParams },
  responses: { 200: jsonResponse(z.array(m.UkWorkTypeModel), 'The work types, by id.'), ...standardErrors },
});

export const essGetShiftConditions = defineRoute({
  operationId: 'ess.getShiftConditions',
  variants: { Au: listOf(m.AuWorkTypeModel, m.AuWorkTypeModelFill), Nz: listOf(m.NzWorkTypeModel, m.NzWorkTypeModelFill), Sg: listOf(m.SgWorkTypeModel, m.SgWorkTypeModelFill), My: listOf(m.MyEssWorkTypeModel, m.MyEssWorkTypeModelFill) },
  ...access('self'),
  method: 'get',
  path: `${S}/lookup/shiftcondition`,
  tags,
  summary: 'Shift conditions the employee may pick',
  description: `${SELF_TEXT} The shift conditions a self-service clock-on accepts, in the work-type shape, by id.`,
  request: { params: selfParams },
  responses: { 200: jsonResponse(z.array(m.UkWorkTypeModel), 'The shift conditions, by id.'), ...standardErrors },
});

const B = '/api/v2/business/{businessId}';
const employeeParams = businessParams.extend({ employeeId: pathId('employeeId') });

/** Project extension: invite an employee to self-service. */
export const inviteToSelfService = defineRoute({
  operationId: 'selfService.invite',
  ...access('admin', 'users'),
  method: 'post',
  path: `${B}/employee/{employeeId}/selfservice/invitation`,
  tags,
  summary: 'Invite an employee to self-service (project extension)',
  description:
    "Project extension (the vendor's portal credentials come from its web app). E-mails a one-time invitation token (valid 7 days) " +
    "to `emailAddress`, else the employee's own e-mail address (400 when neither); it replaces the employee's open self-service " +
    'invitation. A new user accepts with `POST /api/v2/account/activate` (choosing a password), an existing one with ' +
    '`POST /api/v2/account/invitations/accept`. Accepting links that user to this employee for the `/api/v2/ess/{employeeId}` ' +
    'routes and grants no access to the business. The user then signs in with the OAuth password grant.',
  request: {
    params: employeeParams,
    headers: idempotencyHeaders,
    body: { content: { 'application/json': { schema: InviteToSelfServiceModel } }, required: false },
  },
  responses: { 200: jsonResponse(SelfServiceInvitationModel, 'The invitation sent.'), ...mutationErrors },
});

/** Project extension: end an employee's self-service. */
export const revokeSelfService = defineRoute({
  operationId: 'selfService.revoke',
  ...access('admin', 'users'),
  method: 'delete',
  path: `${B}/employee/{employeeId}/selfservice`,
  tags,
  summary: "End an employee's self-service (project extension)",
  description:
    'Project extension. Removes every link of a user to this employee and withdraws open self-service invitations; their ' +
    'self-service requests get 404 from then on. 404 when there was neither.',
  request: { params: employeeParams, headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutationErrors },
});
