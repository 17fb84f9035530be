import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  KioskEmployeeModel,
  LocationModel,
  ShiftNoteViewModel,
  UkTimeAndAttendanceLookupDataModel,
  UkTimeAndAttendanceShiftModel,
  UkTimesheetLineModel,
  UkWorkTypeModel,
} from '../../../contract/generated/models';
import { DEFAULT_PORTAL_SETTINGS } from '../../services/businesses/settings';
import { clockShifts, employees, invitations, outbox, punches, selfServiceLinks, users } from '../../db/schema';
import { createEmployee } from '../../services/businesses/provisioning';
import { createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { invitationTokenFor, passwordGrant, selfServiceAuth } from '../../testing/selfServiceFixture';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

/** A tiny valid JPEG (the magic number and an end marker). */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]).toString('base64');

const ess = (employeeId: number) => `/api/v2/ess/${employeeId}`;

function essPost(auth: string, employeeId: number, op: string, json: unknown, headers: Record<string, string> = {}) {
  return t.request('POST', `${ess(employeeId)}/timeandattendance/${op}`, { auth, json, headers });
}

async function essOk(auth: string, employeeId: number, op: string, json: Record<string, unknown> = {}) {
  const res = await essPost(auth, employeeId, op, json);
  expect(res.status, `${op}: ${res.text}`).toBe(200);
  return KioskEmployeeModel.parse(res.body);
}

async function searchAtKiosk(tenant: Tenant, json: Record<string, unknown> = {}, auth = tenant.manager.auth) {
  const res = await t.request('POST', `${tenant.base}/kiosk/shifts`, { auth, json });
  expect(res.status, res.text).toBe(200);
  return UkTimeAndAttendanceShiftModel.array().parse(res.body);
}

interface World {
  tenant: Tenant;
  employeeId: number;
  auth: string;
  email: string;
}

async function employeeWithSelfService(): Promise<World> {
  const tenant = await createTenant(t);
  const employeeId = tenant.employees[0]!.id;
  const { auth, email } = await selfServiceAuth(t, tenant, employeeId);
  return { tenant, employeeId, auth, email };
}

