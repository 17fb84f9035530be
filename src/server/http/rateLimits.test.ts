/**
 * Rate limits per caller and per client address on sign-in, PIN checks, PIN resets and wrong-PIN
 * reports, counted in the database: small budgets here, so each is seen running out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '../app';
import { rateLimits } from '../db/schema';
import { createLogger } from '../logger';
import { createTenant, MANAGER_PASSWORD, type Tenant } from '../testing/fixtures';
import { startTestService, type ApiResult, type TestService } from '../testing/testService';

const LIMITS = {
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '3',
  RATE_LIMIT_SIGN_IN_PER_IP: '5',
  RATE_LIMIT_PIN_CHECK_PER_CALLER: '4',
  RATE_LIMIT_PIN_CHECK_PER_IP: '6',
  RATE_LIMIT_PIN_RESET_PER_CALLER: '2',
  RATE_LIMIT_PIN_RESET_PER_IP: '3',
  RATE_LIMIT_PIN_FAILURES_PER_CALLER: '2',
  RATE_LIMIT_PIN_FAILURES_PER_IP: '3',
};

let t: TestService;
let proxied: TestService;
beforeAll(async () => {
  t = await startTestService(LIMITS);
  proxied = await startTestService({ ...LIMITS, TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

let lastAddress = 0;
/** A client address no other test uses (budgets are shared by the whole file's database). */
const newAddress = () => `192.0.2.${(lastAddress += 1)}`;

const signIn = (service: TestService, username: string, password: string, clientAddress: string, headers: Record<string, string> = {}) =>
  service.request('POST', '/oauth/token', {
    clientAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });

const pinCall = (tenant: Tenant, op: string, json: unknown, clientAddress: string, auth = tenant.manager.auth) =>
  t.request('POST', `${tenant.kiosk}/${op}`, { auth, json, clientAddress });

function expectRateLimited(res: ApiResult) {
  expect(res.status, res.text).toBe(429);
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  expect(res.body).toMatchObject({ code: 'rate-limited', status: 429 });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect((res.body as { retryAfterSeconds: number }).retryAfterSeconds).toBe(retryAfter);
}

describe('sign-in', () => {
  it('limits token requests per client address, on both paths', async () => {
    const address = newAddress();
    const tenant = await createTenant(t, { employees: 0 });
    for (let i = 0; i < 5; i += 1) {
      const path = i % 2 === 0 ? '/oauth/token' : '/api/v2/oauth/token';
      const res = await t.request('POST', path, { clientAddress: address, json: { grant_type: 'refresh_token', refresh_token: `kcr_nothing-${i}` } });
      expect(res.status, `request ${i + 1}`).toBe(400);
    }
    const over = await signIn(t, tenant.manager.email, MANAGER_PASSWORD, address);
    expectRateLimited(over);
    expect(over.body).toMatchObject({ error: 'temporarily_unavailable' });
    expect((await signIn(t, tenant.manager.email, MANAGER_PASSWORD, newAddress())).status).toBe(200);
  });

  it('limits password grants per submitted address, known or not, from any client address', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const answers: number[][] = [];
    for (const username of [tenant.manager.email, `nobody-${tenant.businessId}@example.test`]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await signIn(t, username.toUpperCase(), 'wrong password', newAddress())).status);
      answers.push(statuses);
    }
    expect(answers).toEqual([
      [400, 400, 400, 429],
      [400, 400, 400, 429],
    ]);
  });
});

