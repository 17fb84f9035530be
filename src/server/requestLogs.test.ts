/**
 * Every log line the real app writes while serving requests that carry secrets (a password grant,
 * bearer and Basic credentials, a device token, PINs, a photo, a wrong PIN, a malformed body)
 * holds none of them, at debug level: the request lines log method, path, status and caller only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, enrolDeviceAuth } from './testing/fixtures';
import { startTestService, type TestService } from './testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ LOG_LEVEL: 'debug' });
});
afterAll(() => t.close());

/** A tiny valid JPEG (its magic number and end marker), as a kiosk sends a punch photo. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]).toString('base64');

describe('request logs', () => {
  it('never contain PINs, passwords, tokens, credentials or photos', async () => {
    const tenant = await createTenant(t);
    const [ada] = tenant.employees;
    const device = await enrolDeviceAuth(t, tenant);
    const grant = await t.request('POST', '/api/v2/oauth/token', {
      body: new URLSearchParams({ grant_type: 'password', username: tenant.manager.email, password: tenant.manager.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(grant.status, grant.text).toBe(200);
    const tokens = grant.body as { access_token: string; refresh_token: string };
    expect((await t.request('GET', tenant.base, { auth: `Bearer ${tokens.access_token}` })).status).toBe(200);
    expect((await t.request('POST', `${tenant.kiosk}/checkpin`, { auth: device, json: { employeeId: ada!.id, pin: ada!.pin } })).status).toBe(200);
    expect((await t.request('POST', `${tenant.kiosk}/checkpin`, { auth: device, json: { employeeId: ada!.id, pin: '0000' } })).status).toBeGreaterThanOrEqual(400);
    expect((await t.request('POST', `${tenant.kiosk}/clockon`, { auth: device, json: { employeeId: ada!.id, image: JPEG } })).status).toBe(200);
    // A malformed body and a wrong credential are logged too, still without what they carried.
    expect((await t.request('POST', `${tenant.kiosk}/clockoff`, { auth: device, body: `{"employeeId": ${ada!.id}, "pin": "8642"`, headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await t.request('GET', tenant.base, { auth: 'Bearer kct_not-a-real-token-1234567890' })).status).toBe(401);

    const logs = t.logs.join('\n');
    expect(logs).toContain('"message":"request"');
    expect(logs).toContain(`"caller":"device:`);
    for (const secret of [
      tenant.manager.password,
      tenant.manager.apiKey,
      tokens.access_token,
      tokens.refresh_token,
      device.replace('Bearer ', ''),
      ada!.pin,
      '8642',
      JPEG,
      'kct_not-a-real-token-1234567890',
    ]) {
      expect(logs, secret).not.toContain(secret);
    }
    expect(logs.toLowerCase()).not.toContain('"authorization"');
  });
});
