import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KioskEmployeeModel, UkTimeAndAttendanceShiftModel, UkTimesheetLineModel } from '../../../contract/generated/models';
import { employees, punches } from '../../db/schema';
import { createTenant, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

/** A tiny valid JPEG (the magic number and an end marker). */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]).toString('base64');

function punch(tenant: Tenant, op: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.request('POST', `${tenant.kiosk}/${op}`, { auth: tenant.manager.auth, json: body, headers });
}

async function ok(tenant: Tenant, op: string, body: Record<string, unknown>) {
  const res = await punch(tenant, op, body);
  expect(res.status, `${op}: ${res.text}`).toBe(200);
  return KioskEmployeeModel.parse(res.body);
}

describe('a shift through the kiosk', () => {
  it('clocks on, takes and ends a break, clocks off and leaves a timesheet line', async () => {
    t.clock.set('2026-06-01T07:00:00Z');
    const tenant = await createTenant(t);
    const [ada] = tenant.employees;
    const employeeId = ada!.id;

    const on = await ok(tenant, 'clockon', { employeeId, recordedTimeUtc: '2026-06-01T07:00:00Z', utcOffset: '01:00:00' });
    expect(on).toMatchObject({ status: 'ClockedOn', clockOnTimeUtc: '2026-06-01T07:00:00.000Z', breakStartTimeUtc: null, pinExpired: false });
    expect(on.currentShiftId).toBeGreaterThan(0);

    t.clock.set('2026-06-01T11:00:00Z');
    const onBreak = await ok(tenant, 'startbreak', { employeeId });
    expect(onBreak).toMatchObject({ status: 'OnBreak', breakStartTimeUtc: '2026-06-01T11:00:00.000Z', currentShiftId: on.currentShiftId });

    t.clock.set('2026-06-01T11:30:00Z');
    expect(await ok(tenant, 'endbreak', { employeeId })).toMatchObject({ status: 'ClockedOn', breakStartTimeUtc: null });

    t.clock.set('2026-06-01T15:30:00Z');
    const off = await ok(tenant, 'clockoff', { employeeId, note: 'Stocktake done', noteVisibility: 'Visible' });
    expect(off).toMatchObject({ status: 'ClockedOff', clockOnTimeUtc: null, currentShiftId: null, recordedTimeUtc: '2026-06-01T15:30:00.000Z' });

    const lines = await t.request('GET', `${tenant.base}/timesheet`, { auth: tenant.manager.auth });
    expect(lines.status).toBe(200);
    const [line] = UkTimesheetLineModel.array().parse(lines.body);
    expect(line).toMatchObject({
      employeeId,
      // Wall-clock times in the kiosk's zone (Europe/London is UTC+1 in June).
      startTime: '2026-06-01T08:00:00',
      endTime: '2026-06-01T16:30:00',
      breaks: [{ startTime: '2026-06-01T12:00:00', endTime: '2026-06-01T12:30:00', isPaidBreak: false }],
      source: 'TimeAndAttendanceKiosk',
      status: 'Submitted',
      comments: 'Stocktake done',
    });

    const shifts = await t.request('POST', `${tenant.base}/kiosk/shifts`, { auth: tenant.manager.auth, json: { employeeId } });
    const [shift] = UkTimeAndAttendanceShiftModel.array().parse(shifts.body);
    expect(shift).toMatchObject({
      id: on.currentShiftId,
      startTimeUtc: '2026-06-01T07:00:00.000Z',
      startTimeLocal: '2026-06-01T08:00:00',
      endTimeUtc: '2026-06-01T15:30:00.000Z',
      kioskId: tenant.kioskId,
      kioskName: 'Front door',
      timesheetLineId: line!.id,
      breaks: [{ startTimeUtc: '2026-06-01T11:00:00.000Z', endTimeUtc: '2026-06-01T11:30:00.000Z', isPaidBreak: false }],
    });
    expect(shift!.employee?.status).toBe('ClockedOff');
  });

  it('refuses punches the status does not allow with 409 and a clear code', async () => {
    t.clock.real();
    const tenant = await createTenant(t);
    const employeeId = tenant.employees[0]!.id;
    const expectConflict = async (op: string, code: string) => {
      const res = await punch(tenant, op, { employeeId });
      expect(res.status, res.text).toBe(409);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.body).toMatchObject({ code, status: 409 });
    };
    await expectConflict('clockoff', 'not-clocked-on');
    await expectConflict('startbreak', 'not-clocked-on');
    await ok(tenant, 'clockon', { employeeId });
    await expectConflict('clockon', 'already-clocked-on');
    await expectConflict('endbreak', 'not-on-break');
    await ok(tenant, 'startbreak', { employeeId });
    await expectConflict('startbreak', 'already-on-break');
  });

  it('clock-off during a break ends the break; discard abandons the shift without a timesheet line', async () => {
    t.clock.set('2026-06-02T08:00:00Z');
    const tenant = await createTenant(t);
    const [a, b] = tenant.employees.map((e) => e.id);
    await ok(tenant, 'clockon', { employeeId: a });
    await ok(tenant, 'clockon', { employeeId: b });
    t.clock.set('2026-06-02T10:00:00Z');
    await ok(tenant, 'startbreak', { employeeId: a });
    await ok(tenant, 'startbreak', { employeeId: b });
    t.clock.set('2026-06-02T10:20:00Z');
    await ok(tenant, 'clockoff', { employeeId: a });
    expect(await ok(tenant, 'discard', { employeeId: b })).toMatchObject({ status: 'NotClockedOn', currentShiftId: null });

    const lines = UkTimesheetLineModel.array().parse((await t.request('GET', `${tenant.base}/timesheet`, { auth: tenant.manager.auth })).body);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ employeeId: a, breaks: [{ startTime: '2026-06-02T11:00:00', endTime: '2026-06-02T11:20:00' }] });
    const shifts = UkTimeAndAttendanceShiftModel.array().parse(
      (await t.request('POST', `${tenant.base}/kiosk/shifts`, { auth: tenant.manager.auth, json: {} })).body,
    );
    expect(shifts.map((s) => s.employee?.employeeId)).toEqual([a]);
  });
});

