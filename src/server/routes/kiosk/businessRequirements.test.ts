/**
 * What is enforced: the business's timesheet settings `requireWorkType` and
 * `requireLocation` bind a kiosk clock-on and addshift besides the kiosk's own flags
 * (services/punches/clockOnRequirements.ts); a business without work types requires none (vendor: the
 * setting is deactivated then).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMESHEET_SETTINGS } from '../../services/businesses/settings';
import { createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const idOf = (res: { body: unknown }) => (res.body as { id: number }).id;

async function requireInBusiness(tenant: Tenant, required: { requireWorkType?: boolean; requireLocation?: boolean }) {
  const res = await t.request('PUT', `${tenant.base}/timesheetsettings`, { auth: tenant.manager.auth, json: { ...DEFAULT_TIMESHEET_SETTINGS, ...required } });
  expect(res.status, res.text).toBe(200);
}

describe("the business's required work type and location at clock-on", () => {
  let tenant: Tenant;
  let device: string;
  beforeAll(async () => {
    t.clock.set('2026-09-02T08:00:00Z');
    tenant = await createTenant(t, { employees: 4 });
    device = await enrolDeviceAuth(t, tenant);
  });

  const clockOn = (employeeId: number, extra: Record<string, unknown> = {}) =>
    t.request('POST', `${tenant.kiosk}/clockon`, { auth: device, json: { employeeId, ...extra } });

  it('requires no work type while the business has none, though the setting is on', async () => {
    await requireInBusiness(tenant, { requireWorkType: true });
    const res = await clockOn(tenant.employees[0]!.id);
    expect(res.status, res.text).toBe(200);
  });

  it('refuses a clock-on without a work type once there are work types, naming the field', async () => {
    const picking = idOf(await t.request('POST', `${tenant.base}/worktype`, { auth: tenant.manager.auth, json: { name: 'Picking' } }));
    const refused = await clockOn(tenant.employees[1]!.id);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toMatchObject({ code: 'work-type-required', errors: [{ field: 'workTypeId' }] });
    const accepted = await clockOn(tenant.employees[1]!.id, { workTypeId: picking });
    expect(accepted.status, accepted.text).toBe(200);

    const complete = await t.request('POST', `${tenant.kiosk}/addshift`, {
      auth: device,
      json: { employeeId: tenant.employees[2]!.id, recordedStartTimeUtc: '2026-09-01T08:00:00Z', recordedEndTimeUtc: '2026-09-01T12:00:00Z' },
    });
    expect(complete.status, complete.text).toBe(400);
    expect(complete.body).toMatchObject({ code: 'work-type-required', errors: [{ field: 'workTypeId' }] });
    await requireInBusiness(tenant, { requireWorkType: false });
  });

  it('refuses a clock-on that names no location, as a kiosk requiring one does', async () => {
    await requireInBusiness(tenant, { requireLocation: true });
    const refused = await clockOn(tenant.employees[2]!.id);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toMatchObject({ code: 'location-required', errors: [{ field: 'locationId' }] });

    const site = idOf(await t.request('POST', `${tenant.base}/location`, { auth: tenant.manager.auth, json: { name: 'Site' } }));
    const named = await clockOn(tenant.employees[2]!.id, { locationId: site });
    expect(named.status, named.text).toBe(200);
    await requireInBusiness(tenant, { requireLocation: false });
  });
});
