/**
 * `pinfailures` accepts only plausible wrong PINs: distinct times, not in the future, within the
 * reporting device's offline period, and a bounded number per device and hour. One device must
 * not be able to lock a colleague (let alone a whole site) out with one request.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EnrolledDeviceModel } from '../../../contract/routes/devices';
import { employees, pinFailureReports } from '../../db/schema';
import { createTenant, type Tenant } from '../../testing/fixtures';
import { bearer, startTestService, type TestService } from '../../testing/testService';

const PER_HOUR = 6;

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ PIN_FAILURES_PER_DEVICE_HOUR: String(PER_HOUR) });
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

const at = (time: string) => `2026-07-06T${time}Z`;

async function enrol(tenant: Tenant): Promise<string> {
  const res = await t.request('POST', `${tenant.kiosk}/devices`, { auth: tenant.manager.auth, json: { name: 'Tablet' } });
  expect(res.status, res.text).toBe(200);
  return bearer(EnrolledDeviceModel.parse(res.body).token);
}

/** A tenant with a device enrolled at 09:00 that was last in touch at 09:00, then offline until 12:00. */
async function offlineKiosk(employeeCount = 2) {
  t.clock.set(at('09:00:00'));
  const tenant = await createTenant(t, { employees: employeeCount });
  const device = await enrol(tenant);
  expect((await t.request('GET', tenant.kiosk, { auth: device })).status).toBe(200);
  t.clock.set(at('12:00:00'));
  return { tenant, device };
}

const report = (tenant: Tenant, auth: string, employeeId: number, times: string[]) =>
  t.request('POST', `${tenant.kiosk}/pinfailures`, { auth, json: { employeeId, failedAttemptsUtc: times } });

const checkPin = (tenant: Tenant, employee: { id: number; pin: string }) =>
  t.request('POST', `${tenant.kiosk}/checkpin`, { auth: tenant.manager.auth, json: { employeeId: employee.id, pin: employee.pin } });

type Problem = { code: string; errors: Array<{ field: string; message: string }> };