describe('the time of record', () => {
  it('uses recordedTimeUtc for late (offline) punches and keeps them in order', async () => {
    t.clock.set('2026-06-03T18:00:00Z');
    const tenant = await createTenant(t);
    const employeeId = tenant.employees[0]!.id;
    await ok(tenant, 'clockon', { employeeId, recordedTimeUtc: '2026-06-03T09:00:00' });
    const early = await punch(tenant, 'startbreak', { employeeId, recordedTimeUtc: '2026-06-03T08:59:00Z' });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ code: 'punch-before-previous', errors: [{ field: 'recordedTimeUtc' }] });
    const off = await ok(tenant, 'clockoff', { employeeId, recordedTimeUtc: '2026-06-03T17:00:00+00:00', utcOffset: '01:00:00' });
    expect(off.recordedTimeUtc).toBe('2026-06-03T17:00:00.000Z');
    const audit = await t.db.select().from(punches).where(eq(punches.employeeId, employeeId));
    expect(audit.map((p) => [p.kind, p.timeOfRecordUtc.toISOString(), p.receivedUtc.toISOString(), p.utcOffset])).toEqual([
      ['clockOn', '2026-06-03T09:00:00.000Z', '2026-06-03T18:00:00.000Z', null],
      ['clockOff', '2026-06-03T17:00:00.000Z', '2026-06-03T18:00:00.000Z', '01:00:00'],
    ]);
  });

  it('refuses times in the future beyond the allowed skew', async () => {
    t.clock.set('2026-06-04T12:00:00Z');
    const tenant = await createTenant(t);
    const employeeId = tenant.employees[0]!.id;
    const future = await punch(tenant, 'clockon', { employeeId, recordedTimeUtc: '2026-06-04T12:05:00Z' });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ code: 'punch-in-future' });
    await ok(tenant, 'clockon', { employeeId, recordedTimeUtc: '2026-06-04T12:01:30Z' });
  });

  it('flags a long shift', async () => {
    t.clock.set('2026-06-05T06:00:00Z');
    const tenant = await createTenant(t);
    const employeeId = tenant.employees[0]!.id;
    expect((await ok(tenant, 'clockon', { employeeId })).longShift).toBe(false);
    t.clock.set('2026-06-05T18:30:00Z');
    const staff = await t.request('GET', `${tenant.kiosk}/staff`, { auth: tenant.manager.auth });
    expect((staff.body as Array<{ employeeId: number; longShift: boolean }>).find((s) => s.employeeId === employeeId)?.longShift).toBe(true);
  });
});