describe('employee self-service credentials', () => {
  it('invites by the employee’s e-mail; activating links the user to the employee and grants no business access', async () => {
    const tenant = await createTenant(t);
    const employeeId = tenant.employees[0]!.id;
    const invited = await t.request('POST', `${tenant.base}/employee/${employeeId}/selfservice/invitation`, { auth: tenant.manager.auth });
    expect(invited.status, invited.text).toBe(200);
    const { emailAddress } = invited.body as { emailAddress: string };
    expect(emailAddress).toMatch(/^ada-.*@example\.test$/);
    const [stored] = await t.db.select().from(invitations).where(eq(invitations.employeeId, employeeId));
    expect(stored).toMatchObject({ businessId: tenant.businessId, model: null, usedAt: null });
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, emailAddress));
    expect(mail?.subject).toContain('self-service');
    expect(mail?.body).toContain('/api/v2/account/activate');
    expect(mail?.body).toContain(`/api/v2/ess/${employeeId}/timeandattendance/`);

    // Before accepting, the invited user has no link.
    expect(await t.db.select().from(selfServiceLinks).where(eq(selfServiceLinks.employeeId, employeeId))).toEqual([]);
    const token = await invitationTokenFor(t, emailAddress);
    expect((await t.request('POST', '/api/v2/account/activate', { json: { token, password: 'my own long password' } })).status).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, emailAddress));
    const links = await t.db.select().from(selfServiceLinks).where(eq(selfServiceLinks.userId, user!.id));
    expect(links).toEqual([expect.objectContaining({ businessId: tenant.businessId, employeeId })]);

    const auth = await passwordGrant(t, emailAddress);
    // The employee's token reaches their own self-service routes, and nothing of the business.
    expect((await t.request('GET', `${ess(employeeId)}/timeandattendance/lookupdata`, { auth })).status).toBe(200);
    for (const path of [`${tenant.base}/kiosk`, `${tenant.base}/employee/details`, `${tenant.base}/timesheet`, `${tenant.kiosk}/staff`]) {
      expect((await t.request('GET', path, { auth })).status, path).toBe(404);
    }
    expect((await t.request('POST', `${tenant.kiosk}/clockon`, { auth, json: { employeeId } })).status).toBe(404);
    const businesses = await t.request('GET', '/api/v2/business', { auth });
    expect(businesses.body).toEqual([]);
  });

  it('an existing user accepts with the token alone, and is linked without any business access', async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const employeeId = tenant.employees[1]!.id;
    // The other business's manager (a user with a password) is invited to act as this employee.
    const invited = await t.request('POST', `${tenant.base}/employee/${employeeId}/selfservice/invitation`, {
      auth: tenant.manager.auth,
      json: { emailAddress: other.manager.email.toUpperCase() },
    });
    expect(invited.status, invited.text).toBe(200);
    const token = await invitationTokenFor(t, other.manager.email);
    expect((await t.request('POST', '/api/v2/account/activate', { json: { token, password: 'x'.repeat(12) } })).status).toBe(400);
    const accepted = await t.request('POST', '/api/v2/account/invitations/accept', { json: { token } });
    expect(accepted.status, accepted.text).toBe(200);
    expect((await t.request('POST', '/api/v2/account/invitations/accept', { json: { token } })).status).toBe(400);

    const auth = await passwordGrant(t, other.manager.email, other.manager.password);
    const on = await essOk(auth, employeeId, 'clockon');
    expect(on.status).toBe('ClockedOn');
    expect((await t.request('GET', `${tenant.base}/kiosk`, { auth })).status).toBe(404);
  });

  it('needs an address: 400 when the employee has none and none is given; a bad address is 400', async () => {
    const tenant = await createTenant(t);
    const row = await createEmployee(t.db, tenant.businessId, { firstName: 'No', surname: 'Mail', isKioskEnabled: false });
    const path = `${tenant.base}/employee/${row.id}/selfservice/invitation`;
    const none = await t.request('POST', path, { auth: tenant.manager.auth });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ errors: [{ field: 'emailAddress' }] });
    expect((await t.request('POST', path, { auth: tenant.manager.auth, json: { emailAddress: 'not an address' } })).status).toBe(400);
    // An employee without kiosk access may still clock through self-service (the link is the permission).
    const { auth } = await selfServiceAuth(t, tenant, row.id, `no-mail-${row.id}@example.test`);
    expect((await essOk(auth, row.id, 'clockon')).status).toBe('ClockedOn');
    // Another business's id, or a missing employee, is 404; a restricted user or device may not invite.
    expect((await t.request('POST', `${tenant.base}/employee/999999/selfservice/invitation`, { auth: tenant.manager.auth })).status).toBe(404);
    const device = await enrolDeviceAuth(t, tenant);
    expect((await t.request('POST', path, { auth: device })).status).toBe(403);
  });

  it('revoking removes the link and open invitations: the next request is 404; a new invitation restores it', async () => {
    const { tenant, employeeId, auth, email } = await employeeWithSelfService();
    const lookup = `${ess(employeeId)}/timeandattendance/lookupdata`;
    expect((await t.request('GET', lookup, { auth })).status).toBe(200);
    const revoke = () => t.request('DELETE', `${tenant.base}/employee/${employeeId}/selfservice`, { auth: tenant.manager.auth });
    expect((await revoke()).status).toBe(200);
    expect((await t.request('GET', lookup, { auth })).status).toBe(404);
    expect((await essPost(auth, employeeId, 'clockon', {})).status).toBe(404);
    expect((await revoke()).status).toBe(404);

    // An open invitation is withdrawn by a revoke too.
    await t.request('POST', `${tenant.base}/employee/${employeeId}/selfservice/invitation`, { auth: tenant.manager.auth });
    const token = await invitationTokenFor(t, email);
    expect((await revoke()).status).toBe(200);
    expect((await t.request('POST', '/api/v2/account/invitations/accept', { json: { token } })).status).toBe(400);

    await t.request('POST', `${tenant.base}/employee/${employeeId}/selfservice/invitation`, { auth: tenant.manager.auth });
    const again = await invitationTokenFor(t, email);
    expect((await t.request('POST', '/api/v2/account/invitations/accept', { json: { token: again } })).status).toBe(200);
    expect((await t.request('GET', lookup, { auth })).status).toBe(200);
  });
});

