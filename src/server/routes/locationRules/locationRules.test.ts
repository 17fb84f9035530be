/**
 * A location's overrides of the break rules and questions at clock-off through the real app and
 * database: none until saved, saved and read back per location (each member on its own), listed,
 * sent to kiosks with their policy, removed when both are null, refused for a location of another
 * business or a malformed body; and a line at a location whose override is California keeps its
 * meal punches as punched while the business's own profile (and another location's lines) round them;
 * so does a line at a shop under it without an override of its own (the nearest ancestor's counts),
 * while a shop under it with its own UK override rounds them (and a line rewritten later, as an
 * accepted forgotten clock-off is, keeps the inherited profile); kiosks receive the location tree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UkIndividualTimesheetLineModel } from '../../../contract/generated/models';
import { LocationRulesModel } from '../../../contract/supporting/locationRules';
import { DeviceIdentityModel } from '../../../contract/supporting/devices';
import { NO_ROUNDING, type RoundingRules } from '../../../domain/rounding';
import { roundedLineTimes } from '../../services/timesheets/timesheetLines';
import { createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const CA = { profile: 'CA', blockShortRest: false };
const MEAL_MISSED = { rules: [{ question: 'MealBreak', askWhen: 'MealBreakMissed', hours: 0 }] };

async function location(tenant: Tenant, name: string, parentId?: number): Promise<number> {
  const res = await t.request('POST', `${tenant.base}/location`, { auth: tenant.manager.auth, json: { name, ...(parentId === undefined ? {} : { parentId }) } });
  expect(res.status, res.text).toBe(200);
  return (res.body as { id: number }).id;
}

describe('GET and POST B/location/{id}/rules', () => {
  it("keeps the business's settings until saved, then the location's, each member on its own, and reaches the kiosks", async () => {
    const tenant = await createTenant(t);
    const auth = tenant.manager.auth;
    const [store, depot] = [await location(tenant, 'Store'), await location(tenant, 'Depot')];
    const none = await t.request('GET', `${tenant.base}/location/${store}/rules`, { auth });
    expect(none.status, none.text).toBe(200);
    expect(none.body).toEqual({ locationId: store, breakRules: null, attestations: null });

    const saved = await t.request('POST', `${tenant.base}/location/${store}/rules`, { auth, json: { breakRules: CA, attestations: MEAL_MISSED } });
    expect(saved.status, saved.text).toBe(200);
    const onlyBreaks = await t.request('POST', `${tenant.base}/location/${depot}/rules`, { auth, json: { breakRules: { profile: 'UK', blockShortRest: true }, attestations: null } });
    expect(onlyBreaks.status, onlyBreaks.text).toBe(200);
    expect(LocationRulesModel.parse((await t.request('GET', `${tenant.base}/location/${store}/rules`, { auth })).body)).toEqual({ locationId: store, breakRules: CA, attestations: MEAL_MISSED });
    const listed = await t.request('GET', `${tenant.base}/locationrules`, { auth });
    expect(listed.body).toEqual([
      { locationId: store, breakRules: CA, attestations: MEAL_MISSED },
      { locationId: depot, breakRules: { profile: 'UK', blockShortRest: true }, attestations: null },
    ]);
    // The business's own settings are untouched.
    expect((await t.request('GET', `${tenant.base}/breakrules`, { auth })).body).toEqual({ profile: 'None', blockShortRest: false });

    const device = await enrolDeviceAuth(t, tenant);
    const identity = DeviceIdentityModel.parse((await t.request('GET', '/api/v2/device', { auth: device })).body);
    expect(identity.policy.locationRules).toEqual(listed.body);

    const removed = await t.request('POST', `${tenant.base}/location/${store}/rules`, { auth, json: { breakRules: null, attestations: null } });
    expect(removed.status, removed.text).toBe(200);
    expect((await t.request('GET', `${tenant.base}/locationrules`, { auth })).body).toEqual([{ locationId: depot, breakRules: { profile: 'UK', blockShortRest: true }, attestations: null }]);
  });

  it("refuses another business's location, a deleted one, and a body that is not the model, keeping what was stored", async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const auth = tenant.manager.auth;
    const theirs = await location(other, 'Elsewhere');
    expect((await t.request('GET', `${tenant.base}/location/${theirs}/rules`, { auth })).status).toBe(404);
    expect((await t.request('POST', `${tenant.base}/location/${theirs}/rules`, { auth, json: { breakRules: CA, attestations: null } })).status).toBe(404);
    expect((await t.request('GET', `${other.base}/locationrules`, { auth: other.manager.auth })).body).toEqual([]);

    const store = await location(tenant, 'Store');
    expect((await t.request('POST', `${tenant.base}/location/${store}/rules`, { auth, json: { breakRules: CA, attestations: null } })).status).toBe(200);
    const bad = await t.request('POST', `${tenant.base}/location/${store}/rules`, { auth, json: { breakRules: { profile: 'XX', blockShortRest: false }, attestations: null } });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.text).toContain('profile');
    const missing = await t.request('POST', `${tenant.base}/location/${store}/rules`, { auth, json: { breakRules: CA } });
    expect(missing.status, missing.text).toBe(400);
    expect((await t.request('GET', `${tenant.base}/location/${store}/rules`, { auth })).body).toEqual({ locationId: store, breakRules: CA, attestations: null });

    expect((await t.request('DELETE', `${tenant.base}/location/${store}`, { auth })).status).toBe(200);
    expect((await t.request('POST', `${tenant.base}/location/${store}/rules`, { auth, json: { breakRules: null, attestations: null } })).status).toBe(404);
  });
});

/** The line of a kiosk shift at `locationId` on `day`. */
async function lineAt(tenant: Tenant, locationId: number, employeeId: number, day: string) {
  const auth = tenant.manager.auth;
  const punch = async (op: string, at: string, json: object = {}) => {
    t.clock.set(at);
    const res = await t.request('POST', `${tenant.kiosk}/${op}`, { auth, json: { employeeId, ...json } });
    expect(res.status, `${op}: ${res.text}`).toBe(200);
  };
  // London in June (the test kiosk's zone) is UTC+1: 09:32 on, meal 13:07 to 13:38, off 17:58.
  await punch('clockon', `${day}T08:32:00Z`, { locationId });
  await punch('startbreak', `${day}T12:07:00Z`);
  await punch('endbreak', `${day}T12:38:00Z`);
  await punch('clockoff', `${day}T16:58:00Z`);
  const list = (await t.request('GET', `${tenant.base}/timesheet`, { auth })).body as Array<{ id: number; employeeId: number }>;
  const id = list.find((l) => l.employeeId === employeeId)?.id;
  return UkIndividualTimesheetLineModel.parse((await t.request('GET', `${tenant.base}/timesheet/${id ?? 0}`, { auth })).body);
}

