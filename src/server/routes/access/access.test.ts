import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BusinessAccessModel } from '../../../contract/generated/models';
import { verifySecret, digest } from '../../auth/secrets';
import { businessAccess, invitations, locations, outbox, users } from '../../db/schema';
import { accessModel } from '../../services/access/accessModels';
import { ensureUser, issueApiKey } from '../../services/businesses/provisioning';
import { createTenant, type Tenant } from '../../testing/fixtures';
import { basicAuth, startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

type Problem = { code: string; errors?: Array<{ field: string }> };

const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;
const accessPath = (tenant: Tenant, email?: string) =>
  `${tenant.base}/access${email === undefined ? '' : `?email=${encodeURIComponent(email)}`}`;

async function assign(tenant: Tenant, json: Record<string, unknown>) {
  const res = await t.request('POST', accessPath(tenant), { auth: tenant.manager.auth, json });
  expect(res.status, res.text).toBe(200);
  expect(res.text).toBe('');
}

async function accessOf(tenant: Tenant, email: string, auth = tenant.manager.auth) {
  const res = await t.request('GET', `${tenant.base}/access/user?email=${encodeURIComponent(email)}`, { auth });
  expect(res.status, res.text).toBe(200);
  return BusinessAccessModel.parse(res.body);
}

async function userRow(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function outboxFor(email: string) {
  return t.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id));
}

const tokenIn = (body: string) => /kci_[A-Za-z0-9_-]+/.exec(body)?.[0];

const INVITEE_PASSWORD = 'a long password';

/** Accepts the latest invitation e-mailed to the address, as its owner would. */
async function accept(email: string) {
  const token = tokenIn((await outboxFor(email))[0]?.body ?? '');
  expect(token, `an invitation to ${email}`).toBeDefined();
  const hasPassword = Boolean((await userRow(email))?.passwordHash);
  const res = hasPassword
    ? await t.request('POST', '/api/v2/account/invitations/accept', { json: { token } })
    : await t.request('POST', '/api/v2/account/activate', { json: { token, password: INVITEE_PASSWORD } });
  expect(res.status, res.text).toBe(200);
}

/** Invites someone into the business and has them accept. */
async function addMember(tenant: Tenant, json: Record<string, unknown>) {
  await assign(tenant, json);
  await accept(String(json.email).toLowerCase());
}

async function apiKeyOf(email: string) {
  const user = await userRow(email);
  return basicAuth(await issueApiKey(t.db, user?.id ?? 0, 'tests'));
}

describe('listing and reading access', () => {
  it("lists the business's users and finds one by e-mail in any casing", async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const list = await t.request('GET', accessPath(tenant), { auth: tenant.manager.auth });
    expect(list.status).toBe(200);
    const expected = accessModel(`Manager ${tenant.manager.email.slice(8, 16)}`, tenant.manager.email, 'Unrestricted');
    expect(list.body).toEqual([expected]);
    expect(await accessOf(tenant, tenant.manager.email.toUpperCase())).toEqual(expected);

    const missing = await t.request('GET', `${tenant.base}/access/user?email=nobody@example.test`, { auth: tenant.manager.auth });
    expect(missing.status).toBe(404);
    const noQuery = await t.request('GET', `${tenant.base}/access/user`, { auth: tenant.manager.auth });
    expect(noQuery.status).toBe(400);
    expect((noQuery.body as Problem).errors?.map((e) => e.field)).toContain('query.email');
  });

  it('filters and orders the list with OData', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    await addMember(tenant, { name: 'Zed Restricted', email: uniqueEmail('zed'), accessType: 'Restricted' });
    await addMember(tenant, { name: 'Amy Admin', email: uniqueEmail('amy'), accessType: 'Unrestricted' });
    const names = async (query: string) => {
      const res = await t.request('GET', `${accessPath(tenant)}?${query}`, { auth: tenant.manager.auth });
      expect(res.status, res.text).toBe(200);
      return (res.body as BusinessAccessModel[]).map((a) => a.name);
    };
    expect(await names("$filter=accessType eq 'Restricted'")).toEqual(['Zed Restricted']);
    expect(await names("$filter=accessType eq 'Unrestricted'&$orderby=name&$top=1")).toEqual(['Amy Admin']);
    const bad = await t.request('GET', `${accessPath(tenant)}?$filter=kioskAccess/accessType eq 'None'`, { auth: tenant.manager.auth });
    expect(bad.status).toBe(400);
  });
});

