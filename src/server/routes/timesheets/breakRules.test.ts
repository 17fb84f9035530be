/**
 * Break and rest rules (project-designed) through the real app and database: none until saved,
 * saved and read back per business, refused when malformed, handed to the business's kiosks with
 * their policy, and the California profile keeping meal punches as punched on kiosk lines while
 * the shift's own edges still round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UkIndividualTimesheetLineModel } from '../../../contract/generated/models';
import { DeviceIdentityModel } from '../../../contract/supporting/devices';
import { NO_BREAK_RULES, effectiveMinimumRestMinutes, type BreakRuleSettings } from '../../../domain/breakRules';
import { businessSettings } from '../../db/schema';
import { BREAK_RULES_KIND } from '../../services/businesses/breakRules';
import { NO_ROUNDING, type RoundingRules } from '../../../domain/rounding';
import { createTenant, enrolDeviceAuth } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const QUARTER: RoundingRules = {
  ...NO_ROUNDING,
  shiftStartRounding: 'RoundToNearest',
  shiftEndRounding: 'RoundToNearest',
  breakStartRounding: 'RoundToNearest',
  breakEndRounding: 'RoundToNearest',
};

describe('GET and POST B/breakrules', () => {
  it('answers no profile until one is saved, then the saved one, for this business only', async () => {
    const tenant = await createTenant(t);
    const auth = tenant.manager.auth;
    const url = `${tenant.base}/breakrules`;
    expect((await t.request('GET', url, { auth })).body).toEqual(NO_BREAK_RULES);
    const saved = await t.request('POST', url, { auth, json: { profile: 'UK', blockShortRest: true } });
    expect(saved.status, saved.text).toBe(200);
    expect((await t.request('GET', url, { auth })).body).toEqual({ profile: 'UK', blockShortRest: true });
    const other = await createTenant(t);
    expect((await t.request('GET', `${other.base}/breakrules`, { auth: other.manager.auth })).body).toEqual(NO_BREAK_RULES);
  });

  it('refuses a body that is not the model, naming the field, and keeps what was stored', async () => {
    const tenant = await createTenant(t);
    const auth = tenant.manager.auth;
    const url = `${tenant.base}/breakrules`;
    const cases: Array<[unknown, string]> = [
      [{ profile: 'FR', blockShortRest: false }, 'profile'],
      [{ profile: 'UK' }, 'blockShortRest'],
      [{ profile: 'UK', blockShortRest: 'yes' }, 'blockShortRest'],
      [{ profile: 'UK', blockShortRest: false, restHours: 8 }, 'restHours'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('POST', url, { auth, json: body });
      expect(res.status, res.text).toBe(400);
      expect(res.text).toContain(field);
    }
    expect((await t.request('GET', url, { auth })).body).toEqual(NO_BREAK_RULES);
  });

  it("reaches the business's kiosks with their policy", async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    const before = DeviceIdentityModel.parse((await t.request('GET', '/api/v2/device', { auth: device })).body);
    expect(before.policy.breakRules).toEqual(NO_BREAK_RULES);
    await t.request('POST', `${tenant.base}/breakrules`, { auth: tenant.manager.auth, json: { profile: 'CA', blockShortRest: false } });
    const after = DeviceIdentityModel.parse((await t.request('GET', '/api/v2/device', { auth: device })).body);
    expect(after.policy.breakRules).toEqual({ profile: 'CA', blockShortRest: false });
  });
});

describe("the business's own minimum rest", () => {
  it('is saved, read back and handed to the kiosks; saving without it returns to the profile\'s', async () => {
    const tenant = await createTenant(t);
    const auth = tenant.manager.auth;
    const url = `${tenant.base}/breakrules`;
    const device = await enrolDeviceAuth(t, tenant);
    const agreement = { profile: 'AU', blockShortRest: true, minimumRestMinutes: 600 };
    const saved = await t.request('POST', url, { auth, json: agreement });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual(agreement);
    expect((await t.request('GET', url, { auth })).body).toEqual(agreement);
    const policy = DeviceIdentityModel.parse((await t.request('GET', '/api/v2/device', { auth: device })).body).policy;
    expect(policy.breakRules).toEqual(agreement);
    // A rest rule under None, at both bounds.
    for (const minimumRestMinutes of [60, 1440]) {
      const own = { profile: 'None', blockShortRest: false, minimumRestMinutes };
      expect((await t.request('POST', url, { auth, json: own })).status).toBe(200);
      expect((await t.request('GET', url, { auth })).body).toEqual(own);
    }
    expect((await t.request('POST', url, { auth, json: { profile: 'AU', blockShortRest: false, minimumRestMinutes: null } })).status).toBe(200);
    expect((await t.request('GET', url, { auth })).body).toEqual({ profile: 'AU', blockShortRest: false, minimumRestMinutes: null });
    expect((await t.request('POST', url, { auth, json: { profile: 'UK', blockShortRest: false } })).status).toBe(200);
    const cleared = (await t.request('GET', url, { auth })).body as Record<string, unknown>;
    expect(cleared).toEqual({ profile: 'UK', blockShortRest: false });
    expect(cleared).not.toHaveProperty('minimumRestMinutes');
  });

  it("reads a setting stored before the field existed as the profile's minimum", async () => {
    const tenant = await createTenant(t);
    await t.db
      .insert(businessSettings)
      .values({ businessId: tenant.businessId, kind: BREAK_RULES_KIND, model: { profile: 'AU', blockShortRest: true } })
      .onConflictDoUpdate({ target: [businessSettings.businessId, businessSettings.kind], set: { model: { profile: 'AU', blockShortRest: true } } });
    const read = (await t.request('GET', `${tenant.base}/breakrules`, { auth: tenant.manager.auth })).body as BreakRuleSettings;
    expect(read).toEqual({ profile: 'AU', blockShortRest: true });
    expect(effectiveMinimumRestMinutes(read)).toBe(12 * 60);
    const device = await enrolDeviceAuth(t, tenant);
    const policy = DeviceIdentityModel.parse((await t.request('GET', '/api/v2/device', { auth: device })).body).policy;
    expect(effectiveMinimumRestMinutes(policy.breakRules)).toBe(12 * 60);
  });

  it('refuses hostile values at both routes, naming the field, and keeps what was stored', async () => {
    const tenant = await createTenant(t);
    const auth = tenant.manager.auth;
    const url = `${tenant.base}/breakrules`;
    const kept = { profile: 'AU', blockShortRest: false, minimumRestMinutes: 630 };
    expect((await t.request('POST', url, { auth, json: kept })).status).toBe(200);
    const made = await t.request('POST', `${tenant.base}/location`, { auth, json: { name: 'Depot' } });
    expect(made.status, made.text).toBe(200);
    const locationId = (made.body as { id: number }).id;
    const locationUrl = `${tenant.base}/location/${locationId}/rules`;
    const keptThere = { breakRules: { profile: 'UK', blockShortRest: true, minimumRestMinutes: 600 }, attestations: null };
    expect((await t.request('POST', locationUrl, { auth, json: keptThere })).status).toBe(200);
    const hostile: unknown[] = [0, -600, 59, 30, 1441, 1470, 615, 600.5, '600', true, [600], { hours: 10 }, 1e20, Number.MAX_SAFE_INTEGER];
    for (const minimumRestMinutes of hostile) {
      const res = await t.request('POST', url, { auth, json: { profile: 'AU', blockShortRest: false, minimumRestMinutes } });
      expect(res.status, `${JSON.stringify(minimumRestMinutes)}: ${res.text}`).toBe(400);
      expect(res.text).toContain('minimumRestMinutes');
      const own = await t.request('POST', locationUrl, { auth, json: { breakRules: { profile: 'UK', blockShortRest: false, minimumRestMinutes }, attestations: null } });
      expect(own.status, `location ${JSON.stringify(minimumRestMinutes)}: ${own.text}`).toBe(400);
      expect(own.text).toContain('minimumRestMinutes');
    }
    expect((await t.request('GET', url, { auth })).body).toEqual(kept);
    expect((await t.request('GET', locationUrl, { auth })).body).toEqual({ locationId, ...keptThere });
  });
});

describe('meal punches on kiosk lines', () => {
  async function lineUnder(profile: string) {
    const tenant = await createTenant(t);
    const auth = tenant.manager.auth;
    expect((await t.request('POST', `${tenant.base}/roundingrules`, { auth, json: QUARTER })).status).toBe(200);
    expect((await t.request('POST', `${tenant.base}/breakrules`, { auth, json: { profile, blockShortRest: false } })).status).toBe(200);
    const employeeId = tenant.employees[0]!.id;
    const punch = async (op: string, at: string) => {
      t.clock.set(at);
      const res = await t.request('POST', `${tenant.kiosk}/${op}`, { auth, json: { employeeId } });
      expect(res.status, `${op}: ${res.text}`).toBe(200);
    };
    // London in June (the test kiosk's zone) is UTC+1: 09:32 on, meal 13:07 to 13:38, off 17:58.
    await punch('clockon', '2026-06-10T08:32:00Z');
    await punch('startbreak', '2026-06-10T12:07:00Z');
    await punch('endbreak', '2026-06-10T12:38:00Z');
    await punch('clockoff', '2026-06-10T16:58:00Z');
    const list = await t.request('GET', `${tenant.base}/timesheet`, { auth });
    const [line] = (list.body as Array<{ id: number }>);
    const res = await t.request('GET', `${tenant.base}/timesheet/${line!.id}`, { auth });
    return UkIndividualTimesheetLineModel.parse(res.body);
  }

  it('keeps them as punched under the California profile, rounding only the shift', async () => {
    expect(await lineUnder('CA')).toMatchObject({
      startTime: '2026-06-10T09:30:00',
      endTime: '2026-06-10T18:00:00',
      breaks: [{ startTime: '2026-06-10T13:07:00', endTime: '2026-06-10T13:38:00' }],
    });
  });

  it('rounds them under a profile that allows it', async () => {
    expect(await lineUnder('UK')).toMatchObject({
      startTime: '2026-06-10T09:30:00',
      endTime: '2026-06-10T18:00:00',
      breaks: [{ startTime: '2026-06-10T13:00:00', endTime: '2026-06-10T13:45:00' }],
    });
  });
});
