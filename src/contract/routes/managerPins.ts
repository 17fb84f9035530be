/**
 * Project extension routes of the manager PIN (not in the vendor SDK). A manager sets a personal PIN
 * once, after a password sign-in; a paired tablet of the business then opens manager mode with it
 * (a short session with the manager's own rights). It locks out like an employee's PIN, and can be
 * forgotten by its owner or revoked by the business's administrators from any tablet.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import {
  KioskManagerModel,
  ManagerPinModel,
  ManagerPinSessionModel,
  ManagerPinSignInModel,
  ManagerPinStatusModel,
  SetManagerPinModel,
} from '../supporting/managerPins';
import { access, businessParams, emptyOk, jsonBody, jsonResponse, lockedError, pathId, rateLimited, standardErrors } from './common';

export { KioskManagerModel, ManagerPinModel, ManagerPinSessionModel, ManagerPinSignInModel, ManagerPinStatusModel, SetManagerPinModel };

const tags = ['Manager PIN (project extension)'];
const B = '/api/v2/business/{businessId}';
const kioskParams = businessParams.extend({ kioskId: pathId('kioskId') });
const EXTENSION = 'Project extension (not in the vendor API). ';

export const getMyManagerPin = defineRoute({
  operationId: 'managerPins.getMine',
  ...access('kiosk', 'users'),
  method: 'get',
  path: `${B}/kiosk/{kioskId}/managerpin`,
  tags,
  summary: 'Whether I have a manager PIN in this business',
  description: `${EXTENSION}One PIN per manager and business, asked for at a kiosk the manager operates; never answers the PIN.`,
  request: { params: kioskParams },
  responses: { 200: jsonResponse(ManagerPinStatusModel, "The caller's manager PIN."), ...standardErrors },
});

export const setMyManagerPin = defineRoute({
  operationId: 'managerPins.setMine',
  ...access('kiosk', 'users'),
  method: 'put',
  path: `${B}/kiosk/{kioskId}/managerpin`,
  tags,
  summary: 'Set my manager PIN',
  description:
    `${EXTENSION}Set at a kiosk the manager operates, it opens manager mode at every kiosk of the business they operate. 6 to 8 digits (400 \`invalid-manager-pin\` otherwise); replaces any earlier PIN and clears its lockout. Only a ` +
    'session opened with a password or an API key may set it (403 `manager-pin-needs-password` for a session opened with the PIN). ' +
    'Setting the same PIN again has the same effect, so the route takes no Idempotency-Key.',
  request: { params: kioskParams, ...jsonBody(SetManagerPinModel) },
  responses: { 200: jsonResponse(ManagerPinStatusModel, 'The PIN as now stored.'), ...standardErrors },
});

export const forgetMyManagerPin = defineRoute({
  operationId: 'managerPins.forgetMine',
  ...access('kiosk', 'users'),
  method: 'delete',
  path: `${B}/kiosk/{kioskId}/managerpin`,
  tags,
  summary: 'Forget my manager PIN',
  description: `${EXTENSION}Tablets then refuse it: online at once, offline after their next refresh. Forgetting a PIN that is not set changes nothing.`,
  request: { params: kioskParams },
  responses: { ...emptyOk, ...standardErrors },
});

export const listManagerPins = defineRoute({
  operationId: 'managerPins.list',
  ...access('admin', 'users'),
  method: 'get',
  path: `${B}/managerpins`,
  tags,
  summary: "The business's manager PINs (administrators)",
  description: `${EXTENSION}Who has one, since when, and whether it is locked; never the PINs. By name.`,
  request: { params: businessParams },
  responses: { 200: jsonResponse(z.array(ManagerPinModel), 'Manager PINs, by name.'), ...standardErrors },
});

export const revokeManagerPin = defineRoute({
  operationId: 'managerPins.revoke',
  ...access('admin', 'users'),
  method: 'delete',
  path: `${B}/managerpins/{userId}`,
  tags,
  summary: "Revoke a user's manager PIN (administrators)",
  description: `${EXTENSION}The user signs in with their password again, and may set a new PIN. Revoking a PIN that is not set changes nothing.`,
  request: { params: businessParams.extend({ userId: pathId('userId') }) },
  responses: { ...emptyOk, ...standardErrors },
});

export const listKioskManagers = defineRoute({
  operationId: 'managerPins.listKioskManagers',
  ...access('kiosk', 'devices'),
  method: 'get',
  path: `${B}/kiosk/{kioskId}/managers`,
  tags,
  summary: 'Managers who may open manager mode at this kiosk with a PIN',
  description: `${EXTENSION}Users with a manager PIN in the business and access to this kiosk, by name. The tablet keeps the list to offer their names.`,
  request: { params: kioskParams },
  responses: { 200: jsonResponse(z.array(KioskManagerModel), 'The managers, by name.'), ...standardErrors },
});

export const signInWithManagerPin = defineRoute({
  operationId: 'managerPins.signIn',
  ...access('kiosk', 'devices'),
  ...rateLimited('pinCheck'),
  method: 'post',
  path: `${B}/kiosk/{kioskId}/managerpin/signin`,
  tags,
  summary: 'Open manager mode with a manager PIN',
  description:
    `${EXTENSION}A paired tablet sends the manager and the PIN typed; the answer is an OAuth token pair with the manager's own ` +
    'rights, for a short session (`sessionEndsUtc`; renewals keep it). A wrong PIN is 400 `wrong-manager-pin` with `attemptsLeft`; ' +
    'too many in a row lock it (429 `manager-pin-locked`, Retry-After), under the employee PIN policy. A user without a PIN here ' +
    'gets 400 `manager-pin-not-set`; one without access to this kiosk 403. No Idempotency-Key: an answer holding tokens is never stored.',
  request: { params: kioskParams, ...jsonBody(ManagerPinSignInModel) },
  responses: { 200: jsonResponse(ManagerPinSessionModel, 'The session.'), ...standardErrors, ...lockedError },
});