describe('assigning access', () => {
  it('reads permissions (a flags set) in any case, as the vendor\'s .NET binder does, and keeps the canonical names', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const email = uniqueEmail('flags');
    await assign(tenant, {
      name: 'Flo Flags',
      email,
      accessType: 'Restricted',
      kioskAccess: { accessType: 'specifickiosks', kiosks: [tenant.kioskId], permissions: 'addemployeefromkiosk,  APPROVETIMESHEETS' },
      reports: { accessType: 0 },
    });
    await accept(email);
    expect((await accessOf(tenant, email)).kioskAccess).toEqual({ accessType: 'SpecificKiosks', kiosks: [tenant.kioskId], permissions: 'ApproveTimesheets, AddEmployeeFromKiosk' });
    const refused = await t.request('POST', accessPath(tenant), {
      auth: tenant.manager.auth,
      json: { name: 'X', email: uniqueEmail('x'), accessType: 'Restricted', kioskAccess: { accessType: 'AllKiosks', permissions: 'ApproveTimesheets, Everything' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ field: 'kioskAccess.permissions', message: 'must be one or more UserPermission names separated by commas (in any case)' }] });
  });

  it('invites a restricted kiosk manager, whose rights apply once they accept', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const email = uniqueEmail('kim');
    await assign(tenant, {
      name: 'Kim Supervisor',
      email: email.toUpperCase(),
      accessType: 'Restricted',
      kioskAccess: { accessType: 'SpecificKiosks', kiosks: [tenant.kioskId, tenant.kioskId], permissions: 'AddEmployeeFromKiosk' },
      reports: { accessType: 'None' },
    });
    // Invited, not yet a user of the business.
    expect((await t.request('GET', `${tenant.base}/access/user?email=${encodeURIComponent(email)}`, { auth: tenant.manager.auth })).status).toBe(404);
    expect((await t.request('GET', tenant.kiosk, { auth: await apiKeyOf(email) })).status).toBe(404);
    await accept(email);

    const model = await accessOf(tenant, email);
    expect(model).toEqual({
      accessType: 'Restricted',
      employeeGroups: [],
      locationAccess: [],
      reports: { accessType: 'None', specificReports: null, noReportingRestriction: false },
      kioskAccess: { accessType: 'SpecificKiosks', kiosks: [tenant.kioskId], permissions: 'AddEmployeeFromKiosk' },
      payrollAccess: null,
      name: 'Kim Supervisor',
      email,
    });
    const user = await userRow(email);
    const [row] = await t.db
      .select()
      .from(businessAccess)
      .where(and(eq(businessAccess.businessId, tenant.businessId), eq(businessAccess.userId, user?.id ?? 0)));
    expect(row?.accessType).toBe('Restricted');

    const auth = basicAuth(await issueApiKey(t.db, user?.id ?? 0, 'tests'));
    expect((await t.request('GET', tenant.kiosk, { auth })).status).toBe(200);
    expect((await t.request('GET', accessPath(tenant), { auth })).status).toBe(403);
  });

  it('replaces existing access, or widens it with mergeExistingAccess', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const second = await t.request('POST', `${tenant.base}/kiosk`, { auth: tenant.manager.auth, json: { name: 'Back door' } });
    const secondKiosk = (second.body as { id: number }).id;
    const [site] = await t.db.insert(locations).values({ businessId: tenant.businessId, name: 'Depot' }).returning();
    const email = uniqueEmail('sam');
    const base = { name: 'Sam', email, accessType: 'Restricted', suppressNotificationEmails: true };
    await addMember(tenant, {
      ...base,
      suppressNotificationEmails: false,
      kioskAccess: { accessType: 'SpecificKiosks', kiosks: [tenant.kioskId], permissions: 'ApproveTimesheets' },
      locationAccess: [{ filterType: 'Location', locationIds: [site?.id], permissions: 'ViewRosters' }],
    });
    await assign(tenant, {
      ...base,
      mergeExistingAccess: true,
      kioskAccess: { accessType: 'SpecificKiosks', kiosks: [secondKiosk], permissions: 'AddEmployeeFromKiosk' },
      reports: { accessType: 'AllReports', noReportingRestriction: true },
    });
    const merged = await accessOf(tenant, email);
    expect(merged.accessType).toBe('Restricted');
    expect(merged.kioskAccess).toEqual({
      accessType: 'SpecificKiosks',
      kiosks: [tenant.kioskId, secondKiosk],
      permissions: 'ApproveTimesheets, AddEmployeeFromKiosk',
    });
    expect(merged.locationAccess).toEqual([{ filterType: 'Location', locationIds: [site?.id], permissions: 'ViewRosters' }]);
    expect(merged.reports).toEqual({ accessType: 'AllReports', specificReports: null, noReportingRestriction: true });

    await assign(tenant, { ...base, kioskAccess: { accessType: 'None' } });
    const replaced = await accessOf(tenant, email);
    expect(replaced.kioskAccess?.accessType).toBe('None');
    expect(replaced.locationAccess).toEqual([]);
    expect(replaced.reports).toBeNull();

    await assign(tenant, { ...base, mergeExistingAccess: true, accessType: 'Unrestricted' });
    expect((await accessOf(tenant, email)).accessType).toBe('Unrestricted');
    // Merging never narrows: restricted access merged into unrestricted stays unrestricted.
    await assign(tenant, { ...base, mergeExistingAccess: true });
    expect((await accessOf(tenant, email)).accessType).toBe('Unrestricted');
  });

  it('rejects bad access with per-field errors and changes nothing', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const other = await createTenant(t, { employees: 0 });
    const [foreignSite] = await t.db.insert(locations).values({ businessId: other.businessId, name: 'Theirs' }).returning();
    const email = uniqueEmail('bad');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'No mail' }, 'email'],
      [{ name: 'Bad mail', email: 'not-an-address' }, 'email'],
      [{ email }, 'name'],
      [{ name: 'X', email, accessType: 'Boss' }, 'accessType'],
      [{ name: 'X', email, kioskAccess: { accessType: 'SpecificKiosks', kiosks: [other.kioskId] } }, 'kioskAccess.kiosks'],
      [{ name: 'X', email, kioskAccess: { accessType: 'AllKiosks', permissions: 'Fly' } }, 'kioskAccess.permissions'],
      [{ name: 'X', email, locationAccess: [{ locationIds: [foreignSite?.id] }] }, 'locationAccess.0.locationIds'],
      [{ name: 'X', email, employeeGroups: [{ employeeGroupId: 987654 }] }, 'employeeGroups.0.employeeGroupId'],
    ];
    for (const [json, field] of cases) {
      const res = await t.request('POST', accessPath(tenant), { auth: tenant.manager.auth, json: { suppressNotificationEmails: true, ...json } });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect((res.body as Problem).errors?.map((e) => e.field)).toContain(field);
    }
    const list = await t.request('GET', accessPath(tenant), { auth: tenant.manager.auth });
    expect(list.body).toHaveLength(1);
    expect(await userRow(email)).toBeUndefined();
  });
});

