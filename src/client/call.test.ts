/**
 * The generic call against the real service (PGlite and PostgreSQL 15): a route with no named
 * client method is callable, typed and parsed from its definition alone; what a call puts on the
 * wire is read from the route (path values, query, media type, Idempotency-Key, credentials).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as devices from '../contract/routes/devices';
import * as kiosk from '../contract/routes/kiosk';
import * as locations from '../contract/routes/locations';
import * as oauth from '../contract/routes/oauth';
import { createTenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { createApiClient } from './apiClient';
import { buildRequest, fillPath } from './call';
import { ApiClientError } from './errors';
import { clientFor, TEST_BASE_URL } from './testing';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

describe('a route without a named call', () => {
  it('is created, replayed by its Idempotency-Key, read back and listed through call() alone', async () => {
    const tenant = await createTenant(t);
    const client = clientFor(t, { kind: 'apiKey', key: tenant.manager.apiKey });
    const path = { businessId: tenant.businessId };
    const key = crypto.randomUUID();
    const created = await client.call(locations.createLocation, { path, body: { name: 'Loading bay' } }, { idempotencyKey: key });
    const replayed = await client.call(locations.createLocation, { path, body: { name: 'Loading bay' } }, { idempotencyKey: key });
    expect(replayed.id).toBe(created.id);
    const read = await client.call(locations.getLocationById, { path: { ...path, id: created.id } });
    expect(read).toMatchObject({ id: created.id, name: 'Loading bay' });
    const listed = await client.call(locations.listBusinessLocations, { path, query: { $filter: "name eq 'Loading bay'", $top: 5 } });
    expect(listed.map((location) => location.id)).toEqual([created.id]);
  });

  it("answers the service's refusal as an 'http' error with its code and operation", async () => {
    const tenant = await createTenant(t);
    const client = clientFor(t, { kind: 'apiKey', key: tenant.manager.apiKey });
    const error = await client.call(locations.getLocationById, { path: { businessId: tenant.businessId, id: 2_000_000_000 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ kind: 'http', status: 404, code: 'not-found' });
    expect((error as ApiClientError).operation).toBe('location.getLocationById');
  });

  it('refuses an answer that does not match the route\'s 200 schema as invalid-response', async () => {
    const client = createApiClient({
      baseUrl: TEST_BASE_URL,
      credentials: () => null,
      fetch: () => Promise.resolve(Response.json([{ id: 'not a number' }])),
    });
    const error = await client.call(locations.listBusinessLocations, { path: { businessId: 1 } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200 });
  });
});

describe('what a call sends, read from the route', () => {
  it('fills and encodes path values, and refuses a missing one', () => {
    expect(fillPath('/a/{x}/b/{y}', { x: 1, y: 'c d/e' })).toBe('/a/1/b/c%20d%2Fe');
    expect(() => fillPath('/a/{x}', {})).toThrow(/missing path value x/);
  });

  it('sends query values as text, dropping the ones not given', () => {
    const request = buildRequest(TEST_BASE_URL, kiosk.listKioskStaff, {
      path: { businessId: 1, kioskId: 2 },
      query: { restrictCurrentShiftsToCurrentKioskLocation: true, other: undefined },
    });
    expect(request.method).toBe('GET');
    expect(request.url).toBe(`${TEST_BASE_URL}/api/v2/business/1/kiosk/2/staff?restrictCurrentShiftsToCurrentKioskLocation=true`);
    expect(request.headers.get('content-type')).toBeNull();
  });

  it('sends an Idempotency-Key only to routes that declare one', () => {
    const options = { idempotencyKey: 'k-1' };
    const punch = buildRequest(TEST_BASE_URL, kiosk.clockInEmployee, { path: { businessId: 1, kioskId: 2 }, body: { employeeId: 3 } }, options);
    expect(punch.headers.get('idempotency-key')).toBe('k-1');
    expect(punch.headers.get('content-type')).toBe('application/json');
    const enrol = buildRequest(TEST_BASE_URL, devices.enrolDevice, { path: { businessId: 1, kioskId: 2 }, body: { name: 'Tablet' } }, options);
    expect(enrol.headers.get('idempotency-key')).toBeNull();
  });

  it("form-encodes a body whose route lists the form first (OAuth), and sends it without credentials", async () => {
    const seen: Request[] = [];
    const client = createApiClient({
      baseUrl: TEST_BASE_URL,
      credentials: () => ({ kind: 'bearer', token: 'secret-token' }),
      fetch: (input, init) => {
        seen.push(new Request(input, init));
        return Promise.resolve(Response.json({}, { status: 200 }));
      },
    });
    await client.call(oauth.revokeOauth2TokenRfc7009AtRoot, { body: { token: 'a b&c' } });
    await client.call(locations.listBusinessLocations, { path: { businessId: 1 } }).catch(() => undefined);
    const [revoke, list] = seen;
    expect(revoke?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(await revoke?.text()).toBe('token=a+b%26c');
    expect(revoke?.headers.get('authorization')).toBeNull();
    expect(list?.headers.get('authorization')).toBe('Bearer secret-token');
  });
});
