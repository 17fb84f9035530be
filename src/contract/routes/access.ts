/**
 * The business-access group (contract 2.5): who may sign in to a business and with which rights,
 * plus the public account-activation route that lets an invited user choose a password.
 */
import { createRoute, z } from '@hono/zod-openapi';
import * as m from '../generated/models';
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
} from './common';
import { PAGE_LIMITS } from '../paging';
import { odataQuery, pagingText } from './odataQuery';

const tags = ['Business access'];
const B = '/api/v2/business/{businessId}';
const mutation = { ...mutationErrors, ...conflictError };

const emailQuery = z.object({
  email: z.string().openapi({ description: 'E-mail address of the user (any casing).' }),
});

import { ActivateAccountModel } from '../supporting/access';
export { ActivateAccountModel };

export const listAllBusinessAccessUsers = createRoute({
  operationId: 'businessAccess.listAllBusinessAccessUsers',
  method: 'get',
  path: `${B}/access`,
  tags,
  summary: 'Users with access to the business',
  description: pagingText(PAGE_LIMITS.settings, 'oldest grant first unless `$orderby` says otherwise'),
  request: { params: businessParams, query: odataQuery(PAGE_LIMITS.settings) },
  responses: { 200: jsonResponse(z.array(m.BusinessAccessModel), 'The users of the business, oldest grant first.'), ...standardErrors },
});

export const assignBusinessAccess = createRoute({
  operationId: 'businessAccess.assignBusinessAccess',
  method: 'post',
  path: `${B}/access`,
  tags,
  summary: 'Give a person access to the business',
  description:
    'Finds or creates the user by e-mail. `mergeExistingAccess` widens existing access instead of replacing it. ' +
    'Unless `suppressNotificationEmails`, a user without a password is e-mailed an invitation to choose one.',
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(m.CreateBusinessAccessModelInput) },
  responses: { ...emptyOk, ...mutation },
});

export const updateDetailsOfAnAssociatedUser = createRoute({
  operationId: 'businessAccess.updateDetailsOfAnAssociatedUser',
  method: 'put',
  path: `${B}/access`,
  tags,
  summary: 'Rename or re-address a user of the business',
  request: { params: businessParams, query: emailQuery, headers: idempotencyHeaders, ...jsonBody(m.AccessModelInput) },
  responses: { ...emptyOk, ...mutation },
});

export const revokeBusinessAccess = createRoute({
  operationId: 'businessAccess.revokeBusinessAccess',
  method: 'delete',
  path: `${B}/access`,
  tags,
  summary: "Remove a user's access",
  description: 'The last user with unrestricted access cannot be removed (409).',
  request: { params: businessParams, query: emailQuery, headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutation },
});

export const getUserBusinessAccess = createRoute({
  operationId: 'businessAccess.getUserBusinessAccess',
  method: 'get',
  path: `${B}/access/user`,
  tags,
  summary: 'Access of one user, by e-mail',
  request: { params: businessParams, query: emailQuery },
  responses: { 200: jsonResponse(m.BusinessAccessModel, "The user's access."), ...standardErrors },
});

export const activateAccount = createRoute({
  operationId: 'account.activate',
  method: 'post',
  path: '/api/v2/account/activate',
  tags: ['Account'],
  summary: 'Choose a password with an invitation token',
  description: 'Public. The token is single-use and valid for 7 days; otherwise 400 `invalid-grant`.',
  request: jsonBody(ActivateAccountModel),
  responses: {
    ...emptyOk,
    400: {
      description: 'The body is not valid, or the token is unknown, used or expired (`invalid-grant`).',
      content: { [PROBLEM_CONTENT_TYPE]: { schema: Problem } },
    },
  },
});