describe("meal punches on kiosk lines under the location's profile", () => {
  const QUARTER: RoundingRules = { ...NO_ROUNDING, shiftStartRounding: 'RoundToNearest', shiftEndRounding: 'RoundToNearest', breakStartRounding: 'RoundToNearest', breakEndRounding: 'RoundToNearest' };

  it('keeps them as punched at a California location of a UK business, and rounds them at its other location', async () => {
    const tenant = await createTenant(t);
    const auth = tenant.manager.auth;
    expect((await t.request('POST', `${tenant.base}/roundingrules`, { auth, json: QUARTER })).status).toBe(200);
    expect((await t.request('POST', `${tenant.base}/breakrules`, { auth, json: { profile: 'UK', blockShortRest: false } })).status).toBe(200);
    const [california, london] = [await location(tenant, 'San Jose'), await location(tenant, 'London')];
    expect((await t.request('POST', `${tenant.base}/location/${california}/rules`, { auth, json: { breakRules: CA, attestations: null } })).status).toBe(200);

    expect(await lineAt(tenant, california, tenant.employees[0]!.id, '2026-06-10')).toMatchObject({
      locationId: california,
      startTime: '2026-06-10T09:30:00',
      endTime: '2026-06-10T18:00:00',
      breaks: [{ startTime: '2026-06-10T13:07:00', endTime: '2026-06-10T13:38:00' }],
    });
    expect(await lineAt(tenant, london, tenant.employees[1]!.id, '2026-06-11')).toMatchObject({
      locationId: london,
      breaks: [{ startTime: '2026-06-11T13:00:00', endTime: '2026-06-11T13:45:00' }],
    });
  });

  it("keeps them as punched at a shop under the California location, unless the shop overrides it; kiosks receive the tree", async () => {
    const tenant = await createTenant(t, { employees: 3 });
    const auth = tenant.manager.auth;
    expect((await t.request('POST', `${tenant.base}/roundingrules`, { auth, json: QUARTER })).status).toBe(200);
    expect((await t.request('POST', `${tenant.base}/breakrules`, { auth, json: { profile: 'UK', blockShortRest: false } })).status).toBe(200);
    const california = await location(tenant, 'California stores');
    const bayArea = await location(tenant, 'Bay Area', california);
    const [sanJose, fresno] = [await location(tenant, 'San Jose', bayArea), await location(tenant, 'Fresno', california)];
    expect((await t.request('POST', `${tenant.base}/location/${california}/rules`, { auth, json: { breakRules: CA, attestations: null } })).status).toBe(200);
    // Fresno overrides only its questions: its break rules are still California's.
    expect((await t.request('POST', `${tenant.base}/location/${fresno}/rules`, { auth, json: { breakRules: null, attestations: MEAL_MISSED } })).status).toBe(200);
    const device = await enrolDeviceAuth(t, tenant);
    const identity = DeviceIdentityModel.parse((await t.request('GET', '/api/v2/device', { auth: device })).body);
    expect(identity.policy.locationParents).toEqual([
      { locationId: bayArea, parentId: california },
      { locationId: sanJose, parentId: bayArea },
      { locationId: fresno, parentId: california },
    ]);

    expect(await lineAt(tenant, sanJose, tenant.employees[0]!.id, '2026-06-10')).toMatchObject({
      locationId: sanJose,
      breaks: [{ startTime: '2026-06-10T13:07:00', endTime: '2026-06-10T13:38:00' }],
    });
    expect(await lineAt(tenant, fresno, tenant.employees[1]!.id, '2026-06-11')).toMatchObject({
      locationId: fresno,
      breaks: [{ startTime: '2026-06-11T13:07:00', endTime: '2026-06-11T13:38:00' }],
    });
    // The Bay Area's own UK override is nearer to San Jose than California's.
    expect((await t.request('POST', `${tenant.base}/location/${bayArea}/rules`, { auth, json: { breakRules: { profile: 'UK', blockShortRest: false }, attestations: null } })).status).toBe(200);
    expect(await lineAt(tenant, sanJose, tenant.employees[2]!.id, '2026-06-12')).toMatchObject({
      locationId: sanJose,
      breaks: [{ startTime: '2026-06-12T13:00:00', endTime: '2026-06-12T13:45:00' }],
    });
  });

  it("rewrites a line (an accepted forgotten clock-off) under the profile its location inherits", async () => {
    const tenant = await createTenant(t);
    const auth = tenant.manager.auth;
    expect((await t.request('POST', `${tenant.base}/roundingrules`, { auth, json: QUARTER })).status).toBe(200);
    const california = await location(tenant, 'California stores');
    const [sanJose, elsewhere] = [await location(tenant, 'San Jose', california), await location(tenant, 'Elsewhere')];
    expect((await t.request('POST', `${tenant.base}/location/${california}/rules`, { auth, json: { breakRules: CA, attestations: null } })).status).toBe(200);
    const raw = {
      startUtc: new Date('2026-06-10T08:32:00Z'),
      endUtc: new Date('2026-06-10T16:58:00Z'),
      breaks: [{ startUtc: new Date('2026-06-10T12:07:00Z'), endUtc: new Date('2026-06-10T12:38:00Z'), isPaidBreak: false }],
    };
    const breaksAt = async (locationId: number) => (await roundedLineTimes(t.db, tenant.businessId, raw, 'Europe/London', null, locationId)).breaks;
    expect(await breaksAt(sanJose)).toEqual([{ startUtc: '2026-06-10T12:07:00.000Z', endUtc: '2026-06-10T12:38:00.000Z', isPaidBreak: false }]);
    expect(await breaksAt(elsewhere)).toEqual([{ startUtc: '2026-06-10T12:00:00.000Z', endUtc: '2026-06-10T12:45:00.000Z', isPaidBreak: false }]);
  });
});
