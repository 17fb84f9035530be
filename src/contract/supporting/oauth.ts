/** Supporting models of the oauth routes (not in the vendor SDK). Plain zod: shared with the client. */
import { z } from 'zod';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';

/** An optional OAuth parameter, with its length limit. */
const param = (name: string) => t.text(maxTextLength(name)).optional();

/** The grants this build offers (no authorization_code: there is no browser consent flow). */
export const SUPPORTED_GRANT_TYPES = ['password', 'refresh_token'] as const;

/** The one scope issued: the whole API, limited by the user's business access. */
export const OAUTH_SCOPE = 'api';

/** Every member optional: the handler names a missing one with RFC 6749's `invalid_request`. */
export const OAuthTokenRequest = z
  .object({
    grant_type: param('grant_type').meta({ description: 'Required: `password` or `refresh_token`.', example: 'password' }),
    username: param('username').meta({ description: 'password grant: the user\'s e-mail address (any casing).' }),
    password: param('password').meta({ description: 'password grant: the user\'s password.' }),
    refresh_token: param('refresh_token').meta({ description: 'refresh_token grant: the refresh token to redeem.' }),
    scope: param('scope').meta({ description: 'Ignored; the `api` scope is always issued.' }),
    client_id: param('client_id').meta({ description: 'Accepted and ignored (no client registration).' }),
    client_secret: param('client_secret').meta({ description: 'Accepted and ignored (no client registration).' }),
  })
  .meta({ id: 'OAuthTokenRequest' });
export type OAuthTokenRequest = z.infer<typeof OAuthTokenRequest>;

export const OAuthTokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int().meta({ description: 'Seconds until the access token expires.' }),
    refresh_token: z.string().meta({ description: 'Single use: redeeming it revokes it and the access token issued with it.' }),
    scope: z.string(),
  })
  .meta({ id: 'OAuthTokenResponse' });
export type OAuthTokenResponse = z.infer<typeof OAuthTokenResponse>;

export const OAuthRevokeRequest = z
  .object({
    token: param('token').meta({ description: 'Required: an access or refresh token.' }),
    token_type_hint: param('token_type_hint').meta({ description: 'Accepted and ignored: both kinds are looked up.' }),
    client_id: param('client_id'),
    client_secret: param('client_secret'),
  })
  .meta({ id: 'OAuthRevokeRequest' });
export type OAuthRevokeRequest = z.infer<typeof OAuthRevokeRequest>;