describe('the last unrestricted user', () => {
  it('cannot be removed or downgraded, until another unrestricted user exists', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const manager = tenant.manager.email;
    const remove = await t.request('DELETE', accessPath(tenant, manager), { auth: tenant.manager.auth });
    expect(remove.status).toBe(409);
    expect((remove.body as Problem).code).toBe('conflict');
    const downgrade = await t.request('POST', accessPath(tenant), {
      auth: tenant.manager.auth,
      json: { name: 'Me', email: manager, accessType: 'Restricted' },
    });
    expect(downgrade.status).toBe(409);
    expect((await accessOf(tenant, manager)).accessType).toBe('Unrestricted');

    // A restricted user does not count.
    const helper = uniqueEmail('helper');
    await addMember(tenant, { name: 'Helper', email: helper, accessType: 'Restricted' });
    expect((await t.request('DELETE', accessPath(tenant, manager), { auth: tenant.manager.auth })).status).toBe(409);

    const deputy = uniqueEmail('deputy');
    await addMember(tenant, { name: 'Deputy', email: deputy, accessType: 'Unrestricted' });
    await assign(tenant, { name: 'Me', email: manager, accessType: 'Restricted' });
    // The manager is restricted now, so the deputy (the last unrestricted user) must act.
    const deputyUser = await userRow(deputy);
    const deputyAuth = basicAuth(await issueApiKey(t.db, deputyUser?.id ?? 0, 'tests'));
    expect((await accessOf(tenant, manager, deputyAuth)).accessType).toBe('Restricted');
    expect((await t.request('DELETE', accessPath(tenant, deputy), { auth: deputyAuth })).status).toBe(409);
    const removed = await t.request('DELETE', accessPath(tenant, helper), { auth: deputyAuth });
    expect(removed.status).toBe(200);
    expect(removed.text).toBe('');
    expect((await t.request('GET', `${tenant.base}/access/user?email=${helper}`, { auth: deputyAuth })).status).toBe(404);
    expect((await t.request('DELETE', accessPath(tenant, helper), { auth: deputyAuth })).status).toBe(404);
  });
});

