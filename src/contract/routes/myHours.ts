/**
 * Project extension routes: "My hours". At the kiosk (device callers) a person reads their own lines
 * of this week and last week, disputes one, reads a manager's reply and acknowledges a manager's
 * change; managers list and resolve disputes and read a line's change history. The tablet queues
 * the kiosk's writes through its outbox like punches (each with an Idempotency-Key).
 */
import { z } from 'zod';
import { defineRoute } from './define';
import {
  LineChangeModel,
  LineDisputeInputModel,
  LineDisputeModel,
  MyHoursModel,
  ReadByEmployeeModel,
  ResolveLineDisputeModel,
} from '../supporting/myHours';
import { DISPUTE_STATUSES } from '../../domain/lineDisputes';
import { access, businessParams, conflictError, idempotencyHeaders, jsonBody, jsonResponse, mutationErrors, pathId, standardErrors } from './common';
import { PAGE_LIMITS } from '../paging';
import { pageQuery, pagingText } from './odataQuery';

export { LineChangeModel, LineDisputeInputModel, LineDisputeModel, MyHoursModel, ReadByEmployeeModel, ResolveLineDisputeModel };

const kioskTags = ['Kiosk (project extensions)'];
const tags = ['Timesheets (project extensions)'];
const B = '/api/v2/business/{businessId}';
const K = `${B}/kiosk/{kioskId}`;
const kioskParams = businessParams.extend({ kioskId: pathId('kioskId') });
const EXTENSION = 'Project extension (not in the vendor API). ';
const PERSON =
  'Only for a person with access at this kiosk (else 404, as for checkid); the kiosk shows it to the person who signed in ' +
  '(PIN or badge). Another person’s line, dispute or change answers 404.';

export const getMyHours = defineRoute({
  operationId: 'myHours.getMyHours',
  ...access('kiosk', 'devices'),
  method: 'get',
  path: `${K}/staff/{employeeId}/hours`,
  tags: kioskTags,
  summary: "A person's own lines of this week and last week, their disputes and their manager's changes",
  description:
    `${EXTENSION}${PERSON} The window is from Monday 00:00 of last week to Monday 00:00 of next week in the kiosk's zone; ` +
    'lines are picked by their start. Disputes: those still open, those raised in the window, and any reply not yet read. ' +
    'Changes: those made in the window and any not yet acknowledged. The tablet keeps the answer to show offline.',
  request: { params: kioskParams.extend({ employeeId: pathId('employeeId') }) },
  responses: { 200: jsonResponse(MyHoursModel, "The person's record."), ...standardErrors },
});

export const submitLineDispute = defineRoute({
  operationId: 'myHours.submitLineDispute',
  ...access('kiosk', 'devices'),
  method: 'post',
  path: `${K}/linedisputes`,
  tags: kioskTags,
  summary: 'A person says one of their lines is wrong (queued at the tablet like a punch)',
  description:
    `${EXTENSION}${PERSON} Name the line (timesheetLineId) or a manager's change of it (lineChangeId; a deleted line has only ` +
    'that). The note is 1 to 500 characters. A second dispute with the same disputeKey answers the first. The dispute waits ' +
    'for a manager on Timesheets.',
  request: { params: kioskParams, headers: idempotencyHeaders, ...jsonBody(LineDisputeInputModel) },
  responses: { 200: jsonResponse(LineDisputeModel, 'The dispute, open.'), ...mutationErrors },
});

export const markDisputeReplySeen = defineRoute({
  operationId: 'myHours.markDisputeReplySeen',
  ...access('kiosk', 'devices'),
  method: 'post',
  path: `${K}/linedisputes/{disputeId}/seen`,
  tags: kioskTags,
  summary: "The person read the manager's reply",
  description: `${EXTENSION}${PERSON} Only a resolved dispute has a reply to read (409 otherwise); reading it again keeps the first time.`,
  request: { params: kioskParams.extend({ disputeId: pathId('disputeId') }), headers: idempotencyHeaders, ...jsonBody(ReadByEmployeeModel) },
  responses: { 200: jsonResponse(LineDisputeModel, 'The dispute.'), ...mutationErrors, ...conflictError },
});

export const acknowledgeLineChange = defineRoute({
  operationId: 'myHours.acknowledgeLineChange',
  ...access('kiosk', 'devices'),
  method: 'post',
  path: `${K}/linechanges/{lineChangeId}/acknowledge`,
  tags: kioskTags,
  summary: "The person acknowledged a manager's change to their line",
  description: `${EXTENSION}${PERSON} Acknowledging again keeps the first time. To disagree, the person disputes the change instead.`,
  request: { params: kioskParams.extend({ lineChangeId: pathId('lineChangeId') }), headers: idempotencyHeaders, ...jsonBody(ReadByEmployeeModel) },
  responses: { 200: jsonResponse(LineChangeModel, 'The change.'), ...mutationErrors },
});

export const listLineDisputes = defineRoute({
  operationId: 'myHours.listLineDisputes',
  ...access('read', 'users'),
  method: 'get',
  path: `${B}/linedisputes`,
  tags,
  summary: 'Disputed timesheet lines (managers)',
  description: `${EXTENSION}${pagingText(PAGE_LIMITS.history, 'newest first')} Without \`status\`, the open ones.`,
  request: { params: businessParams, query: pageQuery(PAGE_LIMITS.history).extend({ status: z.enum(DISPUTE_STATUSES).optional() }) },
  responses: { 200: jsonResponse(z.array(LineDisputeModel), 'Disputes, newest first.'), ...standardErrors },
});

export const resolveLineDispute = defineRoute({
  operationId: 'myHours.resolveLineDispute',
  ...access('admin', 'users'),
  method: 'post',
  path: `${B}/linedisputes/{disputeId}/resolve`,
  tags,
  summary: 'Resolve a dispute with a reply the person sees at their next PIN',
  description:
    `${EXTENSION}The reply is 1 to 500 characters. Change the line itself with the timesheet routes (the person sees that ` +
    'change too). Only an open dispute can be resolved (409 otherwise).',
  request: { params: businessParams.extend({ disputeId: pathId('disputeId') }), headers: idempotencyHeaders, ...jsonBody(ResolveLineDisputeModel) },
  responses: { 200: jsonResponse(LineDisputeModel, 'The resolved dispute.'), ...mutationErrors, ...conflictError },
});

export const listLineChanges = defineRoute({
  operationId: 'myHours.listLineChanges',
  ...access('read', 'users'),
  method: 'get',
  path: `${B}/timesheet/{timesheetLineId}/changes`,
  tags,
  summary: "A line's history of managers' changes: who, when, before and after",
  description: `${EXTENSION}Oldest first; a deleted line's history stays readable by its id.`,
  request: { params: businessParams.extend({ timesheetLineId: pathId('timesheetLineId') }) },
  responses: { 200: jsonResponse(z.array(LineChangeModel), 'The changes, oldest first.'), ...standardErrors },
});
