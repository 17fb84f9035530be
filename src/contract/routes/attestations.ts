/**
 * Project extension routes: attestations at clock-off. Managers set which questions are asked,
 * write their own wording of them (each edit a new version), and read the answers; the kiosk sends a person's answers right after the clock-off they belong to
 * (kiosk path, devices), from its outbox like any punch.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import { AttestationInputModel, AttestationModel, AttestationSettingsModel, AttestationWordingInputModel, AttestationWordingModel } from '../supporting/attestations';
import { access, businessParams, idempotencyHeaders, jsonBody, jsonResponse, mutationErrors, pathId, queryBool, standardErrors } from './common';
import { PAGE_LIMITS } from '../paging';
import { pageQuery, pagingText } from './odataQuery';

export { AttestationInputModel, AttestationModel, AttestationSettingsModel, AttestationWordingInputModel, AttestationWordingModel };

const tags = ['Timesheets (project extensions)'];
const B = '/api/v2/business/{businessId}';
const kioskParams = businessParams.extend({ kioskId: pathId('kioskId') });
const EXTENSION = 'Project extension (not in the vendor API). ';

export const getAttestationSettings = defineRoute({
  operationId: 'attestations.getSettings',
  ...access('read'),
  method: 'get',
  path: `${B}/attestationsettings`,
  tags,
  summary: 'The questions asked at clock-off (project extension)',
  description: `${EXTENSION}Which questions a person answers at clock-off, and when. No rules (nothing asked) until a manager saves some.`,
  request: { params: businessParams },
  responses: { 200: jsonResponse(AttestationSettingsModel, 'The setting.'), ...standardErrors },
});

export const saveAttestationSettings = defineRoute({
  operationId: 'attestations.saveSettings',
  ...access('admin'),
  method: 'post',
  path: `${B}/attestationsettings`,
  tags,
  summary: 'Save the questions asked at clock-off (project extension)',
  description: `${EXTENSION}The body replaces the stored setting. Kiosks receive it with their policy (\`GET /api/v2/device\`) and ask offline.`,
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(AttestationSettingsModel) },
  responses: { 200: jsonResponse(AttestationSettingsModel, 'The stored setting.'), ...mutationErrors },
});

export const listAttestationWording = defineRoute({
  operationId: 'attestations.listWording',
  ...access('read'),
  method: 'get',
  path: `${B}/attestationwording`,
  tags,
  summary: "The business's own wording of its questions at clock-off, every version (project extension)",
  description:
    `${EXTENSION}Every version a manager wrote, oldest first per question; the latest of each is asked. Empty: the kiosks ask in the ` +
    'built-in wording (docs/attestations.md), in their language.',
  request: { params: businessParams },
  responses: { 200: jsonResponse(z.array(AttestationWordingModel), 'Every written version.'), ...standardErrors },
});

export const writeAttestationWording = defineRoute({
  operationId: 'attestations.writeWording',
  ...access('admin'),
  method: 'post',
  path: `${B}/attestationwording`,
  tags,
  summary: 'Write a question and its answers in your own words: a new version (project extension)',
  description:
    `${EXTENSION}Makes a new version of the question's wording, numbered after every version before it; earlier versions are kept ` +
    "unchanged, and answers given under them are read back in their words. The answers keep their meaning (one that reports a missed " +
    "break still flags the line). The words are shown as written in every language of the kiosk. Kiosks receive the new version with " +
    'their policy (`GET /api/v2/device`, `policy.attestationWording`).',
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(AttestationWordingInputModel) },
  responses: { 200: jsonResponse(AttestationWordingModel, 'The new version.'), ...mutationErrors },
});

export const submitAttestation = defineRoute({
  operationId: 'attestations.submit',
  ...access('kiosk', 'devices'),
  method: 'post',
  path: `${B}/kiosk/{kioskId}/attestations`,
  tags: ['Kiosk (project extensions)'],
  summary: "A person's answers at clock-off (sent right after the clock-off)",
  description:
    `${EXTENSION}The clock-off is found by employee and recordedTimeUtc among this device's punches at this kiosk; the answers are ` +
    "kept with its shift and timesheet line, with the version of each question's wording. An answer that reports a missed break " +
    'flags the line: a line the roster match approved goes back to Submitted for a manager. Without the clock-off (refused, or ' +
    'never sent) the answers are kept with no shift. Answers for a clock-off already answered return the first ones. ' +
    'Raises the `ShiftAttested` web hook event.',
  request: { params: kioskParams, headers: idempotencyHeaders, ...jsonBody(AttestationInputModel) },
  responses: { 200: jsonResponse(AttestationModel, 'The stored attestation.'), ...mutationErrors },
});

export const listAttestations = defineRoute({
  operationId: 'attestations.list',
  ...access('read', 'users'),
  method: 'get',
  path: `${B}/attestations`,
  tags,
  summary: 'Answers given at clock-off (managers)',
  description: `${EXTENSION}${pagingText(PAGE_LIMITS.history, 'newest first')} With \`missedBreakOnly=true\`, only those that report a missed break.`,
  request: { params: businessParams, query: pageQuery(PAGE_LIMITS.history).extend({ missedBreakOnly: queryBool.optional() }) },
  responses: { 200: jsonResponse(z.array(AttestationModel), 'Attestations, newest first.'), ...standardErrors },
});
