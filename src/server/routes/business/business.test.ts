import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessModel } from '../../../contract/routes/business';
import { digest, newToken, TOKEN_PREFIX } from '../../auth/secrets';
import { businessAccess, devices } from '../../db/schema';
import { accessModel } from '../../services/access/accessModels';
import { ensureUser, issueApiKey } from '../../services/businesses/provisioning';
import { createTenant, type Tenant } from '../../testing/fixtures';
import { basicAuth, bearer, startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  // Open sign-up, so any new user may create businesses here; who may by default is in businessCreation.test.ts.
  t = await startTestService({ BUSINESS_CREATORS: '*' });
});
afterAll(() => t.close());

/** A user with an API key and no business yet. */
async function newUser() {
  const email = `user-${randomUUID().slice(0, 8)}@example.test`;
  const user = await ensureUser(t.db, { email, name: 'New User' });
  return { user, auth: basicAuth(await issueApiKey(t.db, user.id, 'tests')) };
}

async function restrictedUserOf(tenant: Tenant) {
  const { user, auth } = await newUser();
  await t.db.insert(businessAccess).values({
    businessId: tenant.businessId,
    userId: user.id,
    accessType: 'Restricted',
    model: accessModel(user.name, user.email, 'Restricted'),
  });
  return auth;
}

async function deviceOf(tenant: Tenant) {
  const token = newToken(TOKEN_PREFIX.device);
  await t.db.insert(devices).values({ businessId: tenant.businessId, kioskId: tenant.kioskId, name: 'Tablet', tokenHash: digest(token) });
  return bearer(token);
}

