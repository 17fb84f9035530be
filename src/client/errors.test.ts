/**
 * Error mapping and the retry classification the offline sync engine relies on: real service
 * answers (wrong PIN, PIN lockout, validation) and injected fake fetches for what the service
 * never does (dropped connections, hangs, malformed or off-contract bodies, 5xx from a proxy).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { createApiClient } from './apiClient';
import { authorizationHeader } from './credentials';
import { ApiClientError, isApiClientError, isRetryable, parseRetryAfter } from './errors';
import { clientFor, TEST_BASE_URL } from './testing';
import type { KioskRef } from './types';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const kioskOf = (tenant: Tenant): KioskRef => ({ businessId: tenant.businessId, kioskId: tenant.kioskId });
const KIOSK: KioskRef = { businessId: 1, kioskId: 1 };

/** Runs a call that must fail and returns its ApiClientError. */
async function failure(call: Promise<unknown>): Promise<ApiClientError> {
  const error: unknown = await call.then(
    () => new Error('expected the call to fail'),
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiClientError)) throw error;
  return error;
}

/** A client whose every request is answered by `answer` (no service involved). */
function fakeClient(answer: (request: Request) => Promise<Response>, timeoutMs?: number) {
  return createApiClient({
    baseUrl: TEST_BASE_URL,
    credentials: () => ({ kind: 'bearer', token: 'kcd_fake' }),
    fetch: (input, init) => answer(new Request(input, init)),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }));

describe('answers of the real service', () => {
  it('a wrong PIN is http 400 wrong-pin, not retryable; the lockout is 429 with retryAfterSeconds, retryable', async () => {
    const tenant = await createTenant(t);
    const client = clientFor(t, { kind: 'apiKey', key: tenant.manager.apiKey });
    const ada = tenant.employees[0]!;

    const wrong = await failure(client.pins.checkPin(kioskOf(tenant), { employeeId: ada.id, pin: '0000' }));
    expect(wrong.kind).toBe('http');
    if (wrong.kind !== 'http') return;
    expect(wrong).toMatchObject({ status: 400, code: 'wrong-pin', retryAfterSeconds: null, operation: 'kiosk.verifyKioskPin' });
    expect(wrong.problem).toMatchObject({ status: 400, code: 'wrong-pin', attemptsLeft: 4 });
    expect(isRetryable(wrong)).toBe(false);

    for (let attempt = 2; attempt <= 4; attempt += 1) {
      expect(await failure(client.pins.checkPin(kioskOf(tenant), { employeeId: ada.id, pin: '0000' }))).toMatchObject({ status: 400 });
    }
    const locked = await failure(client.pins.checkPin(kioskOf(tenant), { employeeId: ada.id, pin: '0000' }));
    expect(locked).toMatchObject({ kind: 'http', status: 429, code: 'pin-locked', retryAfterSeconds: 900 });
    expect(isRetryable(locked)).toBe(true);
  });

  it('a validation failure carries the field errors', async () => {
    const tenant = await createTenant(t);
    const client = clientFor(t, { kind: 'apiKey', key: tenant.manager.apiKey });
    const error = await failure(
      client.punches.clockOn(kioskOf(tenant), { employeeId: tenant.employees[0]!.id, recordedTimeUtc: 'yesterday' }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 400, code: 'validation-failed' });
    if (error.kind !== 'http') return;
    expect(error.fieldErrors.length).toBeGreaterThan(0);
    expect(error.fieldErrors.map((fieldError) => fieldError.field)).toEqual(error.fieldErrors.map(() => 'recordedTimeUtc'));
    expect(isRetryable(error)).toBe(false);
  });

  it('a device calling a users-only route is http 403 forbidden', async () => {
    const tenant = await createTenant(t);
    const manager = clientFor(t, { kind: 'apiKey', key: tenant.manager.apiKey });
    const { token } = await manager.device.enrol(kioskOf(tenant), { name: 'Tablet' });
    const device = clientFor(t, { kind: 'bearer', token });
    expect(await failure(device.device.list(kioskOf(tenant)))).toMatchObject({ kind: 'http', status: 403, code: 'forbidden' });
  });
});

