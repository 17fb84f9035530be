import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OAuthTokenResponse } from '../../../contract/routes/oauth';
import { oauthTokens } from '../../db/schema';
import { ensureUser } from '../../services/businesses/provisioning';
import { createTenant, MANAGER_PASSWORD, type Tenant } from '../../testing/fixtures';
import { bearer, startTestService, type ApiResult, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

const PATHS = ['/oauth/token', '/api/v2/oauth/token'] as const;
const REVOKE_PATHS = ['/oauth/token/revoke', '/api/v2/oauth/token/revoke'] as const;
type Format = 'form' | 'json';

function post(path: string, params: Record<string, string>, format: Format = 'form'): Promise<ApiResult> {
  if (format === 'json') return t.request('POST', path, { json: params });
  return t.request('POST', path, {
    body: new URLSearchParams(params).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

function signIn(tenant: Tenant, password = MANAGER_PASSWORD, path: string = PATHS[1], format: Format = 'form') {
  return post(path, { grant_type: 'password', username: tenant.manager.email, password }, format);
}

function tokensOf(res: ApiResult): OAuthTokenResponse {
  expect(res.status, res.text).toBe(200);
  return OAuthTokenResponse.parse(res.body);
}

const kioskListStatus = async (tenant: Tenant, accessToken: string) =>
  (await t.request('GET', `${tenant.base}/kiosk`, { auth: bearer(accessToken) })).status;

describe('password grant', () => {
  it('issues working tokens for form and JSON bodies on both paths', async () => {
    const tenant = await createTenant(t);
    for (const path of PATHS) {
      for (const format of ['form', 'json'] as const) {
        const res = await signIn(tenant, MANAGER_PASSWORD, path, format);
        const tokens = tokensOf(res);
        expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: t.settings.ACCESS_TOKEN_TTL_SECONDS, scope: 'api' });
        expect(tokens.access_token).toMatch(/^kca_/);
        expect(tokens.refresh_token).toMatch(/^kcr_/);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('pragma')).toBe('no-cache');
        const kiosks = await t.request('GET', `${tenant.base}/kiosk`, { auth: bearer(tokens.access_token) });
        expect(kiosks.status, `${path} ${format}`).toBe(200);
        expect((kiosks.body as Array<{ name: string }>).map((k) => k.name)).toEqual(['Front door']);
      }
    }
  });

  it('matches the e-mail address in any casing', async () => {
    const tenant = await createTenant(t);
    const res = await post(PATHS[0], { grant_type: 'password', username: ` ${tenant.manager.email.toUpperCase()} `, password: MANAGER_PASSWORD });
    const tokens = tokensOf(res);
    expect(await kioskListStatus(tenant, tokens.access_token)).toBe(200);
  });

  it('stores only digests of the tokens', async () => {
    const tenant = await createTenant(t);
    const tokens = tokensOf(await signIn(tenant));
    const rows = await t.db.select().from(oauthTokens).where(eq(oauthTokens.userId, tenant.manager.userId));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(tokens.access_token);
    expect(stored).not.toContain(tokens.refresh_token);
  });

  it('stops accepting the access token once expires_in has passed', async () => {
    const tenant = await createTenant(t);
    t.clock.set('2025-03-01T09:00:00Z');
    const tokens = tokensOf(await signIn(tenant));
    t.clock.advance(tokens.expires_in * 1000 - 1000);
    expect(await kioskListStatus(tenant, tokens.access_token)).toBe(200);
    t.clock.advance(2000);
    const expired = await t.request('GET', `${tenant.base}/kiosk`, { auth: bearer(tokens.access_token) });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 'unauthenticated' });
  });

  it('answers a wrong password, an unknown user and a user without a password identically', async () => {
    const tenant = await createTenant(t);
    const wrong = await signIn(tenant, 'not the password');
    const unknown = await post(PATHS[1], { grant_type: 'password', username: `nobody-${tenant.businessId}@example.test`, password: 'whatever' });
    const passwordless = await ensureUser(t.db, { email: `invited-${tenant.businessId}@example.test`, name: 'Invited' });
    const noPassword = await post(PATHS[1], { grant_type: 'password', username: passwordless.email, password: '' });
    for (const res of [wrong, unknown, noPassword]) {
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.body).toMatchObject({ code: 'invalid-grant', error: 'invalid_grant', status: 400 });
    }
    expect(unknown.body).toEqual(wrong.body);
    expect(noPassword.body).toEqual(wrong.body);
  });
});

