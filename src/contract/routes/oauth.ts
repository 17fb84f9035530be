/**
 * OAuth 2.0 sign-in for managers (contract 1.2 and 2.3). The SDK models neither body, so the
 * shapes are RFC 6749's and RFC 7009's: parameters form-encoded (or JSON), a token object out.
 * Each route is declared twice, at the host root (the vendor's OAuth guide) and under /api/v2
 * (the SDK), both served by one handler.
 */
import type { z } from 'zod';
import { defineRoute } from './define';
import { access, emptyOk, jsonResponse, lockedError, rateLimited } from './common';
import { PROBLEM_CONTENT_TYPE, Problem } from '../problem';

const tags = ['Authentication'];
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

import { SUPPORTED_GRANT_TYPES, OAUTH_SCOPE, OAuthTokenRequest, OAuthTokenResponse, OAuthRevokeRequest } from '../supporting/oauth';
export { SUPPORTED_GRANT_TYPES, OAUTH_SCOPE, OAuthTokenRequest, OAuthTokenResponse, OAuthRevokeRequest };

const formOrJson = <T extends z.ZodType>(schema: T, description: string) => ({
  body: {
    description,
    required: false,
    content: { [FORM_CONTENT_TYPE]: { schema }, 'application/json': { schema } },
  },
});

const oauthError = (description: string) => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: Problem } },
});

const tokenErrors = {
  400: oauthError(
    'RFC 6749 failure, with `error` set to `invalid_request`, `invalid_grant` or `unsupported_grant_type` beside the problem members.',
  ),
  415: oauthError('The body is neither form-encoded nor JSON.'),
  ...lockedError,
} as const;

const tokenRoute = (operationId: string, path: string) =>
  defineRoute({
    operationId,
    ...access('public'),
    ...rateLimited('signIn'),
    method: 'post',
    path,
    tags,
    summary: 'Issue tokens (password or refresh_token grant)',
    description:
      'A wrong password and an unknown user get the same `invalid_grant`. After too many wrong passwords in a row the user is locked out for a while (429, `login-locked`, `Retry-After`).',
    request: formOrJson(OAuthTokenRequest, 'RFC 6749 token request parameters.'),
    responses: { 200: jsonResponse(OAuthTokenResponse, 'A new access and refresh token.'), ...tokenErrors },
  });

const revokeRoute = (operationId: string, path: string) =>
  defineRoute({
    operationId,
    ...access('public'),
    method: 'post',
    path,
    tags,
    summary: "Revoke every live token of the presented token's user (RFC 7009)",
    description: 'Answers 200 whether or not the token was valid.',
    request: formOrJson(OAuthRevokeRequest, 'RFC 7009 revocation request parameters.'),
    responses: {
      ...emptyOk,
      400: oauthError('No `token` was sent (`invalid_request`).'),
      415: oauthError('The body is neither form-encoded nor JSON.'),
    },
  });

export const oauthToken = tokenRoute('auth.oauthToken', '/api/v2/oauth/token');
export const oauthTokenAtRoot = tokenRoute('auth.oauthTokenAtRoot', '/oauth/token');
export const revokeOauth2TokenRfc7009 = revokeRoute('auth.revokeOauth2TokenRfc7009', '/api/v2/oauth/token/revoke');
export const revokeOauth2TokenRfc7009AtRoot = revokeRoute('auth.revokeOauth2TokenRfc7009AtRoot', '/oauth/token/revoke');