describe('plausible wrong PINs from an offline kiosk', () => {
  it('applies distinct attempts from the offline period, and a lockout that began offline continues', async () => {
    const { tenant, device } = await offlineKiosk();
    const ada = tenant.employees[0]!;
    // As the kiosk sends them: one attempt per report.
    for (const time of ['11:58:00', '11:58:10', '11:58:20', '11:58:30', '11:58:40']) {
      const res = await report(tenant, device, ada.id, [at(time)]);
      expect(res.status, res.text).toBe(200);
    }
    const locked = await checkPin(tenant, ada);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe(String(13 * 60 + 40));
  });

  it('refuses a report repeating one time, applying none of it', async () => {
    const { tenant, device } = await offlineKiosk();
    const ada = tenant.employees[0]!;
    const res = await report(tenant, device, ada.id, Array.from({ length: 5 }, () => at('11:59:00')));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const problem = res.body as Problem;
    expect(problem.code).toBe('implausible-pin-failures');
    expect(problem.errors.map((e) => e.field)).toEqual(['failedAttemptsUtc.1', 'failedAttemptsUtc.2', 'failedAttemptsUtc.3', 'failedAttemptsUtc.4']);
    expect((await checkPin(tenant, ada)).status).toBe(200);
  });

  it('counts an attempt once however often it is reported', async () => {
    const { tenant, device } = await offlineKiosk();
    const ada = tenant.employees[0]!;
    for (let i = 0; i < 5; i += 1) expect((await report(tenant, device, ada.id, [at('11:59:00')])).status).toBe(200);
    const [row] = await t.db.select().from(employees).where(eq(employees.id, ada.id));
    expect(row).toMatchObject({ pinFailedAttempts: 1, pinLockedUntil: null });
    expect(await t.db.select().from(pinFailureReports).where(eq(pinFailureReports.employeeId, ada.id))).toHaveLength(1);
    expect((await checkPin(tenant, ada)).status).toBe(200);
  });

  it("refuses attempts from before the device's offline period, which follows its contact", async () => {
    const { tenant, device } = await offlineKiosk();
    const [ada, ben] = tenant.employees;
    // Offline since its last contact at 09:00: an attempt at 08:55 cannot have been seen offline
    // (the kiosk's clock may be off by the clock-skew allowance, two minutes by default).
    const early = await report(tenant, device, ada!.id, [at('09:30:00'), at('08:55:00')]);
    expect(early.status).toBe(400);
    expect((early.body as Problem).errors.map((e) => e.field)).toEqual(['failedAttemptsUtc.1']);
    expect((early.body as Problem).errors[0]?.message).toContain('2026-07-06T09:00:00.000Z');
    expect((await report(tenant, device, ada!.id, [at('09:30:00')])).status).toBe(200);
    // A second before its last contact, by a clock read from a one-second Date header: plausible.
    expect((await report(tenant, device, ada!.id, [at('08:59:59')])).status).toBe(200);

    // Back in touch from 12:00 (each minute, as a kiosk is), then offline again from 12:05 to 13:00.
    for (const time of ['12:01:00', '12:02:00', '12:03:00', '12:04:00', '12:05:00']) {
      t.clock.set(at(time));
      expect((await t.request('GET', tenant.kiosk, { auth: device })).status).toBe(200);
    }
    t.clock.set(at('13:00:00'));
    const stale = await report(tenant, device, ben!.id, [at('12:30:00'), at('11:00:00')]);
    expect(stale.status).toBe(400);
    // Contact is recorded at most once a minute, so its last recorded contact was 12:04.
    expect((stale.body as Problem).errors.map((e) => e.field)).toEqual(['failedAttemptsUtc.1']);
    expect((stale.body as Problem).errors[0]?.message).toContain('2026-07-06T12:04:00.000Z');
    expect((await report(tenant, device, ben!.id, [at('12:30:00')])).status).toBe(200);
  });

  it('refuses attempts in the future beyond the clock-skew allowance', async () => {
    const { tenant, device } = await offlineKiosk();
    const ada = tenant.employees[0]!;
    const skew = t.settings.MAX_FUTURE_SKEW_SECONDS;
    expect((await report(tenant, device, ada.id, [new Date(Date.parse(at('12:00:00')) + skew * 1000).toISOString()])).status).toBe(200);
    const ahead = await report(tenant, device, ada.id, [new Date(Date.parse(at('12:00:00')) + (skew + 1) * 1000).toISOString()]);
    expect(ahead.status).toBe(400);
    expect((ahead.body as Problem).errors.map((e) => e.field)).toEqual(['failedAttemptsUtc.0']);
  });

  it(`accepts at most ${PER_HOUR} attempts per device within any hour, across employees`, async () => {
    const { tenant, device } = await offlineKiosk(4);
    const staff = tenant.employees;
    const times = ['10:00:00', '10:10:00', '10:20:00', '10:30:00', '10:40:00', '10:50:00'];
    for (const [index, time] of times.entries()) {
      const res = await report(tenant, device, staff[index % staff.length]!.id, [at(time)]);
      expect(res.status, `${time}: ${res.text}`).toBe(200);
    }
    // A seventh within the hour of the others is not plausible, whoever it names.
    const seventh = await report(tenant, device, staff[3]!.id, [at('10:59:00'), at('11:30:00')]);
    expect(seventh.status).toBe(400);
    expect((seventh.body as Problem).errors.map((e) => e.field)).toEqual(['failedAttemptsUtc.0']);
    expect(await t.db.select().from(pinFailureReports).where(eq(pinFailureReports.employeeId, staff[3]!.id))).toHaveLength(1);
    // An hour after the first, there is room again; another device has its own count.
    expect((await report(tenant, device, staff[3]!.id, [at('11:00:01')])).status).toBe(200);
    const other = await enrol(tenant);
    expect((await report(tenant, other, staff[3]!.id, [at('12:00:00')])).status).toBe(200);
  });

  it('refuses attempts older than PIN_FAILURES_MAX_AGE_HOURS, for users too', async () => {
    t.clock.set(at('12:00:00'));
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const maxAgeMs = t.settings.PIN_FAILURES_MAX_AGE_HOURS * 60 * 60 * 1000;
    const oldest = new Date(Date.parse(at('12:00:00')) - maxAgeMs);
    const res = await report(tenant, tenant.manager.auth, ada.id, [oldest.toISOString(), new Date(oldest.getTime() - 1000).toISOString()]);
    expect(res.status).toBe(400);
    expect((res.body as Problem).errors.map((e) => e.field)).toEqual(['failedAttemptsUtc.1']);
    expect((await report(tenant, tenant.manager.auth, ada.id, [oldest.toISOString()])).status).toBe(200);
  });
});