describe('login lockout', () => {
  it('locks after 5 wrong passwords in a row, for 15 minutes', async () => {
    const tenant = await createTenant(t);
    expect(t.settings.LOGIN_MAX_ATTEMPTS).toBe(5);
    expect(t.settings.LOGIN_LOCKOUT_MINUTES).toBe(15);
    t.clock.set('2025-03-01T09:00:00Z');
    for (let i = 1; i <= 4; i += 1) {
      const res = await signIn(tenant, `wrong ${i}`);
      expect(res.status, `attempt ${i}`).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid-grant' });
    }
    const fifth = await signIn(tenant, 'wrong 5');
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('retry-after')).toBe('900');
    expect(fifth.body).toMatchObject({ code: 'login-locked', status: 429, retryAfterSeconds: 900, error: 'invalid_grant' });

    t.clock.advance(10 * 60 * 1000);
    const stillLocked = await signIn(tenant);
    expect(stillLocked.status).toBe(429);
    expect(stillLocked.headers.get('retry-after')).toBe('300');
    expect(stillLocked.body).toMatchObject({ code: 'login-locked', retryAfterSeconds: 300 });

    t.clock.advance(5 * 60 * 1000);
    const tokens = tokensOf(await signIn(tenant));
    expect(await kioskListStatus(tenant, tokens.access_token)).toBe(200);
  });

  it('counts again from zero after the lockout ends', async () => {
    const tenant = await createTenant(t);
    t.clock.set('2025-03-01T09:00:00Z');
    for (let i = 1; i <= 5; i += 1) await signIn(tenant, 'wrong');
    t.clock.advance(15 * 60 * 1000);
    for (let i = 1; i <= 4; i += 1) expect((await signIn(tenant, 'wrong')).status, `attempt ${i}`).toBe(400);
    expect((await signIn(tenant, 'wrong')).status).toBe(429);
  });

  it('resets the count on a successful sign-in', async () => {
    const tenant = await createTenant(t);
    for (let i = 1; i <= 4; i += 1) expect((await signIn(tenant, 'wrong')).status).toBe(400);
    tokensOf(await signIn(tenant));
    for (let i = 1; i <= 4; i += 1) expect((await signIn(tenant, 'wrong')).status, `attempt ${i} after success`).toBe(400);
    tokensOf(await signIn(tenant));
  });

  it('answers known and unknown addresses alike, lockout included', async () => {
    const tenant = await createTenant(t);
    t.clock.set('2025-03-01T09:00:00Z');
    const passwordless = await ensureUser(t.db, { email: `invited-${tenant.businessId}@example.test`, name: 'Invited' });
    const addresses = [tenant.manager.email, `nobody-${tenant.businessId}@example.test`, passwordless.email];
    const answers = [];
    for (const username of addresses) {
      const sequence = [];
      for (let i = 1; i <= 6; i += 1) {
        const res = await post(PATHS[1], { grant_type: 'password', username, password: `wrong ${i}` });
        sequence.push({ status: res.status, retryAfter: res.headers.get('retry-after'), body: res.body });
      }
      answers.push(sequence);
    }
    expect(answers[0]?.map((a) => a.status)).toEqual([400, 400, 400, 400, 429, 429]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it("does not lock other users' sign-in", async () => {
    const locked = await createTenant(t);
    const other = await createTenant(t);
    for (let i = 1; i <= 5; i += 1) await signIn(locked, 'wrong');
    expect((await signIn(locked)).status).toBe(429);
    tokensOf(await signIn(other));
  });
});

describe('refresh_token grant', () => {
  it('rotates: the new pair works, the used refresh token and its access token do not', async () => {
    const tenant = await createTenant(t);
    const first = tokensOf(await signIn(tenant));
    const second = tokensOf(await post(PATHS[0], { grant_type: 'refresh_token', refresh_token: first.refresh_token }));
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.expires_in).toBe(t.settings.ACCESS_TOKEN_TTL_SECONDS);
    expect(await kioskListStatus(tenant, second.access_token)).toBe(200);
    expect(await kioskListStatus(tenant, first.access_token)).toBe(401);

    const reused = await post(PATHS[1], { grant_type: 'refresh_token', refresh_token: first.refresh_token }, 'json');
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: 'invalid-grant', error: 'invalid_grant' });

    const third = tokensOf(await post(PATHS[1], { grant_type: 'refresh_token', refresh_token: second.refresh_token }, 'json'));
    expect(await kioskListStatus(tenant, third.access_token)).toBe(200);
  });

  it('refuses unknown and expired refresh tokens', async () => {
    const tenant = await createTenant(t);
    t.clock.set('2025-03-01T09:00:00Z');
    const tokens = tokensOf(await signIn(tenant));
    const unknown = await post(PATHS[1], { grant_type: 'refresh_token', refresh_token: 'kcr_not-a-real-token' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'invalid_grant' });
    const accessAsRefresh = await post(PATHS[1], { grant_type: 'refresh_token', refresh_token: tokens.access_token });
    expect(accessAsRefresh.body).toMatchObject({ error: 'invalid_grant' });

    t.clock.advance(t.settings.REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000 + 1000);
    const expired = await post(PATHS[1], { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: 'invalid-grant', error: 'invalid_grant' });
  });
});

