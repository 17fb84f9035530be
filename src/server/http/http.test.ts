import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredQueryNames } from '../app';
import type { AppEnv } from '../context';
import { createTenant } from '../testing/fixtures';
import { startTestService, type TestService } from '../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ MAX_BODY_BYTES: '4096' });
});
afterAll(() => t.close());

describe('the wire format every route shares', () => {
  it('answers unknown routes, malformed JSON and oversized bodies with problem+json, never HTML', async () => {
    const tenant = await createTenant(t);
    const unknown = await t.request('GET', '/api/v2/nope', { auth: tenant.manager.auth });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('application/problem+json');
    expect(unknown.body).toMatchObject({ code: 'not-found', status: 404 });

    const malformed = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, body: '{"employeeId": 1', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'malformed-json' });

    const huge = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId: 1, note: 'x'.repeat(5000) } });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 'payload-too-large' });

    const wrongType = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: ['not', 'an', 'object'] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.text).not.toMatch(/at .*\.ts:\d+/);

    // Security headers on every answer, including those given before routing.
    for (const res of [unknown, malformed, huge, wrongType]) {
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('matches paths, query names and JSON keys in any casing', async () => {
    const tenant = await createTenant(t);
    const path = `/API/V2/Business/${tenant.businessId}/Kiosk/${tenant.kioskId}/Staff?RestrictCurrentShiftsToCurrentKioskLocation=FALSE`;
    expect((await t.request('GET', path, { auth: tenant.manager.auth })).status).toBe(200);
    const res = await t.request('POST', `${tenant.kiosk}/checkpin`, {
      auth: tenant.manager.auth,
      json: { EMPLOYEEID: tenant.employees[0]!.id, Pin: tenant.employees[0]!.pin },
    });
    expect(res.status, res.text).toBe(200);
  });

  it('stamps every response with the service clock and no-store', async () => {
    t.clock.set('2026-02-03T04:05:06Z');
    const res = await t.request('GET', '/api/v2/nope');
    expect(res.headers.get('date')).toBe('Tue, 03 Feb 2026 04:05:06 GMT');
    expect(res.headers.get('cache-control')).toBe('no-store');
    t.clock.real();
  });

  it('refuses to start with a query parameter spelled two ways', () => {
    const app = new OpenAPIHono<AppEnv>();
    const route = (path: string, name: string) =>
      createRoute({ method: 'get', path, request: { query: z.object({ [name]: z.string().optional() }) }, responses: { 200: { description: 'ok' } } });
    app.openapi(route('/a', 'employeeId'), (c) => c.body(null, 200));
    expect(() => declaredQueryNames(app)).not.toThrow();
    app.openapi(route('/b', 'EmployeeId'), (c) => c.body(null, 200));
    expect(() => declaredQueryNames(app)).toThrow(/spelled two ways/);
  });
});
