/**
 * Forgotten clock-offs through the real app: the kiosk's correction after the
 * clock-off, found by its punch, validated against the shift, replayed harmlessly; the manager's
 * list, accept (the line ends at the stated finish, raw clock-off kept) and reject; scope.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ROUNDING } from '../../../domain/rounding';
import { ShiftCorrectionModel } from '../../../contract/supporting/shiftCorrections';
import { clockShifts, timesheetLines } from '../../db/schema';
import { createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

/** Ada clocked on `hoursAgo` and never off; now the kiosk clocks her off and says when she finished. */
async function forgottenShift(tenant: Tenant, device: string, hoursAgo: number, statedAfterHours: number, who = 0) {
  const ada = tenant.employees[who]!;
  const now = t.clock.now().getTime();
  const clockOnAt = new Date(now - hoursAgo * HOUR);
  const on = await t.request('POST', `${tenant.kiosk}/clockon`, {
    auth: device,
    json: { employeeId: ada.id, recordedTimeUtc: clockOnAt.toISOString() },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(on.status, on.text).toBe(200);
  const punchKey = randomUUID();
  const clockOffRecordedTimeUtc = new Date(now - 1_000).toISOString();
  const off = await t.request('POST', `${tenant.kiosk}/clockoff`, {
    auth: device,
    json: { employeeId: ada.id, recordedTimeUtc: clockOffRecordedTimeUtc },
    headers: { 'idempotency-key': punchKey },
  });
  expect(off.status, off.text).toBe(200);
  const statedFinish = new Date(clockOnAt.getTime() + statedAfterHours * HOUR);
  const body = { employeeId: ada.id, punchKey, clockOffRecordedTimeUtc, statedFinishUtc: statedFinish.toISOString(), suggestedBy: 'roster' };
  return { ada, body, clockOnAt, statedFinish };
}

const submit = (tenant: Tenant, device: string, json: object, key = randomUUID()) =>
  t.request('POST', `${tenant.kiosk}/shiftcorrections`, { auth: device, json, headers: { 'idempotency-key': key } });

describe('forgotten clock-off corrections', () => {
  it('keeps the raw clock-off, waits for a manager, and on accept ends the line at the stated finish', async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    const { body, clockOnAt, statedFinish } = await forgottenShift(tenant, device, 30, 8);
    const res = await submit(tenant, device, body);
    expect(res.status, res.text).toBe(200);
    const correction = ShiftCorrectionModel.parse(res.body);
    expect(correction).toMatchObject({ status: 'Pending', suggestedBy: 'roster', statedFinishUtc: statedFinish.toISOString(), clockOnUtc: clockOnAt.toISOString() });
    expect(correction.shiftId).not.toBeNull();
    expect(correction.timesheetLineId).not.toBeNull();

    // Until decided, the line still carries the real clock-off: nothing silently shortened.
    const [before] = await t.db.select().from(timesheetLines).where(eq(timesheetLines.id, correction.timesheetLineId!));
    expect(before?.endUtc?.getTime()).toBe(new Date(correction.clockOffUtc).getTime());

    const pending = await t.request('GET', `${tenant.base}/shiftcorrections`, { auth: tenant.manager.auth });
    expect(pending.status, pending.text).toBe(200);
    expect((pending.body as ShiftCorrectionModel[]).map((c) => c.id)).toEqual([correction.id]);

    const accepted = await t.request('POST', `${tenant.base}/shiftcorrections/${correction.id}/accept`, { auth: tenant.manager.auth });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'Accepted', resolvedBy: tenant.manager.email });
    const [after] = await t.db.select().from(timesheetLines).where(eq(timesheetLines.id, correction.timesheetLineId!));
    expect(after?.endUtc?.toISOString()).toBe(statedFinish.toISOString());
    // The raw punch stays: the clocked shift still ends at the clock-off.
    const [shift] = await t.db.select().from(clockShifts).where(eq(clockShifts.id, correction.shiftId!));
    expect(shift?.endUtc?.toISOString()).toBe(correction.clockOffUtc);

    // Deciding the same way again answers again; the other way is refused.
    const again = await t.request('POST', `${tenant.base}/shiftcorrections/${correction.id}/accept`, { auth: tenant.manager.auth });
    expect(again.status).toBe(200);
    const flip = await t.request('POST', `${tenant.base}/shiftcorrections/${correction.id}/reject`, { auth: tenant.manager.auth });
    expect(flip.status).toBe(409);
    expect(flip.body).toMatchObject({ code: 'claim-decided' });
    expect((await t.request('GET', `${tenant.base}/shiftcorrections`, { auth: tenant.manager.auth })).body).toEqual([]);
    const decided = await t.request('GET', `${tenant.base}/shiftcorrections?status=Accepted`, { auth: tenant.manager.auth });
    expect((decided.body as ShiftCorrectionModel[]).map((c) => c.id)).toEqual([correction.id]);
  });

  it("rounds the accepted finish by the business's rules", async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    const rules = await t.request('POST', `${tenant.base}/roundingrules`, {
      auth: tenant.manager.auth,
      json: { ...NO_ROUNDING, shiftEndRounding: 'RoundToNearest', shiftEndRoundingMinutes: 15 },
    });
    expect(rules.status, rules.text).toBe(200);
    const { body, clockOnAt } = await forgottenShift(tenant, device, 30, 8);
    const QUARTER = 15 * 60_000;
    const boundary = Math.floor((clockOnAt.getTime() + 8 * HOUR) / QUARTER) * QUARTER;
    // 8 minutes past a quarter hour (London's offset is whole hours): the nearest quarter is the next one.
    const stated = new Date(boundary + 8 * 60_000);
    const made = ShiftCorrectionModel.parse((await submit(tenant, device, { ...body, statedFinishUtc: stated.toISOString() })).body);
    const accepted = await t.request('POST', `${tenant.base}/shiftcorrections/${made.id}/accept`, { auth: tenant.manager.auth });
    expect(accepted.status, accepted.text).toBe(200);
    const [line] = await t.db.select().from(timesheetLines).where(eq(timesheetLines.id, made.timesheetLineId!));
    expect(line?.endUtc?.toISOString()).toBe(new Date(boundary + QUARTER).toISOString());
    expect(line?.startUtc?.toISOString()).toBe(clockOnAt.toISOString());
  });

  it('answers a replay (same key or new key) with the first correction', async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    const { body } = await forgottenShift(tenant, device, 20, 9);
    const key = randomUUID();
    const first = await submit(tenant, device, body, key);
    expect(first.status, first.text).toBe(200);
    const same = await submit(tenant, device, body, key);
    expect(same.body).toEqual(first.body);
    const otherKey = await submit(tenant, device, { ...body, statedFinishUtc: body.clockOffRecordedTimeUtc }, randomUUID());
    expect((otherKey.body as ShiftCorrectionModel).id).toBe((first.body as ShiftCorrectionModel).id);
    const list = await t.request('GET', `${tenant.base}/shiftcorrections`, { auth: tenant.manager.auth });
    expect(list.body).toHaveLength(1);
  });

  it('refuses a finish before the clock-on or after the clock-off, and malformed bodies, writing nothing', async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    const { body, clockOnAt } = await forgottenShift(tenant, device, 26, 8);
    const cases: Array<[object, string]> = [
      [{ ...body, statedFinishUtc: new Date(clockOnAt.getTime() - 60_000).toISOString() }, 'statedFinishUtc'],
      [{ ...body, statedFinishUtc: clockOnAt.toISOString() }, 'statedFinishUtc'],
      [{ ...body, statedFinishUtc: new Date(t.clock.now().getTime() + HOUR).toISOString() }, 'statedFinishUtc'],
      [{ ...body, statedFinishUtc: 'yesterday' }, 'statedFinishUtc'],
      [{ ...body, suggestedBy: 'manager' }, 'suggestedBy'],
      [{ ...body, punchKey: '' }, 'punchKey'],
      [{ ...body, employeeId: 'ada' }, 'employeeId'],
      [{ ...body, employeeId: 99_999_999 }, 'employeeId'],
    ];
    for (const [json, field] of cases) {
      const res = await submit(tenant, device, json);
      expect(res.status, `${JSON.stringify(json)} ${res.text}`).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expect((await t.request('GET', `${tenant.base}/shiftcorrections`, { auth: tenant.manager.auth })).body).toEqual([]);
  });

  it('keeps a correction whose clock-off never arrived, which can be rejected but not accepted', async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    const ada = tenant.employees[0]!;
    const now = t.clock.now().getTime();
    const res = await submit(tenant, device, {
      employeeId: ada.id,
      punchKey: randomUUID(),
      clockOffRecordedTimeUtc: new Date(now - 1_000).toISOString(),
      statedFinishUtc: new Date(now - 10 * HOUR).toISOString(),
    });
    expect(res.status, res.text).toBe(200);
    const correction = ShiftCorrectionModel.parse(res.body);
    expect(correction).toMatchObject({ shiftId: null, timesheetLineId: null, suggestedBy: 'typed', status: 'Pending' });
    const accept = await t.request('POST', `${tenant.base}/shiftcorrections/${correction.id}/accept`, { auth: tenant.manager.auth });
    expect(accept.status).toBe(409);
    const reject = await t.request('POST', `${tenant.base}/shiftcorrections/${correction.id}/reject`, { auth: tenant.manager.auth });
    expect(reject.status, reject.text).toBe(200);
    expect(reject.body).toMatchObject({ status: 'Rejected' });
  });

  it('rejecting keeps the clock-off; a processed line cannot be corrected', async () => {
    const tenant = await createTenant(t, { employees: 2 });
    const device = await enrolDeviceAuth(t, tenant);
    const first = await forgottenShift(tenant, device, 28, 8);
    const made = ShiftCorrectionModel.parse((await submit(tenant, device, first.body)).body);
    const rejected = await t.request('POST', `${tenant.base}/shiftcorrections/${made.id}/reject`, { auth: tenant.manager.auth });
    expect(rejected.status, rejected.text).toBe(200);
    const [line] = await t.db.select().from(timesheetLines).where(eq(timesheetLines.id, made.timesheetLineId!));
    expect(line?.endUtc?.toISOString()).toBe(made.clockOffUtc);

    const second = await forgottenShift(tenant, device, 40, 8, 1);
    const pending = ShiftCorrectionModel.parse((await submit(tenant, device, second.body)).body);
    await t.db.update(timesheetLines).set({ status: 'Processed' }).where(eq(timesheetLines.id, pending.timesheetLineId!));
    const accept = await t.request('POST', `${tenant.base}/shiftcorrections/${pending.id}/accept`, { auth: tenant.manager.auth });
    expect(accept.status).toBe(409);
    const list = await t.request('GET', `${tenant.base}/shiftcorrections`, { auth: tenant.manager.auth });
    expect((list.body as ShiftCorrectionModel[]).map((c) => c.id)).toEqual([pending.id]);
  });

  it('keeps to its scope: devices cannot decide, other businesses see nothing', async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    const { body } = await forgottenShift(tenant, device, 30, 8);
    const made = ShiftCorrectionModel.parse((await submit(tenant, device, body)).body);
    expect((await t.request('POST', `${tenant.base}/shiftcorrections/${made.id}/accept`, { auth: device })).status).toBe(403);
    expect((await t.request('GET', `${tenant.base}/shiftcorrections`, { auth: device })).status).toBe(403);
    const other = await createTenant(t);
    expect((await t.request('POST', `${other.base}/shiftcorrections/${made.id}/accept`, { auth: other.manager.auth })).status).toBe(404);
    expect((await t.request('GET', `${tenant.base}/shiftcorrections`, { auth: other.manager.auth })).status).toBe(404);
    const otherDevice = await enrolDeviceAuth(t, other);
    expect((await submit(tenant, otherDevice, body)).status).toBe(404);
  });
});
