/**
 * The kiosk (time and attendance) group: the contract's 25 operations of section 2.1, declared
 * once with their request and response schemas. Operation ids are the contract's ids.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import { listOf } from './regional';
import * as m from '../generated/models';
import { PinFailuresReportModel, PinSealKeyModel, PunchRecordModel, SealedPinChangeModel } from '../supporting/kiosk';
import { SetStaffPinModel } from '../supporting/staffPins';
import {
  businessParams,
  emptyOk,
  idempotencyHeaders,
  jsonBody,
  jsonResponse,
  lockedError,
  mutationErrors,
  pathId,
  queryBool,
  queryDateTime,
  queryInt,
  standardErrors,
  access,
  rateLimited,
} from './common';
import { KIOSK_STAFF_MAX, PAGE_LIMITS, SHIFT_SEARCH } from '../paging';
import { pageQuery, pagingText } from './odataQuery';
import { attendanceRoutes } from './attendanceRoutes';
import { resourceRoutes } from './resourceRoutes';

const tags = ['Kiosk'];
const B = '/api/v2/business/{businessId}';
const kioskParams = businessParams.extend({ kioskId: pathId('kioskId') });
const shiftParams = kioskParams.extend({ shiftId: pathId('shiftId') });
const mutation = mutationErrors;

const kiosks = resourceRoutes({ name: 'kiosk', tags });
const attendance = attendanceRoutes({ base: `${B}/kiosk/{kioskId}`, params: kioskParams, need: 'kiosk', tags });

export const listKiosks = kiosks.list({
  operationId: 'kiosk.listKiosks',
  access: 'member',
  summary: 'List kiosks',
  description: pagingText(PAGE_LIMITS.settings, 'by id unless `$orderby` says otherwise'),
  limits: PAGE_LIMITS.settings,
  answer: z.array(m.TimeAndAttendanceKioskModel),
  answerText: 'All kiosks of the business.',
});

export const createKiosk = kiosks.create({
  operationId: 'kiosk.createKiosk',
  summary: 'Create a kiosk',
  body: m.TimeAndAttendanceKioskModelInput,
  answer: m.TimeAndAttendanceKioskModel,
  answerText: 'The saved kiosk with its new id.',
});

export const getKioskById = kiosks.get({
  operationId: 'kiosk.getKioskById',
  access: 'kiosk',
  summary: 'Get a kiosk',
  answer: m.TimeAndAttendanceKioskModel,
  answerText: 'The kiosk.',
});

export const updateKiosk = kiosks.update({
  operationId: 'kiosk.updateKiosk',
  summary: 'Update a kiosk',
  body: m.TimeAndAttendanceKioskModelInput,
  answer: m.TimeAndAttendanceKioskModel,
  answerText: 'The stored kiosk.',
});

export const deleteKiosk = kiosks.delete({
  operationId: 'kiosk.deleteKiosk',
  summary: 'Delete a kiosk',
});

export const listKioskStaff = defineRoute({
  operationId: 'kiosk.listKioskStaff',
  ...access('kiosk'),
  method: 'get',
  path: `${B}/kiosk/{kioskId}/staff`,
  tags,
  summary: 'List the staff who can use a kiosk, with their live status',
  description:
    'Every kiosk-enabled employee of the business who has not left, by first name, surname and id. Answered whole, ' +
    `without paging (a kiosk keeps its whole staff for offline use), up to ${KIOSK_STAFF_MAX} employees: a business with ` +
    'more kiosk staff gets the first that many (the service logs a warning).',
  request: {
    params: kioskParams,
    query: z.object({ restrictCurrentShiftsToCurrentKioskLocation: queryBool.optional() }),
  },
  responses: { 200: jsonResponse(z.array(m.BasicKioskEmployeeModel), 'Kiosk staff.'), ...standardErrors },
});

export const addAnEmployee = defineRoute({
  operationId: 'kiosk.addAnEmployee',
  ...access('kiosk'),
  method: 'post',
  path: `${B}/kiosk/{kioskId}/staff`,
  tags,
  summary: 'Create a kiosk-enabled employee',
  request: { params: kioskParams, headers: idempotencyHeaders, ...jsonBody(m.KioskCreateEmployeeModelInput) },
  responses: { 200: jsonResponse(m.BasicKioskEmployeeModel, 'The new employee.'), ...mutation },
});

export const employeeHasAccess = defineRoute({
  operationId: 'kiosk.employeeHasAccess',
  ...access('anyKiosk'),
  method: 'get',
  path: `${B}/kiosk/hasaccess/{employeeId}`,
  tags,
  summary: 'May this employee use kiosks?',
  request: { params: businessParams.extend({ employeeId: pathId('employeeId') }) },
  responses: { 200: jsonResponse(z.boolean(), 'A bare JSON boolean.'), ...standardErrors },
});

export const checkEmployee = defineRoute({
  operationId: 'kiosk.checkEmployee',
  ...access('kiosk'),
  method: 'post',
  path: `${B}/kiosk/{kioskId}/checkid`,
  tags,
  summary: 'Resolve an employee id typed at the kiosk',
  request: { params: kioskParams, headers: idempotencyHeaders, ...jsonBody(m.CheckKioskEmployeeIdModelInput) },
  responses: { 200: jsonResponse(m.BasicKioskEmployeeModel, 'The employee and live status.'), ...mutation },
});

export const verifyKioskPin = defineRoute({
  operationId: 'kiosk.verifyKioskPin',
  ...access('kiosk'),
  ...rateLimited('pinCheck'),
  method: 'post',
  path: `${B}/kiosk/{kioskId}/checkpin`,
  tags,
  summary: "Check an employee's kiosk PIN",
  description: 'A wrong PIN is answered with 400 (`wrong-pin`); after too many in a row the PIN locks (429, `pin-locked`).',
  request: { params: kioskParams, headers: idempotencyHeaders, ...jsonBody(m.CheckKioskPinModelInput) },
  responses: { 200: jsonResponse(m.KioskEmployeeModel, 'The employee, including pinExpired.'), ...mutation, ...lockedError },
});

export const changePin = defineRoute({
  operationId: 'kiosk.changePin',
  ...access('kiosk'),
  ...rateLimited('pinCheck'),
  method: 'post',
  path: `${B}/kiosk/{kioskId}/changepin`,
  tags,
  summary: "Replace an employee's PIN (the old PIN must match)",
  request: { params: kioskParams, headers: idempotencyHeaders, ...jsonBody(m.ChangeKioskPinModelInput) },
  responses: { 200: jsonResponse(m.KioskEmployeeModel, 'The employee.'), ...mutation, ...lockedError },
});

export const sendPinResetEmail = defineRoute({
  operationId: 'kiosk.sendPinResetEmail',
  ...access('kiosk'),
  ...rateLimited('pinReset'),
  method: 'post',
  path: `${B}/kiosk/{kioskId}/emailreset`,
  tags,
  summary: 'E-mail the employee a temporary PIN',
  request: { params: kioskParams, headers: idempotencyHeaders, ...jsonBody(m.PinResetModelInput) },
  responses: { ...emptyOk, ...mutation },
});

export const sendPinResetSms = defineRoute({
  operationId: 'kiosk.sendPinResetSms',
  ...access('kiosk'),
  ...rateLimited('pinReset'),
  method: 'post',
  path: `${B}/kiosk/{kioskId}/smsreset`,
  tags,
  summary: 'Text the employee a temporary PIN (SMS notifications must be on)',
  request: { params: kioskParams, headers: idempotencyHeaders, ...jsonBody(m.PinResetModelInput) },
  responses: { ...emptyOk, ...mutation },
});

export const getEmployeeLookupData = attendance.lookupData({
  operationId: 'kiosk.getEmployeeLookupData',
  path: 'lookupdata/{employeeId}',
  params: kioskParams.extend({ employeeId: pathId('employeeId') }),
  summary: 'Pick-lists for one employee at clock-on',
});

export const clockInEmployee = attendance.punch({ operationId: 'kiosk.clockInEmployee', path: 'clockon', summary: 'Clock on', body: m.ClockOnModelInput });
export const startBreak = attendance.punch({ operationId: 'kiosk.startBreak', path: 'startbreak', summary: 'Start a break', body: m.StartBreakModelInput });
export const endBreak = attendance.punch({ operationId: 'kiosk.endBreak', path: 'endbreak', summary: 'End a break', body: m.EndBreakModelInput });
export const clockOutEmployee = attendance.punch({ operationId: 'kiosk.clockOutEmployee', path: 'clockoff', summary: 'Clock off (ends an open break)', body: m.ClockOffModelInput });
export const discardCurrentShift = attendance.punch({ operationId: 'kiosk.discardCurrentShift', path: 'discard', summary: 'Abandon the open shift', body: m.ClockOffModelInput });
export const addCompleteShiftForEmployee = attendance.punch({
  operationId: 'kiosk.addCompleteShiftForEmployee',
  path: 'addshift',
  summary: 'Record a finished shift with its breaks',
  body: m.AddShiftModelInput,
});

export const shifts = defineRoute({
  operationId: 'kiosk.shifts',
  variants: { Au: listOf(m.AuTimeAndAttendanceShiftModel, m.AuTimeAndAttendanceShiftModelFill) },
  ...access('anyKiosk'),
  method: 'post',
  path: `${B}/kiosk/shifts`,
  tags,
  summary: 'Search clocked shifts (read-only despite the verb)',
  description:
    `Shifts that began in the window, or began before it and were still running at its start (shifts still open ` +
    `count however old; completed ones when they began at most ${SHIFT_SEARCH.overlapLookbackHours} hours before it). ` +
    `Without fromDateUtc the window starts ${SHIFT_SEARCH.defaultWindowDays} days before its end; without toDateUtc it ends now (plus the clock-skew allowance for punches recorded ahead of the service's clock). ` +
    `A window longer than ${SHIFT_SEARCH.maxWindowDays} days is a 400 on toDateUtc. At most ${SHIFT_SEARCH.maxResults} shifts are ` +
    'answered, the newest first: to read further back, search again with toDateUtc set to the start of the oldest shift answered. ' +
    'A device or a user with access to some kiosks only sees those kiosks\' shifts and the shifts kiosk staff clocked through ' +
    'employee self-service (kioskId 0, kioskName null); a search naming a kioskId leaves self-service shifts out.',
  request: { params: businessParams, ...jsonBody(m.GetShiftsModelInput) },
  responses: { 200: jsonResponse(z.array(m.UkTimeAndAttendanceShiftModel), 'Matching shifts, newest first.'), ...standardErrors },
});

export const getShiftNotes = attendance.shiftNotes({
  operationId: 'kiosk.getShiftNotes',
  summary: 'Notes of a clocked shift',
  description: pagingText(PAGE_LIMITS.settings, 'oldest first'),
});

export const addNoteToShift = attendance.addNote({
  operationId: 'kiosk.addNoteToShift',
  summary: 'Add a note to a clocked shift',
});

export const deleteNoteFromShift = defineRoute({
  operationId: 'kiosk.deleteNoteFromShift',
  ...access('kiosk'),
  method: 'delete',
  path: `${B}/kiosk/{kioskId}/shift/{shiftId}/notes/{noteId}`,
  tags,
  summary: 'Delete a note',
  request: { params: shiftParams.extend({ noteId: pathId('noteId') }), headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutation },
});

export const markShiftNotesRead = attendance.markNotesRead({
  operationId: 'kiosk.markShiftNotesRead',
  summary: 'Mark notes read or unread',
});

/** Supporting (not in the SDK): wrong PINs an offline kiosk saw, applied at the times they happened. */
export const reportPinFailures = defineRoute({
  operationId: 'kiosk.reportPinFailures',
  ...access('kiosk'),
  ...rateLimited('pinFailures'),
  method: 'post',
  path: `${B}/kiosk/{kioskId}/pinfailures`,
  tags,
  summary: 'Report wrong PINs typed while the kiosk was offline',
  description:
    'Each attempt counts towards the lockout at its own time, so a lockout that began offline continues online, and old attempts do not lock anyone now. ' +
    'Only plausible reports are applied: distinct times, none in the future (beyond the clock-skew allowance), none before the ' +
    "reporting device's offline period or older than PIN_FAILURES_MAX_AGE_HOURS, and at most PIN_FAILURES_PER_DEVICE_HOUR per device " +
    'within any 60 minutes; otherwise 400 `implausible-pin-failures` naming each entry, and nothing is applied. An attempt reported again changes nothing.',
  request: { params: kioskParams, headers: idempotencyHeaders, ...jsonBody(PinFailuresReportModel) },
  responses: { ...emptyOk, ...mutation },
});