describe('token request errors', () => {
  it('answers unsupported grant types with unsupported_grant_type', async () => {
    const tenant = await createTenant(t);
    for (const grantType of ['authorization_code', 'client_credentials', 'PASSWORD']) {
      const res = await post(PATHS[0], { grant_type: grantType, username: tenant.manager.email, password: MANAGER_PASSWORD, code: 'abc' });
      expect(res.status, grantType).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.body).toMatchObject({ code: 'unsupported-grant-type', error: 'unsupported_grant_type' });
    }
  });

  it('answers missing or malformed parameters with invalid_request', async () => {
    const tenant = await createTenant(t);
    const cases: Array<[string, ApiResult]> = [
      ['grant_type', await post(PATHS[1], { username: tenant.manager.email, password: MANAGER_PASSWORD })],
      ['password', await post(PATHS[1], { grant_type: 'password', username: tenant.manager.email })],
      ['username', await post(PATHS[1], { grant_type: 'password', password: MANAGER_PASSWORD }, 'json')],
      ['refresh_token', await post(PATHS[0], { grant_type: 'refresh_token' })],
      ['password', await t.request('POST', PATHS[1], { json: { grant_type: 'password', username: tenant.manager.email, password: 1234 } })],
      [
        'grant_type',
        await t.request('POST', PATHS[1], {
          body: 'grant_type=password&grant_type=refresh_token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      ],
      ['grant_type', await t.request('POST', PATHS[0])],
    ];
    for (const [field, res] of cases) {
      expect(res.status, `${field}: ${res.text}`).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation-failed', error: 'invalid_request' });
      expect((res.body as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toEqual([field]);
    }
  });

  it('rejects a body that is neither form-encoded nor JSON', async () => {
    const res = await t.request('POST', PATHS[1], { body: 'grant_type=password', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
  });
});

describe('revocation', () => {
  it("revokes every live token of the token's user, on both paths, with form or JSON", async () => {
    for (const [path, format] of [
      [REVOKE_PATHS[0], 'form'],
      [REVOKE_PATHS[1], 'json'],
    ] as const) {
      const tenant = await createTenant(t);
      const bystander = await createTenant(t);
      const phone = tokensOf(await signIn(tenant));
      const laptop = tokensOf(await signIn(tenant));
      const theirs = tokensOf(await signIn(bystander));

      const res = await post(path, { token: phone.refresh_token }, format);
      expect(res.status, res.text).toBe(200);
      expect(res.text).toBe('');

      expect(await kioskListStatus(tenant, phone.access_token)).toBe(401);
      expect(await kioskListStatus(tenant, laptop.access_token)).toBe(401);
      const refresh = await post(PATHS[1], { grant_type: 'refresh_token', refresh_token: laptop.refresh_token });
      expect(refresh.body).toMatchObject({ error: 'invalid_grant' });
      expect(await kioskListStatus(bystander, theirs.access_token)).toBe(200);
      // API keys are not OAuth tokens and keep working.
      expect((await t.request('GET', `${tenant.base}/kiosk`, { auth: tenant.manager.auth })).status).toBe(200);
      // A fresh sign-in works again.
      expect(await kioskListStatus(tenant, (tokensOf(await signIn(tenant))).access_token)).toBe(200);
    }
  });

  it('revokes by access token too', async () => {
    const tenant = await createTenant(t);
    const tokens = tokensOf(await signIn(tenant));
    expect((await post(REVOKE_PATHS[1], { token: tokens.access_token })).status).toBe(200);
    expect(await kioskListStatus(tenant, tokens.access_token)).toBe(401);
  });

  it('answers 200 with an empty body for tokens that are not valid', async () => {
    const tenant = await createTenant(t);
    const tokens = tokensOf(await signIn(tenant));
    for (const token of ['kcr_unknown', 'garbage', tenant.manager.apiKey]) {
      const res = await post(REVOKE_PATHS[1], { token, token_type_hint: 'refresh_token' });
      expect(res.status, token).toBe(200);
      expect(res.text).toBe('');
    }
    expect(await kioskListStatus(tenant, tokens.access_token)).toBe(200);
    expect((await t.request('GET', `${tenant.base}/kiosk`, { auth: tenant.manager.auth })).status).toBe(200);
  });

  it('asks for the token parameter', async () => {
    const res = await post(REVOKE_PATHS[0], {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_request', errors: [{ field: 'token' }] });
  });
});
