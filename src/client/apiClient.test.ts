/**
 * The API client against the real service in-process (PGlite and PostgreSQL 15): sign-in, API
 * keys, device enrolment, a full punch flow with idempotent replays, and the Date report.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { createApiClient } from './apiClient';
import type { Credentials } from './credentials';
import { ApiClientError, isRetryable } from './errors';
import { clientFor, serviceFetch, TEST_BASE_URL } from './testing';
import type { KioskRef } from './types';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

const kioskOf = (tenant: Tenant): KioskRef => ({ businessId: tenant.businessId, kioskId: tenant.kioskId });
const apiKey = (tenant: Tenant): Credentials => ({ kind: 'apiKey', key: tenant.manager.apiKey });

/** Runs a call that must fail and returns its ApiClientError. */
async function failure(call: Promise<unknown>): Promise<ApiClientError> {
  const error: unknown = await call.then(
    () => new Error('expected the call to fail'),
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiClientError)) throw error;
  return error;
}

describe('OAuth', () => {
  it('signs in with the manager password and makes bearer-authenticated calls', async () => {
    const tenant = await createTenant(t);
    let credentials: Credentials | null = null;
    const client = createApiClient({ baseUrl: TEST_BASE_URL, credentials: () => credentials, fetch: serviceFetch(t) });

    const tokens = await client.oauth.signIn({ username: tenant.manager.email, password: tenant.manager.password });
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'api' });
    expect(tokens.access_token).toMatch(/^kca_/);

    credentials = { kind: 'bearer', token: tokens.access_token };
    const kiosks = await client.kiosks.list(tenant.businessId);
    expect(kiosks.map((kiosk) => kiosk.name)).toEqual(['Front door']);
    expect(await client.kiosks.get(tenant.businessId, tenant.kioskId)).toMatchObject({ id: tenant.kioskId, canAddEmployees: true });
  });

  it('refreshes, then revokes: the revoked token is refused with a non-retryable 401', async () => {
    const tenant = await createTenant(t);
    let credentials: Credentials | null = null;
    const client = createApiClient({ baseUrl: `${TEST_BASE_URL}/`, credentials: () => credentials, fetch: serviceFetch(t) });

    const first = await client.oauth.signIn({ username: tenant.manager.email, password: tenant.manager.password });
    const second = await client.oauth.refresh(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);

    credentials = { kind: 'bearer', token: second.access_token };
    expect(await client.businesses.list()).toEqual([expect.objectContaining({ id: tenant.businessId })]);

    await client.oauth.revoke(second.access_token);
    const error = await failure(client.businesses.list());
    expect(error.kind).toBe('http');
    if (error.kind !== 'http') return;
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated', operation: 'business.listBusinesses' });
    expect(isRetryable(error)).toBe(false);
  });

  it('maps a wrong password to invalid-grant', async () => {
    const tenant = await createTenant(t);
    const client = clientFor(t, null);
    const error = await failure(client.oauth.signIn({ username: tenant.manager.email, password: 'not the password' }));
    expect(error).toMatchObject({ kind: 'http', status: 400, code: 'invalid-grant' });
    expect(error.kind === 'http' && error.problem?.error).toBe('invalid_grant');
  });
});