/** Supporting: the public key an offline kiosk seals a PIN change with. */
export const getPinSealKey = defineRoute({
  operationId: 'kiosk.getPinSealKey',
  ...access('kiosk'),
  method: 'get',
  path: `${B}/kiosk/{kioskId}/pinseal`,
  tags,
  summary: 'The key for sealing an offline PIN change',
  request: { params: kioskParams },
  responses: { 200: jsonResponse(PinSealKeyModel, 'The current sealing key.'), ...standardErrors },
});

/** Supporting: a PIN change queued offline, sealed so the kiosk never stored the PINs. */
export const changePinSealed = defineRoute({
  operationId: 'kiosk.changePinSealed',
  ...access('kiosk'),
  ...rateLimited('pinCheck'),
  method: 'post',
  path: `${B}/kiosk/{kioskId}/changepin/sealed`,
  tags,
  summary: 'Replace a PIN with a change sealed by an offline kiosk',
  description: 'Opens the sealed `{oldPin, newPin}` and then behaves exactly like changepin.',
  request: { params: kioskParams, headers: idempotencyHeaders, ...jsonBody(SealedPinChangeModel) },
  responses: { 200: jsonResponse(m.KioskEmployeeModel, 'The employee.'), ...mutation, ...lockedError },
});

/** Supporting: the punch audit trail (every accepted punch with its recorded and received times). */
export const listPunches = defineRoute({
  operationId: 'kiosk.listPunches',
  ...access('read'),
  method: 'get',
  path: `${B}/kiosk/punches`,
  tags,
  summary: 'The punch audit trail',
  description: `Every punch the service accepted, optionally for one employee or kiosk and a UTC window (on the time of record). ${pagingText(PAGE_LIMITS.history, 'oldest first')}`,
  request: {
    params: businessParams,
    // Spelled as the contract spells these names elsewhere (EmployeeId on the notes route, kioskId on
    // the roster matching routes): names match in any casing, so one spelling serves every route.
    query: pageQuery(PAGE_LIMITS.history).extend({
      EmployeeId: queryInt.optional(),
      kioskId: queryInt.optional(),
      FromUtc: queryDateTime.optional(),
      ToUtc: queryDateTime.optional(),
    }),
  },
  responses: { 200: jsonResponse(z.array(PunchRecordModel), 'Punches, oldest first.'), ...standardErrors },
});

/** Project extension (manager PIN management): a manager sets or resets a person's PIN. */
export const setStaffPin = defineRoute({
  operationId: 'kiosk.setStaffPin',
  ...access('kiosk', 'users'),
  method: 'post',
  path: `${B}/kiosk/{kioskId}/staff/{employeeId}/pin`,
  tags,
  summary: "Set a person's kiosk PIN (managers only; project extension)",
  description:
    'Replaces the PIN (checked against the PIN policy: 4 to 8 digits), cancels any temporary reset PIN and clears the wrong-PIN lockout. ' +
    'With `mustChange: true` the PIN is marked expired, so the person chooses their own PIN at next use. Setting the same PIN again ' +
    'has the same effect, so the route takes no Idempotency-Key. Enrolled devices get 403: a manager signs in.',
  request: { params: kioskParams.extend({ employeeId: pathId('employeeId') }), ...jsonBody(SetStaffPinModel) },
  responses: { ...emptyOk, ...standardErrors },
});