describe('two kiosks, one employee, the same instant', () => {
  it('lets exactly one clock-on win; the other gets a clear 409', async () => {
    t.clock.real();
    const tenant = await createTenant(t);
    const employeeId = tenant.employees[0]!.id;
    const other = await t.request('POST', `${tenant.base}/kiosk`, { auth: tenant.manager.auth, json: { name: 'Back door' } });
    const otherKiosk = `${tenant.base}/kiosk/${(other.body as { id: number }).id}`;
    const results = await Promise.all(
      [tenant.kiosk, otherKiosk, tenant.kiosk, otherKiosk].map((kiosk) =>
        t.request('POST', `${kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const lost of results.filter((r) => r.status === 409)) expect(lost.body).toMatchObject({ code: 'already-clocked-on' });
    const shifts = UkTimeAndAttendanceShiftModel.array().parse(
      (await t.request('POST', `${tenant.base}/kiosk/shifts`, { auth: tenant.manager.auth, json: { employeeId } })).body,
    );
    expect(shifts).toHaveLength(1);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response without punching twice; a different body with the same key is a 422', async () => {
    t.clock.set('2026-06-06T08:00:00Z');
    const tenant = await createTenant(t);
    const [a, b] = tenant.employees.map((e) => e.id);
    const key = { 'idempotency-key': '"6f1c3a52-6f0e-4b0e-9d8b-1b2c3d4e5f60"' };
    const body = { employeeId: a, recordedTimeUtc: '2026-06-06T08:00:00Z' };
    const first = await punch(tenant, 'clockon', body, key);
    t.clock.set('2026-06-06T08:05:00Z');
    const again = await punch(tenant, 'clockon', body, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const reused = await punch(tenant, 'clockon', { employeeId: b }, key);
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ code: 'idempotency-key-reused' });
    const audit = await t.db.select().from(punches).where(eq(punches.employeeId, a!));
    expect(audit).toHaveLength(1);
  });

  it('answers concurrent duplicates with the one result', async () => {
    t.clock.real();
    const tenant = await createTenant(t);
    const employeeId = tenant.employees[0]!.id;
    const key = { 'idempotency-key': 'dup-7c2f1e' };
    const results = await Promise.all([1, 2, 3].map(() => punch(tenant, 'clockon', { employeeId }, key)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    expect(await t.db.select().from(punches).where(eq(punches.employeeId, employeeId))).toHaveLength(1);
  });

  it('keeps no record of a failed request, so a corrected retry with the same key applies', async () => {
    t.clock.real();
    const tenant = await createTenant(t, { kiosk: { isLocationRequired: true } });
    const employeeId = tenant.employees[0]!.id;
    const location = await t.request('POST', `${tenant.base}/location`, { auth: tenant.manager.auth, json: { name: 'Store' } });
    const key = { 'idempotency-key': 'retry-after-fix' };
    const missing = await punch(tenant, 'clockon', { employeeId }, key);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'location-required' });
    const fixed = await punch(tenant, 'clockon', { employeeId, locationId: (location.body as { id: number }).id }, key);
    expect(fixed.status, fixed.text).toBe(200);
  });

  it('rejects a malformed key', async () => {
    const tenant = await createTenant(t);
    const res = await punch(tenant, 'clockon', { employeeId: tenant.employees[0]!.id }, { 'idempotency-key': 'has spaces in it' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'idempotency-key-invalid' });
  });
});

describe('kiosk rules at clock-on', () => {
  it('requires a photo when the kiosk says so, and accepts only real images', async () => {
    t.clock.real();
    const tenant = await createTenant(t, { kiosk: { isPhotoRequired: true } });
    const employeeId = tenant.employees[0]!.id;
    const none = await punch(tenant, 'clockon', { employeeId });
    expect(none.body).toMatchObject({ code: 'photo-required', errors: [{ field: 'image' }] });
    const notImage = await punch(tenant, 'clockon', { employeeId, image: Buffer.from('hello world!').toString('base64') });
    expect(notImage.body).toMatchObject({ code: 'invalid-photo' });
    const notBase64 = await punch(tenant, 'clockon', { employeeId, image: '***' });
    expect(notBase64.status).toBe(400);
    await ok(tenant, 'clockon', { employeeId, image: JPEG });
    const [audit] = await t.db.select().from(punches).where(eq(punches.employeeId, employeeId));
    expect(audit?.photoId).toBeGreaterThan(0);
  });

  it('checks locations, work types and shift conditions against the business', async () => {
    t.clock.real();
    const tenant = await createTenant(t, { kiosk: { isWorkTypeRequired: true } });
    const other = await createTenant(t);
    const auth = tenant.manager.auth;
    const workType = await t.request('POST', `${tenant.base}/worktype`, { auth, json: { name: 'Picking' } });
    const condition = await t.request('POST', `${tenant.base}/worktype`, { auth, json: { name: 'Night', mappingType: 'ShiftCondition' } });
    const foreign = await t.request('POST', `${other.base}/worktype`, { auth: other.manager.auth, json: { name: 'Theirs' } });
    const id = (res: { body: unknown }) => (res.body as { id: number }).id;
    const employeeId = tenant.employees[0]!.id;

    expect((await punch(tenant, 'clockon', { employeeId })).body).toMatchObject({ code: 'work-type-required' });
    expect((await punch(tenant, 'clockon', { employeeId, workTypeId: id(foreign) })).body).toMatchObject({ code: 'invalid-reference' });
    expect((await punch(tenant, 'clockon', { employeeId, workTypeId: id(condition) })).body).toMatchObject({ code: 'invalid-reference' });
    expect(
      (await punch(tenant, 'clockon', { employeeId, workTypeId: id(workType), shiftConditionIds: [id(workType)] })).body,
    ).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'shiftConditionIds' }] });
    // A shift condition is offered only when set up against the employee or the location.
    expect((await punch(tenant, 'clockon', { employeeId, workTypeId: id(workType), shiftConditionIds: [id(condition)] })).body).toMatchObject({
      code: 'invalid-reference',
      errors: [{ field: 'shiftConditionIds' }],
    });
    await t.db.update(employees).set({ workTypeIds: [id(condition)] }).where(eq(employees.id, employeeId));
    await ok(tenant, 'clockon', { employeeId, workTypeId: id(workType), shiftConditionIds: [id(condition)] });
    await ok(tenant, 'clockoff', { employeeId });
    const [line] = UkTimesheetLineModel.array().parse((await t.request('GET', `${tenant.base}/timesheet`, { auth })).body);
    expect(line).toMatchObject({ workTypeId: String(id(workType)), workType: 'Picking', shiftConditionIds: [String(id(condition))] });
  });

  it('rejects paid breaks unless the kiosk enables them, a foreign kioskId and admin claims from devices', async () => {
    t.clock.real();
    const tenant = await createTenant(t);
    const employeeId = tenant.employees[0]!.id;
    await ok(tenant, 'clockon', { employeeId });
    expect((await punch(tenant, 'startbreak', { employeeId, isPaidBreak: true })).body).toMatchObject({ errors: [{ field: 'isPaidBreak' }] });
    expect((await punch(tenant, 'startbreak', { employeeId, kioskId: tenant.kioskId + 1000 })).body).toMatchObject({ errors: [{ field: 'kioskId' }] });
    expect((await punch(tenant, 'startbreak', { employeeId: 0 })).body).toMatchObject({ errors: [{ field: 'employeeId' }] });
    expect((await punch(tenant, 'startbreak', { employeeId, recordedTimeUtc: 'yesterday' })).status).toBe(400);
    expect((await punch(tenant, 'startbreak', { EmployeeId: employeeId, KioskId: tenant.kioskId })).status).toBe(200);
  });

  it('does not let one business punch for another business’s employee', async () => {
    const mine = await createTenant(t);
    const theirs = await createTenant(t);
    const res = await punch(mine, 'clockon', { employeeId: theirs.employees[0]!.id });
    expect(res.status).toBe(404);
    const viaTheirKiosk = await t.request('POST', `${theirs.kiosk}/clockon`, { auth: mine.manager.auth, json: { employeeId: theirs.employees[0]!.id } });
    expect(viaTheirKiosk.status).toBe(404);
    const unauthenticated = await t.request('POST', `${mine.kiosk}/clockon`, { json: { employeeId: mine.employees[0]!.id } });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('www-authenticate')).toContain('Bearer');
  });
});

describe('the punch audit trail', () => {
  it('lists accepted punches with recorded and received times, filtered by employee and window', async () => {
    t.clock.set('2026-06-10T18:00:00Z');
    const tenant = await createTenant(t);
    const [a, b] = tenant.employees.map((e) => e.id);
    await ok(tenant, 'clockon', { employeeId: a, recordedTimeUtc: '2026-06-10T09:00:00Z', utcOffset: '01:00:00' });
    await ok(tenant, 'clockon', { employeeId: b });
    await ok(tenant, 'clockoff', { employeeId: a, recordedTimeUtc: '2026-06-10T17:00:00Z' });
    const all = await t.request('GET', `${tenant.base}/kiosk/punches`, { auth: tenant.manager.auth });
    expect(all.status, all.text).toBe(200);
    const rows = all.body as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.employeeId, r.kind])).toEqual([
      [a, 'clockOn'],
      [a, 'clockOff'],
      [b, 'clockOn'],
    ]);
    expect(rows[0]).toMatchObject({
      timeOfRecordUtc: '2026-06-10T09:00:00.000Z',
      recordedTimeUtc: '2026-06-10T09:00:00.000Z',
      receivedUtc: '2026-06-10T18:00:00.000Z',
      utcOffset: '01:00:00',
      hasPhoto: false,
      isAdminInitiated: false,
      recordedBy: `user:${tenant.manager.userId}:apiKey`,
    });
    expect(rows[2]).toMatchObject({ recordedTimeUtc: null, timeOfRecordUtc: '2026-06-10T18:00:00.000Z' });
    const one = await t.request('GET', `${tenant.base}/kiosk/punches?employeeId=${a}&fromUtc=2026-06-10T10:00:00Z`, { auth: tenant.manager.auth });
    expect((one.body as Array<{ kind: string }>).map((r) => r.kind)).toEqual(['clockOff']);
    const other = await createTenant(t);
    expect((await t.request('GET', `${tenant.base}/kiosk/punches`, { auth: other.manager.auth })).status).toBe(404);
  });
});