describe('API keys', () => {
  it('sends the key as HTTP Basic user name and reads the credentials on every request', async () => {
    const tenant = await createTenant(t);
    let credentials: Credentials | null = null;
    const client = createApiClient({ baseUrl: TEST_BASE_URL, credentials: () => credentials, fetch: serviceFetch(t) });

    expect(await failure(client.kiosks.list(tenant.businessId))).toMatchObject({ kind: 'http', status: 401 });
    credentials = apiKey(tenant);
    const [business] = await client.businesses.list();
    expect(business).toMatchObject({ id: tenant.businessId, ianaTimeZone: 'Europe/London' });
    const staff = await client.staff.list(kioskOf(tenant));
    expect(staff.map((s) => s.employeeId).sort()).toEqual(tenant.employees.map((e) => e.id).sort());
    expect(await client.staff.hasAccess(tenant.businessId, tenant.employees[0]!.id)).toBe(true);
  });

  it('creates and updates a kiosk and a business, and lists the supporting data', async () => {
    const tenant = await createTenant(t);
    const client = clientFor(t, apiKey(tenant));
    const created = await client.kiosks.create(tenant.businessId, { name: 'Back door', ianaTimeZone: 'Europe/London' });
    const updated = await client.kiosks.update(tenant.businessId, created.id, { ...created, name: 'Loading bay' });
    expect(updated).toMatchObject({ id: created.id, name: 'Loading bay' });
    await client.kiosks.delete(tenant.businessId, created.id);
    expect((await client.kiosks.list(tenant.businessId)).map((k) => k.name)).toEqual(['Front door']);

    const business = await client.businesses.create({ name: 'Second shop', ianaTimeZone: 'Europe/Dublin' });
    expect(await client.businesses.update(business.id, { name: 'Second shop Ltd' })).toMatchObject({ name: 'Second shop Ltd' });

    expect(await client.locations.list(tenant.businessId)).toEqual([]);
    expect(await client.workTypes.list(tenant.businessId, { $top: 5 })).toEqual([]);
    const details = await client.employees.listDetails(tenant.businessId, { $orderby: 'id' });
    expect(details.map((d) => d.id)).toEqual(tenant.employees.map((e) => e.id).sort((a, b) => a - b));
    const portal = await client.settings.get(tenant.businessId);
    expect(await client.settings.update(tenant.businessId, { ...portal, requirePhoto: true })).toMatchObject({ requirePhoto: true });
  });
});

describe('kiosk devices', () => {
  it('enrols a device whose token lists the kiosk staff, and revokes it', async () => {
    const tenant = await createTenant(t);
    const manager = clientFor(t, apiKey(tenant));
    const enrolled = await manager.device.enrol(kioskOf(tenant), { name: 'Front door tablet' });
    expect(enrolled.token).toMatch(/^kcd_/);

    const kiosk = clientFor(t, { kind: 'bearer', token: enrolled.token });
    const me = await kiosk.device.whoAmI();
    expect(me).toMatchObject({ id: enrolled.id, businessId: tenant.businessId, kioskId: tenant.kioskId, kioskName: 'Front door' });
    const staff = await kiosk.staff.list(me);
    expect(staff.map((s) => s.firstName).sort()).toEqual(['Ada', 'Ben']);
    expect(staff.every((s) => s.status === 'NotClockedOn')).toBe(true);

    expect((await manager.device.list(kioskOf(tenant))).map((d) => d.id)).toEqual([enrolled.id]);
    await manager.device.revoke(kioskOf(tenant), enrolled.id, { idempotencyKey: crypto.randomUUID() });
    expect(await failure(kiosk.device.whoAmI())).toMatchObject({ kind: 'http', status: 401 });
  });
});

