/**
 * Manager PINs through the real app: set after a password sign-in (never with a PIN session),
 * stored hashed and never logged; a paired tablet opens a short session with the manager's own
 * rights; wrong PINs lock it like an employee PIN; the owner forgets it and an administrator revokes
 * it, from any tablet; only managers of the kiosk are listed and let in.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KioskManagerModel, ManagerPinSessionModel, ManagerPinStatusModel } from '../../../contract/supporting/managerPins';
import { managerPins } from '../../db/schema';
import { addKiosk, addRestrictedUser, createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { bearer, startTestService, type TestService } from '../../testing/testService';
import { standing } from '../../testing/standingSecret';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ LOG_LEVEL: 'debug', MANAGER_PIN_SESSION_MINUTES: '20' });
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

const PIN = '480251';

async function passwordSession(tenant: Tenant): Promise<string> {
  const res = await t.request('POST', '/api/v2/oauth/token', {
    json: { grant_type: 'password', username: tenant.manager.email, password: tenant.manager.password },
  });
  expect(res.status, res.text).toBe(200);
  return bearer((res.body as { access_token: string }).access_token);
}

const setPin = (tenant: Tenant, auth: string, pin = PIN, kiosk = tenant.kiosk) => t.request('PUT', `${kiosk}/managerpin`, { auth, json: { pin } });
const signIn = (tenant: Tenant, device: string, pin = PIN, userId = tenant.manager.userId, kiosk = tenant.kiosk) =>
  t.request('POST', `${kiosk}/managerpin/signin`, { auth: device, json: { userId, pin } });

describe('manager PIN', () => {
  it('is set after a password sign-in, stored hashed, and opens a short session with the manager\'s rights', async () => {
    t.clock.set('2026-07-01T09:00:00Z');
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    const password = await passwordSession(tenant);

    expect(ManagerPinStatusModel.parse((await t.request('GET', `${tenant.kiosk}/managerpin`, { auth: password })).body)).toEqual({
      userId: tenant.manager.userId,
      isSet: false,
      setAtUtc: null,
      lockedUntilUtc: null,
    });
    const set = await setPin(tenant, password);
    expect(set.status, set.text).toBe(200);
    expect(ManagerPinStatusModel.parse(set.body)).toMatchObject({ isSet: true, setAtUtc: '2026-07-01T09:00:00.000Z' });
    const [row] = await t.db.select().from(managerPins).where(eq(managerPins.userId, tenant.manager.userId));
    expect(row?.pinHash).toMatch(/^scrypt\$/);
    expect(row?.pinHash).not.toMatch(standing(PIN));

    // The tablet lists the manager by name, then opens manager mode with the PIN.
    const listed = await t.request('GET', `${tenant.kiosk}/managers`, { auth: device });
    expect(listed.status, listed.text).toBe(200);
    const managers = KioskManagerModel.array().parse(listed.body);
    expect(managers).toEqual([{ userId: tenant.manager.userId, name: managers[0]?.name, lockedUntilUtc: null }]);
    expect(managers[0]?.name).toMatch(/^Manager /);
    const opened = await signIn(tenant, device);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.headers.get('cache-control')).toContain('no-store');
    const session = ManagerPinSessionModel.parse(opened.body);
    expect(session).toMatchObject({ userId: tenant.manager.userId, email: tenant.manager.email, sessionEndsUtc: '2026-07-01T09:20:00.000Z', expires_in: 20 * 60 });

    // The session has the manager's rights: it reads and changes what a password session does.
    const kiosk = await t.request('GET', tenant.kiosk, { auth: bearer(session.access_token) });
    expect(kiosk.status, kiosk.text).toBe(200);
    // It cannot change the PIN itself.
    const change = await setPin(tenant, bearer(session.access_token), '913572');
    expect(change.status, change.text).toBe(403);
    expect(change.body).toMatchObject({ code: 'manager-pin-needs-password' });

    // Renewing keeps the session's end: ten minutes later the new pair still ends at 09:20.
    t.clock.set('2026-07-01T09:10:00Z');
    const renewed = await t.request('POST', '/api/v2/oauth/token', { json: { grant_type: 'refresh_token', refresh_token: session.refresh_token } });
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.body).toMatchObject({ expires_in: 10 * 60 });
    t.clock.set('2026-07-01T09:21:00Z');
    const late = await t.request('POST', '/api/v2/oauth/token', {
      json: { grant_type: 'refresh_token', refresh_token: (renewed.body as { refresh_token: string }).refresh_token },
    });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ error: 'invalid_grant' });
    expect(t.logs.join('\n')).not.toMatch(standing(PIN));
  });

  it('refuses PINs that are not 6 to 8 digits, naming the field', async () => {
    const tenant = await createTenant(t);
    for (const pin of ['12345', '123456789', '12a456', ' 123456', '']) {
      const res = await setPin(tenant, tenant.manager.auth, pin);
      expect(res.status, pin).toBe(400);
      expect(res.body, pin).toMatchObject({ code: 'invalid-manager-pin', errors: [{ field: 'pin' }] });
    }
    const long = await setPin(tenant, tenant.manager.auth, '9'.repeat(100));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ errors: [{ field: 'pin' }] });
  });

  it('locks after five wrong PINs like an employee PIN, then refuses the right one until it runs out', async () => {
    t.clock.set('2026-07-01T09:00:00Z');
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    await setPin(tenant, tenant.manager.auth);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await signIn(tenant, device, '000000');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'wrong-manager-pin', attemptsLeft: 5 - attempt });
    }
    const fifth = await signIn(tenant, device, '000000');
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ code: 'manager-pin-locked' });
    expect(fifth.headers.get('retry-after')).toBe(String(15 * 60));
    expect((await signIn(tenant, device)).status).toBe(429);
    const listed = KioskManagerModel.array().parse((await t.request('GET', `${tenant.kiosk}/managers`, { auth: device })).body);
    expect(listed[0]?.lockedUntilUtc).toBe('2026-07-01T09:15:00.000Z');

    t.clock.set('2026-07-01T09:16:00Z');
    expect((await signIn(tenant, device)).status).toBe(200);
  });

  it('is forgotten by its owner and revoked by an administrator, from any tablet', async () => {
    const tenant = await createTenant(t);
    const otherKiosk = await addKiosk(t, tenant, 'Counter');
    const device = await enrolDeviceAuth(t, tenant);
    await setPin(tenant, tenant.manager.auth);
    expect((await signIn(tenant, device)).status).toBe(200);

    // Forgotten at another kiosk: this tablet's sign-in is refused at once.
    const forgot = await t.request('DELETE', `${tenant.base}/kiosk/${otherKiosk}/managerpin`, { auth: tenant.manager.auth });
    expect(forgot.status, forgot.text).toBe(200);
    const refused = await signIn(tenant, device);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'manager-pin-not-set' });
    expect((await t.request('GET', `${tenant.kiosk}/managers`, { auth: device })).body).toEqual([]);

    // An administrator sees who has one and revokes another manager's.
    const colleague = await addRestrictedUser(t, tenant, [tenant.kioskId]);
    expect((await setPin(tenant, colleague.auth)).status).toBe(200);
    const list = await t.request('GET', `${tenant.base}/managerpins`, { auth: tenant.manager.auth });
    expect(list.status, list.text).toBe(200);
    const entry = (list.body as Array<{ userId: number; email: string }>).find((pin) => pin.email === colleague.email);
    expect(entry).toBeDefined();
    expect(JSON.stringify(list.body)).not.toContain('scrypt');
    // A restricted manager may not list or revoke others' PINs.
    expect((await t.request('GET', `${tenant.base}/managerpins`, { auth: colleague.auth })).status).toBe(403);
    const revoked = await t.request('DELETE', `${tenant.base}/managerpins/${entry?.userId}`, { auth: tenant.manager.auth });
    expect(revoked.status, revoked.text).toBe(200);
    expect((await t.request('GET', `${tenant.base}/managerpins`, { auth: tenant.manager.auth })).body).toEqual([]);
  });

  it('lists and lets in only managers of this kiosk, and only through a device of it', async () => {
    const tenant = await createTenant(t);
    const counter = await addKiosk(t, tenant, 'Counter');
    const device = await enrolDeviceAuth(t, tenant);
    const counterManager = await addRestrictedUser(t, tenant, [counter]);
    expect((await setPin(tenant, counterManager.auth, PIN, `${tenant.base}/kiosk/${counter}`)).status).toBe(200);
    // Not a manager of this kiosk: not listed here, and refused before any attempt counts.
    expect((await t.request('GET', `${tenant.kiosk}/managers`, { auth: device })).body).toEqual([]);
    const [row] = await t.db.select().from(managerPins).where(eq(managerPins.businessId, tenant.businessId));
    const res = await signIn(tenant, device, PIN, row?.userId ?? 0);
    expect(res.status).toBe(403);
    const [after] = await t.db.select().from(managerPins).where(eq(managerPins.businessId, tenant.businessId));
    expect(after?.failedAttempts).toBe(0);
    // A person cannot open it themselves: the route is for paired tablets.
    expect((await signIn(tenant, tenant.manager.auth)).status).toBe(403);
    // An unknown user id is answered like a manager without a PIN.
    expect((await signIn(tenant, device, PIN, 999_999)).body).toMatchObject({ code: 'manager-pin-not-set' });
  });
});
