import { describe, expect, it, vi } from 'vitest';
import { ApiClientError, type ApiClient, type OAuthTokenResponse } from '../../../client';
import type { ManagerSession } from '../../state/uiStore';
import { SessionLostError } from './failures';
import { createManagerApi, needsRenewal, REFRESH_MARGIN_MS, signInManager, type ManagerApiDeps } from './session';

const NOW = Date.parse('2025-03-10T09:00:00Z');
const KIOSK = { businessId: 7, kioskId: 3 };

const tokens = (n: number, expiresIn = 3600): OAuthTokenResponse => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  expires_in: expiresIn,
  token_type: 'bearer',
  scope: 'api',
});

function httpError(status: number, code: string, extra: { retryAfterSeconds?: number } = {}) {
  return new ApiClientError(
    {
      kind: 'http',
      status,
      code: code as 'invalid-grant',
      problem: { type: 'x', title: code, status, code },
      retryAfterSeconds: extra.retryAfterSeconds ?? null,
      fieldErrors: [],
    },
    { operation: 'test' },
  );
}
const networkError = () => new ApiClientError({ kind: 'network', timedOut: false }, { operation: 'test' });

/** A client whose kiosks.get answers per access token, recording which token each call used. */
function clientsFor(answer: (token: string) => Promise<unknown>) {
  const used: string[] = [];
  const clientFor = (token: string) =>
    ({
      kiosks: {
        get: () => {
          used.push(token);
          return answer(token);
        },
      },
    }) as unknown as ApiClient;
  return { clientFor, used };
}

describe('signInManager', () => {
  const kioskModel = { id: 3, name: 'Front door' };

  it('signs in, checks the kiosk with the new token and returns the session', async () => {
    const signIn = vi.fn(() => Promise.resolve(tokens(1, 600)));
    const { clientFor, used } = clientsFor(() => Promise.resolve(kioskModel));
    const outcome = await signInManager({ oauth: { signIn }, clientFor, kiosk: KIOSK, now: () => NOW }, '  boss@example.com ', 'secret');
    expect(signIn).toHaveBeenCalledWith({ username: 'boss@example.com', password: 'secret' });
    expect(used).toEqual(['access-1']);
    expect(outcome).toEqual({
      ok: true,
      kiosk: kioskModel,
      session: { accessToken: 'access-1', refreshToken: 'refresh-1', email: 'boss@example.com', expiresAt: NOW + 600_000 },
    });
  });

  it('tells wrong credentials, a lockout with its end, and another kiosk apart', async () => {
    const ok = clientsFor(() => Promise.resolve(kioskModel)).clientFor;
    const deps = (signIn: () => Promise<OAuthTokenResponse>, clientFor = ok) => ({ oauth: { signIn }, clientFor, kiosk: KIOSK, now: () => NOW });

    expect(await signInManager(deps(() => Promise.reject(httpError(400, 'invalid-grant'))), 'a@b.c', 'x')).toEqual({ ok: false, reason: 'wrong-credentials' });
    expect(await signInManager(deps(() => Promise.reject(httpError(429, 'login-locked', { retryAfterSeconds: 900 }))), 'a@b.c', 'x')).toEqual({
      ok: false,
      reason: 'locked',
      retryAt: new Date(NOW + 900_000),
    });
    for (const status of [403, 404]) {
      const denied = clientsFor(() => Promise.reject(httpError(status, status === 403 ? 'forbidden' : 'not-found'))).clientFor;
      expect(await signInManager(deps(() => Promise.resolve(tokens(2)), denied), 'a@b.c', 'x')).toEqual({ ok: false, reason: 'not-this-kiosk' });
    }
    const offline = await signInManager(deps(() => Promise.reject(networkError())), 'a@b.c', 'x');
    expect(offline).toEqual({ ok: false, reason: 'failed', failure: { kind: 'network' } });
  });
});