describe('network failures', () => {
  it('a fetch that throws is kind network, retryable, with the cause kept', async () => {
    const cause = new TypeError('fetch failed');
    const error = await failure(fakeClient(() => Promise.reject(cause)).staff.list(KIOSK));
    expect(error).toMatchObject({ kind: 'network', timedOut: false, operation: 'kiosk.listKioskStaff' });
    expect(error.cause).toBe(cause);
    expect(isRetryable(error)).toBe(true);
  });

  it('a body that breaks off while being read is kind network', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('[{"employeeId":'));
        controller.error(new TypeError('terminated'));
      },
    });
    const error = await failure(fakeClient(() => Promise.resolve(new Response(broken, { status: 200 }))).staff.list(KIOSK));
    expect(error).toMatchObject({ kind: 'network', timedOut: false });
  });

  it('an answer slower than timeoutMs is kind network with timedOut, even if fetch ignores the signal', async () => {
    const hang = () => new Promise<Response>(() => undefined);
    const error = await failure(fakeClient(hang, 20).device.whoAmI());
    expect(error).toMatchObject({ kind: 'network', timedOut: true });
    expect(isRetryable(error)).toBe(true);

    let seen: AbortSignal | null = null;
    const observing = (request: Request) => {
      seen = request.signal;
      return new Promise<Response>(() => undefined);
    };
    await failure(fakeClient(observing, 20).device.whoAmI());
    expect(seen).not.toBeNull();
    expect(seen!.aborted).toBe(true);
  });

  it("the caller's abort rejects with the signal's reason, not an ApiClientError", async () => {
    const controller = new AbortController();
    const reason = new Error('screen closed');
    const pending = fakeClient(() => new Promise<Response>(() => undefined)).device.whoAmI({ signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(isRetryable(reason)).toBe(false);
  });
});

describe('answers that do not match the contract', () => {
  it('a 200 whose body misses fields is invalid-response (injected fetch)', async () => {
    const client = fakeClient(() => json(200, [{ employeeId: 7, firstName: 'Ada' }]));
    const error = await failure(client.staff.list(KIOSK));
    expect(error.kind).toBe('invalid-response');
    if (error.kind !== 'invalid-response') return;
    expect(error.status).toBe(200);
    expect(error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: '0.status' })]));
    expect(isRetryable(error)).toBe(false);
  });

  it('a 200 that is not JSON, or empty where a body is due, is invalid-response', async () => {
    const html = fakeClient(() => Promise.resolve(new Response('<html>captive portal</html>', { status: 200 })));
    expect(await failure(html.device.whoAmI())).toMatchObject({ kind: 'invalid-response', issues: [{ path: '', message: 'body is not JSON' }] });
    const empty = fakeClient(() => Promise.resolve(new Response(null, { status: 200 })));
    expect(await failure(empty.device.whoAmI())).toMatchObject({ kind: 'invalid-response', issues: [{ message: 'body is empty' }] });
  });

  it('a wrong type inside a valid-looking body is caught too', async () => {
    const policy = { longShiftMinutes: 720, pinMaxAttempts: 5, pinLockoutMinutes: 15 };
    const identity = { id: 1, name: 'Tablet', businessId: '1', kioskId: 1, kioskName: 'Front door', policy };
    expect(await failure(fakeClient(() => json(200, identity)).device.whoAmI())).toMatchObject({
      kind: 'invalid-response',
      issues: [{ path: 'businessId' }],
    });
  });
});

