/**
 * The business-access group (contract 2.5): who may sign in to a business and with which rights,
 * plus the public account-activation route that lets an invited user choose a password.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import * as m from '../generated/models';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';
import { PROBLEM_CONTENT_TYPE, Problem } from '../problem';
import {
  businessParams,
  conflictError,
  emptyOk,
  idempotencyHeaders,
  jsonBody,
  jsonResponse,
  mutationErrors,
  standardErrors,
  access,
} from './common';
import { PAGE_LIMITS } from '../paging';
import { odataQuery, pagingText } from './odataQuery';

const tags = ['Business access'];
const B = '/api/v2/business/{businessId}';
const mutation = { ...mutationErrors, ...conflictError };

const emailQuery = z.object({
  email: t.text(maxTextLength('email')).meta({ description: 'E-mail address of the user (any casing).' }),
});

import { AcceptInvitationModel, ActivateAccountModel, ConfirmEmailChangeModel } from '../supporting/access';
export { AcceptInvitationModel, ActivateAccountModel, ConfirmEmailChangeModel };

export const listAllBusinessAccessUsers = defineRoute({
  operationId: 'businessAccess.listAllBusinessAccessUsers',
  ...access('admin'),
  method: 'get',
  path: `${B}/access`,
  tags,
  summary: 'Users with access to the business',
  description: pagingText(PAGE_LIMITS.settings, 'oldest grant first unless `$orderby` says otherwise'),
  request: { params: businessParams, query: odataQuery(PAGE_LIMITS.settings) },
  responses: { 200: jsonResponse(z.array(m.BusinessAccessModel), 'The users of the business, oldest grant first.'), ...standardErrors },
});

export const assignBusinessAccess = defineRoute({
  operationId: 'businessAccess.assignBusinessAccess',
  ...access('admin'),
  method: 'post',
  path: `${B}/access`,
  tags,
  summary: 'Give a person access to the business',
  description:
    'For a user of the business, replaces their access (`mergeExistingAccess` widens it instead). Anyone else is ' +
    'invited: the access starts only when they accept the e-mailed invitation (a new user by choosing a password, ' +
    '`POST /api/v2/account/activate`; an existing user with `POST /api/v2/account/invitations/accept`). The answer is ' +
    'the same whether or not the address belongs to a user (of this business or another): so `name` is always required. ' +
    'With `suppressNotificationEmails` the invitation is not e-mailed (grant again without it to send it).',
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(m.CreateBusinessAccessModelInput) },
  responses: { ...emptyOk, ...mutation },
});

export const updateDetailsOfAnAssociatedUser = defineRoute({
  operationId: 'businessAccess.updateDetailsOfAnAssociatedUser',
  ...access('admin'),
  method: 'put',
  path: `${B}/access`,
  tags,
  summary: 'Rename or re-address a user of the business',
  description:
    'A new name applies at once. A new e-mail address is e-mailed a confirmation token and applies when confirmed ' +
    '(`POST /api/v2/account/email/confirm`), so the answer is the same whether or not another account uses it; ' +
    'an address another user of this business has is 409.',
  request: { params: businessParams, query: emailQuery, headers: idempotencyHeaders, ...jsonBody(m.AccessModelInput) },
  responses: { ...emptyOk, ...mutation },
});

export const revokeBusinessAccess = defineRoute({
  operationId: 'businessAccess.revokeBusinessAccess',
  ...access('admin'),
  method: 'delete',
  path: `${B}/access`,
  tags,
  summary: "Remove a user's access",
  description: 'Also withdraws an open invitation to the business. The last user with unrestricted access cannot be removed (409).',
  request: { params: businessParams, query: emailQuery, headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutation },
});

export const getUserBusinessAccess = defineRoute({
  operationId: 'businessAccess.getUserBusinessAccess',
  ...access('admin'),
  method: 'get',
  path: `${B}/access/user`,
  tags,
  summary: 'Access of one user, by e-mail',
  request: { params: businessParams, query: emailQuery },
  responses: { 200: jsonResponse(m.BusinessAccessModel, "The user's access."), ...standardErrors },
});

export const activateAccount = defineRoute({
  operationId: 'account.activate',
  ...access('public'),
  method: 'post',
  path: '/api/v2/account/activate',
  tags: ['Account'],
  summary: 'Choose a password with an invitation token',
  description:
    'Public. For an invited user without a password: sets it and starts the invited access. The token is single-use ' +
    'and valid for 7 days; otherwise (or when the account already has a password) 400 `invalid-grant`.',
  request: jsonBody(ActivateAccountModel),
  responses: {
    ...emptyOk,
    400: {
      description: 'The body is not valid, or the token is unknown, used or expired (`invalid-grant`).',
      content: { [PROBLEM_CONTENT_TYPE]: { schema: Problem } },
    },
  },
});

export const acceptInvitation = defineRoute({
  operationId: 'account.acceptInvitation',
  ...access('public'),
  method: 'post',
  path: '/api/v2/account/invitations/accept',
  tags: ['Account'],
  summary: 'Accept an invitation to a business',
  description:
    'Public. For an invited user who already has a password: their access to the business starts now. The token ' +
    'is single-use and valid for 7 days; otherwise (or when the account has no password yet) 400 `invalid-grant`.',
  request: jsonBody(AcceptInvitationModel),
  responses: {
    ...emptyOk,
    400: {
      description: 'The body is not valid, or the token is unknown, used or expired (`invalid-grant`).',
      content: { [PROBLEM_CONTENT_TYPE]: { schema: Problem } },
    },
  },
});

export const confirmEmailChange = defineRoute({
  operationId: 'account.confirmEmailChange',
  ...access('public'),
  method: 'post',
  path: '/api/v2/account/email/confirm',
  tags: ['Account'],
  summary: 'Confirm a new e-mail address',
  description:
    'Public. The token sent to the new address by a re-address (PUT B/access); single-use, valid for a day; otherwise ' +
    '400 `invalid-grant`. 409 when another account uses the address by now.',
  request: jsonBody(ConfirmEmailChangeModel),
  responses: {
    ...emptyOk,
    400: {
      description: 'The body is not valid, or the token is unknown, used or expired (`invalid-grant`).',
      content: { [PROBLEM_CONTENT_TYPE]: { schema: Problem } },
    },
    ...conflictError,
  },
});