describe('the manager API', () => {
  function setup(session: ManagerSession | null, refresh: ManagerApiDeps['oauth']['refresh'] = () => Promise.resolve(tokens(2))) {
    let current = session;
    const revoke = vi.fn(() => Promise.resolve());
    const refreshSpy = vi.fn(refresh);
    const deps: ManagerApiDeps = {
      oauth: { refresh: refreshSpy, revoke },
      clientFor: (token) => ({ token }) as unknown as ApiClient,
      getSession: () => current,
      setSession: (next) => {
        current = next;
      },
      now: () => NOW,
    };
    const tokenOf = (client: ApiClient) => (client as unknown as { token: string }).token;
    return { api: createManagerApi(deps), refresh: refreshSpy, revoke, session: () => current, tokenOf };
  }
  const live = (expiresInMs: number): ManagerSession => ({ accessToken: 'access-1', refreshToken: 'refresh-1', email: 'm@x.y', expiresAt: NOW + expiresInMs });

  it('uses the access token while it has more than the margin left', async () => {
    const { api, refresh, tokenOf } = setup(live(REFRESH_MARGIN_MS + 1000));
    expect(await api.call((client) => Promise.resolve(tokenOf(client)))).toBe('access-1');
    expect(refresh).not.toHaveBeenCalled();
    expect(needsRenewal(live(REFRESH_MARGIN_MS), NOW)).toBe(true);
  });

  it('renews a token about to expire once, however many requests wait for it', async () => {
    const { api, refresh, session, tokenOf } = setup(live(30_000));
    const answers = await Promise.all([1, 2, 3].map(() => api.call((client) => Promise.resolve(tokenOf(client)))));
    expect(answers).toEqual(['access-2', 'access-2', 'access-2']);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('refresh-1');
    expect(session()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2', email: 'm@x.y', expiresAt: NOW + 3_600_000 });
  });

  it('renews and retries once when the service answers 401', async () => {
    const { api, refresh, tokenOf } = setup(live(3_600_000));
    const seen: string[] = [];
    const result = await api.call((client) => {
      seen.push(tokenOf(client));
      return seen.length === 1 ? Promise.reject(httpError(401, 'unauthenticated')) : Promise.resolve('ok');
    });
    expect(result).toBe('ok');
    expect(seen).toEqual(['access-1', 'access-2']);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the refresh token is refused, but not when the network fails', async () => {
    const refused = setup(live(0), () => Promise.reject(httpError(400, 'invalid-grant')));
    await expect(refused.api.call(() => Promise.resolve('never'))).rejects.toBeInstanceOf(SessionLostError);
    expect(refused.session()).toBeNull();

    const offline = setup(live(0), () => Promise.reject(networkError()));
    await expect(offline.api.call(() => Promise.resolve('never'))).rejects.toMatchObject({ kind: 'network' });
    expect(offline.session()).not.toBeNull();
  });

  it('refuses to run without a session', async () => {
    const { api } = setup(null);
    await expect(api.call(() => Promise.resolve(1))).rejects.toBeInstanceOf(SessionLostError);
  });

  it('signing out clears the session first and revokes the refresh token, even offline', async () => {
    const { api, revoke, session } = setup(live(3_600_000));
    revoke.mockImplementationOnce(() => Promise.reject(networkError()));
    await api.signOut();
    expect(session()).toBeNull();
    expect(revoke).toHaveBeenCalledWith('refresh-1');

    const again = setup(live(3_600_000));
    await again.api.revokeTokens();
    expect(again.revoke).toHaveBeenCalledWith('refresh-1');
    expect(again.session()).not.toBeNull();
  });

  it('does not bring a session back that was signed out during a renewal', async () => {
    let finish: (value: OAuthTokenResponse) => void = () => undefined;
    const { api, revoke, session } = setup(live(0), () => new Promise((resolve) => (finish = resolve)));
    const pending = api.call(() => Promise.resolve('never'));
    await api.signOut();
    finish(tokens(2));
    await expect(pending).rejects.toBeInstanceOf(SessionLostError);
    expect(session()).toBeNull();
    expect(revoke).toHaveBeenCalledWith('refresh-2');
  });
});
