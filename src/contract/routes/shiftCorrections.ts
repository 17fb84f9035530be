/**
 * Project extension routes: forgotten clock-offs. The kiosk submits the
 * correction after the clock-off (kiosk path, devices); managers list and decide them for the
 * business (they sit in front of the timesheet lines they change).
 */
import { z } from 'zod';
import { defineRoute } from './define';
import { ShiftCorrectionInputModel, ShiftCorrectionModel } from '../supporting/shiftCorrections';
import { CORRECTION_STATUSES } from '../../domain/timesheets';
import { access, businessParams, conflictError, idempotencyHeaders, jsonBody, jsonResponse, mutationErrors, pathId, standardErrors } from './common';
import { PAGE_LIMITS } from '../paging';
import { pageQuery, pagingText } from './odataQuery';

export { ShiftCorrectionInputModel, ShiftCorrectionModel };

const tags = ['Timesheets (project extensions)'];
const B = '/api/v2/business/{businessId}';
const kioskParams = businessParams.extend({ kioskId: pathId('kioskId') });
const correctionParams = businessParams.extend({ correctionId: pathId('correctionId') });
const EXTENSION = 'Project extension (not in the vendor API). ';

export const submitShiftCorrection = defineRoute({
  operationId: 'shiftCorrections.submitShiftCorrection',
  ...access('kiosk', 'devices'),
  method: 'post',
  path: `${B}/kiosk/{kioskId}/shiftcorrections`,
  tags: ['Kiosk (project extensions)'],
  summary: 'When a person who forgot to clock off finished (sent right after the clock-off)',
  description:
    `${EXTENSION}The clock-off is found by employee and recordedTimeUtc among this device's punches at this kiosk. The ` +
    'stated finish must lie after the clock-on (and after an open break began) and not after the clock-off (400 otherwise). ' +
    "The correction waits for a manager; until then the shift's timesheet line keeps the clock-off and is not approved by " +
    'itself. Without the clock-off (refused, or never sent) the correction is kept with no shift. A correction for a ' +
    'clock-off already corrected answers the first one again.',
  request: { params: kioskParams, headers: idempotencyHeaders, ...jsonBody(ShiftCorrectionInputModel) },
  responses: { 200: jsonResponse(ShiftCorrectionModel, 'The correction, pending.'), ...mutationErrors },
});

export const listShiftCorrections = defineRoute({
  operationId: 'shiftCorrections.listShiftCorrections',
  ...access('read', 'users'),
  method: 'get',
  path: `${B}/shiftcorrections`,
  tags,
  summary: 'Forgotten clock-offs (managers)',
  description: `${EXTENSION}${pagingText(PAGE_LIMITS.history, 'newest first')} Without \`status\`, the ones waiting for a manager (\`Pending\`).`,
  request: { params: businessParams, query: pageQuery(PAGE_LIMITS.history).extend({ status: z.enum(CORRECTION_STATUSES).optional() }) },
  responses: { 200: jsonResponse(z.array(ShiftCorrectionModel), 'Corrections, newest first.'), ...standardErrors },
});

export const acceptShiftCorrection = defineRoute({
  operationId: 'shiftCorrections.acceptShiftCorrection',
  ...access('admin', 'users'),
  method: 'post',
  path: `${B}/shiftcorrections/{correctionId}/accept`,
  tags,
  summary: 'Accept a stated finish (the timesheet line ends then)',
  description:
    `${EXTENSION}The line's end becomes the stated finish, under the business's rounding rules; breaks after it are cut. ` +
    'The raw clock-off is kept. Only a pending correction with a line that is not processed can be accepted (409 otherwise).',
  request: { params: correctionParams, headers: idempotencyHeaders },
  responses: { 200: jsonResponse(ShiftCorrectionModel, 'The accepted correction.'), ...mutationErrors, ...conflictError },
});

export const rejectShiftCorrection = defineRoute({
  operationId: 'shiftCorrections.rejectShiftCorrection',
  ...access('admin', 'users'),
  method: 'post',
  path: `${B}/shiftcorrections/{correctionId}/reject`,
  tags,
  summary: 'Reject a stated finish (the line keeps the clock-off)',
  description: `${EXTENSION}Only a pending correction can be decided (409 \`claim-decided\` otherwise).`,
  request: { params: correctionParams, headers: idempotencyHeaders },
  responses: { 200: jsonResponse(ShiftCorrectionModel, 'The rejected correction.'), ...mutationErrors, ...conflictError },
});
