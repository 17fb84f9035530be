/** The token and revocation endpoints, each served at the host root and under /api/v2. */
import type { Context } from 'hono';
import * as routes from '../../../contract/routes/oauth';
import type { OAuthTokenResponse } from '../../../contract/routes/oauth';
import type { App, AppEnv } from '../../context';
import { issueTokens, revokeUserTokens, rotateRefreshToken, signInWithPassword, tokenSettings, type IssuedTokens } from '../../services/access/tokens';
import { invalidGrant, invalidRequestFrom, loginLocked, missingParameter, unsupportedGrantType, WRONG_CREDENTIALS } from './oauthErrors';

type FormOrJson<T> = { valid(target: 'form' | 'json'): T };

/** The parameters from whichever body was sent; the other target is validated as `{}`. */
function parameters<T>(c: Context<AppEnv>, req: FormOrJson<T>): T {
  return /json/i.test(c.req.header('content-type') ?? '') ? req.valid('json') : req.valid('form');
}

/** Parameters failing their schema (repeated, not text) are RFC 6749 `invalid_request`. */
const rejectInvalid = (result: { success: true } | { success: false; error: Parameters<typeof invalidRequestFrom>[0] }): undefined => {
  if (!result.success) throw invalidRequestFrom(result.error);
  return undefined;
};

function tokenResponse(issued: IssuedTokens): OAuthTokenResponse {
  return {
    access_token: issued.accessToken,
    token_type: 'bearer',
    expires_in: issued.expiresInSeconds,
    refresh_token: issued.refreshToken,
    scope: routes.OAUTH_SCOPE,
  };
}

async function grant(c: Context<AppEnv>, params: routes.OAuthTokenRequest): Promise<IssuedTokens> {
  const { db, deps } = c.var;
  const settings = tokenSettings(deps.settings);
  const now = deps.now();
  switch (params.grant_type) {
    case undefined:
      throw missingParameter('grant_type');
    case 'password': {
      if (params.username === undefined) throw missingParameter('username');
      if (params.password === undefined) throw missingParameter('password');
      const result = await signInWithPassword(db, params.username, params.password, now, settings.lockout);
      if (result.ok) return issueTokens(db, result.userId, now, settings);
      if (result.reason === 'locked') throw loginLocked(result.retryAfterSeconds);
      throw invalidGrant(WRONG_CREDENTIALS);
    }
    case 'refresh_token': {
      if (params.refresh_token === undefined) throw missingParameter('refresh_token');
      const issued = await rotateRefreshToken(db, params.refresh_token, now, settings);
      if (!issued) throw invalidGrant('The refresh token is not valid, was already used or has expired.');
      return issued;
    }
    default:
      throw unsupportedGrantType(routes.SUPPORTED_GRANT_TYPES);
  }
}

export function registerOAuthTokenRoutes(app: App) {
  for (const route of [routes.oauthToken, routes.oauthTokenAtRoot]) {
    app.openapi(
      route,
      async (c) => {
        const issued = await grant(c, parameters(c, c.req));
        // RFC 6749 5.1: token responses must not be cached (cache-control is set for every response).
        c.header('pragma', 'no-cache');
        return c.json(tokenResponse(issued), 200);
      },
      rejectInvalid,
    );
  }

  for (const route of [routes.revokeOauth2TokenRfc7009, routes.revokeOauth2TokenRfc7009AtRoot]) {
    app.openapi(
      route,
      async (c) => {
        const { token } = parameters(c, c.req);
        if (token === undefined) throw missingParameter('token');
        await revokeUserTokens(c.var.db, token, c.var.deps.now());
        return c.body(null, 200);
      },
      rejectInvalid,
    );
  }
}
