/**
 * Project extension routes of the kiosk (not in the vendor SDK): a kiosk's
 * preferences for its tablets, and the identity claims that follow unverified offline punches, with
 * the manager's list and decisions. Vendor punch bodies stay field-for-field; a claim refers to its
 * punch by the punch's Idempotency-Key and recorded time.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import { IdentityClaimInputModel, IdentityClaimModel, KioskPreferencesModel } from '../supporting/kioskExtensions';
import { CLAIM_STATUSES } from '../../domain/identityClaims';
import {
  access,
  businessParams,
  conflictError,
  idempotencyHeaders,
  jsonBody,
  jsonResponse,
  mutationErrors,
  pathId,
  rateLimited,
  standardErrors,
} from './common';
import { PAGE_LIMITS } from '../paging';
import { pageQuery, pagingText } from './odataQuery';

export { IdentityClaimInputModel, IdentityClaimModel, KioskPreferencesModel };

const tags = ['Kiosk (project extensions)'];
const K = '/api/v2/business/{businessId}/kiosk/{kioskId}';
const kioskParams = businessParams.extend({ kioskId: pathId('kioskId') });
const claimParams = kioskParams.extend({ claimId: pathId('claimId') });
const EXTENSION = 'Project extension (not in the vendor API). ';

export const getKioskPreferences = defineRoute({
  operationId: 'kioskExtensions.getKioskPreferences',
  ...access('kiosk'),
  method: 'get',
  path: `${K}/preferences`,
  tags,
  summary: "The kiosk's preferences for its tablets",
  description: `${EXTENSION}Defaults until a manager saves them. The kiosk's tablets read them with every refresh and keep them for offline use.`,
  request: { params: kioskParams },
  responses: { 200: jsonResponse(KioskPreferencesModel, 'The preferences, every field present.'), ...standardErrors },
});

export const updateKioskPreferences = defineRoute({
  operationId: 'kioskExtensions.updateKioskPreferences',
  ...access('admin', 'users'),
  method: 'put',
  path: `${K}/preferences`,
  tags,
  summary: "Save the kiosk's preferences",
  description: `${EXTENSION}The body replaces the stored preferences: a field left out takes its default.`,
  request: { params: kioskParams, headers: idempotencyHeaders, ...jsonBody(KioskPreferencesModel) },
  responses: { 200: jsonResponse(KioskPreferencesModel, 'The stored preferences.'), ...mutationErrors },
});

export const submitIdentityClaim = defineRoute({
  operationId: 'kioskExtensions.submitIdentityClaim',
  ...access('kiosk', 'devices'),
  ...rateLimited('pinCheck'),
  method: 'post',
  path: `${K}/identityclaims`,
  tags,
  summary: 'Who an unverified offline punch was (sent right after the punch)',
  description:
    `${EXTENSION}The kiosk could not check the PIN (no service, no verifier on the tablet), so it let the person punch and sends ` +
    'the PIN sealed with the pinseal key. The service opens it and checks it like checkpin, under the same lockout: a right PIN ' +
    'verifies the punch (`outcome: verified`); a wrong one counts as a failed attempt and, like a missing, unreadable or locked ' +
    'PIN, flags the shift for a manager (`outcome: flagged`). The punch is found by employee, kind and recordedTimeUtc among ' +
    "this device's punches at this kiosk; without one, the claim is kept flagged (`no-punch`). A claim for a punch already " +
    'claimed answers the first claim again and checks nothing.',
  request: { params: kioskParams, headers: idempotencyHeaders, ...jsonBody(IdentityClaimInputModel) },
  responses: { 200: jsonResponse(IdentityClaimModel, 'The claim and what the service concluded.'), ...mutationErrors },
});

export const listIdentityClaims = defineRoute({
  operationId: 'kioskExtensions.listIdentityClaims',
  ...access('kiosk', 'users'),
  method: 'get',
  path: `${K}/identityclaims`,
  tags,
  summary: "Unverified offline punches at this kiosk (managers)",
  description: `${EXTENSION}${pagingText(PAGE_LIMITS.history, 'newest first')} Without \`status\`, the ones waiting for a manager (\`pending\`).`,
  request: {
    params: kioskParams,
    query: pageQuery(PAGE_LIMITS.history).extend({ status: z.enum(CLAIM_STATUSES).optional() }),
  },
  responses: { 200: jsonResponse(z.array(IdentityClaimModel), 'Claims, newest first.'), ...standardErrors },
});

const decision = (verb: 'accept' | 'reject', operationId: string, summary: string, description: string) =>
  defineRoute({
    operationId,
    ...access('kiosk', 'users'),
    method: 'post',
    path: `${K}/identityclaims/{claimId}/${verb}`,
    tags,
    summary,
    description: `${EXTENSION}${description}`,
    request: { params: claimParams, headers: idempotencyHeaders },
    responses: { 200: jsonResponse(IdentityClaimModel, 'The decided claim.'), ...mutationErrors, ...conflictError },
  });

export const acceptIdentityClaim = decision(
  'accept',
  'kioskExtensions.acceptIdentityClaim',
  'Accept an unverified punch (clears the flag)',
  'Only a pending claim can be decided (409 `claim-decided` otherwise; accepting an accepted claim again answers it again).',
);

export const rejectIdentityClaim = decision(
  'reject',
  'kioskExtensions.rejectIdentityClaim',
  'Reject an unverified punch (discards its shift)',
  'Discards the shift the punch belongs to: an open shift through the discard punch (the person is no longer on shift), a ' +
    'finished one by marking it discarded and withdrawing its timesheet line. Only a pending claim can be decided (409 `claim-decided`).',
);