describe('self-service time and attendance', () => {
  it('clocks on, breaks, clocks off with the kiosk’s rules: a shift at no kiosk, in the kiosk search and the timesheets', async () => {
    const { tenant, employeeId, auth, email } = await employeeWithSelfService();
    t.clock.set('2026-06-01T07:00:00Z');
    const on = await essOk(auth, employeeId, 'clockon', { note: 'From home', noteVisibility: 'Visible' });
    expect(on).toMatchObject({ status: 'ClockedOn', clockOnTimeUtc: '2026-06-01T07:00:00.000Z' });
    t.clock.set('2026-06-01T11:00:00Z');
    expect((await essOk(auth, employeeId, 'startbreak')).status).toBe('OnBreak');
    t.clock.set('2026-06-01T11:30:00Z');
    expect((await essOk(auth, employeeId, 'endbreak', { employeeId })).status).toBe('ClockedOn');
    t.clock.set('2026-06-01T15:30:00Z');
    const off = await essOk(auth, employeeId, 'clockoff', { employeeId: 0 });
    expect(off).toMatchObject({ status: 'ClockedOff', currentShiftId: null });

    const [shift] = await t.db.select().from(clockShifts).where(eq(clockShifts.id, on.currentShiftId!));
    expect(shift).toMatchObject({ kioskId: null, ianaTimeZone: 'Europe/London', status: 'completed' });
    const audit = await t.db.select().from(punches).where(eq(punches.shiftId, on.currentShiftId!));
    expect(audit.map((p) => [p.kind, p.kioskId])).toEqual([
      ['clockOn', null],
      ['startBreak', null],
      ['endBreak', null],
      ['clockOff', null],
    ]);

    // The business sees it in its kiosk shift search, as kiosk 0 without a kiosk name,
    const found = (await searchAtKiosk(tenant, { fromDateUtc: '2026-06-01T00:00:00', toDateUtc: '2026-06-02T00:00:00' })).find(
      (s) => s.id === on.currentShiftId,
    );
    expect(found).toMatchObject({ kioskId: 0, kioskName: null, startTimeLocal: '2026-06-01T08:00:00', endTimeLocal: '2026-06-01T16:30:00' });
    expect(found?.breaks).toHaveLength(1);
    // not when it searches one kiosk,
    expect((await searchAtKiosk(tenant, { kioskId: tenant.kioskId, fromDateUtc: '2026-06-01T00:00:00' })).map((s) => s.id)).not.toContain(on.currentShiftId);
    // a kiosk's device sees it too (the person is kiosk staff), so the tablet can say where they clocked on,
    const device = await enrolDeviceAuth(t, tenant);
    const seenByDevice = await searchAtKiosk(tenant, { fromDateUtc: '2026-06-01T00:00:00', toDateUtc: '2026-06-02T00:00:00' }, device);
    expect(seenByDevice.find((s) => s.id === on.currentShiftId)).toMatchObject({ kioskId: 0, kioskName: null });
    // but not once the person is no kiosk staff,
    await t.db.update(employees).set({ isKioskEnabled: false }).where(eq(employees.id, employeeId));
    const notStaff = await searchAtKiosk(tenant, { fromDateUtc: '2026-06-01T00:00:00', toDateUtc: '2026-06-02T00:00:00' }, device);
    expect(notStaff.map((s) => s.id)).not.toContain(on.currentShiftId);
    await t.db.update(employees).set({ isKioskEnabled: true }).where(eq(employees.id, employeeId));
    // and in the timesheets, submitted as self-service by the employee's user.
    const lines = UkTimesheetLineModel.array().parse((await t.request('GET', `${tenant.base}/timesheet`, { auth: tenant.manager.auth })).body);
    const line = lines.find((l) => l.id === found?.timesheetLineId);
    expect(line).toMatchObject({ employeeId, startTime: '2026-06-01T08:00:00', endTime: '2026-06-01T16:30:00', submittedByUser: `Self-service: ${email}`, source: 'EmployeePortal' });

    // The business's punch audit lists the punches with no kiosk, recorded by the employee's user.
    const trail = await t.request('GET', `${tenant.base}/kiosk/punches?EmployeeId=${employeeId}`, { auth: tenant.manager.auth });
    expect(trail.status, trail.text).toBe(200);
    expect((trail.body as { kind: string; kioskId: number | null; recordedBy: string }[]).map((p) => [p.kind, p.kioskId, p.recordedBy.split(':')[0]])).toEqual([
      ['clockOn', null, 'user'],
      ['startBreak', null, 'user'],
      ['endBreak', null, 'user'],
      ['clockOff', null, 'user'],
    ]);

    // The employee's own search finds it.
    const own = await essPost(auth, employeeId, 'shifts', { fromDateUtc: '2026-06-01T00:00:00', toDateUtc: '2026-06-02T00:00:00' });
    expect(own.status, own.text).toBe(200);
    expect(UkTimeAndAttendanceShiftModel.array().parse(own.body).map((s) => s.id)).toEqual([on.currentShiftId]);

    // Discard: a new shift abandoned.
    t.clock.set('2026-06-02T07:00:00Z');
    await essOk(auth, employeeId, 'clockon');
    const discarded = await essOk(auth, employeeId, 'discard', {});
    expect(discarded).toMatchObject({ status: 'NotClockedOn', currentShiftId: null });
  });

  it('refuses what the state machine refuses with the kiosk’s own code, and the body may not name another employee or a kiosk', async () => {
    const { tenant, employeeId, auth } = await employeeWithSelfService();
    const viaEss = await essPost(auth, employeeId, 'clockoff', {});
    const atKiosk = await t.request('POST', `${tenant.kiosk}/clockoff`, { auth: tenant.manager.auth, json: { employeeId: tenant.employees[1]!.id } });
    expect(viaEss.status).toBe(409);
    expect(viaEss.body).toMatchObject({ code: 'not-clocked-on' });
    expect(atKiosk.body).toMatchObject({ code: (viaEss.body as { code: string }).code, status: 409 });

    const other = await essPost(auth, employeeId, 'clockon', { employeeId: tenant.employees[1]!.id });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ errors: [{ field: 'employeeId' }] });
    const kiosk = await essPost(auth, employeeId, 'clockon', { kioskId: tenant.kioskId });
    expect(kiosk.status).toBe(400);
    expect(kiosk.body).toMatchObject({ errors: [{ field: 'kioskId' }] });
    expect((await essPost(auth, employeeId, 'clockon', { isAdminInitiated: true })).status).toBe(403);
    expect((await essPost(auth, employeeId, 'clockon', { kioskId: null, employeeId: null })).status).toBe(200);
    // Clocked on through self-service, the kiosk sees the same state and refuses a second clock-on alike.
    const twice = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId } });
    expect(twice.status).toBe(409);
    expect((await essPost(auth, employeeId, 'clockon', {})).body).toMatchObject({ code: (twice.body as { code: string }).code });
  });

  it('replays a punch sent again with the same Idempotency-Key instead of applying it twice', async () => {
    const { employeeId, auth } = await employeeWithSelfService();
    const key = { 'idempotency-key': '0f8fad5b-d9cb-469f-a165-70867728950e' };
    const first = await essPost(auth, employeeId, 'clockon', {}, key);
    const replay = await essPost(auth, employeeId, 'clockon', {}, key);
    expect(first.status, first.text).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    const shifts = await t.db.select().from(clockShifts).where(eq(clockShifts.employeeId, employeeId));
    expect(shifts).toHaveLength(1);
    expect((await essPost(auth, employeeId, 'clockon', { note: 'different' }, key)).status).toBe(422);
  });

  it('matches the roster by the portal settings’ window (read at each punch), not any kiosk’s', async () => {
    // The kiosk's own window would match; self-service follows the portal settings alone.
    const tenant = await createTenant(t, { kiosk: { clockOnWindowMinutes: 120 } });
    const employeeId = tenant.employees[0]!.id;
    const { auth } = await selfServiceAuth(t, tenant, employeeId);
    t.clock.set('2026-06-03T07:00:00Z');
    const rostered = await t.request('POST', `${tenant.base}/rostershift?publish=true`, {
      auth: tenant.manager.auth,
      json: { employeeId, startTime: '2026-06-03T09:00:00', endTime: '2026-06-03T17:00:00' },
    });
    expect(rostered.status, rostered.text).toBe(200);
    const rosterShiftId = (rostered.body as { id: number }).id;
    const portal = (clockOnWindowMinutes: number | null) =>
      t.request('POST', `${tenant.base}/employeeportalsettings`, { auth: tenant.manager.auth, json: { ...DEFAULT_PORTAL_SETTINGS, clockOnWindowMinutes } });
    const shiftOf = async (on: KioskEmployeeModel) => (await t.db.select().from(clockShifts).where(eq(clockShifts.id, on.currentShiftId!)))[0];

    // 07:50 UTC is 08:50 in London: ten minutes early. No portal window: no match.
    t.clock.set('2026-06-03T07:50:00Z');
    expect((await portal(null)).status).toBe(200);
    const unmatched = await essOk(auth, employeeId, 'clockon');
    expect(await shiftOf(unmatched)).toMatchObject({ kioskId: null, rosterShiftId: null });
    await essOk(auth, employeeId, 'discard');

    expect((await portal(15)).status).toBe(200);
    t.clock.set('2026-06-03T07:51:00Z');
    const matched = await essOk(auth, employeeId, 'clockon');
    expect(await shiftOf(matched)).toMatchObject({ kioskId: null, rosterShiftId });
  });

  it('requires a photo when the portal settings say so (read at each punch)', async () => {
    const { tenant, employeeId, auth } = await employeeWithSelfService();
    const settings = (requirePhoto: boolean) =>
      t.request('POST', `${tenant.base}/employeeportalsettings`, { auth: tenant.manager.auth, json: { ...DEFAULT_PORTAL_SETTINGS, requirePhoto } });
    expect((await settings(true)).status).toBe(200);
    const bare = await essPost(auth, employeeId, 'clockon', {});
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ code: 'photo-required', errors: [{ field: 'image' }] });
    expect((await essPost(auth, employeeId, 'clockon', { image: JPEG })).status).toBe(200);
    expect((await settings(false)).status).toBe(200);
    expect((await essPost(auth, employeeId, 'startbreak', {})).status).toBe(200);
  });

  it('refuses another employee’s ids in the path, devices, managers without a link and terminated employees (404)', async () => {
    const { tenant, employeeId, auth } = await employeeWithSelfService();
    const elsewhere = await employeeWithSelfService();
    const sameBusiness = tenant.employees[1]!.id;
    const device = await enrolDeviceAuth(t, tenant);
    const lookupOf = (id: number) => `${ess(id)}/timeandattendance/lookupdata`;
    for (const id of [sameBusiness, elsewhere.employeeId, 999999]) {
      expect((await t.request('GET', lookupOf(id), { auth })).status, `employee ${id}`).toBe(404);
      expect((await essPost(auth, id, 'clockon', {})).status, `employee ${id}`).toBe(404);
    }
    for (const caller of [device, tenant.manager.auth]) {
      expect((await t.request('GET', lookupOf(employeeId), { auth: caller })).status).toBe(404);
      expect((await essPost(caller, employeeId, 'clockon', {})).status).toBe(404);
    }
    expect((await t.request('GET', lookupOf(employeeId))).status).toBe(401);
    const states = await t.db.select().from(clockShifts).where(eq(clockShifts.employeeId, sameBusiness));
    expect(states).toHaveLength(0);

    // An employee who has left loses self-service.
    await t.db.update(employees).set({ endDate: new Date('2020-01-01T00:00:00Z') }).where(eq(employees.id, employeeId));
    expect((await t.request('GET', lookupOf(employeeId), { auth })).status).toBe(404);
  });

  it('notes only on the employee’s own shifts; another employee’s shift is 404', async () => {
    const { tenant, employeeId, auth } = await employeeWithSelfService();
    const own = await essOk(auth, employeeId, 'clockon');
    const shiftId = own.currentShiftId!;
    const colleague = tenant.employees[1]!.id;
    const theirs = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId: colleague } });
    const theirShift = (theirs.body as { currentShiftId: number }).currentShiftId;
    const notes = (id: number) => `${ess(employeeId)}/timeandattendance/shift/${id}/notes`;

    const added = await t.request('POST', notes(shiftId), { auth, json: { note: 'Working from the depot', type: 'Shift', visibility: 'Visible' } });
    expect(added.status, added.text).toBe(200);
    const note = ShiftNoteViewModel.parse(added.body);
    expect(note).toMatchObject({ employee: { id: employeeId }, createdByAdmin: false, read: false });
    const listed = await t.request('GET', notes(shiftId), { auth });
    expect(ShiftNoteViewModel.array().parse(listed.body).map((n) => n.id)).toEqual([note.id]);
    const read = await t.request('POST', `${notes(shiftId)}/read-state`, { auth, json: { noteIds: [note.id], read: true } });
    expect(read.status, read.text).toBe(200);
    expect(ShiftNoteViewModel.array().parse((await t.request('GET', notes(shiftId), { auth })).body)[0]?.read).toBe(true);

    expect((await t.request('POST', notes(shiftId), { auth, json: { note: 'x', employeeId: colleague } })).status).toBe(400);
    expect((await t.request('POST', notes(shiftId), { auth, json: { note: 'x', isAdminInitiated: true } })).status).toBe(403);
    expect((await t.request('GET', notes(theirShift), { auth })).status).toBe(404);
    expect((await t.request('POST', notes(theirShift), { auth, json: { note: 'Not mine' } })).status).toBe(404);
    expect((await t.request('POST', `${notes(theirShift)}/read-state`, { auth, json: { noteIds: [note.id], read: false } })).status).toBe(404);
    const shiftsOfOthers = await essPost(auth, employeeId, 'shifts', { employeeId: colleague });
    expect(shiftsOfOthers.status).toBe(400);
    const mine = UkTimeAndAttendanceShiftModel.array().parse((await essPost(auth, employeeId, 'shifts', {})).body);
    expect(mine.map((s) => s.employee?.employeeId)).toEqual([employeeId]);
  });

  it('offers the employee’s own locations, the work types and the shift conditions a self-service clock-on accepts', async () => {
    const { tenant, employeeId, auth } = await employeeWithSelfService();
    const post = async (path: string, json: Record<string, unknown>) => {
      const res = await t.request('POST', `${tenant.base}/${path}`, { auth: tenant.manager.auth, json });
      expect(res.status, res.text).toBe(200);
      return (res.body as { id: number }).id;
    };
    const mine = await post('location', { name: 'Depot' });
    await post('location', { name: 'Head office' });
    const global = await post('location', { name: 'Anywhere', isGlobal: true });
    const workType = await post('worktype', { name: 'Driving' });
    const condition = await post('worktype', { name: 'Night', mappingType: 'ShiftCondition' });
    // A shift condition is offered only when set up against the employee (or the location).
    await t.db.update(employees).set({ locationIds: [mine], workTypeIds: [condition] }).where(eq(employees.id, employeeId));

    const get = async (path: string) => {
      const res = await t.request('GET', `${ess(employeeId)}/${path}`, { auth });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const locations = LocationModel.array().parse(await get('lookup/location'));
    expect(locations.map((l) => l.id)).toEqual([mine, global]);
    expect(UkWorkTypeModel.array().parse(await get('lookup/worktype')).map((w) => w.id)).toEqual([workType]);
    expect(UkWorkTypeModel.array().parse(await get('lookup/shiftcondition')).map((w) => w.id)).toEqual([condition]);
    const lookup = UkTimeAndAttendanceLookupDataModel.parse(await get('timeandattendance/lookupdata'));
    expect(lookup.locations?.map((l) => l.id)).toEqual([mine, global]);
    expect(lookup.defaultLocation?.id).toBe(mine);

    // The clock-on accepts exactly those: another location is refused as at a kiosk.
    const others = locations.map((l) => l.id);
    const headOffice = (await t.request('GET', `${tenant.base}/location`, { auth: tenant.manager.auth })).body as { id: number }[];
    const notOffered = headOffice.map((l) => l.id).find((id) => !others.includes(id));
    const refused = await essPost(auth, employeeId, 'clockon', { locationId: notOffered });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'locationId' }] });
    const on = await essOk(auth, employeeId, 'clockon', { workTypeId: workType, shiftConditionIds: [condition] });
    const [shift] = await t.db.select().from(clockShifts).where(eq(clockShifts.id, on.currentShiftId!));
    expect(shift).toMatchObject({ locationId: mine, workTypeId: workType, shiftConditionIds: [condition] });
  });
});
