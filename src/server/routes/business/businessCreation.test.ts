/**
 * Who may create a business: operators (ADMIN_EMAIL, BUSINESS_CREATORS) and users with
 * unrestricted access to a business. Not any signed-in user, not restricted users, not devices.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessModel } from '../../../contract/routes/business';
import { ensureUser, issueApiKey } from '../../services/businesses/provisioning';
import { createTenant, restrictedUserAuth } from '../../testing/fixtures';
import { basicAuth, startTestService, type TestService } from '../../testing/testService';

const ADMIN = 'operator@example.test';
const CREATOR = 'Founder@Example.test';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: 'operator password', BUSINESS_CREATORS: ` ${CREATOR} , someone@example.test` });
});
afterAll(() => t.close());

async function userAuth(email = `user-${randomUUID().slice(0, 8)}@example.test`) {
  const user = await ensureUser(t.db, { email, name: 'User' });
  return basicAuth(await issueApiKey(t.db, user.id, 'tests'));
}

const create = (auth: string, name = 'New Co') => t.request('POST', '/api/v2/business', { auth, json: { name } });

describe('who may create a business', () => {
  it('refuses a signed-in user who is neither an operator nor administers a business, and creates nothing', async () => {
    const auth = await userAuth();
    const res = await create(auth);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.body).toMatchObject({ code: 'business-creation-forbidden', status: 403 });
    expect((await t.request('GET', '/api/v2/business', { auth })).body).toEqual([]);
  });

  it('refuses users with only restricted access', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const res = await create(await restrictedUserAuth(t, tenant));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'business-creation-forbidden' });
  });

  it('lets ADMIN_EMAIL and the addresses in BUSINESS_CREATORS (any casing) create one', async () => {
    for (const email of [ADMIN, CREATOR.toLowerCase()]) {
      const auth = await userAuth(email);
      const res = await create(auth, `Business of ${email}`);
      expect(res.status, `${email}: ${res.text}`).toBe(200);
      const business = BusinessModel.parse(res.body);
      expect((await t.request('PUT', `/api/v2/business/${business.id}`, { auth, json: { name: 'Renamed' } })).status).toBe(200);
    }
  });

  it('lets an administrator of a business create another', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const res = await create(tenant.manager.auth, 'Second branch');
    expect(res.status, res.text).toBe(200);
    const ids = ((await t.request('GET', '/api/v2/business', { auth: tenant.manager.auth })).body as BusinessModel[]).map((b) => b.id);
    expect(ids).toEqual([tenant.businessId, BusinessModel.parse(res.body).id]);
  });

  it('opens to every signed-in user with BUSINESS_CREATORS=*', async () => {
    const open = await startTestService({ BUSINESS_CREATORS: '*' });
    try {
      const user = await ensureUser(open.db, { email: `anyone-${randomUUID().slice(0, 8)}@example.test`, name: 'Anyone' });
      const auth = basicAuth(await issueApiKey(open.db, user.id, 'tests'));
      expect((await open.request('POST', '/api/v2/business', { auth, json: { name: 'Open Co' } })).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