describe('changing a user', () => {
  it("renames at once and re-addresses once the new address confirms, keeping the stored model in step", async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const email = uniqueEmail('old');
    const renamed = uniqueEmail('new');
    await addMember(tenant, { name: 'Old Name', email, accessType: 'Restricted' });
    const res = await t.request('PUT', accessPath(tenant, email), {
      auth: tenant.manager.auth,
      json: { name: ' New Name ', email: renamed.toUpperCase() },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.text).toBe('');
    // Renamed now; still signing in with the old address until the new one confirms.
    expect(await accessOf(tenant, email)).toMatchObject({ name: 'New Name', email });
    const token = /kce_[A-Za-z0-9_-]+/.exec((await outboxFor(renamed))[0]?.body ?? '')?.[0];
    const confirmed = await t.request('POST', '/api/v2/account/email/confirm', { json: { token } });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect((await t.request('POST', '/api/v2/account/email/confirm', { json: { token } })).status).toBe(400);
    expect(await accessOf(tenant, renamed)).toMatchObject({ name: 'New Name', email: renamed, accessType: 'Restricted' });
    expect((await t.request('GET', `${tenant.base}/access/user?email=${email}`, { auth: tenant.manager.auth })).status).toBe(404);
    expect(await userRow(renamed)).toMatchObject({ name: 'New Name' });

    const nameOnly = await t.request('PUT', accessPath(tenant, renamed), { auth: tenant.manager.auth, json: { name: 'Final' } });
    expect(nameOnly.status).toBe(200);
    expect(await accessOf(tenant, renamed)).toMatchObject({ name: 'Final', email: renamed });
  });

  it('refuses blank names, bad or taken addresses, unknown users and users of unmanaged businesses', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const other = await createTenant(t, { employees: 0 });
    const email = uniqueEmail('pat');
    await addMember(tenant, { name: 'Pat', email, accessType: 'Restricted' });
    const put = (target: string, json: Record<string, unknown>) =>
      t.request('PUT', accessPath(tenant, target), { auth: tenant.manager.auth, json });

    const blank = await put(email, { name: '  ' });
    expect(blank.status).toBe(400);
    expect((blank.body as Problem).errors?.map((e) => e.field)).toEqual(['name']);
    const badMail = await put(email, { email: 'nope' });
    expect((badMail.body as Problem).errors?.map((e) => e.field)).toEqual(['email']);
    // Taken by another user of this business (whom the manager can see anyway): 409.
    const taken = await put(email, { email: tenant.manager.email });
    expect(taken.status).toBe(409);
    expect((await put('ghost@example.test', { name: 'Ghost' })).status).toBe(404);
    expect((await put(other.manager.email, { name: 'Stolen' })).status).toBe(404);
    const noQuery = await t.request('PUT', accessPath(tenant), { auth: tenant.manager.auth, json: { name: 'x' } });
    expect(noQuery.status).toBe(400);

    // Pat also works for the other business, whose admin is not this manager.
    await addMember(other, { name: 'Pat', email, accessType: 'Restricted' });
    const shared = await put(email, { email: uniqueEmail('hijack') });
    expect(shared.status).toBe(403);
    expect(await accessOf(other, email)).toMatchObject({ name: 'Pat', email });
  });
});