describe('PIN checks', () => {
  it('limits checkpin, changepin and sealed changes together, per caller', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const calls: Array<[string, unknown]> = [
      ['checkpin', { employeeId: ada.id, pin: ada.pin }],
      ['changepin', { employeeId: ada.id, oldPin: ada.pin, newPin: '86420' }],
      ['changepin/sealed', { employeeId: ada.id, keyId: 'pk_nope', sealed: 'AAAA' }],
      ['checkpin', { employeeId: ada.id, pin: '86420' }],
    ];
    for (const [op, json] of calls) expect((await pinCall(tenant, op, json, newAddress())).status, op).not.toBe(429);
    expectRateLimited(await pinCall(tenant, 'checkpin', { employeeId: ada.id, pin: '86420' }, newAddress()));
    // Another caller has its own budget.
    const other = await createTenant(t);
    expect((await pinCall(other, 'checkpin', { employeeId: other.employees[0]!.id, pin: other.employees[0]!.pin }, newAddress())).status).toBe(200);
  });

  it('limits PIN checks per client address, whoever calls', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const tenant = await createTenant(t, { employees: 1 });
      const ada = tenant.employees[0]!;
      for (let j = 0; j < 2; j += 1) statuses.push((await pinCall(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin }, address)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('lets exactly the budget through when requests arrive at once', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const address = newAddress();
    const results = await Promise.all(Array.from({ length: 12 }, () => pinCall(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin }, address)));
    expect(results.filter((res) => res.status === 200)).toHaveLength(4);
    expect(results.filter((res) => res.status === 429)).toHaveLength(8);
  });
});

describe('PIN resets and wrong-PIN reports', () => {
  it('limits emailreset and smsreset together per caller, and per address', async () => {
    const tenant = await createTenant(t, { employees: 3 });
    const [ada, ben, chloe] = tenant.employees;
    expect((await pinCall(tenant, 'emailreset', { employeeId: ada!.id }, newAddress())).status).toBe(200);
    expect((await pinCall(tenant, 'smsreset', { employeeId: ben!.id }, newAddress())).status).toBe(400);
    expectRateLimited(await pinCall(tenant, 'emailreset', { employeeId: chloe!.id }, newAddress()));

    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const other = await createTenant(t, { employees: 1 });
      statuses.push((await pinCall(other, 'emailreset', { employeeId: other.employees[0]!.id }, address)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits pinfailures per caller and per address', async () => {
    const tenant = await createTenant(t);
    const now = Date.now();
    const report = (i: number, address: string, on = tenant) =>
      pinCall(on, 'pinfailures', { employeeId: on.employees[0]!.id, failedAttemptsUtc: [new Date(now - i * 1000).toISOString()] }, address);
    expect((await report(1, newAddress())).status).toBe(200);
    expect((await report(2, newAddress())).status).toBe(200);
    expectRateLimited(await report(3, newAddress()));

    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await report(i, address, await createTenant(t, { employees: 1 }))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('where the budgets live', () => {
  it('keeps them in the database, shared by every service instance on it', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const address = newAddress();
    const second = createService({ db: t.db, settings: t.settings, now: () => t.clock.now(), logger: createLogger('silent') });
    const viaSecond = () =>
      second.fetch(
        new Request(`http://127.0.0.1${tenant.kiosk}/checkpin`, {
          method: 'POST',
          headers: { authorization: tenant.manager.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ employeeId: ada.id, pin: ada.pin }),
        }),
        { clientAddress: address },
      );
    for (let i = 0; i < 2; i += 1) expect((await pinCall(tenant, 'checkpin', { employeeId: ada.id, pin: ada.pin }, address)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await viaSecond()).status).toBe(200);
    expect((await viaSecond()).status).toBe(429);
    expect((await t.db.select().from(rateLimits)).map((row) => row.key)).toContain(`pinCheck:address:${address}`);
  });
});

describe('the client address behind a proxy', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy is in front', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await signIn(t, `x${i}-${tenant.businessId}@example.test`, 'pw', address, { 'x-forwarded-for': newAddress() })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('with TRUST_PROXY=1, takes the address the proxy appended, not what the client claimed', async () => {
    const proxy = '10.0.0.1';
    const client = newAddress();
    const statuses: number[] = [];
    // The client forges a different first entry each time; the proxy appends the real address.
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await signIn(proxied, `y${i}@example.test`, 'pw', proxy, { 'x-forwarded-for': `${newAddress()}, ${client}` })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Other clients behind the same proxy have their own budget.
    expect((await signIn(proxied, 'z@example.test', 'pw', proxy, { 'x-forwarded-for': newAddress() })).status).toBe(400);
  });
});