describe('HTTP errors without a problem body', () => {
  it('a proxy 502 page is http, code unknown, problem null, retryable', async () => {
    const client = fakeClient(() => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502 })));
    const error = await failure(client.staff.list(KIOSK));
    expect(error).toMatchObject({ kind: 'http', status: 502, code: 'unknown', problem: null, fieldErrors: [] });
    expect(isRetryable(error)).toBe(true);
  });

  it('a 503 with Retry-After as an HTTP date is measured against the response Date', async () => {
    const client = fakeClient(() =>
      json(503, { type: 'about:blank', title: 'Down for maintenance', status: 503, code: 'maintenance' }, {
        date: 'Tue, 03 Feb 2026 10:00:00 GMT',
        'retry-after': 'Tue, 03 Feb 2026 10:02:00 GMT',
      }),
    );
    const error = await failure(client.staff.list(KIOSK));
    // A code this client does not know yet is 'unknown'; the problem is still there.
    expect(error).toMatchObject({ kind: 'http', status: 503, code: 'unknown', retryAfterSeconds: 120 });
    expect(error.kind === 'http' && error.problem?.title).toBe('Down for maintenance');
    expect(isRetryable(error)).toBe(true);
  });

  it('falls back to the body retryAfterSeconds when there is no header', async () => {
    const problem = { type: 'x', title: 'Locked', status: 429, code: 'login-locked', retryAfterSeconds: 60 };
    const error = await failure(fakeClient(() => json(429, problem)).oauth.signIn({ username: 'a@b.test', password: 'x' }));
    expect(error).toMatchObject({ kind: 'http', status: 429, code: 'login-locked', retryAfterSeconds: 60 });
  });
});

describe('classification', () => {
  it('isRetryable: network, 5xx and 429 yes; other 4xx, invalid responses and foreign errors no', () => {
    const http = (status: number) =>
      new ApiClientError({ kind: 'http', status, code: 'unknown', problem: null, retryAfterSeconds: null, fieldErrors: [] }, { operation: 'x' });
    expect(isRetryable(new ApiClientError({ kind: 'network', timedOut: false }, { operation: 'x' }))).toBe(true);
    for (const status of [500, 502, 503, 504, 429]) expect(isRetryable(http(status)), String(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 415, 422]) expect(isRetryable(http(status)), String(status)).toBe(false);
    expect(isRetryable(new ApiClientError({ kind: 'invalid-response', status: 200, issues: [] }, { operation: 'x' }))).toBe(false);
    expect(isRetryable(new TypeError('fetch failed'))).toBe(false);
    expect(isRetryable(undefined)).toBe(false);
  });

  it('errors are Errors with a readable message, recognised by isApiClientError', () => {
    const error = new ApiClientError({ kind: 'network', timedOut: true }, { operation: 'kiosk.clockInEmployee' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiClientError');
    expect(error.message).toBe('kiosk.clockInEmployee: timed out');
    expect(isApiClientError(error)).toBe(true);
    expect(isApiClientError(new Error('x'))).toBe(false);
  });

  it('parseRetryAfter reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter(null, null)).toBeNull();
    expect(parseRetryAfter(' 90 ', null)).toBe(90);
    expect(parseRetryAfter('soon', null)).toBeNull();
    const now = () => Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', null, now)).toBe(30);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', null, now)).toBe(0);
  });
});

describe('credentials', () => {
  it('API keys are HTTP Basic with the key as user name and an empty password; tokens are Bearer', () => {
    expect(authorizationHeader({ kind: 'apiKey', key: 'abc123' })).toBe(`Basic ${btoa('abc123:')}`);
    expect(authorizationHeader({ kind: 'apiKey', key: 'clé' })).toBe('Basic Y2zDqTo=');
    expect(authorizationHeader({ kind: 'bearer', token: 'kca_x' })).toBe('Bearer kca_x');
  });

  it('never sends credentials to the OAuth token endpoint', async () => {
    const seen: Array<{ path: string; authorization: string | null; contentType: string | null; body: string }> = [];
    const client = fakeClient(async (request) => {
      seen.push({
        path: new URL(request.url).pathname,
        authorization: request.headers.get('authorization'),
        contentType: request.headers.get('content-type'),
        body: await request.text(),
      });
      return json(200, { access_token: 'a', token_type: 'bearer', expires_in: 3600, refresh_token: 'r', scope: 'api' });
    });
    await client.oauth.signIn({ username: 'ann@example.test', password: 'p&ss=word' });
    await client.oauth.revoke('r');
    expect(seen).toEqual([
      {
        path: '/oauth/token',
        authorization: null,
        contentType: 'application/x-www-form-urlencoded',
        body: 'grant_type=password&username=ann%40example.test&password=p%26ss%3Dword',
      },
      { path: '/oauth/token/revoke', authorization: null, contentType: 'application/x-www-form-urlencoded', body: 'token=r' },
    ]);
  });
});
