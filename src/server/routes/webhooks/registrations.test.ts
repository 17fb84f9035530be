import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebHook } from '../../../contract/generated/models';
import { webhookDeliveries, webhookEvents, webhookRegistrations, businessAccess } from '../../db/schema';
import { accessModel, NO_KIOSK_ACCESS } from '../../services/access/accessModels';
import { ensureUser, issueApiKey } from '../../services/businesses/provisioning';
import { openWebhookSecret } from '../../services/webhooks/webhookSecrets';
import { createTenant, enrolDeviceAuth, restrictedUserAuth, type Tenant } from '../../testing/fixtures';
import { basicAuth, startTestService, type ApiResult, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const hooks = (tenant: Tenant) => `${tenant.base}/webhookregistrations`;

function fieldsOf(res: ApiResult): string[] {
  return ((res.body as { errors?: Array<{ field: string }> }).errors ?? []).map((e) => e.field);
}

async function register(tenant: Tenant, json: Record<string, unknown>, auth = tenant.manager.auth): Promise<WebHook> {
  const res = await t.request('POST', hooks(tenant), { auth, json });
  expect(res.status, res.text).toBe(200);
  return WebHook.parse(res.body);
}

/** Another user with unrestricted access to the tenant's business. */
async function secondAdmin(tenant: Tenant): Promise<string> {
  const email = `admin-${randomUUID().slice(0, 8)}@example.test`;
  const user = await ensureUser(t.db, { email, name: 'Second admin' });
  await t.db.insert(businessAccess).values({
    businessId: tenant.businessId,
    userId: user.id,
    accessType: 'Unrestricted',
    model: accessModel(user.name, email, 'Unrestricted', NO_KIOSK_ACCESS),
  });
  return basicAuth(await issueApiKey(t.db, user.id, 'tests'));
}

async function storedRow(tenant: Tenant, id: string) {
  const [row] = await t.db
    .select()
    .from(webhookRegistrations)
    .where(and(eq(webhookRegistrations.businessId, tenant.businessId), eq(webhookRegistrations.id, id)));
  return row;
}

describe('web hook registrations', () => {
  it('round-trips a registration keeping the id, header names and property keys exactly, and never returns the secret', async () => {
    const tenant = await createTenant(t);
    const json = {
      Id: 'MyHook-A.1',
      WebHookUri: 'https://hooks.example.com/Kiosk?Token=AbC',
      Secret: 'receiver-secret-0123456789',
      Description: 'Payroll sync',
      IsPaused: true,
      Filters: ['clockon', 'CLOCKOFF', 'TimesheetCreated'],
      Headers: { 'X-Api-Key': 'k1', authorization: 'Bearer a.b.c', 'X-WebHookUri': 'kept' },
      Properties: { TenantId: 42, 'Some Key': { Nested: ['Value', { DeepKey: true }] }, webHookUri: 'not a field', id: 'x' },
    };
    const created = await register(tenant, json);
    const expected = {
      id: 'MyHook-A.1',
      webHookUri: 'https://hooks.example.com/Kiosk?Token=AbC',
      secret: null,
      description: 'Payroll sync',
      isPaused: true,
      filters: ['ClockOn', 'ClockOff', 'TimesheetCreated'],
      headers: json.Headers,
      properties: json.Properties,
    };
    expect(created).toEqual(expected);

    const read = await t.request('GET', `${hooks(tenant)}/MyHook-A.1`, { auth: tenant.manager.auth });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual(expected);
    // The path's id keeps its case: another spelling is another (unknown) id.
    expect((await t.request('GET', `${hooks(tenant)}/myhook-a.1`, { auth: tenant.manager.auth })).status).toBe(404);
    // The route's literal segments still ignore case.
    expect((await t.request('GET', `/API/V2/Business/${tenant.businessId}/WebHookRegistrations/MyHook-A.1`, { auth: tenant.manager.auth })).status).toBe(200);

    const list = await t.request('GET', hooks(tenant), { auth: tenant.manager.auth });
    expect(list.body).toEqual([expected]);
    expect(list.text).not.toContain('receiver-secret');

    // Sealed at rest, opened only by the service.
    const row = await storedRow(tenant, 'MyHook-A.1');
    expect(row?.secretSealed).not.toContain('receiver-secret');
    expect(await openWebhookSecret(t.db, row!.secretSealed)).toBe('receiver-secret-0123456789');
    expect(t.logs.join('\n')).not.toContain('receiver-secret');

    // A PUT without a secret keeps it; other fields are replaced.
    const put = await t.request('PUT', `${hooks(tenant)}/MyHook-A.1`, {
      auth: tenant.manager.auth,
      json: { webHookUri: 'https://hooks.example.com/v2', isPaused: false, filters: ['*'], headers: { 'X-Other': 'Y' } },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.text).toBe('');
    const after = await t.request('GET', `${hooks(tenant)}/MyHook-A.1`, { auth: tenant.manager.auth });
    expect(after.body).toEqual({ ...expected, webHookUri: 'https://hooks.example.com/v2', isPaused: false, description: null, filters: ['*'], headers: { 'X-Other': 'Y' }, properties: {} });
    expect(await openWebhookSecret(t.db, (await storedRow(tenant, 'MyHook-A.1'))!.secretSealed)).toBe('receiver-secret-0123456789');

    // A PUT with a secret (the same id in the body) replaces it.
    const rekey = await t.request('PUT', `${hooks(tenant)}/MyHook-A.1`, {
      auth: tenant.manager.auth,
      json: { id: 'MyHook-A.1', webHookUri: 'https://hooks.example.com/v2', secret: 'new-secret' },
    });
    expect(rekey.status, rekey.text).toBe(200);
    expect(await openWebhookSecret(t.db, (await storedRow(tenant, 'MyHook-A.1'))!.secretSealed)).toBe('new-secret');

    // Delete one, then it is gone.
    expect((await t.request('DELETE', `${hooks(tenant)}/MyHook-A.1`, { auth: tenant.manager.auth })).status).toBe(200);
    expect((await t.request('GET', `${hooks(tenant)}/MyHook-A.1`, { auth: tenant.manager.auth })).status).toBe(404);
    expect((await t.request('DELETE', `${hooks(tenant)}/MyHook-A.1`, { auth: tenant.manager.auth })).status).toBe(404);
  });

  it('assigns a 32-hex id when none is given, refuses a duplicate id with 409 and a mismatched PUT id with 400', async () => {
    const tenant = await createTenant(t);
    const first = await register(tenant, { webHookUri: 'https://a.example.com/' });
    expect(first.id).toMatch(/^[0-9a-f]{32}$/);
    expect(first.filters).toEqual(['*']);
    const second = await register(tenant, { id: '', webHookUri: 'https://a.example.com/' });
    expect(second.id).toMatch(/^[0-9a-f]{32}$/);
    expect(second.id).not.toBe(first.id);
    // Absent secret: an empty one.
    expect(await openWebhookSecret(t.db, (await storedRow(tenant, first.id!))!.secretSealed)).toBe('');

    // A retried registration with its Idempotency-Key answers the first response and stores one row.
    const retry = { auth: tenant.manager.auth, headers: { 'idempotency-key': 'retry-1' }, json: { webHookUri: 'https://c.example.com/' } };
    const once = await t.request('POST', hooks(tenant), retry);
    const again = await t.request('POST', hooks(tenant), retry);
    expect(once.status, once.text).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(once.body);
    expect((await t.request('GET', hooks(tenant), { auth: tenant.manager.auth })).body).toHaveLength(3);

    const dup = await t.request('POST', hooks(tenant), { auth: tenant.manager.auth, json: { id: first.id, webHookUri: 'https://b.example.com/' } });
    expect(dup.status, dup.text).toBe(409);
    // Ids differing only in case are different ids.
    await register(tenant, { id: 'Case', webHookUri: 'https://a.example.com/' });
    await register(tenant, { id: 'CASE', webHookUri: 'https://a.example.com/' });

    const mismatch = await t.request('PUT', `${hooks(tenant)}/Case`, { auth: tenant.manager.auth, json: { id: 'CASE', webHookUri: 'https://a.example.com/' } });
    expect(mismatch.status).toBe(400);
    expect(fieldsOf(mismatch)).toEqual(['id']);
    const missing = await t.request('PUT', `${hooks(tenant)}/nope`, { auth: tenant.manager.auth, json: { webHookUri: 'https://a.example.com/' } });
    expect(missing.status).toBe(404);

    for (const id of ['a/b', 'a b', 'é', 'x'.repeat(65), '..']) {
      const bad = await t.request('POST', hooks(tenant), { auth: tenant.manager.auth, json: { id, webHookUri: 'https://a.example.com/' } });
      expect(bad.status, `${id}: ${bad.text}`).toBe(400);
      expect(fieldsOf(bad), id).toEqual(['id']);
    }
    expect((await t.request('GET', `${hooks(tenant)}/a%20b`, { auth: tenant.manager.auth })).status).toBe(400);
  });

  it("keeps each user's registrations to themselves and refuses restricted users, devices and other businesses", async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const colleague = await secondAdmin(tenant);
    await register(tenant, { id: 'shared-name', webHookUri: 'https://mine.example.com/' });
    // The same id is free for another user.
    await register(tenant, { id: 'shared-name', webHookUri: 'https://theirs.example.com/' }, colleague);
    await register(tenant, { id: 'only-mine', webHookUri: 'https://mine.example.com/' });

    const theirs = await t.request('GET', hooks(tenant), { auth: colleague });
    expect((theirs.body as WebHook[]).map((h) => [h.id, h.webHookUri])).toEqual([['shared-name', 'https://theirs.example.com/']]);
    expect((await t.request('GET', `${hooks(tenant)}/only-mine`, { auth: colleague })).status).toBe(404);
    expect((await t.request('PUT', `${hooks(tenant)}/only-mine`, { auth: colleague, json: { webHookUri: 'https://x.example.com/' } })).status).toBe(404);
    expect((await t.request('DELETE', `${hooks(tenant)}/only-mine`, { auth: colleague })).status).toBe(404);
    expect((await t.request('GET', `${hooks(tenant)}/only-mine/test`, { auth: colleague })).status).toBe(404);

    // Delete all removes only the caller's.
    expect((await t.request('DELETE', hooks(tenant), { auth: colleague })).status).toBe(200);
    expect(await t.request('GET', hooks(tenant), { auth: colleague })).toMatchObject({ status: 200, body: [] });
    expect(((await t.request('GET', hooks(tenant), { auth: tenant.manager.auth })).body as WebHook[]).map((h) => h.id)).toEqual(['shared-name', 'only-mine']);

    // Another business's manager: 404 for the business; a restricted user and a device: 403.
    expect((await t.request('GET', hooks(tenant), { auth: other.manager.auth })).status).toBe(404);
    expect((await t.request('GET', `${hooks(tenant)}/only-mine`, { auth: other.manager.auth })).status).toBe(404);
    const restricted = await restrictedUserAuth(t, tenant, [tenant.kioskId]);
    expect((await t.request('GET', hooks(tenant), { auth: restricted })).status).toBe(403);
    expect((await t.request('POST', hooks(tenant), { auth: restricted, json: { webHookUri: 'https://x.example.com/' } })).status).toBe(403);
    expect((await t.request('GET', hooks(tenant), { auth: await enrolDeviceAuth(t, tenant) })).status).toBe(403);
    expect((await t.request('DELETE', hooks(tenant), { auth: other.manager.auth })).status).toBe(404);
    expect(((await t.request('GET', hooks(tenant), { auth: tenant.manager.auth })).body as WebHook[]).length).toBe(2);
  });

  it('refuses unknown filters listing the known ones, and stores filter names in their canonical spelling', async () => {
    const tenant = await createTenant(t);
    const bad = await t.request('POST', hooks(tenant), { auth: tenant.manager.auth, json: { webHookUri: 'https://a.example.com/', filters: ['ClockOn', 'EmployeeCreated'] } });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['filters']);
    expect(bad.text).toContain('EmployeeCreated');
    expect(bad.text).toContain('TimesheetApproved');
    const stored = await register(tenant, { webHookUri: 'https://a.example.com/', filters: ['timesheetdeleted', ' startBreak ', 'STARTBREAK'] });
    expect(stored.filters).toEqual(['StartBreak', 'TimesheetDeleted']);
    expect((await register(tenant, { webHookUri: 'https://a.example.com/', filters: ['ClockOn', '*'] })).filters).toEqual(['*']);
  });

  it('refuses reserved or invalid header names and oversized input', async () => {
    const tenant = await createTenant(t);
    const post = (json: Record<string, unknown>) => t.request('POST', hooks(tenant), { auth: tenant.manager.auth, json: { webHookUri: 'https://a.example.com/', ...json } });
    for (const headers of [{ 'Content-Type': 'text/plain' }, { 'ms-signature': 'sha256=00' }, { Host: 'internal' }, { 'Bad Name': 'x' }, { 'X-A': 'a\r\nInjected: 1' }]) {
      const res = await post({ headers });
      expect(res.status, JSON.stringify(headers)).toBe(400);
      expect(fieldsOf(res)).toEqual(['headers']);
    }
    const manyHeaders = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-H${i}`, 'v']));
    expect((await post({ headers: manyHeaders })).status).toBe(400);
    expect((await post({ properties: { big: 'x'.repeat(20_000) } })).status).toBe(400);
    expect((await post({ secret: 's'.repeat(257) })).status).toBe(400);
    expect((await post({ secret: 's'.repeat(256) })).status).toBe(200);
    expect((await post({ webHookUri: null })).status).toBe(400);
  });

  it('queues one test delivery to the registration, for the filter asked (any case) or its first filter', async () => {
    const tenant = await createTenant(t);
    const hook = await register(tenant, { id: 'Tested', webHookUri: 'https://a.example.com/', filters: ['TimesheetApproved', 'ClockOff'] });
    const everything = await register(tenant, { id: 'all', webHookUri: 'https://a.example.com/' });
    const deliveriesOf = async (id: string) => {
      const row = await storedRow(tenant, id);
      return t.db
        .select({ action: webhookEvents.action, data: webhookEvents.data })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.registrationPk, row!.pk))
        .orderBy(webhookDeliveries.id);
    };

    const res = await t.request('GET', `${hooks(tenant)}/Tested/test?filter=timesheetAPPROVED`, { auth: tenant.manager.auth });
    expect(res.status, res.text).toBe(200);
    expect(res.text).toBe('');
    expect((await t.request('GET', `${hooks(tenant)}/Tested/test`, { auth: tenant.manager.auth })).status).toBe(200);
    expect((await t.request('GET', `${hooks(tenant)}/all/test?filter=`, { auth: tenant.manager.auth })).status).toBe(200);
    // Without a filter: the first stored one (filters are stored in the event list's order).
    expect((await deliveriesOf('Tested')).map((d) => d.action)).toEqual(['TimesheetApproved', 'ClockOff']);
    const [sample] = await deliveriesOf('all');
    expect(sample).toMatchObject({ action: 'ClockOn', data: { test: true, businessId: tenant.businessId } });
    expect(hook.id).toBe('Tested');
    expect(everything.id).toBe('all');

    for (const filter of ['EmployeeCreated', '**']) {
      const bad = await t.request('GET', `${hooks(tenant)}/Tested/test?filter=${encodeURIComponent(filter)}`, { auth: tenant.manager.auth });
      expect(bad.status, filter).toBe(400);
      expect(fieldsOf(bad)).toEqual(['filter']);
    }
    expect((await t.request('GET', `${hooks(tenant)}/tested/test`, { auth: tenant.manager.auth })).status).toBe(404);
    expect(await deliveriesOf('Tested')).toHaveLength(2);
  });
});

describe('web hook targets (SSRF)', () => {
  const refused = [
    'http://127.0.0.1/hook',
    'http://localhost:8080/',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://2130706433/',
    'http://0x7f000001/',
  ];
  const neverAllowed = ['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'https://user:pass@example.com/'];

  it('refuses private, loopback and link-local targets and non-http URLs with 400 on webHookUri', async () => {
    const tenant = await createTenant(t);
    await register(tenant, { id: 'ok', webHookUri: 'https://hooks.example.com/' });
    for (const webHookUri of [...refused, ...neverAllowed]) {
      const res = await t.request('POST', hooks(tenant), { auth: tenant.manager.auth, json: { webHookUri } });
      expect(res.status, webHookUri).toBe(400);
      expect(fieldsOf(res), webHookUri).toEqual(['webHookUri']);
      const put = await t.request('PUT', `${hooks(tenant)}/ok`, { auth: tenant.manager.auth, json: { webHookUri } });
      expect(put.status, webHookUri).toBe(400);
    }
    expect((await t.request('GET', hooks(tenant), { auth: tenant.manager.auth })).body).toHaveLength(1);
  });

  it('allows private targets when WEBHOOKS_ALLOW_PRIVATE_TARGETS=1, but still only http(s) without credentials', async () => {
    const allowing = await startTestService({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1' });
    try {
      const tenant = await createTenant(allowing);
      for (const webHookUri of refused) {
        const res = await allowing.request('POST', hooks(tenant), { auth: tenant.manager.auth, json: { webHookUri } });
        expect(res.status, `${webHookUri}: ${res.text}`).toBe(200);
      }
      for (const webHookUri of neverAllowed) {
        const res = await allowing.request('POST', hooks(tenant), { auth: tenant.manager.auth, json: { webHookUri } });
        expect(res.status, webHookUri).toBe(400);
      }
    } finally {
      await allowing.close();
    }
  });
});