describe('businesses', () => {
  it('lets a signed-in user create a business and gives them unrestricted access to it', async () => {
    const { auth } = await newUser();
    const created = await t.request('POST', '/api/v2/business', {
      auth,
      json: { name: '  Harbour Café ', ianaTimeZone: 'Australia/Perth', externalId: 'ext-1' },
    });
    expect(created.status, created.text).toBe(200);
    const business = BusinessModel.parse(created.body);
    expect(business).toEqual({
      id: business.id,
      name: 'Harbour Café',
      externalId: 'ext-1',
      ianaTimeZone: 'Australia/Perth',
      smsNotificationsEnabled: false,
      // A zone does not set the country (nor the regional models): it is said, or GB.
      country: 'GB',
    });

    const read = await t.request('GET', `/api/v2/business/${business.id}`, { auth });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(business);

    // Only unrestricted users may update, so this proves the creator's access level.
    const updated = await t.request('PUT', `/api/v2/business/${business.id}`, { auth, json: { name: 'Harbour' } });
    expect(updated.status, updated.text).toBe(200);
  });

  it('defaults the zone to Europe/London and honours the SMS switch', async () => {
    const { auth } = await newUser();
    const res = await t.request('POST', '/api/v2/business', { auth, json: { name: 'Corner shop', smsNotificationsEnabled: true } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ ianaTimeZone: 'Europe/London', smsNotificationsEnabled: true, externalId: null });
  });

  it('lists only the businesses the caller is linked to, with OData', async () => {
    const { auth } = await newUser();
    const ids: number[] = [];
    for (const name of ['Bravo', 'Alpha']) {
      const res = await t.request('POST', '/api/v2/business', { auth, json: { name } });
      ids.push((res.body as { id: number }).id);
    }
    await createTenant(t, { employees: 0 });

    const list = await t.request('GET', '/api/v2/business', { auth });
    expect(list.status).toBe(200);
    expect((list.body as BusinessModel[]).map((b) => b.id)).toEqual(ids);

    const filtered = await t.request('GET', "/api/v2/business?$filter=name eq 'Alpha'", { auth });
    expect((filtered.body as BusinessModel[]).map((b) => b.name)).toEqual(['Alpha']);
    const ordered = await t.request('GET', '/api/v2/business?$orderby=name&$top=1', { auth });
    expect((ordered.body as BusinessModel[]).map((b) => b.name)).toEqual(['Alpha']);
  });

  it('updates name, zone and SMS switch, keeping what is omitted', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const path = `/api/v2/business/${tenant.businessId}`;
    const first = await t.request('PUT', path, {
      auth: tenant.manager.auth,
      json: { name: 'Renamed', ianaTimeZone: 'America/New_York', smsNotificationsEnabled: true, externalId: 'ignored' },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      id: tenant.businessId,
      name: 'Renamed',
      externalId: null,
      ianaTimeZone: 'America/New_York',
      smsNotificationsEnabled: true,
      country: 'GB',
    });
    const second = await t.request('PUT', path, { auth: tenant.manager.auth, json: { name: 'Again' } });
    expect(second.body).toMatchObject({ name: 'Again', ianaTimeZone: 'America/New_York', smsNotificationsEnabled: true });
  });

  it('keeps the country said at creation (upper case), changes it on update, and refuses a non-code', async () => {
    const { auth } = await newUser();
    const created = await t.request('POST', '/api/v2/business', { auth, json: { name: 'Bondi Bakery', ianaTimeZone: 'Australia/Sydney', country: 'au' } });
    expect(created.status, created.text).toBe(200);
    const business = BusinessModel.parse(created.body);
    expect(business.country).toBe('AU');
    const path = `/api/v2/business/${business.id}`;
    const kept = await t.request('PUT', path, { auth, json: { name: 'Bondi' } });
    expect(kept.body).toMatchObject({ country: 'AU' });
    const moved = await t.request('PUT', path, { auth, json: { name: 'Bondi', country: 'NZ' } });
    expect(moved.body).toMatchObject({ country: 'NZ' });
    const bad = await t.request('PUT', path, { auth, json: { name: 'Bondi', country: 'Australia' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('country');
  });

  it('replays an update sent again with the same Idempotency-Key', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const path = `/api/v2/business/${tenant.businessId}`;
    const send = (name: string) =>
      t.request('PUT', path, { auth: tenant.manager.auth, json: { name }, headers: { 'idempotency-key': 'rename-1' } });
    const first = await send('Once');
    const again = await send('Once');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const different = await send('Twice');
    expect(different.status).toBe(422);
  });

  it('rejects a blank name and unknown zones with per-field errors', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ['POST', '/api/v2/business', {}, 'name'],
      ['POST', '/api/v2/business', { name: '   ' }, 'name'],
      ['POST', '/api/v2/business', { name: 'x', ianaTimeZone: 'Mars/Olympus' }, 'ianaTimeZone'],
      ['POST', '/api/v2/business', { name: 'x', smsNotificationsEnabled: 'yes' }, 'smsNotificationsEnabled'],
      ['PUT', tenant.base, { name: '' }, 'name'],
      ['PUT', tenant.base, { name: 'x', ianaTimeZone: 'Nowhere' }, 'ianaTimeZone'],
    ];
    for (const [method, path, json, field] of cases) {
      const res = await t.request(method, path, { auth: tenant.manager.auth, json });
      expect(res.status, `${method} ${JSON.stringify(json)}`).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect((res.body as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toContain(field);
    }
    const unchanged = await t.request('GET', tenant.base, { auth: tenant.manager.auth });
    expect((unchanged.body as BusinessModel).ianaTimeZone).toBe('Europe/London');
  });

  it('answers 401 without credentials', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    for (const [method, path] of [
      ['POST', '/api/v2/business'],
      ['GET', '/api/v2/business'],
      ['GET', tenant.base],
      ['PUT', tenant.base],
    ] as const) {
      const res = await t.request(method, path, method === 'GET' ? {} : { json: { name: 'x' } });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({ code: 'unauthenticated' });
    }
  });

  it("hides another business's record", async () => {
    const mine = await createTenant(t, { employees: 0 });
    const theirs = await createTenant(t, { employees: 0 });
    const theirName = ((await t.request('GET', theirs.base, { auth: theirs.manager.auth })).body as BusinessModel).name;
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.request(method, theirs.base, {
        auth: mine.manager.auth,
        ...(method === 'PUT' ? { json: { name: 'Hijacked' } } : {}),
      });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(theirName);
    }
    const still = await t.request('GET', theirs.base, { auth: theirs.manager.auth });
    expect((still.body as BusinessModel).name).toBe(theirName);
  });

  it('lets restricted users read but not update', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const auth = await restrictedUserOf(tenant);
    expect((await t.request('GET', tenant.base, { auth })).status).toBe(200);
    const list = await t.request('GET', '/api/v2/business', { auth });
    expect((list.body as BusinessModel[]).map((b) => b.id)).toEqual([tenant.businessId]);
    const put = await t.request('PUT', tenant.base, { auth, json: { name: 'Nope' } });
    expect(put.status).toBe(403);
  });

  it('shows a kiosk device only its own business and does not let it create one', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const other = await createTenant(t, { employees: 0 });
    const auth = await deviceOf(tenant);
    const list = await t.request('GET', '/api/v2/business', { auth });
    expect(list.status).toBe(200);
    expect((list.body as BusinessModel[]).map((b) => b.id)).toEqual([tenant.businessId]);
    expect((await t.request('GET', tenant.base, { auth })).status).toBe(200);
    expect((await t.request('GET', other.base, { auth })).status).toBe(404);
    expect((await t.request('PUT', tenant.base, { auth, json: { name: 'x' } })).status).toBe(403);
    const create = await t.request('POST', '/api/v2/business', { auth, json: { name: 'Device Co' } });
    expect(create.status).toBe(403);
  });
});

describe('business OpenAPI', () => {
  it('declares the business operations', async () => {
    const res = await t.request('GET', '/api/v2/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as { paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.paths['/api/v2/business']?.post?.operationId).toBe('business.createBusiness');
    expect(doc.paths['/api/v2/business']?.get?.operationId).toBe('business.listBusinesses');
    expect(doc.paths['/api/v2/business/{businessId}']?.get?.operationId).toBe('business.getBusiness');
    expect(doc.paths['/api/v2/business/{businessId}']?.put?.operationId).toBe('business.updateBusiness');
  });
});