describe('re-addressing answers alike whether or not the address is taken elsewhere', () => {
  it('asks the new address to confirm in both cases, and the taken one cannot', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const elsewhere = await createTenant(t, { employees: 0 });
    const answers = [];
    for (const target of [uniqueEmail('free'), elsewhere.manager.email]) {
      const member = uniqueEmail('member');
      await addMember(tenant, { name: 'Member', email: member, accessType: 'Restricted' });
      const res = await t.request('PUT', accessPath(tenant, member), { auth: tenant.manager.auth, json: { email: target } });
      answers.push([res.status, res.text, (await accessOf(tenant, member)).email === member]);
    }
    expect(answers).toEqual([
      [200, '', true],
      [200, '', true],
    ]);
    // Only the holder of the taken address sees the conflict, on confirming.
    const token = /kce_[A-Za-z0-9_-]+/.exec((await outboxFor(elsewhere.manager.email))[0]?.body ?? '')?.[0];
    const confirm = await t.request('POST', '/api/v2/account/email/confirm', { json: { token } });
    expect(confirm.status).toBe(409);
    expect((await userRow(elsewhere.manager.email))?.id).toBe(elsewhere.manager.userId);
  });
});

describe('invitations', () => {
  it('invites a new user, who activates the account once with the e-mailed token', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const now = new Date('2030-03-01T10:00:00.000Z');
    t.clock.set(now);
    const email = uniqueEmail('invitee');
    await assign(tenant, { name: 'Ivy Invitee', email, accessType: 'Restricted' });

    const messages = await outboxFor(email);
    expect(messages).toHaveLength(1);
    const message = messages[0];
    expect(message).toMatchObject({ businessId: tenant.businessId, channel: 'email', sentAt: null });
    expect(message?.subject).toContain('Business ');
    expect(message?.body).toContain('/api/v2/account/activate');
    const token = tokenIn(message?.body ?? '');
    expect(token).toBeDefined();

    const user = await userRow(email);
    expect(user?.passwordHash).toBeNull();
    const stored = await t.db.select().from(invitations).where(eq(invitations.userId, user?.id ?? 0));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(digest(token ?? ''));
    expect(stored[0]?.expiresAt.toISOString()).toBe('2030-03-08T10:00:00.000Z');

    const activate = (json: Record<string, unknown>) => t.request('POST', '/api/v2/account/activate', { json });
    const short = await activate({ token, password: 'short' });
    expect(short.status).toBe(400);
    expect((short.body as Problem).errors?.map((e) => e.field)).toEqual(['password']);
    const wrong = await activate({ token: `${token}x`, password: 'a long password' });
    expect(wrong.status).toBe(400);
    expect((wrong.body as Problem).code).toBe('invalid-grant');

    expect((await t.request('GET', `${tenant.base}/access/user?email=${email}`, { auth: tenant.manager.auth })).status).toBe(404);
    const ok = await activate({ token, password: 'a long password' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.text).toBe('');
    const activated = await userRow(email);
    expect(activated?.passwordHash).toBeTruthy();
    expect(await verifySecret('a long password', activated?.passwordHash ?? '')).toBe(true);
    // Activating accepted the invitation: the access starts now.
    expect((await accessOf(tenant, email)).accessType).toBe('Restricted');

    const again = await activate({ token, password: 'another password' });
    expect(again.status).toBe(400);
    expect((again.body as Problem).code).toBe('invalid-grant');
    expect(await verifySecret('a long password', (await userRow(email))?.passwordHash ?? '')).toBe(true);
  });

  it('invites once when the request is retried with the same Idempotency-Key', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const email = uniqueEmail('retry');
    const send = () =>
      t.request('POST', accessPath(tenant), {
        auth: tenant.manager.auth,
        json: { name: 'Retry Rita', email, accessType: 'Restricted' },
        headers: { 'idempotency-key': `invite-${email}` },
      });
    expect((await send()).status).toBe(200);
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it('refuses an expired token', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    t.clock.set(new Date('2030-06-01T00:00:00.000Z'));
    const email = uniqueEmail('late');
    await assign(tenant, { name: 'Late Larry', email, accessType: 'Restricted' });
    const token = tokenIn((await outboxFor(email))[0]?.body ?? '');
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const res = await t.request('POST', '/api/v2/account/activate', { json: { token, password: 'a long password' } });
    expect(res.status).toBe(400);
    expect((res.body as Problem).code).toBe('invalid-grant');
    expect((await userRow(email))?.passwordHash).toBeNull();
  });

  it('invites an existing user rather than adding them: no access and no business in their list until they accept', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const existing = uniqueEmail('existing');
    const user = await ensureUser(t.db, { email: existing, name: 'Existing', password: 'already set 123' });
    const auth = await apiKeyOf(existing);
    const businessIds = async () => ((await t.request('GET', '/api/v2/business', { auth })).body as Array<{ id: number }>).map((b) => b.id);

    await assign(tenant, { name: 'Whoever', email: existing });
    expect(await businessIds()).toEqual([]);
    expect((await t.request('GET', tenant.base, { auth })).status).toBe(404);
    expect((await t.request('GET', `${tenant.base}/access/user?email=${existing}`, { auth: tenant.manager.auth })).status).toBe(404);
    const [message] = await outboxFor(existing);
    expect(message?.body).toContain('/api/v2/account/invitations/accept');
    expect(message?.body).not.toContain('/api/v2/account/activate');

    // The token cannot set a password on an account that has one.
    const token = tokenIn(message?.body ?? '');
    const activate = await t.request('POST', '/api/v2/account/activate', { json: { token, password: 'taken over 123' } });
    expect(activate.status).toBe(400);
    expect(await verifySecret('already set 123', (await userRow(existing))?.passwordHash ?? '')).toBe(true);

    const accepted = await t.request('POST', '/api/v2/account/invitations/accept', { json: { token } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(await businessIds()).toEqual([tenant.businessId]);
    // Their own name, not the one the inviter typed.
    expect(await accessOf(tenant, existing)).toMatchObject({ accessType: 'Unrestricted', name: 'Existing', email: existing });
    const again = await t.request('POST', '/api/v2/account/invitations/accept', { json: { token } });
    expect(again.status).toBe(400);
    expect((again.body as Problem).code).toBe('invalid-grant');
    expect(await t.db.select().from(invitations).where(eq(invitations.userId, user.id))).toHaveLength(1);
  });

  it('answers a grant alike for unknown addresses, users of other businesses and users without a password', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const other = await createTenant(t, { employees: 0 });
    const passwordless = await ensureUser(t.db, { email: uniqueEmail('pending'), name: 'Pending' });
    const answers = [];
    for (const email of [uniqueEmail('unknown'), other.manager.email, passwordless.email]) {
      const grant = { name: 'Somebody', email, accessType: 'Restricted' };
      const posted = await t.request('POST', accessPath(tenant), { auth: tenant.manager.auth, json: grant });
      const withoutName = await t.request('POST', accessPath(tenant), { auth: tenant.manager.auth, json: { email } });
      const read = await t.request('GET', `${tenant.base}/access/user?email=${encodeURIComponent(email)}`, { auth: tenant.manager.auth });
      const list = await t.request('GET', accessPath(tenant), { auth: tenant.manager.auth });
      // The address itself is echoed in the 404's detail: compare the rest.
      answers.push([posted.status, posted.text, withoutName.status, (withoutName.body as Problem).errors, read.status, read.text.replace(email, '<address>'), list.text]);
    }
    expect(answers[0]?.[0]).toBe(200);
    expect(answers[0]?.[2]).toBe(400);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('sends no e-mail when suppressed, and an invitation can be withdrawn', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const quiet = uniqueEmail('quiet');
    await assign(tenant, { name: 'Quiet', email: quiet, suppressNotificationEmails: true });
    expect(await outboxFor(quiet)).toEqual([]);

    const invited = uniqueEmail('withdrawn');
    await assign(tenant, { name: 'Withdrawn', email: invited, accessType: 'Restricted' });
    const token = tokenIn((await outboxFor(invited))[0]?.body ?? '');
    const removed = await t.request('DELETE', accessPath(tenant, invited), { auth: tenant.manager.auth });
    expect(removed.status, removed.text).toBe(200);
    const late = await t.request('POST', '/api/v2/account/activate', { json: { token, password: INVITEE_PASSWORD } });
    expect(late.status).toBe(400);
    expect((await t.request('DELETE', accessPath(tenant, invited), { auth: tenant.manager.auth })).status).toBe(404);
    expect((await t.request('DELETE', accessPath(tenant, uniqueEmail('never')), { auth: tenant.manager.auth })).status).toBe(404);
  });
});

describe('access tenancy', () => {
  it("hides another business's users on every route and changes nothing there", async () => {
    const mine = await createTenant(t, { employees: 0 });
    const theirs = await createTenant(t, { employees: 0 });
    const victim = theirs.manager.email;
    const calls: Array<[string, string, Record<string, unknown> | undefined]> = [
      ['GET', accessPath(theirs), undefined],
      ['GET', `${theirs.base}/access/user?email=${victim}`, undefined],
      ['POST', accessPath(theirs), { name: 'Mole', email: mine.manager.email, accessType: 'Unrestricted' }],
      ['PUT', accessPath(theirs, victim), { name: 'Hacked' }],
      ['DELETE', accessPath(theirs, victim), undefined],
    ];
    for (const [method, path, json] of calls) {
      const res = await t.request(method, path, { auth: mine.manager.auth, ...(json ? { json } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.text).not.toContain(victim);
    }
    const list = await t.request('GET', accessPath(theirs), { auth: theirs.manager.auth });
    expect((list.body as BusinessAccessModel[]).map((a) => a.email)).toEqual([victim]);
    const [row] = await t.db
      .select()
      .from(businessAccess)
      .where(and(eq(businessAccess.businessId, theirs.businessId), eq(businessAccess.userId, theirs.manager.userId)));
    expect((row?.model as BusinessAccessModel).name).not.toBe('Hacked');
  });

  it('answers 401 without credentials', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    for (const [method, path] of [
      ['GET', accessPath(tenant)],
      ['POST', accessPath(tenant)],
      ['PUT', accessPath(tenant, tenant.manager.email)],
      ['DELETE', accessPath(tenant, tenant.manager.email)],
      ['GET', `${tenant.base}/access/user?email=${tenant.manager.email}`],
    ] as const) {
      const res = await t.request(method, path, method === 'POST' || method === 'PUT' ? { json: { name: 'x', email: 'x@example.test' } } : {});
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('access OpenAPI', () => {
  it("declares the contract's business-access operations", async () => {
    const res = await t.request('GET', '/api/v2/openapi.json');
    const doc = res.body as { paths: Record<string, Record<string, { operationId: string }>> };
    const access = doc.paths['/api/v2/business/{businessId}/access'];
    expect([access?.get, access?.post, access?.put, access?.delete].map((o) => o?.operationId)).toEqual([
      'businessAccess.listAllBusinessAccessUsers',
      'businessAccess.assignBusinessAccess',
      'businessAccess.updateDetailsOfAnAssociatedUser',
      'businessAccess.revokeBusinessAccess',
    ]);
    expect(doc.paths['/api/v2/business/{businessId}/access/user']?.get?.operationId).toBe('businessAccess.getUserBusinessAccess');
    expect(doc.paths['/api/v2/account/activate']?.post?.operationId).toBe('account.activate');
    expect(doc.paths['/api/v2/account/invitations/accept']?.post?.operationId).toBe('account.acceptInvitation');
    expect(doc.paths['/api/v2/account/email/confirm']?.post?.operationId).toBe('account.confirmEmailChange');
  });
});