describe('a punch flow through the client', () => {
  it('checks the PIN, clocks on (replayed by idempotency key), takes a break, clocks off and lists the timesheet', async () => {
    t.clock.set('2026-06-01T07:00:00Z');
    const tenant = await createTenant(t);
    const manager = clientFor(t, apiKey(tenant));
    const { token } = await manager.device.enrol(kioskOf(tenant), { name: 'Tablet' });
    const kiosk = clientFor(t, { kind: 'bearer', token });
    const me = await kiosk.device.whoAmI();
    const ada = tenant.employees[0]!;

    const checked = await kiosk.pins.checkPin(me, { employeeId: ada.id, pin: ada.pin });
    expect(checked).toMatchObject({ employeeId: ada.id, status: 'NotClockedOn', pinExpired: false });
    expect(await kiosk.staff.checkId(me, ada.id)).toMatchObject({ employeeId: ada.id, firstName: 'Ada' });
    expect((await kiosk.lookupData.get(me, ada.id)).locations).toEqual([]);

    const key = crypto.randomUUID();
    const body = { employeeId: ada.id, recordedTimeUtc: '2026-06-01T07:00:00Z', utcOffset: '01:00:00' };
    const on = await kiosk.punches.clockOn(me, body, { idempotencyKey: key });
    t.clock.advance(5_000);
    const replayed = await kiosk.punches.clockOn(me, body, { idempotencyKey: key });
    const replayedAgain = await kiosk.punches.clockOn(me, body, { idempotencyKey: key });
    expect(on).toMatchObject({ status: 'ClockedOn', clockOnTimeUtc: '2026-06-01T07:00:00.000Z' });
    expect(replayed).toEqual(on);
    expect(replayedAgain).toEqual(on);
    // Without the key the same punch is a new request, refused by the state machine.
    expect(await failure(kiosk.punches.clockOn(me, body))).toMatchObject({ kind: 'http', status: 409, code: 'already-clocked-on' });

    t.clock.set('2026-06-01T11:00:00Z');
    expect(await kiosk.punches.startBreak(me, { employeeId: ada.id }, { idempotencyKey: crypto.randomUUID() })).toMatchObject({
      status: 'OnBreak',
      breakStartTimeUtc: '2026-06-01T11:00:00.000Z',
    });
    t.clock.set('2026-06-01T11:30:00Z');
    expect(await kiosk.punches.endBreak(me, { employeeId: ada.id }, { idempotencyKey: crypto.randomUUID() })).toMatchObject({
      status: 'ClockedOn',
      breakStartTimeUtc: null,
    });
    t.clock.set('2026-06-01T15:30:00Z');
    const off = await kiosk.punches.clockOff(me, { employeeId: ada.id, note: 'Stocktake done' }, { idempotencyKey: crypto.randomUUID() });
    expect(off).toMatchObject({ status: 'ClockedOff', currentShiftId: null });

    const [line, ...others] = await manager.timesheets.list(tenant.businessId);
    expect(others).toEqual([]);
    expect(line).toMatchObject({
      employeeId: ada.id,
      startTime: '2026-06-01T08:00:00',
      endTime: '2026-06-01T16:30:00',
      breaks: [{ startTime: '2026-06-01T12:00:00', endTime: '2026-06-01T12:30:00', isPaidBreak: false }],
      comments: 'Stocktake done',
    });
    expect(await manager.timesheets.get(tenant.businessId, line!.id)).toMatchObject({ id: line!.id, employeeId: ada.id });

    const [shift] = await manager.shifts.search(tenant.businessId, { employeeId: ada.id });
    expect(shift).toMatchObject({ id: on.currentShiftId, kioskId: tenant.kioskId, timesheetLineId: line!.id });
    const shiftRef = { ...me, shiftId: shift!.id };
    const note = await manager.notes.add(shiftRef, { employeeId: ada.id, note: 'Thanks!', visibility: 'Visible', isAdminInitiated: true });
    expect((await kiosk.notes.list(shiftRef, { Visibility: 'Visible' })).map((n) => n.note)).toContain('Thanks!');
    await kiosk.notes.markRead(shiftRef, { employeeId: ada.id, noteIds: [note.id], read: true });
    await manager.notes.delete(shiftRef, note.id);
    expect((await kiosk.notes.list(shiftRef)).map((n) => n.id)).not.toContain(note.id);
  });

  it('discards an open shift and records a complete one', async () => {
    t.clock.set('2026-06-02T12:00:00Z');
    const tenant = await createTenant(t);
    const client = clientFor(t, apiKey(tenant));
    const ben = tenant.employees[1]!;
    await client.punches.clockOn(kioskOf(tenant), { employeeId: ben.id });
    expect(await client.punches.discard(kioskOf(tenant), { employeeId: ben.id })).toMatchObject({ status: 'NotClockedOn' });
    const added = await client.punches.addShift(kioskOf(tenant), {
      employeeId: ben.id,
      recordedStartTimeUtc: '2026-06-02T06:00:00Z',
      recordedEndTimeUtc: '2026-06-02T10:00:00Z',
    });
    expect(added.employeeId).toBe(ben.id);
    expect(await client.timesheets.list(tenant.businessId)).toHaveLength(1);
  });
});

describe('server date', () => {
  it('reports every response Date header with the round trip', async () => {
    t.clock.set('2031-02-03T04:05:06Z');
    const tenant = await createTenant(t);
    const reports: Array<{ serverDate: Date; roundTripMs: number }> = [];
    const client = clientFor(t, apiKey(tenant), { onServerDate: (serverDate, roundTripMs) => reports.push({ serverDate, roundTripMs }) });

    await client.kiosks.list(tenant.businessId);
    await failure(client.kiosks.get(tenant.businessId, 999_999));
    expect(reports).toHaveLength(2);
    for (const report of reports) {
      expect(report.serverDate.toISOString()).toBe('2031-02-03T04:05:06.000Z');
      expect(report.roundTripMs).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('configuration', () => {
  it('refuses a base URL that already ends in /api/v2', () => {
    expect(() => createApiClient({ baseUrl: 'https://api.example.com/api/v2/', credentials: () => null })).toThrow(/origin/);
  });
});
