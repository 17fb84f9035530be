/**
 * Limits on input that hold before any database access: JSON depth, int32 ranges, plausible
 * years, text lengths, array sizes, and the normaliser's own failures, each answered with a
 * problem+json that names the field. (The fuzz test throws generated input at every route; these
 * are the known cases, stated plainly.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KioskEmployeeModel } from '../../contract/generated/models';
import { DEFAULT_TEXT_MAX, MAX_ARRAY_ITEMS, maxTextLength } from '../../contract/inputLimits';
import { MAX_JSON_DEPTH } from './normalizeRequest';
import { createTenant, type Tenant } from '../testing/fixtures';
import { startTestService, type ApiResult, type TestService } from '../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

const PROBLEM = 'application/problem+json';

function expectProblem(res: ApiResult, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toBe(PROBLEM);
  expect(res.body).toMatchObject({ status, code });
}

function expectFieldError(res: ApiResult, field: string) {
  expectProblem(res, 400, 'validation-failed');
  expect((res.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain(field);
}

const postJson = (tenant: Tenant, path: string, json: unknown) => t.request('POST', `${tenant.base}${path}`, { auth: tenant.manager.auth, json });
const postRaw = (tenant: Tenant, path: string, body: string) =>
  t.request('POST', `${tenant.base}${path}`, { auth: tenant.manager.auth, body, headers: { 'content-type': 'application/json' } });

async function openShift(tenant: Tenant): Promise<number> {
  const on = await postJson(tenant, `/kiosk/${tenant.kioskId}/clockon`, { employeeId: tenant.employees[0]!.id });
  expect(on.status, on.text).toBe(200);
  return KioskEmployeeModel.parse(on.body).currentShiftId!;
}

describe('JSON depth', () => {
  it('refuses 50,000-deep arrays and objects with a 400 problem, not a crash', async () => {
    const tenant = await createTenant(t);
    for (const [open, close] of [['[', ']'], ['{"a":', '}']] as const) {
      const res = await postRaw(tenant, `/kiosk/${tenant.kioskId}/clockon`, open.repeat(50_000) + '1' + close.repeat(50_000));
      expectProblem(res, 400, 'json-too-deep');
    }
  });

  it('allows nesting up to the limit and does not count brackets inside strings', async () => {
    const tenant = await createTenant(t);
    const atLimit = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    // Deep enough is still the wrong shape for this route: a validation error, not a depth error.
    expectProblem(await postRaw(tenant, '/kiosk/shifts', atLimit), 400, 'validation-failed');
    expectProblem(await postRaw(tenant, '/kiosk/shifts', `[${atLimit}]`), 400, 'json-too-deep');
    const bracketsInText = JSON.stringify({ employeeId: null, ignored: '[{"\\'.repeat(5_000) });
    expect((await postRaw(tenant, '/kiosk/shifts', bracketsInText)).status).toBe(200);
  });

  it('treats __proto__ and constructor keys as plain, ignored properties', async () => {
    const tenant = await createTenant(t);
    const body = '{"name":"Depot","__proto__":{"isGlobal":true,"polluted":1},"constructor":{"prototype":{"polluted":1}}}';
    const res = await postRaw(tenant, '/location', body);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: 'Depot', isGlobal: false });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('int32 ranges', () => {
  it('answers query integers beyond int32 with a 400 naming the parameter', async () => {
    const tenant = await createTenant(t);
    const auth = tenant.manager.auth;
    expectFieldError(await t.request('GET', `${tenant.base}/kiosk/punches?EmployeeId=9999999999`, { auth }), 'query.EmployeeId');
    expectFieldError(await t.request('GET', `${tenant.base}/kiosk/punches?KioskId=-2147483649`, { auth }), 'query.kioskId');
    expectFieldError(await t.request('GET', `${tenant.base}/kiosk/punches?EmployeeId=1.5`, { auth }), 'query.EmployeeId');
    const shiftId = await openShift(tenant);
    const notes = `${tenant.kiosk}/shift/${shiftId}/notes`;
    expectFieldError(await t.request('GET', `${notes}?EmployeeId=9999999999`, { auth }), 'query.EmployeeId');
    expect((await t.request('GET', `${notes}?EmployeeId=2147483647`, { auth })).status).toBe(200);
    expect((await t.request('GET', `${tenant.base}/kiosk/punches?EmployeeId=0&KioskId=-2147483648`, { auth })).status).toBe(200);
  });

  it('answers path and body integers beyond int32, and oversized id arrays, with a per-field 400', async () => {
    const tenant = await createTenant(t);
    expectFieldError(await t.request('GET', `${tenant.base}/kiosk/2147483648`, { auth: tenant.manager.auth }), 'param.id');
    expectFieldError(await postJson(tenant, `/kiosk/${tenant.kioskId}/clockon`, { employeeId: 2 ** 31 }), 'employeeId');
    const shiftId = await openShift(tenant);
    const readState = `/kiosk/${tenant.kioskId}/shift/${shiftId}/notes/read-state`;
    expectFieldError(await postJson(tenant, readState, { noteIds: [1, -(2 ** 31) - 1], read: true }), 'noteIds.1');
    const many = Array.from({ length: MAX_ARRAY_ITEMS + 1 }, (_, i) => i + 1);
    expectFieldError(await postJson(tenant, readState, { noteIds: many, read: true }), 'noteIds');
    expectFieldError(await postJson(tenant, `/kiosk/${tenant.kioskId}/clockon`, { employeeId: tenant.employees[0]!.id, latitude: 91 }), 'latitude');
  });

  it('bounds ids nested in lists of lists below what one SQL statement can take', async () => {
    const tenant = await createTenant(t);
    // 70 entries of 1,000 distinct location ids each: every list is within its own limit.
    const locationAccess = Array.from({ length: 70 }, (_, entry) => ({
      filterType: 'Location',
      locationIds: Array.from({ length: MAX_ARRAY_ITEMS }, (_, i) => entry * MAX_ARRAY_ITEMS + i + 1),
    }));
    const res = await postJson(tenant, '/access', { name: 'Many', email: 'many@example.test', accessType: 'Restricted', locationAccess });
    expectFieldError(res, 'locationAccess');
  });
});

describe('plausible years', () => {
  it('refuses body and query date-times outside the years 1900 to 2100', async () => {
    const tenant = await createTenant(t);
    const employeeId = tenant.employees[0]!.id;
    const addshift = (start: string, end: string) =>
      postJson(tenant, `/kiosk/${tenant.kioskId}/addshift`, { employeeId, recordedStartTimeUtc: start, recordedEndTimeUtc: end });
    expectFieldError(await addshift('0001-01-01T09:00:00Z', '0001-01-01T10:00:00Z'), 'recordedStartTimeUtc');
    expectFieldError(await addshift('2026-01-05T09:00:00Z', '9999-12-31T10:00:00Z'), 'recordedEndTimeUtc');
    expectFieldError(await postJson(tenant, '/kiosk/shifts', { fromDateUtc: '1899-12-31T23:59:59Z' }), 'fromDateUtc');
    // The first and last plausible instants are accepted (the search's own window is at most 31 days).
    expect((await postJson(tenant, '/kiosk/shifts', { fromDateUtc: '1900-01-01T00:00:00Z', toDateUtc: '1900-01-20T00:00:00Z' })).status).toBe(200);
    expect((await postJson(tenant, '/kiosk/shifts', { fromDateUtc: '2100-12-20T00:00:00Z', toDateUtc: '2100-12-31T23:59:59' })).status).toBe(200);
    const auth = tenant.manager.auth;
    expectFieldError(await t.request('GET', `${tenant.base}/kiosk/punches?FromUtc=0001-01-01T00:00:00`, { auth }), 'query.FromUtc');
    expectFieldError(await t.request('GET', `${tenant.base}/kiosk/punches?ToUtc=yesterday`, { auth }), 'query.ToUtc');
    const employee = { firstName: 'Old', surname: 'Timer', dateOfBirth: '1850-01-01T00:00:00' };
    expectFieldError(await postJson(tenant, '/employee/unstructured', employee), 'dateOfBirth');
  });
});

describe('text lengths', () => {
  it('refuses a megabyte name with a 400 naming the field, and stores nothing', async () => {
    const tenant = await createTenant(t);
    const res = await postJson(tenant, `/kiosk/${tenant.kioskId}/staff`, { firstName: 'x'.repeat(1_000_000), surname: 'Big', pin: '4821' });
    expectFieldError(res, 'firstName');
    const staff = await t.request('GET', `${tenant.kiosk}/staff`, { auth: tenant.manager.auth });
    expect((staff.body as unknown[]).length).toBe(tenant.employees.length);
  });

  it('accepts each field up to its limit and refuses one character more', async () => {
    const tenant = await createTenant(t);
    const kioskName = maxTextLength('name');
    expect((await postJson(tenant, '/kiosk', { name: 'k'.repeat(kioskName) })).status).toBe(200);
    expectFieldError(await postJson(tenant, '/kiosk', { name: 'k'.repeat(kioskName + 1) }), 'name');
    const note = maxTextLength('note');
    const clockOn = (extra: Record<string, unknown>) =>
      postJson(tenant, `/kiosk/${tenant.kioskId}/clockon`, { employeeId: tenant.employees[1]!.id, ...extra });
    expectFieldError(await clockOn({ note: 'n'.repeat(note + 1) }), 'note');
    expectFieldError(await clockOn({ ipAddress: '1'.repeat(maxTextLength('ipAddress') + 1) }), 'ipAddress');
    const email = `${'a'.repeat(maxTextLength('email') - 'example.test'.length)}@example.test`;
    expectFieldError(await postJson(tenant, '/access', { name: 'Long', email, accessType: 'Unrestricted' }), 'email');
    expectFieldError(await postJson(tenant, '/location', { name: 'Depot', source: 's'.repeat(maxTextLength('source') + 1) }), 'source');
    // A field the table does not name has the default limit.
    expect(maxTextLength('somethingElse')).toBe(DEFAULT_TEXT_MAX);
    const business = await t.request('POST', '/api/v2/business', { auth: tenant.manager.auth, json: { name: 'b'.repeat(201) } });
    expectFieldError(business, 'name');
    const token = await t.request('POST', '/oauth/token', { json: { grant_type: 'password', username: tenant.manager.email, password: 'p'.repeat(257) } });
    expect(token.status).toBe(400);
    expect(token.body).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses the NUL character, which PostgreSQL cannot store, in text and text queries', async () => {
    const tenant = await createTenant(t);
    expectFieldError(await postJson(tenant, '/kiosk', { name: 'Front\u0000door' }), 'name');
    const access = await t.request('PUT', `${tenant.base}/access?email=a%00b@example.test`, { auth: tenant.manager.auth, json: { name: 'X' } });
    expectFieldError(access, 'query.email');
    const enrol = await postJson(tenant, `/kiosk/${tenant.kioskId}/devices`, { name: 'Tab\u0000let' });
    expectFieldError(enrol, 'name');
  });
});

describe('the normaliser itself', () => {
  it('turns anything thrown while reading a request into a problem+json 500', async () => {
    const tenant = await createTenant(t);
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('the body stream broke'));
      },
    });
    const request = new Request(`http://127.0.0.1${tenant.kiosk}/clockon`, {
      method: 'POST',
      headers: { authorization: tenant.manager.auth, 'content-type': 'application/json' },
      body: failing,
      duplex: 'half',
    });
    const res = await t.service.fetch(request);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe(PROBLEM);
    expect(await res.json()).toMatchObject({ code: 'internal-error' });
  });

  it('answers HEAD, OPTIONS, unknown methods and content types sensibly', async () => {
    const tenant = await createTenant(t);
    const auth = tenant.manager.auth;
    const head = await t.request('HEAD', `${tenant.kiosk}/staff`, { auth });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const preflight = await t.request('OPTIONS', `${tenant.kiosk}/clockon`, {
      headers: { origin: 'http://kiosk.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expectProblem(await t.request('PATCH', tenant.kiosk, { auth, json: {} }), 404, 'not-found');
    expectProblem(await t.request('PROPFIND', tenant.kiosk, { auth }), 404, 'not-found');
    const body = JSON.stringify({ employeeId: tenant.employees[0]!.id });
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', '']) {
      const res = await t.request('POST', `${tenant.kiosk}/checkid`, { auth, body, headers: type ? { 'content-type': type } : {} });
      expectProblem(res, 415, 'unsupported-media-type');
    }
  });
});
