/**
 * A manager's session at this kiosk, without React: signing in (OAuth password grant, then proof
 * that the manager may operate THIS kiosk), and the manager API every screen goes through, which
 * renews the access token with the refresh token shortly before it expires (or after a 401), one
 * renewal at a time because refresh tokens are single use. The session itself lives only in the
 * ui store (never persisted); this module reads and writes it through the functions it is given.
 */
import {
  ApiClientError,
  createOnceCalls,
  type ApiClient,
  type KioskRef,
  type MutationOptions,
  type OAuthTokenResponse,
  type TimeAndAttendanceKioskModel,
} from '../../../client';
import type { ManagerSession } from '../../state/uiStore';
import { isDenied, SessionLostError, toFailure, type Failure } from './failures';

/** Renew the access token when it has less than this left. */
export const REFRESH_MARGIN_MS = 60_000;

export function sessionFrom(tokens: OAuthTokenResponse, email: string, nowMs: number): ManagerSession {
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    email,
    expiresAt: nowMs + tokens.expires_in * 1000,
  };
}

export function needsRenewal(session: ManagerSession, nowMs: number): boolean {
  return session.expiresAt - nowMs <= REFRESH_MARGIN_MS;
}

export type SignInOutcome =
  | { ok: true; session: ManagerSession; kiosk: TimeAndAttendanceKioskModel }
  | { ok: false; reason: 'wrong-credentials' }
  | { ok: false; reason: 'locked'; retryAt: Date | null }
  | { ok: false; reason: 'not-this-kiosk' }
  | { ok: false; reason: 'failed'; failure: Failure };

export interface SignInDeps {
  oauth: Pick<ApiClient['oauth'], 'signIn'>;
  clientFor(accessToken: string): ApiClient;
  kiosk: KioskRef;
  now(): number;
}

/**
 * Signs a manager in and checks they may operate this kiosk. A manager of another kiosk or
 * business gets `not-this-kiosk`; their token is simply dropped (revoking it would sign them out
 * everywhere else too, since revocation covers all of a user's tokens).
 */
export async function signInManager(deps: SignInDeps, email: string, password: string): Promise<SignInOutcome> {
  const username = email.trim();
  let tokens: OAuthTokenResponse;
  try {
    tokens = await deps.oauth.signIn({ username, password });
  } catch (error) {
    const failure = toFailure(error);
    if (failure.kind === 'http' && failure.code === 'invalid-grant') return { ok: false, reason: 'wrong-credentials' };
    if (failure.kind === 'http' && failure.code === 'login-locked') {
      const seconds = failure.retryAfterSeconds;
      return { ok: false, reason: 'locked', retryAt: seconds === null ? null : new Date(deps.now() + seconds * 1000) };
    }
    return { ok: false, reason: 'failed', failure };
  }
  const session = sessionFrom(tokens, username, deps.now());
  try {
    const kiosk = await deps.clientFor(session.accessToken).kiosks.get(deps.kiosk.businessId, deps.kiosk.kioskId);
    return { ok: true, session, kiosk };
  } catch (error) {
    const failure = toFailure(error);
    if (isDenied(failure)) return { ok: false, reason: 'not-this-kiosk' };
    return { ok: false, reason: 'failed', failure };
  }
}

export interface ManagerApiDeps {
  oauth: Pick<ApiClient['oauth'], 'refresh' | 'revoke'>;
  clientFor(accessToken: string): ApiClient;
  getSession(): ManagerSession | null;
  setSession(session: ManagerSession | null): void;
  now(): number;
}

export interface ManagerApi {
  /**
   * Runs a request with a fresh manager client. Throws SessionLostError when there is no session
   * or it could not be renewed (the session is then cleared), else whatever the request threw.
   */
  call<T>(request: (client: ApiClient) => Promise<T>): Promise<T>;
  /**
   * Runs a manager fix (any change manager mode makes) once: `call` with an Idempotency-Key per
   * intended change, retried after a lost answer and reused if the manager tries again before the
   * service has answered (src/client/onceCalls.ts). Fixes are not queued offline.
   */
  fix<T>(operation: string, input: unknown, request: (client: ApiClient, options: MutationOptions) => Promise<T>): Promise<T>;
  /** Clears the session and revokes its tokens (best effort: the kiosk may be offline). */
  signOut(): Promise<void>;
  /** Revokes the session's tokens but leaves the session in the store (best effort). */
  revokeTokens(): Promise<void>;
}

const isUnauthenticated = (error: unknown) => error instanceof ApiClientError && error.kind === 'http' && error.status === 401;

export function createManagerApi(deps: ManagerApiDeps): ManagerApi {
  let renewing: Promise<ManagerSession> | null = null;

  const renew = (stale: ManagerSession): Promise<ManagerSession> => {
    renewing ??= (async () => {
      try {
        const tokens = await deps.oauth.refresh(stale.refreshToken);
        const next = sessionFrom(tokens, stale.email, deps.now());
        if (deps.getSession() === null) {
          // Signed out while the renewal was under way: do not bring the session back.
          await deps.oauth.revoke(next.refreshToken).catch(() => undefined);
          throw new SessionLostError();
        }
        deps.setSession(next);
        return next;
      } catch (error) {
        if (error instanceof SessionLostError) throw error;
        // A refused refresh token (used, expired, revoked) ends the session; a network failure does not.
        if (error instanceof ApiClientError && error.kind === 'http' && error.status < 500) {
          deps.setSession(null);
          throw new SessionLostError();
        }
        throw error;
      } finally {
        renewing = null;
      }
    })();
    return renewing;
  };

  // The refresh token outlives the access token, so it still identifies the user to revoke.
  const revokeSession = (session: ManagerSession) => deps.oauth.revoke(session.refreshToken).catch(() => undefined);

  const current = async (): Promise<ManagerSession> => {
    const session = deps.getSession();
    if (!session) throw new SessionLostError();
    return needsRenewal(session, deps.now()) ? renew(session) : session;
  };

  const once = createOnceCalls();

  const api: ManagerApi = {
    fix(operation, input, request) {
      return once(operation, input, (options) => api.call((client) => request(client, options)));
    },
    async call(request) {
      const session = await current();
      try {
        return await request(deps.clientFor(session.accessToken));
      } catch (error) {
        if (!isUnauthenticated(error)) throw error;
        const latest = deps.getSession();
        if (!latest) throw new SessionLostError();
        // Another request may have renewed the token in the meantime.
        const renewed = latest.accessToken !== session.accessToken ? latest : await renew(latest);
        return request(deps.clientFor(renewed.accessToken));
      }
    },
    async signOut() {
      const session = deps.getSession();
      deps.setSession(null);
      if (session) await revokeSession(session);
    },
    async revokeTokens() {
      const session = deps.getSession();
      if (session) await revokeSession(session);
    },
  };
  return api;
}
